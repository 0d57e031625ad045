/**
 * A post's tags as people write them: the editor's Tags field is one line of names separated by
 * commas (as WordPress's classic editor and Ghost take them). Pure, so the browser checks the
 * form with the same rules as the server (BlogPostSchema's `tags`).
 */

export const MAX_TAGS = 20
export const MAX_TAG_LENGTH = 50
export const TOO_MANY_TAGS = `Use at most ${MAX_TAGS} tags.`
export const TAG_TOO_LONG = `Each tag can be at most ${MAX_TAG_LENGTH} characters.`

/**
 * The names in the field's text, split at commas (not yet trimmed or de-duplicated). A JSON array
 * of strings is read as that list: it is how GET /api/blogs returns `tags` (the stored form), so a
 * post read and sent back whole keeps its tags, a comma inside a name included.
 */
export function splitTags(text: string): string[] {
  if (/^\s*\[/.test(text)) {
    try {
      const list: unknown = JSON.parse(text)
      if (Array.isArray(list) && list.every((t) => typeof t === 'string')) return list
    } catch {
      // Not JSON: a name that starts with '['.
    }
  }
  return text.split(',')
}

/** The field's text for a post's tags: "Design, SEO". */
export function tagsText(tags: readonly string[]): string {
  return tags.join(', ')
}

/** A tag's length as a reader counts it: characters, not UTF-16 units (an emoji is one). */
export function tagLength(tag: string): number {
  return [...tag].length
}

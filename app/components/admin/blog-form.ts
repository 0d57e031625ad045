import { isTimeZone, textOf, zonedToUtcIso } from '~/lib/publishing.ts'

/** The blog editor's fields, named after BlogPostSchema's keys; read the same way in the browser and in the action. */
export type BlogForm = {
  title: string
  /** The address, /blog/{slug}: made from the title until the admin edits it. */
  slug: string
  subheading: string
  excerpt: string
  content: string
  status: string
  author: string
  category: string
  /** Names separated by commas. */
  tags: string
  /**
   * The Tags field's text as the page showed it (a hidden field): a save that leaves the field
   * as it was sends no tags, so the stored ones stay exactly as they are, even an import's that
   * the field cannot spell (a name with a comma) or that the editor's rules would refuse.
   */
  tagsShown: string
  readTime: string
  image: string
  /** The cover's alt text, required with a cover unless `imageDecorative` (a checkbox). */
  imageAlt: string
  imageDecorative: boolean
  /** A scheduled post's time as the date-time field shows it, in `timeZone`. */
  publishAt: string
  /** The agency's zone (Settings) the field was shown in, posted beside it. */
  timeZone: string
}

/** The form's text fields (all but the decorative checkbox). */
export type BlogTextField = Exclude<keyof BlogForm, 'imageDecorative'>

export const EMPTY_POST: BlogForm = {
  title: '',
  slug: '',
  subheading: '',
  excerpt: '',
  content: '',
  status: 'draft',
  author: 'Admin',
  category: '',
  tags: '',
  tagsShown: '',
  // Empty: computed from the text when saved.
  readTime: '',
  image: '',
  imageAlt: '',
  imageDecorative: false,
  publishAt: '',
  // The agency's, set by the page.
  timeZone: '',
}

/** In the order they appear on the page (the first refused one gets the focus). */
export const BLOG_FIELDS = [
  'title',
  'slug',
  'subheading',
  'excerpt',
  'content',
  'status',
  'publishAt',
  'author',
  'category',
  'tags',
  'readTime',
  'image',
  'imageAlt',
] as const satisfies readonly (keyof BlogForm)[]

/** The rich-text editor leaves markup such as '<p><br></p>' behind when emptied: no text and no picture is no content. */
function isBlankHtml(html: string): boolean {
  return !/<img\b/i.test(html) && textOf(html) === ''
}

/**
 * The posted editor form as the input of BlogPostSchema (new) or BlogPostPatchSchema (edit): the
 * browser checks it before sending, the route action checks it again. Every field is sent, so a
 * field left empty is '' and the schema says what is missing. The publish time is read in the
 * zone posted beside it (the one the page named), else in `agencyZone`.
 */
export function readBlogForm(form: FormData, agencyZone = 'UTC'): BlogForm {
  const values = Object.fromEntries(BLOG_FIELDS.map((k) => [k, String(form.get(k) ?? '')])) as Omit<
    BlogForm,
    'imageDecorative' | 'timeZone' | 'tagsShown'
  >
  const posted = String(form.get('timeZone') ?? '')
  return {
    ...values,
    // A page from before the Tags field posts neither: the same, so the tags stay.
    tagsShown: String(form.get('tagsShown') ?? ''),
    imageDecorative: form.get('imageDecorative') === 'true',
    content: isBlankHtml(values.content) ? '' : values.content,
    timeZone: posted && isTimeZone(posted) ? posted : agencyZone,
  }
}

/**
 * The form as the schema's input: the publish time, typed in the admin's zone, becomes an ISO
 * time with its offset (stored in UTC); a time that is no time stays as typed, for the schema to
 * refuse. The tags go only when the field was changed (see `tagsShown`).
 */
export function toBlogInput(values: BlogForm): Omit<BlogForm, 'timeZone' | 'tagsShown' | 'tags'> & { tags?: string } {
  const { timeZone, tagsShown, tags, ...rest } = values
  const publishAt = values.publishAt ? zonedToUtcIso(values.publishAt, timeZone) || values.publishAt : ''
  return { ...rest, publishAt, ...(tags !== tagsShown && { tags }) }
}

/** What the browser checks before sending: the form read as the action reads it. */
export const readBlogInput = (form: FormData) => toBlogInput(readBlogForm(form))

/** The spec's failure text for this editor (the red 'Error' notice). */
export const BLOG_SAVE_FAILED = 'Failed to save blog post. Please try again.'

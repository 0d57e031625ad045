/** The blog editor's fields, named after BlogPostSchema's keys; read the same way in the browser and in the action. */
export type BlogForm = {
  title: string
  subheading: string
  excerpt: string
  content: string
  status: string
  author: string
  category: string
  readTime: string
  image: string
}

export const EMPTY_POST: BlogForm = { title: '', subheading: '', excerpt: '', content: '', status: 'draft', author: 'Admin', category: '', readTime: '5 min read', image: '' }

/** In the order they appear on the page (the first refused one gets the focus). */
export const BLOG_FIELDS = ['title', 'subheading', 'excerpt', 'content', 'status', 'author', 'category', 'readTime', 'image'] as const satisfies readonly (keyof BlogForm)[]

/** The rich-text editor leaves markup such as '<p><br></p>' behind when emptied: no text and no picture is no content. */
function isBlankHtml(html: string): boolean {
  return !/<img\b/i.test(html) && html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === ''
}

/**
 * The posted editor form as the input of BlogPostSchema (new) or BlogPostPatchSchema (edit): the
 * browser checks it before sending, the route action checks it again. Every field is sent, so a
 * field left empty is '' and the schema says what is missing.
 */
export function readBlogForm(form: FormData): BlogForm {
  const values = Object.fromEntries(BLOG_FIELDS.map((k) => [k, String(form.get(k) ?? '')])) as BlogForm
  return { ...values, content: isBlankHtml(values.content) ? '' : values.content }
}

/** The spec's failure text for this editor (the red 'Error' notice). */
export const BLOG_SAVE_FAILED = 'Failed to save blog post. Please try again.'

import { addingColumns } from './shared.ts'

/**
 * A post's tags (a JSON array of names), kept from a WordPress or Ghost import and written back
 * by the export; the site itself files posts under one category.
 */
export default addingColumns('2026_11_26_blog_post_tags', 'blog_posts', ["tags text not null default '[]'"])

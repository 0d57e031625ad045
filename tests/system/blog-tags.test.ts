import { describe, expect, it } from 'vitest'
import { dialects, validPost, type Client } from '../helpers/app.ts'
import { tagSlug } from '~/lib/publishing.ts'
import { postForm, serverWithAdmin, type RunningServer } from './server.ts'

const HINDI = 'वेब डिज़ाइन'
const OTHER_HINDI = 'गति'

/**
 * Tags edited in the back office without JavaScript (plain form posts to the editor's route
 * actions, on the production build), then on the public site: the post's tag links and the
 * `/blog?tag=` list, for a Hindi tag whose slug slugify made 'post' like every other.
 */
describe.each(dialects())('blog post tags in the editor and on the public site on %s', (name, url) => {
  let s: RunningServer
  let admin: Client
  serverWithAdmin(name, url, (server, signedIn) => {
    s = server
    admin = signedIn
  })

  const blogForm = (over: Record<string, string>) => ({
    ...validPost(),
    status: 'published',
    author: '',
    readTime: '',
    image: '',
    tags: '',
    tagsShown: '',
    ...over,
  })
  const findPost = async (title: string) =>
    (
      (await (await admin.get(`/api/blogs?q=${encodeURIComponent(title)}`)).json()) as {
        id: number
        title: string
        slug: string
        tags: string
      }[]
    ).find((p) => p.title === title)
  // React writes a text node break as <!-- --> between parts of one string.
  const page = async (path: string) => (await (await fetch(`${s.url}${path}`)).text()).replace(/<!-- -->/g, '')

  it('saves the Tags field with a new post and an edit, shows it filled in, and keeps the tags when the field is left alone', async () => {
    const created = await postForm(admin, '/admin/blogs/new', blogForm({ title: 'Tagged by form', tags: ` ${HINDI}, SEO, seo,, ` }))
    expect(created.status).toBe(303)
    const post = await findPost('Tagged by form')
    expect(post!.tags).toBe(JSON.stringify([HINDI, 'SEO']))

    const edit = await (await admin.get(`/admin/blogs/edit/${post!.id}`)).text()
    expect(edit).toMatch(new RegExp(`<label[^>]*for="post-tags"[^>]*>Tags</label>`))
    expect(edit).toMatch(new RegExp(`id="post-tags"[^>]*value="${HINDI}, SEO"|value="${HINDI}, SEO"[^>]*id="post-tags"`))
    expect(edit).toContain('Separate tags with commas.')

    const updated = await postForm(
      admin,
      `/admin/blogs/edit/${post!.id}`,
      blogForm({ title: 'Tagged by form', tags: `${HINDI}, Speed`, tagsShown: `${HINDI}, SEO` }),
    )
    expect(updated.status).toBe(303)
    expect((await findPost('Tagged by form'))!.tags).toBe(JSON.stringify([HINDI, 'Speed']))

    // The field as it was shown: the stored tags stay exactly (an imported name with a comma too).
    expect((await admin.put(`/api/blogs/${post!.id}`, { tags: ['Food, drink', HINDI] })).status).toBe(200)
    const shown = `Food, drink, ${HINDI}`
    expect(
      (await postForm(admin, `/admin/blogs/edit/${post!.id}`, blogForm({ title: 'Tagged by form', tags: shown, tagsShown: shown }))).status,
    ).toBe(303)
    expect((await findPost('Tagged by form'))!.tags).toBe(JSON.stringify(['Food, drink', HINDI]))
  })

  it('refuses too many or too long tags with a 400 and the message beside the Tags field, keeping what was typed', async () => {
    const post = (await (await admin.post('/api/blogs', { ...validPost(), title: 'Refused tags', tags: ['Keep'] })).json()) as {
      id: number
    }
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`).join(', ')
    const refused = await postForm(
      admin,
      `/admin/blogs/edit/${post.id}`,
      blogForm({ title: 'Refused tags', tags: many, tagsShown: 'Keep' }),
    )
    expect(refused.status).toBe(400)
    const html = (await refused.text()).replace(/<!-- -->/g, '')
    expect(html).toMatch(/<p id="post-tags-error"[^>]*>Use at most 20 tags\.<\/p>/)
    expect(html).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*aria-describedby="post-tags-hint post-tags-error"[^>]*id="post-tags"|<input[^>]*id="post-tags"[^>]*aria-invalid="true"/,
    )
    expect(html).toContain(`value="${many}"`)

    const long = await postForm(admin, `/admin/blogs/new`, blogForm({ title: 'Long tag', tags: `ok, ${'x'.repeat(51)}` }))
    expect(long.status).toBe(400)
    expect((await long.text()).replace(/<!-- -->/g, '')).toMatch(
      /<p id="post-tags-error"[^>]*>Each tag can be at most 50 characters\.<\/p>/,
    )
    expect(await findPost('Long tag')).toBeUndefined()
    expect((await findPost('Refused tags'))!.tags).toBe('["Keep"]')
  })

  it('shows the tags as links on the post page, and /blog?tag= lists the posts of a Hindi tag only', async () => {
    for (const [title, tags] of [
      ['Hindi web', [HINDI, 'Studio']],
      ['Hindi speed', [OTHER_HINDI]],
      ['Russian web', ['Веб-дизайн']],
    ] as const) {
      expect((await admin.post('/api/blogs', { ...validPost(), title, status: 'published', tags })).status).toBe(201)
    }
    const post = (await findPost('Hindi web'))!
    const encoded = encodeURIComponent(tagSlug(HINDI))
    const html = await page(`/blog/${post.slug}`)
    expect(html).toMatch(
      new RegExp(`<ul aria-label="Tags"[\\s\\S]*href="/blog\\?tag=${encoded}"[^>]*><span aria-hidden="true">#</span>${HINDI}</a>`),
    )
    expect(html).toContain(`href="/blog?tag=studio"`)

    const list = await page(`/blog?tag=${encoded}`)
    expect(list).toContain(`Posts tagged <strong class="text-ink-900">${HINDI}</strong>`)
    expect(list).toContain('Hindi web')
    expect(list).not.toContain('Hindi speed')
    expect(list).not.toContain('Russian web')
    // Each script its own list (all were /blog?tag=post before).
    const other = await page(`/blog?tag=${encodeURIComponent(tagSlug(OTHER_HINDI))}`)
    expect(other).toContain('Hindi speed')
    expect(other).not.toContain('Hindi web')
    expect(await page(`/blog?tag=${encodeURIComponent('веб-дизайн')}`)).toContain('Russian web')
    expect(await page('/blog?tag=post')).toContain('No blog posts found with this tag.')
  })
})

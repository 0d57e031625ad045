import { describe, expect, it } from 'vitest'
import { DEFAULT_AGENCY_ZONE } from '~/content/site.ts'
import { dayIn } from '~/lib/agency-days.ts'
import { dialects, validItem, validPost, type Client } from '../helpers/app.ts'
import { postForm, serverWithAdmin, type RunningServer } from './server.ts'

/**
 * The blog and portfolio screens' route actions, as a browser without JavaScript posts them
 * (plain form bodies to the page URLs), against the production build: field errors answer 400
 * with the messages in the page, a save redirects to the list with its notice, the list's writes
 * answer the spec's notices, and the API sees exactly what was saved.
 */
describe.each(dialects())('admin content route actions on %s', (name, url) => {
  let s: RunningServer
  let admin: Client

  const blogForm = (over: Record<string, string> = {}) => ({
    ...validPost(),
    status: 'draft',
    author: '',
    readTime: '',
    image: '',
    ...over,
  })
  const findPost = async (title: string) =>
    ((await (await admin.get(`/api/blogs?q=${encodeURIComponent(title)}`)).json()) as Record<string, unknown>[]).find(
      (p) => p.title === title,
    )

  serverWithAdmin(name, url, (server, signedIn) => {
    s = server
    admin = signedIn
  })

  it('a new post with missing fields answers 400 with the messages beside the fields and saves nothing', async () => {
    const res = await postForm(admin, '/admin/blogs/new', blogForm({ title: 'Half a post', subheading: '', excerpt: '', category: '' }))
    expect(res.status).toBe(400)
    const html = await res.text()
    for (const message of ['Subheading is required', 'Excerpt is required', 'Category must be one of']) expect(html).toContain(message)
    expect(html).toContain('Missing Required Fields')
    expect(html).toMatch(/id="post-title"[^>]*value="Half a post"|value="Half a post"[^>]*id="post-title"/)
    expect(await findPost('Half a post')).toBeUndefined()
  })

  it('a post without the CSRF token answers 403 and saves nothing', async () => {
    const res = await postForm(admin, '/admin/blogs/new', blogForm({ title: 'Forged post' }), 'not-the-token')
    expect(res.status).toBe(403)
    expect(await res.text()).toContain('Your session has expired. Please check your details and submit the form again.')
    expect(await findPost('Forged post')).toBeUndefined()
  })

  it("a public page's signed form token opens no back-office form: 403, nothing saved", async () => {
    const contact = await (await s.client().get('/contact')).text()
    const publicToken = /name="_csrf"[^>]*value="(f\.[^"]+)"|value="(f\.[^"]+)"[^>]*name="_csrf"/.exec(contact)
    const token = publicToken?.[1] ?? publicToken?.[2]
    expect(token).toMatch(/^f\./)
    const res = await postForm(admin, '/admin/blogs/new', blogForm({ title: 'Post with a public token' }), token)
    expect(res.status).toBe(403)
    expect(await findPost('Post with a public token')).toBeUndefined()
  })

  it('signed out, an action redirects to the login page and saves nothing', async () => {
    const visitor = s.client()
    await visitor.session()
    const res = await postForm(visitor, '/admin/blogs/new', blogForm({ title: 'Anonymous post' }))
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toMatch(/^\/admin\/login\?redirectTo=%2Fadmin%2Fblogs%2Fnew/)
    expect(await findPost('Anonymous post')).toBeUndefined()
  })

  it('creates, updates, changes the status of and deletes a post, answering the spec notices', async () => {
    const created = await postForm(
      admin,
      '/admin/blogs/new',
      blogForm({ title: 'Form post', content: '<p>Hi</p><script>alert(1)</script>' }),
    )
    expect(created.status).toBe(303)
    expect(created.headers.get('location')).toBe('/admin/blogs?saved=created')
    const list = await (await admin.get('/admin/blogs?saved=created')).text()
    expect(list).toContain('Blog post has been created successfully.')
    const post = await findPost('Form post')
    expect(post).toMatchObject({
      author: 'Admin',
      readTime: '1 min read',
      status: 'draft',
      content: '<p>Hi</p>',
      date: dayIn(DEFAULT_AGENCY_ZONE, new Date()),
    })

    const updated = await postForm(admin, `/admin/blogs/edit/${post!.id}`, blogForm({ title: 'Form post v2', status: 'published' }))
    expect(updated.status).toBe(303)
    expect(updated.headers.get('location')).toBe('/admin/blogs?saved=updated')
    expect(await findPost('Form post v2')).toMatchObject({ id: post!.id, status: 'published', date: post!.date })

    const status = await postForm(admin, '/admin/blogs', { intent: 'status', id: String(post!.id), status: 'draft' })
    expect(status.status).toBe(200)
    expect(await status.text()).toContain('Blog post status changed to draft')
    const badStatus = await postForm(admin, '/admin/blogs', { intent: 'status', id: String(post!.id), status: 'secret' })
    expect(badStatus.status).toBe(400)
    expect(await badStatus.text()).toContain('Failed to update blog post status.')
    expect(await findPost('Form post v2')).toMatchObject({ status: 'draft' })

    const deleted = await postForm(admin, '/admin/blogs', { intent: 'delete', id: String(post!.id) })
    expect(deleted.status).toBe(200)
    expect(await deleted.text()).toContain('The blog post has been removed.')
    expect(await findPost('Form post v2')).toBeUndefined()
    const again = await postForm(admin, '/admin/blogs', { intent: 'delete', id: String(post!.id) })
    expect(again.status).toBe(404)
    expect(await again.text()).toContain('Failed to delete blog post.')
    const gone = await postForm(admin, `/admin/blogs/edit/${post!.id}`, blogForm())
    expect(gone.status).toBe(404)
    expect(await gone.text()).toContain('Failed to save blog post. Please try again.')
  })

  it('a publish time is typed and shown in the agency time zone (Settings) and stored in UTC; a made-up zone is refused beside the field', async () => {
    const text = async (path: string) => (await (await admin.get(path)).text()).replace(/<!-- -->/g, '')
    // The default agency zone is San Francisco's: 9:30 on 15 January is 17:30 UTC (PST).
    const created = await postForm(
      admin,
      '/admin/blogs/new',
      blogForm({ title: 'Zoned post', status: 'scheduled', publishAt: '2030-01-15T09:30' }),
    )
    expect(created.status).toBe(303)
    const post = await findPost('Zoned post')
    expect(post).toMatchObject({ status: 'scheduled', publishAt: '2030-01-15T17:30:00.000Z' })
    const edit = await text(`/admin/blogs/edit/${post!.id}`)
    expect(edit).toContain('Time zone: America/Los Angeles (Pacific Time)')
    expect(edit).toMatch(/name="publishAt"[^>]*value="2030-01-15T09:30"|value="2030-01-15T09:30"[^>]*name="publishAt"/)
    // In July it is summer time (PDT).
    expect(
      (
        await postForm(
          admin,
          `/admin/blogs/edit/${post!.id}`,
          blogForm({ title: 'Zoned post', status: 'scheduled', publishAt: '2030-07-15T09:30', timeZone: 'America/Los_Angeles' }),
        )
      ).status,
    ).toBe(303)
    expect(await findPost('Zoned post')).toMatchObject({ publishAt: '2030-07-15T16:30:00.000Z' })
    // The zone is named once, in the list's header, not after the time (docs/decisions/070).
    const list = await text('/admin/blogs?q=Zoned')
    expect(list).toMatch(/Publishes <time[^>]*>Jul 15, 2030, 9:30 AM<\/time>/)
    expect(list).toContain('Times in Pacific Time (Los Angeles).')

    const settingsForm = (timeZone: string) => ({ intent: 'settings', timeZone, enableNotifications: 'on', enableAnalytics: 'on' })
    const refused = await postForm(admin, '/admin/settings', settingsForm('Mars/Olympus_Mons'))
    expect(refused.status).toBe(400)
    expect((await refused.text()).replace(/<!-- -->/g, '')).toMatch(
      /id="timeZone-error"[^>]*>Choose a time zone from the list, such as America\/Los_Angeles</,
    )
    try {
      expect((await postForm(admin, '/admin/settings', settingsForm('Asia/Kolkata'))).status).toBe(200)
      // The same stored moment, now shown in India (UTC+5:30), and a time typed there is read there.
      const list = await text('/admin/blogs?q=Zoned')
      expect(list).toContain('Jul 15, 2030, 10:00 PM</time>')
      expect(list).toContain('Times in India Standard Time (Kolkata).')
      expect(await text(`/admin/blogs/edit/${post!.id}`)).toContain('Time zone: Asia/Kolkata (India Standard Time)')
      expect(
        (
          await postForm(
            admin,
            `/admin/blogs/edit/${post!.id}`,
            blogForm({ title: 'Zoned post', status: 'scheduled', publishAt: '2030-07-15T09:30' }),
          )
        ).status,
      ).toBe(303)
      expect(await findPost('Zoned post')).toMatchObject({ publishAt: '2030-07-15T04:00:00.000Z' })
    } finally {
      expect((await postForm(admin, '/admin/settings', settingsForm('America/Los_Angeles'))).status).toBe(200)
    }
  })

  it('refuses an unknown intent with 400', async () => {
    const res = await postForm(admin, '/admin/blogs', { intent: 'publish-everything', id: '1' })
    expect(res.status).toBe(400)
  })

  it('portfolio: repeated technology fields, the live checkbox, features kept on edit, live and status from the list', async () => {
    // A visitor's cached copy of the public portfolio (no admin cookie) refreshes after the action's write.
    const publicPortfolio = async () => (await fetch(`${s.url}/portfolio`)).text()
    await publicPortfolio()
    expect(await publicPortfolio()).not.toContain('Bakery shop')
    const created = await postForm(admin, '/admin/portfolio/new', {
      ...validItem(),
      imageAlt: 'A bakery shop front',
      technologies: [' React ', 'react', '', 'Go'],
      technology: 'Astro',
      isLive: 'true',
      status: 'active',
    })
    expect(created.status).toBe(303)
    expect(created.headers.get('location')).toBe('/admin/portfolio?saved=created')
    expect(await publicPortfolio()).toContain('Bakery shop')
    const items = (await (await admin.get('/api/portfolio?q=Bakery%20shop')).json()) as {
      id: number
      technologies: string[]
      isLive: boolean
      features: string[]
    }[]
    expect(items).toHaveLength(1)
    const [item] = items
    // The tags, trimmed and without duplicates, then the name typed in the box.
    expect(item).toMatchObject({ technologies: ['React', 'Go', 'Astro'], isLive: true, features: [] })
    // Features are not in the form: an edit keeps the ones the API set.
    await admin.put(`/api/portfolio/${item.id}`, { features: ['Online orders'] })

    const missing = await postForm(admin, `/admin/portfolio/edit/${item.id}`, { ...validItem(), image: '', technologies: [] })
    expect(missing.status).toBe(400)
    expect(await missing.text()).toContain('Project Image URL is required')

    // Unchecked switch: no isLive field at all.
    const updated = await postForm(admin, `/admin/portfolio/edit/${item.id}`, {
      ...validItem(),
      imageAlt: 'A bakery shop front',
      technologies: ['Svelte'],
      status: 'active',
    })
    expect(updated.status).toBe(303)
    expect(updated.headers.get('location')).toBe('/admin/portfolio?saved=updated')
    expect(await (await admin.get(`/api/portfolio/${item.id}`)).json()).toMatchObject({
      technologies: ['Svelte'],
      isLive: false,
      features: ['Online orders'],
    })

    const live = await postForm(admin, '/admin/portfolio', { intent: 'live', id: String(item.id), isLive: 'true' })
    expect(live.status).toBe(200)
    expect(await live.text()).toContain('Portfolio item is now live')
    const archived = await postForm(admin, '/admin/portfolio', { intent: 'status', id: String(item.id), status: 'archived' })
    expect(await archived.text()).toContain('Portfolio item status changed to archived')
    expect(await (await admin.get(`/api/portfolio/${item.id}`)).json()).toMatchObject({ isLive: true, status: 'archived' })
    const deleted = await postForm(admin, '/admin/portfolio', { intent: 'delete', id: String(item.id) })
    expect(await deleted.text()).toContain('The portfolio item has been removed.')
    expect((await admin.get(`/api/portfolio/${item.id}`)).status).toBe(404)
  })
})

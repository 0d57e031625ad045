import { describe, expect, it } from 'vitest'
import { appWithAdmin, dialects, validPost, type Client, type TestApp } from '../helpers/app.ts'

type Post = { id: number; title: string; tags: string }

/**
 * A post's tags through /api/blogs: a list of names in, cleaned and checked (400 naming `tags`);
 * out as before (the stored JSON text), so older clients read them as they did; an update that
 * leaves them out keeps them.
 */
describe.each(dialects())('blog post tags through the API on %s', (_name, url) => {
  let t: TestApp
  let admin: Client
  appWithAdmin(url, (app, signedIn) => {
    t = app
    admin = signedIn
  })

  const read = async (id: number) => ((await (await admin.get(`/api/blogs/${id}`)).json()) as Post).tags
  const create = async (tags: unknown) => {
    const res = await admin.post('/api/blogs', { ...validPost(), title: `Tagged ${Math.random()}`, tags })
    expect(res.status).toBe(201)
    return (await res.json()) as Post
  }

  it('creates a post with tags, cleaned, and answers them as it always has (the stored JSON text)', async () => {
    const post = await create([' वेब डिज़ाइन ', 'SEO', 'seo', '', 'Веб-дизайн'])
    expect(post.tags).toBe(JSON.stringify(['वेब डिज़ाइन', 'SEO', 'Веб-дизайн']))
    expect(await read(post.id)).toBe(post.tags)
    // A post created without tags has none.
    const plain = (await (await admin.post('/api/blogs', validPost())).json()) as Post
    expect(plain.tags).toBe('[]')
  })

  it('updates the tags, keeps them when an update leaves them out, and clears them with []', async () => {
    const post = await create(['One', 'Two'])
    const changed = await admin.put(`/api/blogs/${post.id}`, { tags: ['Two', 'गति'] })
    expect(changed.status).toBe(200)
    expect(((await changed.json()) as Post).tags).toBe('["Two","गति"]')

    const titled = await admin.put(`/api/blogs/${post.id}`, { title: 'Renamed', status: 'published' })
    expect(titled.status).toBe(200)
    expect(((await titled.json()) as Post).tags).toBe('["Two","गति"]')
    expect(await read(post.id)).toBe('["Two","गति"]')

    expect((await admin.put(`/api/blogs/${post.id}`, { tags: [] })).status).toBe(200)
    expect(await read(post.id)).toBe('[]')
  })

  it('a post read and sent back whole keeps its tags, a comma inside a name included', async () => {
    const post = await create(['Food, drink', 'SEO'])
    const whole = (await (await admin.get(`/api/blogs/${post.id}`)).json()) as Record<string, unknown>
    expect(whole.tags).toBe('["Food, drink","SEO"]')
    const back = await admin.put(`/api/blogs/${post.id}`, { ...whole, title: 'Sent back' })
    expect(back.status).toBe(200)
    expect(await read(post.id)).toBe('["Food, drink","SEO"]')
  })

  it('refuses too many or too long tags with a 400 naming the tags field, and keeps the stored ones', async () => {
    const post = await create(['Keep me'])
    const many = await admin.put(`/api/blogs/${post.id}`, { tags: Array.from({ length: 21 }, (_, i) => `tag ${i}`) })
    expect(many.status).toBe(400)
    expect(((await many.json()) as { fields: Record<string, string> }).fields).toEqual({ tags: 'Use at most 20 tags.' })

    const long = await admin.put(`/api/blogs/${post.id}`, { title: 'Not saved', tags: ['ok', 'x'.repeat(51)] })
    expect(long.status).toBe(400)
    expect(((await long.json()) as { fields: Record<string, string> }).fields).toEqual({ tags: 'Each tag can be at most 50 characters.' })

    const wrong = await admin.post('/api/blogs', { ...validPost(), tags: 7 })
    expect(wrong.status).toBe(400)
    expect(((await wrong.json()) as { fields: Record<string, string> }).fields).toHaveProperty('tags')

    const kept = (await (await admin.get(`/api/blogs/${post.id}`)).json()) as Post
    expect(kept).toMatchObject({ tags: '["Keep me"]' })
    expect(kept.title).not.toBe('Not saved')
    // Twenty distinct tags of 50 characters are fine.
    expect((await admin.put(`/api/blogs/${post.id}`, { tags: Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(50, 'x')) })).status).toBe(
      200,
    )
  })

  it('records a tags change in the activity log', async () => {
    const post = await create(['Alpha'])
    await admin.put(`/api/blogs/${post.id}`, { tags: ['Beta'] })
    const entry = await t.ctx.db
      .selectFrom('activityLog')
      .select('detail')
      .where('itemId', '=', String(post.id))
      .where('action', '=', 'post.update')
      .executeTakeFirst()
    expect(entry?.detail).toBe('Changed tags.')
  })
})

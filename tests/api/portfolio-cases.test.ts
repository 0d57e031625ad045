import { describe, expect, it } from 'vitest'
import { appWithAdmin, dialects, validItem, type Client, type TestApp } from '../helpers/app.ts'
import { resolveCaseAddress, listTestimonials, SLUG_TAKEN } from '~/services/portfolio.server.ts'
import { QUOTE_NEEDS_AUTHOR, RESULT_NEEDS_BOTH } from '~/lib/schemas.ts'

type Item = {
  id: number
  title: string
  slug: string
  problem: string
  solution: string
  results: { figure: string; label: string }[]
  quote: string
  quoteAuthor: string
  quoteRole: string
  beforeText: string
  afterText: string
  technologies: string[]
}

const CASE = {
  problem: 'Orders came by phone during the rush.',
  solution: 'An online shop with pickup slots.',
  results: [
    { figure: ' 41% ', label: 'of orders placed online' },
    { figure: '', label: '' },
    { figure: '6 hours', label: 'less time on the phone each week' },
  ],
  quote: 'We stopped losing orders.',
  quoteAuthor: 'Nadia Okafor',
  quoteRole: 'Owner, Harbor Bakehouse',
  beforeText: 'Paper slips.',
  afterText: 'One printed list.',
}

describe.each(dialects())('Portfolio case studies (issue 35 §5) on %s', (_name, url) => {
  let t: TestApp
  let admin: Client
  appWithAdmin(url, (app, a) => {
    t = app
    admin = a
  })

  it('seeds the four samples with a case each: a slug, the problem, figures, a named quote, before and after, client-facing tags', async () => {
    const items = (await (await t.client().get('/api/portfolio')).json()) as Item[]
    expect(items.map((i) => i.slug)).toEqual([
      'harbor-bakehouse-online-shop',
      'summit-dental-care',
      'saffron-table-restaurant',
      'brightpath-tutoring',
    ])
    for (const i of items) {
      expect(i.problem).not.toBe('')
      expect(i.solution).not.toBe('')
      expect(i.results.length).toBeGreaterThanOrEqual(3)
      expect(i.results.every((r) => r.figure && r.label)).toBe(true)
      expect(i.quote).not.toBe('')
      expect(i.quoteAuthor).not.toBe('')
      expect(i.quoteRole).not.toBe('')
      expect(i.beforeText).not.toBe('')
      expect(i.afterText).not.toBe('')
      // Tags speak to clients: no stack names.
      expect(i.technologies.join(' ')).not.toMatch(/React|SQLite|PostgreSQL|TypeScript|Node\.js|Vite|Express/)
    }
  })

  it('saves and returns the case fields (create and update); the slug comes from the title, and an old slug moves to the new one', async () => {
    const res = await admin.post('/api/portfolio', { ...validItem(), title: 'Corner Florist', ...CASE })
    expect(res.status).toBe(201)
    const item = (await res.json()) as Item
    expect(item).toMatchObject({
      ...CASE,
      slug: 'corner-florist',
      results: [
        { figure: '41%', label: 'of orders placed online' },
        { figure: '6 hours', label: 'less time on the phone each week' },
      ],
    })
    expect(await (await admin.get(`/api/portfolio/${item.id}`)).json()).toMatchObject({
      slug: 'corner-florist',
      quoteAuthor: 'Nadia Okafor',
    })

    const put = await admin.put(`/api/portfolio/${item.id}`, {
      slug: 'corner-florist-shop',
      quote: 'New words.',
      quoteAuthor: 'Ann Lee',
      results: [],
    })
    expect(put.status).toBe(200)
    expect(await put.json()).toMatchObject({
      slug: 'corner-florist-shop',
      quote: 'New words.',
      quoteAuthor: 'Ann Lee',
      results: [],
      problem: CASE.problem,
    })

    expect(await resolveCaseAddress(t.ctx.db, 'corner-florist-shop')).toMatchObject({ item: { id: item.id } })
    expect(await resolveCaseAddress(t.ctx.db, 'corner-florist')).toEqual({ moved: 'corner-florist-shop' })
    expect(await resolveCaseAddress(t.ctx.db, 'no-such-project')).toBeNull()
    // Archived: no page, old address included.
    await admin.put(`/api/portfolio/${item.id}`, { status: 'archived' })
    expect(await resolveCaseAddress(t.ctx.db, 'corner-florist-shop')).toBeNull()
    expect(await resolveCaseAddress(t.ctx.db, 'corner-florist')).toBeNull()
  })

  it('keeps the old contract: an item posted without the new fields is saved with an empty case and a slug of its own', async () => {
    const a = (await (await admin.post('/api/portfolio', { ...validItem(), title: 'Same Name' })).json()) as Item
    const b = (await (await admin.post('/api/portfolio', { ...validItem(), title: 'Same Name' })).json()) as Item
    expect(a).toMatchObject({ slug: 'same-name', problem: '', results: [], quote: '', quoteAuthor: '' })
    expect(b.slug).toBe('same-name-2')
    // A partial update without them leaves them alone.
    const put = await admin.put(`/api/portfolio/${a.id}`, { title: 'Same Name Renamed' })
    expect(await put.json()).toMatchObject({ slug: 'same-name', title: 'Same Name Renamed' })
  })

  it('refuses a slug another project has or had (400 on slug), and bad case fields with a message each', async () => {
    const taken = await admin.post('/api/portfolio', { ...validItem(), title: 'Other', slug: 'summit-dental-care' })
    expect(taken.status).toBe(400)
    expect(((await taken.json()) as { fields: Record<string, string> }).fields).toEqual({ slug: SLUG_TAKEN })

    const res = await admin.post('/api/portfolio', {
      ...validItem(),
      slug: 'Not A Slug',
      quote: 'Words without a name.',
      quoteAuthor: '',
      results: [{ figure: '41%', label: '' }],
      problem: 'x'.repeat(3001),
    })
    expect(res.status).toBe(400)
    const { fields } = (await res.json()) as { fields: Record<string, string> }
    expect(fields).toMatchObject({
      quoteAuthor: QUOTE_NEEDS_AUTHOR,
      results: RESULT_NEEDS_BOTH(1),
      problem: 'The problem must be at most 3000 characters',
    })
    expect(fields.slug).toMatch(/Slug may use lowercase letters/)
    const bad = await admin.put('/api/portfolio/1', { results: 'many' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toHaveProperty('results')
  })

  it('testimonials come from the active projects’ quotes, with the name and role', async () => {
    const list = await listTestimonials(t.ctx.db)
    expect(list.find((q) => q.author === 'Nadia Okafor')).toMatchObject({
      role: 'Owner, Harbor Bakehouse',
      slug: 'harbor-bakehouse-online-shop',
      project: 'Harbor Bakehouse Online Shop',
    })
    expect(list.every((q) => q.quote && q.author)).toBe(true)
  })
})

import type { RouteConfigEntry } from '@react-router/dev/routes'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import routes from '~/routes.ts'
import { createApiRouter } from '~/api/router.server.ts'
import { ADMIN_PAGES, API_RULES, PUBLIC, ROLES, mayOpen, menuFor, ruleForPath, type Role } from '~/lib/permissions.ts'
import { dialects, resetPostgres, validProposal, type Client } from '../helpers/app.ts'
import { ADMIN, postForm, startServer, tempDir, type RunningServer } from './server.ts'
import { adminCreate } from './people-helpers.ts'
import { SUDO_FIELD } from '~/lib/sudo.ts'
import { Secret, TOTP } from 'otpauth'

/**
 * The permission matrix (issue 23): every back-office page (its document, its `.data` answer and
 * its action) and every JSON API call, tried as every role, answers as app/lib/permissions.ts
 * says. Both lists come from the code itself (app/routes.ts and the API router), so a new route
 * or call without a rule fails here.
 */

/** The back-office routes below `:adminPath`, as `sub/path` patterns. */
function adminRoutePatterns(): string[] {
  const out: string[] = []
  const walk = (entries: RouteConfigEntry[], prefix: string[]) => {
    for (const e of entries) {
      const here = e.path ? [...prefix, ...e.path.split('/')] : prefix
      if (e.file && (e.path !== undefined || e.index) && here[0] === ':adminPath') out.push(here.slice(1).join('/'))
      if (e.children) walk(e.children, here)
    }
  }
  walk(routes as RouteConfigEntry[], [])
  return [...new Set(out)]
}

type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle: { stack?: Layer[] }; rawPath?: string }

/** Every `METHOD /path` the API router declares, sub-routers included. */
function apiCalls(): string[] {
  const out: string[] = []
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const m of Object.keys(layer.route.methods))
          if (m !== '_all') out.push(`${m.toUpperCase()} ${`${prefix}${layer.route.path}`.replace(/(.)\/$/, '$1')}`)
      } else if (layer.handle.stack && typeof layer.rawPath === 'string') walk(layer.handle.stack, prefix + layer.rawPath)
    }
  }
  walk((createApiRouter() as unknown as { stack: Layer[] }).stack, '')
  return out
}

it('every back-office route and every API call has a rule, and every rule a route', () => {
  const pages = adminRoutePatterns()
  expect(pages.filter((p) => ruleForPath(p.replace(/:\w+/g, 'x')) === undefined)).toEqual([])
  expect(Object.keys(ADMIN_PAGES).sort()).toEqual([...pages].sort())
  const calls = apiCalls()
  expect(calls.filter((c) => !(c in API_RULES))).toEqual([])
  expect(Object.keys(API_RULES).sort()).toEqual([...calls].sort())
  // The outbox (issue 36): its page is in the walk below; only owners and administrators may open it.
  expect(ADMIN_PAGES['settings/outbox']).toBe('mail')
  expect(ROLES.filter((r) => mayOpen(r, ADMIN_PAGES['settings/outbox']))).toEqual(['owner', 'administrator'])
  // Proposals to clients (issue 38): owners, administrators and sales write and send them; editors and authors do not.
  expect(ADMIN_PAGES['proposals/:id/document']).toBe('proposals.write')
  expect(ROLES.filter((r) => mayOpen(r, ADMIN_PAGES['proposals/:id/document']))).toEqual(['owner', 'administrator', 'sales'])
})

const FORBIDDEN_TEXT = 'You do not have access to this page'

describe.each(dialects())('permission matrix on %s', (name, url) => {
  let s: RunningServer | undefined
  let env: Record<string, string>
  beforeAll(async () => {
    const dataDir = tempDir()
    const databaseUrl = name === 'sqlite' ? path.join(dataDir, 'site.db') : url()
    if (name === 'postgres') await resetPostgres(databaseUrl)
    env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir }
    s = await startServer(env)
  })
  afterAll(async () => {
    await s?.stop()
  })

  it('answers every page, action and API call for every role as the table says, and shows each role only its menu', async () => {
    if (!s) throw new Error('no server')
    const owner = await s.client().login(ADMIN.username, ADMIN.password)
    const people: Record<Role, Client> = { owner } as Record<Role, Client>
    for (const role of ROLES.filter((r) => r !== 'owner')) {
      const made = await adminCreate(env, `matrix-${role}`, role)
      expect(made.stderr).toBe('')
      expect(made.password).toBeTruthy()
      const c = await s.client().login(`matrix-${role}`, made.password!)
      // A one-time password: nothing but choosing one's own until then.
      expect((await c.get('/api/auth/session')).status).toBe(200)
      const blocked = await c.get('/admin/settings/security')
      expect(blocked.status).toBe(200)
      const change = await c.post('/api/auth/password', {
        currentPassword: made.password,
        newPassword: `${role}-own-password`,
        confirmPassword: `${role}-own-password`,
      })
      expect(change.status).toBe(200)
      people[role] = c
    }

    // Items for the addresses with an id: a lead, a project, and a post of the author's own.
    await s.client().post('/api/proposals', validProposal())
    const [lead] = (await (await owner.get('/api/proposals')).json()) as { id: number }[]
    const [project] = (await (await owner.get('/api/portfolio')).json()) as { id: number }[]
    const post = (await (
      await people.author.post('/api/blogs', {
        title: 'Matrix draft',
        subheading: 'For the matrix',
        excerpt: 'A draft for the matrix.',
        content: '<p>Draft.</p>',
        category: 'SEO',
        status: 'draft',
      })
    ).json()) as { id: number }
    expect(post).toMatchObject({ id: expect.any(Number) })
    const idFor: Record<string, string> = {
      'proposals/:id': String(lead.id),
      'proposals/:id/document': String(lead.id),
      'proposals/:id/document/preview': String(lead.id),
      'blogs/edit/:id': String(post.id),
      'portfolio/edit/:id': String(project.id),
      'invite/:token': 'not-a-token',
      'messages/:id': '999999',
    }

    const wrong: string[] = []
    for (const role of ROLES) {
      const c = people[role]
      for (const pattern of adminRoutePatterns()) {
        const rule = ADMIN_PAGES[pattern]
        if (rule === PUBLIC) continue
        const path = `/admin/${pattern.replace(/:\w+/, idFor[pattern] ?? '')}`.replace(/\/$/, '')
        const allowed = mayOpen(role, rule)
        const page = await c.get(path)
        const pageText = await page.text()
        // A page shows the forbidden page; a resource route (a download) answers the same words without the page.
        const refused = page.status === 403 && (pageText.includes(FORBIDDEN_TEXT) || pageText.includes('does not include'))
        if (allowed === refused || (page.status >= 300 && page.status < 400 && page.headers.get('location')?.includes('/login')))
          wrong.push(`${role} GET ${path}: ${page.status}`)
        const data = await c.get(`${path === '/admin' ? '/admin/_root' : path}.data`)
        const dataText = await data.text()
        if (allowed === (data.status === 403)) wrong.push(`${role} GET ${path}.data: ${data.status}`)
        if (!allowed && dataText.includes('Matrix draft')) wrong.push(`${role} GET ${path}.data leaked data`)
        const act = await postForm(c, path, {})
        const actText = await act.text()
        const actRefused = act.status === 403 && /does not include/.test(actText)
        // 405: the route has no action, so there is nothing to allow or refuse.
        if (act.status !== 405 && allowed === actRefused) wrong.push(`${role} POST ${path}: ${act.status}`)
      }
      for (const call of Object.keys(API_RULES)) {
        const rule = API_RULES[call]
        if (rule === PUBLIC) continue
        const [method, pattern] = call.split(' ')
        const path = `/api${pattern.replace(':id', String(pattern.startsWith('/blogs') ? post.id : pattern.startsWith('/portfolio') ? project.id : lead.id))}`
        // Only reads and harmless writes are sent: a write with an empty body is refused as invalid, never done.
        const body = method === 'GET' || method === 'DELETE' ? undefined : {}
        if (method === 'DELETE') continue
        const res = await c.request(method, path, body)
        const json = res.headers.get('content-type')?.includes('json')
          ? ((await res.json()) as { forbidden?: boolean })
          : await res.text().then(() => ({}) as { forbidden?: boolean })
        const refused = res.status === 403 && json.forbidden === true
        // GET /blogs and /portfolio answer a visitor's list to a role without the permission.
        const publicRead = method === 'GET' && ['/blogs', '/portfolio', '/blogs/:id', '/portfolio/:id'].includes(pattern)
        if (publicRead ? refused : allowedMismatch(mayOpen(role, rule), refused)) wrong.push(`${role} ${method} ${path}: ${res.status}`)
      }
      // Deletes: tried only where refused (a refused delete changes nothing).
      for (const call of Object.keys(API_RULES).filter((k) => k.startsWith('DELETE ') && !mayOpen(role, API_RULES[k]))) {
        const pattern = call.split(' ')[1]
        const res = await c.delete(
          `/api${pattern.replace(':id', String(pattern.startsWith('/blogs') ? post.id : pattern.startsWith('/portfolio') ? project.id : lead.id))}`,
        )
        if (res.status !== 403) wrong.push(`${role} ${call}: ${res.status}`)
      }
    }
    expect(wrong).toEqual([])

    // The menu (the wide screen's sidebar; the phone's drawer has the same links) lists exactly the role's pages.
    for (const role of ROLES) {
      const html = await (await people[role].get('/admin/settings/security')).text()
      const sidebar = html.slice(html.indexOf('<aside'), html.indexOf('</aside>'))
      const links = [...sidebar.matchAll(/href="\/admin\/([a-z/-]+)"/g)].map((m) => m[1])
      expect(links, role).toEqual(menuFor(role))
    }
    // Some thousand requests in turn: 20-30 s on a quiet machine, several times that beside Playwright.
  })

  it("an author's editor writes stay within their own drafts: someone else's autosave is refused (403), and so is restoring a revision of their published post, saying why (issue 33)", async () => {
    if (!s) throw new Error('no server')
    const owner = await s.client().login(ADMIN.username, ADMIN.password)
    const made = await adminCreate(env, 'own-drafts', 'author')
    const author = await s.client().login('own-drafts', made.password!)
    expect(
      (
        await author.post('/api/auth/password', {
          currentPassword: made.password,
          newPassword: 'author-own-password',
          confirmPassword: 'author-own-password',
        })
      ).status,
    ).toBe(200)
    const draft = { subheading: 'Sub', excerpt: 'An excerpt.', category: 'SEO', status: 'draft' }
    const edit = (id: number) => `/admin/blogs/edit/${id}`
    const autosave = (c: Client, id: number, title: string) =>
      postForm(c, edit(id), {
        intent: 'autosave',
        title,
        subheading: 'Sub',
        excerpt: 'An excerpt.',
        content: '<p>Unsaved.</p>',
        category: 'SEO',
        status: 'draft',
      })
    const OFFER = 'You have autosaved changes from'

    // The owner's post with an autosave: the author cannot drop it.
    const theirs = (await (await owner.post('/api/blogs', { ...draft, title: "The owner's post", content: '<p>Owner.</p>' })).json()) as {
      id: number
    }
    expect((await autosave(owner, theirs.id, "The owner's post, unsaved")).status).toBe(200)
    const discarded = await postForm(author, edit(theirs.id), { intent: 'discard-autosave' })
    expect(discarded.status).toBe(403)
    // (The post is not theirs to open, so the page says it was not found; its answer carries the reason.)
    expect(await discarded.text()).toContain('your role (Author) edits only your own posts.')
    expect(await (await owner.get(edit(theirs.id))).text()).toContain(OFFER)

    // The author's own post, published by the owner: restoring an older revision is refused with why.
    const mine = (await (await author.post('/api/blogs', { ...draft, title: 'First words', content: '<p>First.</p>' })).json()) as {
      id: number
    }
    expect((await author.put(`/api/blogs/${mine.id}`, { title: 'Second words', content: '<p>Second.</p>' })).status).toBe(200)
    expect((await owner.put(`/api/blogs/${mine.id}`, { status: 'published' })).status).toBe(200)
    const oldest = [...(await (await author.get(edit(mine.id))).text()).matchAll(/name="revision" value="(\d+)"/g)].at(-1)?.[1]
    expect(oldest).toBeDefined()
    const refused = await postForm(author, edit(mine.id), { intent: 'restore', revision: oldest! })
    expect(refused.status).toBe(403)
    expect(await refused.text()).toContain(
      'Restoring a revision changes this published post, which needs an editor: your role (Author) changes only drafts. Save the post as a draft first, or ask an editor to restore it.',
    )
    expect(await (await author.get(`/api/blogs/${mine.id}`)).json()).toMatchObject({ title: 'Second words', status: 'published' })

    // Saved as a draft, it is theirs to restore, and their own autosave theirs to drop.
    expect((await author.put(`/api/blogs/${mine.id}`, { status: 'draft' })).status).toBe(200)
    const restored = await postForm(author, edit(mine.id), { intent: 'restore', revision: oldest! })
    expect([restored.status, restored.headers.get('location')]).toEqual([303, `${edit(mine.id)}?restored=1`])
    expect(await (await author.get(`/api/blogs/${mine.id}`)).json()).toMatchObject({ title: 'First words', status: 'draft' })
    expect((await autosave(author, mine.id, 'First words, unsaved')).status).toBe(200)
    expect(await (await author.get(edit(mine.id))).text()).toContain(OFFER)
    expect((await postForm(author, edit(mine.id), { intent: 'discard-autosave' })).status).toBe(303)
    expect(await (await author.get(edit(mine.id))).text()).not.toContain(OFFER)
  })

  it('once the owner requires a second factor, a person without one reaches only Security, on pages and in the API, until they add one', async () => {
    if (!s) throw new Error('no server')
    const owner = await s.client().login(ADMIN.username, ADMIN.password)
    const made = await adminCreate(env, 'needs-factor', 'editor')
    const editor = await s.client().login('needs-factor', made.password!)
    expect(
      (
        await editor.post('/api/auth/password', {
          currentPassword: made.password,
          newPassword: 'editor-own-password',
          confirmPassword: 'editor-own-password',
        })
      ).status,
    ).toBe(200)
    expect((await editor.get('/admin/blogs')).status).toBe(200)

    const required = await postForm(owner, '/admin/settings/people', {
      intent: 'require-second-factor',
      requireSecondFactor: 'on',
      [SUDO_FIELD]: ADMIN.password,
    })
    expect(required.status).toBeLessThan(400)
    const toSecurity = '/admin/settings/security?required=second-factor'
    for (const path of ['/admin/blogs', '/admin/portfolio', '/admin']) {
      const page = await editor.get(path)
      expect([page.status, page.headers.get('location')], path).toEqual([302, toSecurity])
    }
    // The page's data answer carries the same redirect, never the list.
    const data = await (await editor.get('/admin/blogs.data')).text()
    expect(data).toContain(toSecurity)
    const api = await editor.post('/api/blogs', {
      title: 'Before a second factor',
      subheading: 's',
      excerpt: 'e',
      content: '<p>c</p>',
      category: 'SEO',
      status: 'draft',
    })
    expect(api.status).toBe(403)
    expect(await api.json()).toMatchObject({
      error: 'The owner requires two-step sign-in or a passkey: add one in Settings > Security first.',
    })
    const security = await editor.get('/admin/settings/security')
    expect(security.status).toBe(200)
    // The owner is held to it as well until they add one: only Security opens.
    expect((await owner.get('/admin/blogs')).headers.get('location')).toBe(toSecurity)

    // The editor turns two-step sign-in on with the Security page's forms; then the rest opens.
    const SECURITY = '/admin/settings/security'
    expect((await postForm(editor, SECURITY, { intent: 'totp-start', [SUDO_FIELD]: 'editor-own-password' })).status).toBe(200)
    const secret = /data-testid="totp-secret"[^>]*>\s*([A-Z2-7]{32})\s*</.exec(await (await editor.get(SECURITY)).text())?.[1]
    expect(secret, 'the page shows the new secret').toBeDefined()
    const code = new TOTP({ secret: Secret.fromBase32(secret!), digits: 6, period: 30, algorithm: 'SHA1' }).generate()
    const confirmed = await postForm(editor, SECURITY, { intent: 'totp-confirm', code, [SUDO_FIELD]: 'editor-own-password' })
    expect(await confirmed.text()).toContain('Two-step sign-in is on.')
    expect((await editor.get('/admin/blogs')).status).toBe(200)
  })
})

const allowedMismatch = (allowed: boolean, refused: boolean) => allowed === refused

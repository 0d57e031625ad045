import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { dialects, type Client } from '../helpers/app.ts'
import { oldSite, wxrServedFrom } from './old-site.ts'
import { ADMIN, serverWithAdmin, tempDir, type RunningServer } from './server.ts'

const PAGE = '/admin/settings/import-export'

/**
 * Announces a multipart post of `length` bytes, as a browser without JavaScript starts one, and
 * reads the answer the server gives before any of the body is sent.
 */
function announceUpload(base: string, pathname: string, length: number): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(pathname, base), {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(length), origin: base, accept: 'text/html' },
    })
    req.on('response', (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (body += d))
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body })
        req.destroy()
      })
    })
    req.on('error', reject)
    req.flushHeaders()
  })
}
/** The page as read: without the empty comments React puts between adjacent texts. */
const shown = (html: string) => html.replaceAll('<!-- -->', '')

/**
 * Settings > Import and export as a browser posts it (multipart form with the file), against the
 * production build: the dry run lists and writes nothing, the import needs the password again
 * (sudo mode) and runs in the background with its progress on the page after any reload, and the
 * export answers the archive.
 */
describe.each(dialects())('back-office import and export on %s', (name, url) => {
  let s: RunningServer
  let admin: Client
  let site: Awaited<ReturnType<typeof oldSite>>
  serverWithAdmin(name, url, (server, signedIn) => {
    s = server
    admin = signedIn
  })
  beforeAll(async () => {
    site = await oldSite()
  })
  afterAll(() => site.close())

  const post = (fields: Record<string, string>, file?: { name: string; content: string }, to = PAGE) => {
    const form = new FormData()
    form.set('_csrf', admin.csrf ?? '')
    for (const [k, v] of Object.entries(fields)) form.set(k, v)
    if (file) form.set('file', new Blob([file.content]), file.name)
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    return fetch(`${s.url}${to}`, { method: 'POST', body: form, headers: { cookie }, redirect: 'manual' })
  }
  const wxr = () => ({ name: 'export.xml', content: wxrServedFrom(site.origin) })
  const postCount = async () => ((await (await admin.get('/api/blogs')).json()) as unknown[]).length

  it('a dry run lists what would be imported and skipped, and writes nothing; a bad file gets its message', async () => {
    const page = await admin.get(PAGE)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Import from WordPress or Ghost')
    const before = await postCount()
    const res = await post({ intent: 'dry-run', allowHost: site.host }, wxr())
    expect(res.status).toBe(200)
    const html = shown(await res.text())
    expect(html).toContain('Will import: <strong>We moved to the harbour</strong> (published, 2 images)')
    expect(html).toContain('Skipped page “Sample Page”: pages are not imported')
    expect(html).toContain('5 posts would be imported, 0 already imported, 3 items skipped. Nothing was written.')
    expect(await postCount()).toBe(before)

    const bad = await post({ intent: 'dry-run' }, { name: 'notes.txt', content: 'just notes' })
    expect(bad.status).toBe(400)
    expect(shown(await bad.text())).toContain('notes.txt is neither XML (a WordPress export) nor JSON (a Ghost export).')

    // Issue 33: entities are refused unread, beside the file field (this was a 500).
    const declaring = wxr()
      .content.replace('?>', '?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>')
      .replace('<title>Old Agency Blog</title>', '<title>&xxe;</title>')
    const entities = await post({ intent: 'dry-run' }, { name: 'export.xml', content: declaring })
    expect(entities.status).toBe(400)
    const refused = shown(await entities.text())
    expect(refused).toMatch(
      /<input[^>]*id="import-file"[^>]*aria-describedby="import-file-error"|<input[^>]*aria-describedby="import-file-error"[^>]*id="import-file"/,
    )
    expect(refused).toMatch(/<p id="import-file-error"[^>]*>This file declares entities, which are not read\./)
    expect(refused).not.toContain('root:')
    expect(await postCount()).toBe(before)
  })

  it('an export over 50 MB is refused before it is read, with a page that says what is wrong', async () => {
    const answer = await announceUpload(s.url, PAGE, 60 * 1024 * 1024)
    expect(answer.status).toBe(413)
    expect(answer.type).toContain('text/html')
    expect(answer.body).toContain(
      'The file is 60 MB: exports up to 50 MB are imported (WordPress can export one category or date range at a time).',
    )
    expect(answer.body).toContain(`href="${PAGE}"`)
  })

  it('the import asks for the password, then runs with its progress on the page, which survives a reload', async () => {
    const before = await postCount()
    const refused = await post({ intent: 'import', allowHost: site.host }, wxr())
    expect(refused.status).toBe(403)
    expect(shown(await refused.text())).toContain('Your password, to confirm')
    expect(await postCount()).toBe(before)

    // Two imports of one file at once (issue 33): the old site holds its images, so the first is
    // still running when the second asks; the second is told so beside the file field.
    const release = site.hold()
    const both = await Promise.all([1, 2].map(() => post({ intent: 'import', allowHost: site.host, sudoPassword: ADMIN.password }, wxr())))
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
    const second = shown(await both.find((r) => r.status === 409)!.text())
    expect(second).toMatch(
      /<p id="import-file-error"[^>]*>An import is already running, started at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M P[SD]T\. Wait for it to finish, then try again\.<\/p>/,
    )
    expect(second).not.toMatch(/duplicate key|UNIQUE constraint/)
    release()
    // Each GET is a reload: the state comes from the database, running or done.
    await vi.waitFor(
      async () => {
        const html = shown(await (await admin.get(PAGE)).text())
        expect(html).toMatch(/Importing export\.xml|Import of export\.xml/)
        expect(html).toContain('Import of export.xml done: 5 posts imported with 2 images, 0 already imported, 3 items skipped.')
      },
      { timeout: 60_000, interval: 200 },
    )
    expect(await postCount()).toBe(before + 5)
    const moved = await fetch(`${s.url}/2026/10/02/we-moved-to-the-harbour/`, { redirect: 'manual' })
    expect(moved.headers.get('location')).toBe('/blog/we-moved-to-the-harbour')
  })

  it('the export downloads one archive with everything, wordpress.xml included', async () => {
    // Sudo mode is on since the import's password (10 minutes).
    const res = await post({}, undefined, `${PAGE}/archive`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/gzip')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="site-export-\d{4}-\d{2}-\d{2}\.tar\.gz"$/)
    const file = path.join(tempDir('archive-'), 'site.tar.gz')
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()))
    const names = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).split('\n')
    for (const n of [
      'site-export/wordpress.xml',
      'site-export/posts/we-moved-to-the-harbour.md',
      'site-export/proposals.csv',
      'site-export/settings.json',
    ])
      expect(names).toContain(n)
    expect(names.some((n) => /^site-export\/images\/[a-f0-9]{32}\.webp$/.test(n))).toBe(true)
  })
})

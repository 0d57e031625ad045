import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '~/db/db.server.ts'
import { sanitizeBlogHtml } from '~/infra/sanitize.server.ts'
import { dialects } from '../helpers/app.ts'
import { freshDatabase } from '../services/db.ts'
import { oldSite, wxrServedFrom } from './old-site.ts'
import { startServer, tempDir, type RunningServer } from './server.ts'

type Run = { code: number; stdout: string; stderr: string }
/** A script as an operator runs it: against the built server bundle. */
function runScript(script: string, env: Record<string, string>, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'node',
      [script, ...args],
      { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, maxBuffer: 10 * 1024 * 1024 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}

const WXR = fs.readFileSync('tests/fixtures/wordpress/export.xml', 'utf8')
const GHOST = 'tests/fixtures/ghost/export.json'

async function countPosts(url: string): Promise<number> {
  const h = openDatabase(url)
  try {
    return (await h.db.selectFrom('blogPosts').select('id').execute()).length
  } finally {
    await h.close()
  }
}

/** Originals in the image store (each with its smaller copies). */
async function originalImages(url: string): Promise<number> {
  const h = openDatabase(url)
  try {
    return (await h.db.selectFrom('uploads').select('name').where('variantOf', 'is', null).execute()).length
  } finally {
    await h.close()
  }
}

describe.each(dialects())('npm run import on %s', (_name, url) => {
  let databaseUrl: string
  let env: Record<string, string>
  let site: Awaited<ReturnType<typeof oldSite>>
  let wxrFile: string
  let server: RunningServer | undefined

  beforeAll(async () => {
    databaseUrl = url()
    await (await freshDatabase(databaseUrl)).close()
    env = { NODE_ENV: 'production', DATABASE_URL: databaseUrl, DATA_DIR: tempDir('import-data-') }
    site = await oldSite()
    // The real export, with the old site's address where this test serves its uploads.
    wxrFile = path.join(tempDir('import-wxr-'), 'export.xml')
    fs.writeFileSync(wxrFile, wxrServedFrom(site.origin))
  })
  afterAll(async () => {
    await server?.stop()
    await site.close()
  })

  it('refuses bad files with a message naming what is wrong, importing nothing', async () => {
    const dir = tempDir('import-bad-')
    const notXml = path.join(dir, 'notes.txt')
    fs.writeFileSync(notXml, 'just some notes')
    const untitled = path.join(dir, 'untitled.xml')
    fs.writeFileSync(untitled, WXR.replace('<title><![CDATA[Ten years of websites]]></title>', '<title></title>'))
    const html = path.join(dir, 'page.xml')
    fs.writeFileSync(html, '<?xml version="1.0"?><html><body>Hello</body></html>')
    const entities = path.join(dir, 'entities.xml')
    fs.writeFileSync(
      entities,
      WXR.replace('?>', '?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>').replace(
        '<title>Old Agency Blog</title>',
        '<title>&xxe;</title>',
      ),
    )
    const big = path.join(dir, 'big.xml')
    // 500 MB without writing 500 MB: a sparse file.
    fs.closeSync(fs.openSync(big, 'w'))
    fs.truncateSync(big, 500 * 1024 * 1024)

    const cases: [string, string][] = [
      [notXml, 'Import refused: notes.txt is neither XML (a WordPress export) nor JSON (a Ghost export).'],
      [untitled, 'Import refused: Post #7 in the file has no title'],
      [html, 'Import refused: The file is XML but not a WordPress export (WXR)'],
      // Issue 33: refused before anything reads them (it was a 500 in the back office).
      [entities, 'Import refused: This file declares entities, which are not read.'],
      [big, `Import refused: ${big} is 500 MB: exports up to 50 MB are imported`],
      [path.join(dir, 'missing.xml'), `Import refused: ${path.join(dir, 'missing.xml')}: no such file.`],
    ]
    for (const [file, message] of cases) {
      const r = await runScript('scripts/import.js', env, file)
      expect(r.stderr).toContain(message)
      expect(r.code).toBe(1)
    }
    expect(await countPosts(databaseUrl)).toBe(0)
  })

  it('a dry run lists what would be imported and skipped, and changes nothing', async () => {
    const r = await runScript('scripts/import.js', env, wxrFile, '--dry-run', '--allow-host', site.host)
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Dry run of a WordPress import: nothing was written.')
    expect(r.stdout).toContain(
      'would import: "We moved to the harbour" (published, 2 images, old addresses /?p=6 /we-moved-to-the-harbour /2026/10/02/we-moved-to-the-harbour)',
    )
    expect(r.stdout).toContain('skipped page: "Sample Page": pages are not imported')
    expect(r.stdout).toContain('skipped comments: "Hello world!": 1 comment not imported')
    expect(r.stdout).toContain('5 posts would be imported, 0 already imported, 3 items skipped.')
    expect(await countPosts(databaseUrl)).toBe(0)
  })

  it('imports the WordPress export (images fetched from the old site) and the Ghost export (images from a folder); a second import adds nothing', async () => {
    // Two imports of one file at once (issue 33): the old site answers only once one of them has
    // ended, so the one holding the lock is still fetching when the other asks for it.
    const release = site.hold()
    const runs = [
      runScript('scripts/import.js', env, wxrFile, '--allow-host', site.host),
      runScript('scripts/import.js', env, wxrFile, '--allow-host', site.host),
    ]
    const loser = await Promise.race(runs.map((run, i) => run.then(() => i)))
    release()
    const [wp, refused] = [await runs[1 - loser]!, await runs[loser]!]
    expect(refused.stderr).toMatch(
      /^Import refused: An import is already running, started at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M P[SD]T\. Wait for it to finish, then try again\.\n$/,
    )
    expect(refused.code).toBe(1)
    expect(refused.stdout).toBe('')
    expect(wp.stderr).toBe('')
    expect(wp.stdout).toMatch(/\[10\/10\] /)
    expect(wp.stdout).not.toContain('warning')
    expect(wp.stdout).toContain('5 posts imported with 2 images, 0 already imported, 3 items skipped.')
    expect(await originalImages(databaseUrl)).toBe(2)
    const gh = await runScript('scripts/import.js', env, GHOST, '--images', 'tests/fixtures/ghost/images')
    expect(gh.stderr).toBe('')
    expect(gh.stdout).toContain('2 posts imported with 2 images, 0 already imported, 1 item skipped.')
    expect(await countPosts(databaseUrl)).toBe(7)

    const again = await runScript('scripts/import.js', env, wxrFile, '--allow-host', site.host)
    expect(again.stdout).toContain('0 posts imported with 0 images, 5 already imported, 3 items skipped.')
    expect((await runScript('scripts/import.js', env, GHOST, '--images', 'tests/fixtures/ghost/images')).stdout).toContain(
      '0 posts imported with 0 images, 2 already imported',
    )
    expect(await countPosts(databaseUrl)).toBe(7)
  })

  it('shows the posts on /blog with images served by us, and old addresses answer 301', async () => {
    server = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: env.DATA_DIR })
    const list = await (await fetch(`${server.url}/blog`)).text()
    for (const title of ['We moved to the harbour', 'Ten years of websites', 'Designing for the sea']) expect(list).toContain(title)
    expect(list).not.toContain('Unfinished thoughts on colour')

    const page = await fetch(`${server.url}/blog/we-moved-to-the-harbour`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).not.toContain(site.origin)
    const images = [...html.matchAll(/\/uploads\/[a-f0-9]{32}\.webp/g)].map((m) => m[0])
    expect(images.length).toBeGreaterThan(0)
    expect(html).toContain('alt="Our workshop table"')
    const image = await fetch(`${server.url}${images[0]}`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/webp')
    const ghostPost = await (await fetch(`${server.url}/blog/designing-for-the-sea`)).text()
    expect(ghostPost).toMatch(/\/uploads\/[a-f0-9]{32}\.webp/)
    expect(ghostPost).not.toContain('/content/images/')

    // The imported tags show on the post, as links to the list of posts with that tag, which the
    // server filters (no script needed); the feed lists them as categories.
    expect(html).toMatch(/<ul aria-label="Tags"[^>]*>.*href="\/blog\?tag=harbour".*href="\/blog\?tag=studio"/s)
    const tagged = await (await fetch(`${server.url}/blog?tag=harbour`)).text()
    expect(tagged).toContain('We moved to the harbour')
    expect(tagged).not.toContain('Ten years of websites')
    expect(tagged).toMatch(/Posts tagged <strong[^>]*>harbour<\/strong>/)
    expect(await (await fetch(`${server.url}/rss.xml`)).text()).toMatch(
      /<title>We moved to the harbour<\/title>[\s\S]*?<category>Design<\/category>\s*<category>harbour<\/category>\s*<category>studio<\/category>/,
    )

    const moved = async (p: string) => {
      const r = await fetch(`${server!.url}${p}`, { redirect: 'manual' })
      return [r.status, r.headers.get('location')]
    }
    expect(await moved('/2026/10/02/we-moved-to-the-harbour/')).toEqual([301, '/blog/we-moved-to-the-harbour'])
    expect(await moved('/we-moved-to-the-harbour/')).toEqual([301, '/blog/we-moved-to-the-harbour'])
    expect(await moved('/?p=7')).toEqual([301, '/blog/ten-years-of-websites'])
    expect(await moved('/designing-for-the-sea/')).toEqual([301, '/blog/designing-for-the-sea'])
    // A draft's old address stays unknown to visitors.
    expect((await moved('/?p=8'))[0]).toBe(200)
    expect((await moved('/unfinished-thoughts-on-colour/'))[0]).toBe(404)
  })

  it('exports everything, and the export imported into an empty site gives the same posts, images and redirects', async () => {
    const dir = path.join(tempDir('export-'), 'site')
    const done = await runScript('scripts/export.js', { ...env, SITE_URL: server!.url }, dir)
    expect(done.stderr).toBe('')
    expect(done.stdout).toMatch(/Exported \d+ posts and \d+ images \(\d+ files\) into /)
    for (const file of [
      'wordpress.xml',
      'posts.json',
      'posts.csv',
      'slug-history.json',
      'slug-history.csv',
      'portfolio.json',
      'portfolio.csv',
      'settings.json',
      'proposals.csv',
      'proposals.json',
      'messages.csv',
      'messages.json',
      'posts/we-moved-to-the-harbour.html',
    ]) {
      expect(fs.existsSync(path.join(dir, file)), file).toBe(true)
    }
    const md = fs.readFileSync(path.join(dir, 'posts/we-moved-to-the-harbour.md'), 'utf8')
    expect(md).toMatch(/^---\ntitle: "We moved to the harbour"\nslug: "we-moved-to-the-harbour"\nstatus: "published"\ndate: "2026-10-02"\n/)
    expect(md).toMatch(/previousAddresses: \[.*"\/2026\/10\/02\/we-moved-to-the-harbour"/)
    expect(md).toContain('tags: ["harbour","studio"]\n')
    expect(md).toContain('## What changed\n\n- More light\n- A bigger table\n')
    expect(md).toMatch(/!\[Our workshop table\]\(\/uploads\/[a-f0-9]{32}\.webp\)/)
    const wxr = fs.readFileSync(path.join(dir, 'wordpress.xml'), 'utf8')
    expect(wxr).toContain(`<wp:attachment_url><![CDATA[${server!.url}/uploads/`)
    expect((await runScript('scripts/export.js', env, dir)).stderr).toContain('is not empty')

    const snapshot = async (database: string) => {
      const h = openDatabase(database)
      try {
        const posts = await h.db
          .selectFrom('blogPosts')
          .select([
            'id',
            'title',
            'slug',
            'status',
            'date',
            'publishAt',
            'category',
            'tags',
            'author',
            'excerpt',
            'content',
            'image',
            'imageAlt',
          ])
          .orderBy('title')
          .execute()
        const slugs = await h.db.selectFrom('blogSlugs').select(['slug', 'postId']).execute()
        const title = new Map(posts.map((p) => [Number(p.id), p.title]))
        const anyUpload = (s: string) => s.replace(/\/uploads\/[a-f0-9]{32}\.webp/g, '/uploads/IMAGE.webp')
        // As visitors get it: the sample posts' newlines between blocks are tidied by the import.
        const visible = (html: string) => anyUpload(sanitizeBlogHtml(html.replace(/>\s+</g, '><')))
        return {
          posts: posts.map(({ id: _id, ...p }) => ({ ...p, content: visible(p.content), image: anyUpload(p.image) })),
          redirects: slugs
            .filter((s) => s.slug.startsWith('/'))
            .map((s) => `${s.slug} -> ${title.get(Number(s.postId))}`)
            .sort(),
          images: new Set(posts.flatMap((p) => [...`${p.content} ${p.image}`.matchAll(/\/uploads\/[a-f0-9]{32}\.webp/g)].map((m) => m[0])))
            .size,
        }
      } finally {
        await h.close()
      }
    }
    const before = await snapshot(databaseUrl)
    await server!.stop()
    server = undefined
    // An empty site: a new SQLite file, or the PostgreSQL database emptied.
    const target = url()
    await (await freshDatabase(target)).close()
    const targetEnv = { ...env, DATABASE_URL: target, DATA_DIR: tempDir('import-target-') }
    const again = await runScript('scripts/import.js', targetEnv, path.join(dir, 'wordpress.xml'), '--images', path.join(dir, 'images'))
    expect(again.stderr).toBe('')
    expect(again.stdout.split('\n').filter((l) => l.includes('warning'))).toEqual([])
    expect(again.stdout).toContain(`${before.posts.length} posts imported`)
    const after = await snapshot(target)
    expect(after.posts).toEqual(before.posts)
    expect(after.redirects).toEqual(before.redirects)
    expect(after.images).toBe(before.images)

    server = await startServer({ DATABASE_URL: target, DATA_DIR: targetEnv.DATA_DIR })
    const r = await fetch(`${server.url}/2026/10/02/we-moved-to-the-harbour/`, { redirect: 'manual' })
    expect([r.status, r.headers.get('location')]).toEqual([301, '/blog/we-moved-to-the-harbour'])
    const page = await (await fetch(`${server.url}/blog/designing-for-the-sea`)).text()
    const image = /\/uploads\/[a-f0-9]{32}\.webp/.exec(page)![0]
    expect((await fetch(`${server.url}${image}`)).status).toBe(200)
  })
})

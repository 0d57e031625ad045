import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBootstrap, startScriptsAfterFirstPaint } from '~/scripts-after-first-paint.server.ts'
import { startServer, tempDir, type RunningServer } from './server.ts'

/** Said by every check that fails when React Router writes its bootstrap differently. */
const BOOTSTRAP_CHANGED =
  "React Router's bootstrap is no longer what app/scripts-after-first-paint.server.ts reads, so public pages start their scripts at once, " +
  'before the first paint: follow "Removal plan" in docs/decisions/024-first-paint.md (adapt the rewrite, or drop it if React Router now does the job)'

/** What a browser on a slow link fetches first (docs/decisions/024-first-paint.md). */
describe('the first paint does not wait for the scripts', () => {
  let s: RunningServer
  beforeAll(async () => {
    s = await startServer({ DATA_DIR: tempDir('paint-') })
  })
  afterAll(async () => {
    await s.stop()
  })

  for (const path of ['/', '/blog', '/pricing']) {
    it(`${path}: the stylesheet and the font are in <head>; the scripts start only after the first paint`, async () => {
      // Rendered, then served from the page cache: both answers carry the same document.
      for (let i = 0; i < 2; i++) {
        const html = await (await fetch(`${s.url}${path}`)).text()
        const head = html.slice(0, html.indexOf('</head>'))
        expect(head).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"/)
        expect(head).toMatch(/<link rel="preload" href="\/assets\/inter-latin-wght-normal-[^"]+\.woff2" as="font"/)
        // Nothing the browser would fetch as a script while parsing: no preloads, no static imports.
        expect(html, BOOTSTRAP_CHANGED).not.toContain('rel="modulepreload"')
        const modules = [...html.matchAll(/<script[^>]* type="module"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1])
        expect(modules).toHaveLength(1)
        const [bootstrap] = modules
        expect(bootstrap, BOOTSTRAP_CHANGED).not.toMatch(/^\s*import\s/m)
        // It waits for the browser's first paint, then asks for the entry and the page's route modules.
        expect(bootstrap).toContain('observe({ type: "paint", buffered: true })')
        const waits = bootstrap.indexOf('await new Promise')
        expect(waits).toBeGreaterThan(-1)
        const preloads = JSON.parse(/for \(const href of (\[[^\]]*\])\)/.exec(bootstrap)![1]) as string[]
        expect(preloads.length).toBeGreaterThan(3)
        expect(preloads.some((href) => href.includes('entry.client'))).toBe(true)
        expect(bootstrap.indexOf('import("/assets/root-')).toBeGreaterThan(waits)
        for (const href of preloads) expect((await fetch(`${s.url}${href}`)).status).toBe(200)
      }
    })
  }

  it('React Router still writes the bootstrap the rewrite reads (the contract in docs/decisions/024 "Removal plan")', async () => {
    // The back office is answered as React Router writes it: a real render of this build's
    // <Scripts>, before any rewrite. A React Router upgrade that changes it fails here first.
    const raw = Buffer.from(await (await fetch(`${s.url}/admin/login`)).arrayBuffer())
    const read = readBootstrap(raw)
    expect('unknown' in read ? read.unknown : 'known', BOOTSTRAP_CHANGED).toBe('known')
    if ('unknown' in read) return
    // What the rewrite leans on: preloads to take out of <head>, the route modules as static
    // imports, and the entry imported last, which starts hydration.
    expect(read.preloads.length, BOOTSTRAP_CHANGED).toBeGreaterThan(1)
    expect(read.imports.map((i) => i.name)[0], BOOTSTRAP_CHANGED).toMatch(/^route0/)
    expect(read.rest, BOOTSTRAP_CHANGED).toMatch(/window\.__reactRouterRouteModules = \{"root":route0/)
    expect(read.rest, BOOTSTRAP_CHANGED).toMatch(/import\("\/assets\/entry\.client-[^"]+\.js"\);\s*$/)
    const rewritten = startScriptsAfterFirstPaint(raw).toString()
    expect(rewritten, BOOTSTRAP_CHANGED).not.toContain('rel="modulepreload"')
    expect(rewritten, BOOTSTRAP_CHANGED).not.toMatch(/^\s*import\s/m)
    // And the server never fell back to React Router's own bootstrap on the public pages it served.
    expect(s.output(), BOOTSTRAP_CHANGED).not.toContain('Public pages start their scripts at once')
  })

  it('the back office keeps its scripts as React Router writes them: controls work at once', async () => {
    const html = await (await fetch(`${s.url}/admin/login`)).text()
    expect(html.slice(0, html.indexOf('</head>'))).toContain('rel="modulepreload"')
    expect(html).toMatch(/^import \* as route0 from "\/assets\/root-/m)
  })

  it('Inter never holds the first paint back: font-display optional, and a metric-matched fallback', async () => {
    const html = await (await fetch(`${s.url}/`)).text()
    const href = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)![1]
    const css = await (await fetch(`${s.url}${href}`)).text()
    const faces =
      css.match(/@font-face\{[^}]*font-family:Inter Variable[^}]*\}/g) ?? css.match(/@font-face\s*\{[^}]*Inter Variable[^}]*\}/g) ?? []
    expect(faces.length).toBeGreaterThan(0)
    for (const face of faces) expect(face).toMatch(/font-display:\s*optional/)
    expect(css).toContain('Inter Fallback')
  })
})

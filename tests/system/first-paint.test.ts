import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, tempDir, type RunningServer } from './server.ts'

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
    it(`${path}: stylesheet and font come before the scripts, whose preloads are low priority`, async () => {
      // Rendered, then served from the page cache: both answers carry the same head.
      for (let i = 0; i < 2; i++) {
        const html = await (await fetch(`${s.url}${path}`)).text()
        const head = html.slice(0, html.indexOf('</head>'))
        const stylesheet = head.search(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"/)
        const font = head.search(/<link rel="preload" href="\/assets\/inter-latin-wght-normal-[^"]+\.woff2" as="font"/)
        const preloads = [...head.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0])
        expect(stylesheet).toBeGreaterThan(-1)
        expect(font).toBeGreaterThan(-1)
        expect(preloads.length).toBeGreaterThan(3)
        expect(head.indexOf('rel="modulepreload"')).toBeGreaterThan(Math.max(stylesheet, font))
        for (const tag of preloads) expect(tag).toContain('fetchpriority="low"')
      }
    })
  }

  it('Inter never holds the first paint back: font-display optional, and a metric-matched fallback', async () => {
    const html = await (await fetch(`${s.url}/`)).text()
    const href = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)![1]
    const css = await (await fetch(`${s.url}${href}`)).text()
    const faces = css.match(/@font-face\{[^}]*font-family:Inter Variable[^}]*\}/g) ?? css.match(/@font-face\s*\{[^}]*Inter Variable[^}]*\}/g) ?? []
    expect(faces.length).toBeGreaterThan(0)
    for (const face of faces) expect(face).toMatch(/font-display:\s*optional/)
    expect(css).toContain('Inter Fallback')
  })
})

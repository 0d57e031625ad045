import { describe, expect, it } from 'vitest'
import { FIRST_VIEW_BUDGET_KB, firstViewScripts, readClientManifest, routeChain } from './route-scripts.ts'
import { BUILD_DIR, requireBuild } from './server.ts'

/**
 * Every public page's JavaScript on a first view, read from the production build's manifest
 * (issue 37; docs/decisions/071-what-the-home-page-loads.md). A page over its budget fails with
 * its files and their sizes, largest first.
 */
describe('the JavaScript each public page loads on a first view', () => {
  requireBuild()
  const manifest = readClientManifest(BUILD_DIR)
  const pages = Object.values(manifest.routes)
    .filter((r) => routeChain(manifest, r.id).includes('routes/public/layout') && r.id !== 'routes/public/layout')
    .map((r) => r.id)

  it('every page under the public layout has a budget', () => {
    expect(pages.length).toBeGreaterThan(15)
    expect(pages.filter((id) => !(id in FIRST_VIEW_BUDGET_KB))).toEqual([])
  })

  for (const [id, budget] of Object.entries(FIRST_VIEW_BUDGET_KB)) {
    it(`${id}: at most ${budget} KB gzipped`, () => {
      const { files, gzipBytes } = firstViewScripts(BUILD_DIR, manifest, id)
      const kb = gzipBytes / 1024
      const listing = files.map((f) => `${(f.gzipBytes / 1024).toFixed(1).padStart(6)} KB ${f.file}`).join('\n')
      expect(kb, `${id}: ${kb.toFixed(1)} KB in ${files.length} files:\n${listing}`).toBeLessThanOrEqual(budget)
      // The route's own module is among them, and the entry: the sum is of the right files.
      expect(files.map((f) => f.file)).toEqual(expect.arrayContaining([manifest.entry.module, manifest.routes[id].module]))
    })
  }

  it('the home page loads neither the chat panel, the discovery popup, the builder nor the editor before they are opened', () => {
    const files = firstViewScripts(BUILD_DIR, manifest, 'routes/public/home').files.map((f) => f.file)
    expect(files.filter((f) => /\/(chat-panel|chat-answer|discovery-dialog|builder|blog-editor|zod|not-found-content)-/.test(f))).toEqual(
      [],
    )
  })
})

import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * What a public page's first view costs in JavaScript, gzipped, read from the production build
 * (docs/decisions/071-what-the-home-page-loads.md): the client entry, the page's route modules
 * (root, the public layout, the page) and everything they import statically. What a page fetches
 * later with `import()` (the chat panel, the discovery popup) is not counted: it loads on first use.
 */

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] }
export type ClientManifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> }

/** The build's client manifest, `window.__reactRouterManifest` in `client/assets/manifest-*.js`. */
export function readClientManifest(buildDir: string): ClientManifest {
  const assets = path.join(buildDir, 'client/assets')
  // The newest: a build into a folder that held an older one leaves that one's manifest beside it.
  const file = fs
    .readdirSync(assets)
    .filter((f) => /^manifest-[\w-]+\.js$/.test(f))
    .sort((a, b) => fs.statSync(path.join(assets, b)).mtimeMs - fs.statSync(path.join(assets, a)).mtimeMs)[0]
  if (!file) throw new Error(`No client manifest in ${assets}: run \`npm run build\` first`)
  const text = fs.readFileSync(path.join(assets, file), 'utf8')
  return JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '')) as ClientManifest
}

/** The route and its parents, outermost first: ['root', 'routes/public/layout', 'routes/public/home']. */
export function routeChain(manifest: ClientManifest, id: string): string[] {
  const chain: string[] = []
  for (let at: string | undefined = id; at; at = manifest.routes[at]?.parentId) {
    if (!manifest.routes[at]) throw new Error(`No route ${at} in the client manifest`)
    chain.unshift(at)
  }
  return chain
}

/** Static imports a chunk names (`import{…}from"./x.js"`, `import"./x.js"`), as /assets/ paths. */
function staticImportsOf(buildDir: string, file: string): string[] {
  const code = fs.readFileSync(path.join(buildDir, 'client', file), 'utf8')
  const found = new Set<string>()
  for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    found.add(path.posix.join(path.posix.dirname(file), m[1]))
  }
  return [...found]
}

export type FirstViewScripts = { files: { file: string; gzipBytes: number }[]; gzipBytes: number }

/**
 * The files a first view of the route loads, each gzipped at level 9 as the server sends them.
 * The manifest's lists are followed, and every chunk's own static imports too, so a file the
 * manifest missed is still counted.
 */
export function firstViewScripts(buildDir: string, manifest: ClientManifest, routeId: string): FirstViewScripts {
  const todo = [manifest.entry.module, ...manifest.entry.imports]
  for (const id of routeChain(manifest, routeId)) todo.push(manifest.routes[id].module, ...(manifest.routes[id].imports ?? []))
  const seen = new Set<string>()
  while (todo.length) {
    const file = todo.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    todo.push(...staticImportsOf(buildDir, file))
  }
  const files = [...seen].map((file) => ({
    file,
    gzipBytes: gzipSync(fs.readFileSync(path.join(buildDir, 'client', file)), { level: 9 }).length,
  }))
  files.sort((a, b) => b.gzipBytes - a.gzipBytes)
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) }
}

/**
 * Budgets in KB (1,024 bytes) of gzipped JavaScript for a first view, per public route; set from
 * the build of 2026-11-27 with about 1 KB of room (docs/BENCHMARKS.md has the figures); three
 * raised by 0.5 KB on 2026-11-28, when the booking page's own link box, the shared "done" panel and
 * the price list passed as one value used up their room (book-manage 124.7 -> 125.4, contact
 * 127.1 -> 127.5, pricing 130.6 -> 131.1). React,
 * React DOM and React Router alone are 105.9 KB of every page, so the home page's 100 KB goal is
 * not reachable while the page hydrates (docs/decisions/071).
 */
export const FIRST_VIEW_BUDGET_KB: Record<string, number> = {
  'routes/public/home': 127,
  'routes/public/services': 129.5,
  'routes/public/portfolio': 126.5,
  'routes/public/portfolio-case': 126.5,
  'routes/public/blog': 126.5,
  'routes/public/blog-post': 127,
  'routes/public/about': 127.5,
  'routes/public/faq': 128,
  'routes/public/pricing': 131.5,
  'routes/public/contact': 128,
  'routes/public/privacy': 125.5,
  'routes/public/terms': 125.5,
  'routes/tools/proposal': 128.5,
  'routes/public/book': 128,
  'routes/public/book-manage': 126,
  'routes/tools/demo-builder': 150.5, // 157.4 before its full-screen dialog loaded on demand (2026-11-28)
  'routes/public/chat': 134,
  'routes/public/not-found': 123,
}

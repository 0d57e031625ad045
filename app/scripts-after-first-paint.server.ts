import type { Logger } from 'pino'

/**
 * Public pages start their scripts after the first paint (docs/decisions/024-first-paint.md).
 * Custom machinery over React Router's output: the ADR's "Removal plan" says what lets it go, and
 * tests/system/first-paint.test.ts fails, naming the ADR, when React Router stops writing the
 * bootstrap this reads.
 */

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g
const ANY_PRELOAD = /<link\b[^>]*\brel="modulepreload"/g
const ROUTE_IMPORT = /^import \* as (\w+) from ("[^"]+");$/gm

/** React Router's bootstrap read apart: its module preloads (in `<head>`) and its inline module. */
export type Bootstrap = {
  /** `<head>` without the module preloads. */
  head: string
  preloads: string[]
  /** Each `import * as name from "url";` line of the inline module, in order. */
  imports: { name: string; url: string }[]
  /** The inline module without those lines. */
  rest: string
  headEnd: number
  codeStart: number
  codeEnd: number
}

/**
 * Reads React Router's bootstrap in a rendered page, or says why it cannot: a shape this does not
 * know (a React Router upgrade), in which case the page must be left as it is. What it expects is
 * what React Router 7's `<Scripts>` writes with route discovery on (its default): module preloads
 * as `<link rel="modulepreload" href="…" …/>`, all in `<head>` (React hoists them there); after
 * `</head>` one inline `<script type="module" async="">` whose only static imports are
 * `import * as routeN… from "…";` lines, one a line, and which imports the entry itself (a
 * dynamic `import("…")`).
 */
export function readBootstrap(html: Buffer<ArrayBuffer>): Bootstrap | { unknown: string } {
  // One character a byte, so that offsets in it are offsets in the Buffer (the markup searched for
  // is ASCII; a post's text in any script is copied through untouched).
  const text = html.toString('latin1')
  const headEnd = text.indexOf('</head>')
  if (headEnd === -1) return { unknown: 'no </head>' }
  // A tag, not text: a post that shows such a tag has it escaped (`&lt;script`).
  const open = /<script\b[^>]* type="module" async="">/g
  open.lastIndex = headEnd
  const bootstrapAt = open.exec(text)
  if (!bootstrapAt) return { unknown: 'no <script type="module" async=""> after </head>' }
  const codeStart = bootstrapAt.index + bootstrapAt[0].length
  const codeEnd = text.indexOf('</script>', codeStart)
  if (codeEnd === -1) return { unknown: 'the bootstrap module has no </script>' }

  const preloads: string[] = []
  const head = html
    .subarray(0, headEnd)
    .toString()
    .replace(PRELOAD, (_tag, href: string) => (preloads.push(href), ''))
  const allPreloads = text.match(ANY_PRELOAD)?.length ?? 0
  if (allPreloads !== preloads.length) {
    return {
      unknown: `${allPreloads - preloads.length} of ${allPreloads} module preloads are not <link rel="modulepreload" href="…"/> in <head>`,
    }
  }
  const imports: Bootstrap['imports'] = []
  const rest = html
    .subarray(codeStart, codeEnd)
    .toString()
    .replace(ROUTE_IMPORT, (_line, name: string, url: string) => (imports.push({ name, url }), ''))
  const other = /^\s*import\b(?!\s*\().*$/m.exec(rest)
  if (other) return { unknown: `a static import of another form: ${other[0].trim().slice(0, 80)}` }
  if (imports.length === 0) return { unknown: 'the bootstrap module has no `import * as … from "…";` line' }
  if (!/\bimport\("[^"]+"\)/.test(rest)) return { unknown: 'the bootstrap module does not import the entry with import("…")' }
  return { head, preloads, imports, rest, headEnd, codeStart, codeEnd }
}

/**
 * The scripts only hydrate a page that is already drawn, so they start after the first paint
 * (docs/decisions/024). React Router's module preloads leave `<head>`, and its inline bootstrap
 * module, whose static imports the browser would fetch at once, first waits for the browser to
 * report its first paint, then adds those preloads and imports the same modules. On a slow link
 * the stylesheet, the font and the first image have the line to themselves; links and forms work
 * meanwhile as they do without JavaScript. The script stays inline in place, so its nonce (or the
 * page cache's hash of it) still admits it. A hidden tab (no paint to wait for) or a browser
 * without paint timing starts at once; if no paint is reported within 3 s, the scripts start
 * anyway. A bootstrap of a shape readBootstrap does not know is left as it is, and said once in
 * the log when a logger is given.
 */
export function startScriptsAfterFirstPaint(html: Buffer<ArrayBuffer>, logger?: Pick<Logger, 'warn'>): Buffer<ArrayBuffer> {
  const bootstrap = readBootstrap(html)
  if ('unknown' in bootstrap) {
    if (logger) warnOnce(logger, bootstrap.unknown)
    return html
  }
  const { head, preloads, imports, rest, headEnd, codeStart, codeEnd } = bootstrap
  const code =
    'await new Promise((go) => { if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return go(); ' +
    'new PerformanceObserver((_, seen) => { seen.disconnect(); go() }).observe({ type: "paint", buffered: true }); setTimeout(go, 3000) });\n' +
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));\n` +
    `const [${imports.map((i) => i.name).join(', ')}] = await Promise.all([${imports.map((i) => `import(${i.url})`).join(', ')}]);\n` +
    rest
  return Buffer.concat([Buffer.from(head), html.subarray(headEnd, codeStart), Buffer.from(code), html.subarray(codeEnd)])
}

let warned = false
function warnOnce(logger: Pick<Logger, 'warn'>, why: string) {
  if (warned) return
  warned = true
  logger.warn(
    { why },
    'Public pages start their scripts at once: React Router\'s bootstrap has a shape this does not know. See "Removal plan" in docs/decisions/024-first-paint.md.',
  )
}

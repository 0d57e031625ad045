import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router'
import { NonceProvider } from './components/nonce.tsx'
import { MarkupOnceProvider } from './components/rendered-once.tsx'
import { createMarkupOnce } from './markup-once.server.tsx'

export const streamTimeout = 5_000

/** The site header's and footer's HTML, shared by every request this process renders. */
const markupOnceAt = createMarkupOnce()

/**
 * Renders the whole document, then answers with it in one piece (docs/decisions/010-server-render-cost.md).
 * Our loaders answer in milliseconds, so streaming the shell first gained nothing visible and cost
 * CPU: many small writes through web streams and, with gzip, a flush per chunk. Deferred loader
 * data still shows its fallback during client-side navigation. Every script carries the CSP nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const chunks: Buffer[] = []
    const body = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk)
        done()
      },
      final(done) {
        // Cleared, not left to fire: the timer's closure would keep the whole render alive.
        clearTimeout(timer)
        const html = lowerScriptPriority(Buffer.concat(chunks))
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        responseHeaders.set('Content-Length', String(html.length))
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }))
        done()
      },
    })
    // Past the deadline, pending Suspense boundaries are sent as fallbacks (rendered in the browser).
    const timer = setTimeout(() => abort(), streamTimeout + 1000)
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <MarkupOnceProvider value={markupOnceAt(new URL(request.url).pathname)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </MarkupOnceProvider>
      </NonceProvider>,
      {
        nonce,
        // Never outline a finished Suspense boundary into a hidden <div> revealed by a script:
        // the whole document goes out at once, so its content belongs in place (and works
        // without JavaScript).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true
        },
        onAllReady() {
          pipe(body)
        },
        onShellError(error: unknown) {
          clearTimeout(timer)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Shell errors reach React Router through onShellError; log only the later ones.
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"')
const LOW_MODULE_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"')

/**
 * The scripts only hydrate a page that is already drawn, so their preloads must not compete with
 * the stylesheet, the font and the first image for a slow link (docs/decisions/024). React
 * Router gives no way to set their priority, so the rendered tags get `fetchpriority="low"`.
 */
export function lowerScriptPriority(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const parts: Buffer<ArrayBuffer>[] = []
  let from = 0
  for (let at = html.indexOf(MODULE_PRELOAD); at !== -1; at = html.indexOf(MODULE_PRELOAD, from)) {
    parts.push(html.subarray(from, at), LOW_MODULE_PRELOAD)
    from = at + MODULE_PRELOAD.length
  }
  if (from === 0) return html
  parts.push(html.subarray(from))
  return Buffer.concat(parts)
}

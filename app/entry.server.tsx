import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router'
import { NonceProvider } from './components/nonce.tsx'

export const streamTimeout = 5_000

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
        const html = Buffer.concat(chunks)
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
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
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

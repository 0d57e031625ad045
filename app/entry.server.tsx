import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import {
  ServerRouter,
  isRouteErrorResponse,
  type ActionFunctionArgs,
  type AppLoadContext,
  type EntryContext,
  type LoaderFunctionArgs,
} from 'react-router'
import { NonceProvider } from './components/nonce.tsx'
import { MarkupOnceProvider } from './components/rendered-once.tsx'
import { createMarkupOnce } from './markup-once.server.tsx'
import { blogPostPath } from './lib/public-paths.ts'
import { resolveOldAddress } from './services/post-addresses.server.ts'
import { startScriptsAfterFirstPaint } from './scripts-after-first-paint.server.ts'

export const streamTimeout = 5_000

/** The site header's and footer's HTML, shared by every request this process renders. */
const markupOnceAt = createMarkupOnce()

/**
 * Renders the whole document, then answers with it in one piece (docs/decisions/010-server-render-cost.md).
 * Our loaders answer in milliseconds, so streaming the shell first gained nothing visible and cost
 * CPU: many small writes through web streams and, with gzip, a flush per chunk. Deferred loader
 * data still shows its fallback during client-side navigation. Every script carries the CSP nonce.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // An address nothing answers may be an imported post's address on its old site (the slug
  // history keeps them): it moves there for good. Asked only on a 404, so other pages pay nothing.
  if (responseStatusCode === 404 && (request.method === 'GET' || request.method === 'HEAD')) {
    const moved = await resolveOldAddress(loadContext.app.db, new URL(request.url).pathname).catch(() => null)
    if (moved) return new Response(null, { status: 301, headers: { Location: blogPostPath({ slug: moved }), 'Cache-Control': 'no-store' } })
  }
  return render(request, responseStatusCode, responseHeaders, routerContext, loadContext)
}

function render(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce
  // The database is away (server/route-refusals.ts): say when to try again, and keep no copy.
  const outage = Object.values(routerContext.staticHandlerContext.errors ?? {}).find((e) => isRouteErrorResponse(e) && e.status === 503)
  if (outage) {
    responseHeaders.set('Retry-After', String((outage.data as { retryAfter?: number } | undefined)?.retryAfter ?? 5))
    responseHeaders.set('Cache-Control', 'no-store')
  }
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
        const rendered = Buffer.concat(chunks)
        const backOffice = isBackOffice(routerContext)
        const html = backOffice ? rendered : startScriptsAfterFirstPaint(rendered, loadContext.app.logger)
        // Decided by the route that matched, not the path string (`/%61dmin/...` is the back office too).
        if (backOffice) responseHeaders.set('Cache-Control', 'no-store')
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

/** `.data` answers of back-office routes (all of them, and only them, have the `adminPath` parameter). */
export function handleDataRequest(response: Response, { params }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (params.adminPath !== undefined) response.headers.set('Cache-Control', 'no-store')
  return response
}

/** Admin screens are controls first: their scripts start at once, as React Router writes them. */
function isBackOffice(routerContext: EntryContext) {
  return routerContext.staticHandlerContext.matches.some((m) => m.route.id.startsWith('routes/admin/'))
}

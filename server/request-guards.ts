import type { RequestHandler, Response } from 'express'
import onHeaders from 'on-headers'
import { escapeHtml } from './escape-html.ts'
import { MAX_IMPORT_BYTES, importTooLargeMessage } from '~/services/site-import/types.ts'
import { MAX_UPLOAD_BYTES } from '~/services/uploads.server.ts'

/**
 * Largest request body each kind of route accepts, in bytes. Checked from Content-Length before
 * a byte is read, so a 100 MB post costs nothing; /api bodies without a length are also counted
 * while they stream (express.json / express.raw stop at the same limits).
 */
export const BODY_LIMITS = {
  /** POST /api/uploads: one picture, before resizing. */
  upload: MAX_UPLOAD_BYTES,
  /** Every other /api call: JSON (the largest is a blog post of 200,000 characters). */
  api: 1024 * 1024,
  /** Back-office forms (a blog post's HTML travels in one). */
  adminForm: 2 * 1024 * 1024,
  /** The back office's site import: one WordPress or Ghost export file and a few fields. */
  siteImport: MAX_IMPORT_BYTES + 64 * 1024,
  /** Public forms (the proposal form: 5,000 characters of requirements and a few fields). */
  publicForm: 64 * 1024,
} as const

const HAS_NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The answer goes out before the body is read. Node then reads what the client still sends and
 * throws it away (memory stays flat); closing the socket at once instead would make the kernel
 * reset the connection and the client would lose this answer.
 */
function refuse(res: Response, status: number, error: string) {
  res.setHeader('Cache-Control', 'no-store')
  res.status(status).json({ error })
}

/** A refusal a browser shows as a page: the message and a way back to the form. */
function refusePage(res: Response, status: number, message: string, back: string) {
  res.setHeader('Cache-Control', 'no-store')
  res
    .status(status)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>File too large</title><main><h1>File too large</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(back)}">Back to Import and Export</a></p></main></html>`,
    )
}

/**
 * Only paths in normal form go further: `/admin/../blog/1` (sent as-is, or with %2e%2e) would
 * pass a prefix check on the raw path while React Router serves the page it resolves to. Browsers
 * never send such paths; GETs are redirected to the resolved path, anything else is refused.
 */
export function normalizedPathsOnly(): RequestHandler {
  return (req, res, next) => {
    const raw = req.url.split('?')[0]
    if (!raw.includes('.') && !raw.includes('%')) return next()
    let resolved: string
    try {
      resolved = new URL(req.url, 'http://x').pathname
    } catch {
      return refuse(res, 400, 'Malformed path')
    }
    if (resolved === raw) return next()
    // `/.//evil.example` resolves to `//evil.example`, which a Location header reads as a host.
    if ((req.method === 'GET' || req.method === 'HEAD') && !resolved.startsWith('//')) {
      const query = req.url.slice(raw.length)
      return res.redirect(301, resolved + query)
    }
    refuse(res, 400, 'Malformed path')
  }
}

const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * Headers that name where the request went are the client's to write, and React Router builds
 * each request's URL from them: a Host of `a/b` would change the path it routes, `//` in
 * X-Forwarded-Proto makes no URL at all (a 500). A Host that is not a host name answers 400;
 * X-Forwarded-Host is never used (SITE_URL is the canonical address), and X-Forwarded-Proto
 * counts only as `http` or `https` (docs/decisions/031).
 */
export function wellFormedHostHeaders(): RequestHandler {
  return (req, res, next) => {
    const host = req.headers.host
    if (host !== undefined && !HOST.test(host)) return refuse(res, 400, 'Malformed Host header')
    delete req.headers['x-forwarded-host']
    const proto = req.headers['x-forwarded-proto']
    if (proto !== undefined && !/^\s*https?\s*(,|$)/i.test(String(proto))) delete req.headers['x-forwarded-proto']
    next()
  }
}

/** Refuses bodies over the route's limit (413) and page-route bodies of unknown length (411). */
export function bodyLimits(adminPath: string): RequestHandler {
  const adminPrefix = `/${adminPath}/`
  return (req, res, next) => {
    if (HAS_NO_BODY.has(req.method)) return next()
    const p = req.path
    const isApi = p.startsWith('/api/')
    const isImport = p === `${adminPrefix}settings/import-export` || p === `${adminPrefix}settings/import-export.data`
    const limit =
      p === '/api/uploads'
        ? BODY_LIMITS.upload
        : isApi
          ? BODY_LIMITS.api
          : isImport
            ? BODY_LIMITS.siteImport
            : p.startsWith(adminPrefix)
              ? BODY_LIMITS.adminForm
              : BODY_LIMITS.publicForm
    const length = req.headers['content-length']
    if (length === undefined) {
      // Page routes hand the raw stream to React Router, which would buffer it whole; browsers
      // always send a length with a form, so a body without one is refused.
      if (!isApi && req.headers['transfer-encoding'] !== undefined) return refuse(res, 411, 'Send the form with a Content-Length')
      return next()
    }
    if (Number(length) > limit) {
      // The import form is posted without JavaScript too: its refusal names what is wrong, as a page.
      if (isImport) return refusePage(res, 413, importTooLargeMessage('The file', Number(length)), p.replace(/\.data$/, ''))
      return refuse(res, 413, 'Request body is too large')
    }
    next()
  }
}

/**
 * Back-office pages and their data carry personal data: never stored by a browser or proxy. The
 * path is compared as React Router routes it, decoded (`/%61dmin/` is `/admin/`), and the header
 * is set as the answer goes out, over whatever the route said; the page renderer also marks
 * every answer of a matched back-office route (app/entry.server.tsx).
 */
export function noStoreUnder(prefix: string): RequestHandler {
  return (req, res, next) => {
    const p = decodedPath(req.path)
    if (p === prefix || p.startsWith(`${prefix}/`) || p.startsWith(`${prefix}.`))
      onHeaders(res, () => res.setHeader('Cache-Control', 'no-store'))
    next()
  }
}

/**
 * A client's proposal, /p/<token> (issue 38): the address is the client's key and the page holds
 * their price. Whatever the answer (the page, a 404, an error), it is never stored by a browser
 * or proxy, never indexed, and not sent on as a referrer. (The page cache never keeps it either:
 * app/lib/public-paths.ts lists no /p/ path.)
 */
export function privateProposals(): RequestHandler {
  return (req, res, next) => {
    const p = decodedPath(req.path)
    if (p.startsWith('/p/'))
      onHeaders(res, () => {
        res.setHeader('Cache-Control', 'private, no-store')
        res.setHeader('X-Robots-Tag', 'noindex, nofollow')
        res.setHeader('Referrer-Policy', 'same-origin')
      })
    next()
  }
}

/** The path with its escapes decoded; a malformed escape leaves it as it is (React Router does the same). */
function decodedPath(p: string): string {
  if (!p.includes('%')) return p
  try {
    return decodeURIComponent(p)
  } catch {
    return p
  }
}

/**
 * The guards above as one middleware: every request passes them, and each Express layer
 * costs a few microseconds on the cached path. The order matters: headers and path are checked first.
 */
export function requestGuards(adminPath: string): RequestHandler {
  const hosts = wellFormedHostHeaders()
  const paths = normalizedPathsOnly()
  const bodies = bodyLimits(adminPath)
  const noStore = noStoreUnder(`/${adminPath}`)
  const proposals = privateProposals()
  return (req, res, next) =>
    hosts(req, res, () => paths(req, res, () => bodies(req, res, () => noStore(req, res, () => proposals(req, res, next)))))
}

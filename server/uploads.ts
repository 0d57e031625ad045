import type { RequestHandler, Response } from 'express'
import { UPLOAD_NAME, type ImageStore } from '~/services/image-store.server.ts'

/**
 * If-None-Match per RFC 9110 13.1.2: `*` or any listed tag equal under weak comparison. Unlike
 * Express's req.fresh, a request's `Cache-Control: no-cache` does not skip the check (that
 * directive is for caches; fetch() adds it to every conditional request).
 */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => opaque(tag) === opaque(etag))
}

function notFound(res: Response) {
  res.status(404).setHeader('Cache-Control', 'no-store').type('text/plain').send('Not found')
}

/**
 * GET/HEAD /uploads/<name>: an uploaded image or one of its variants (`<hex>-480.avif`, see
 * docs/decisions/022) from the store (mounted at /uploads). Only names of the stored form
 * (UPLOAD_NAME: 32 hex digits, an optional width, .webp or .avif) are looked up, so `..`, encoded slashes and the like
 * never reach the store: they are a plain 404. Images never change under a name, hence one-year
 * immutable caching and a strong ETag from the content (a matching If-None-Match gets 304).
 * X-Content-Type-Options: nosniff comes from the security headers middleware.
 */
export function serveUploads(store: ImageStore): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const name = req.path.slice(1)
    if (!UPLOAD_NAME.test(name)) return notFound(res)
    store.get(name).then((image) => {
      if (!image) return notFound(res)
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
      res.setHeader('ETag', image.etag)
      res.setHeader('Content-Type', image.contentType)
      if (noneMatchHits(req.headers['if-none-match'], image.etag)) return void res.status(304).end()
      // send() sets Content-Length and leaves the body out for HEAD.
      res.send(image.bytes)
    }, next)
  }
}

import { randomBytes } from 'node:crypto'
import type { RequestHandler } from 'express'
import type { Config } from '~/config.server.ts'

/**
 * Security headers on every response. Scripts run only with this request's nonce
 * ('strict-dynamic' lets those scripts load the route chunks); inline styles are allowed
 * because the builder preview sets colours through style attributes.
 */
export function securityHeaders(config: Config, dev: boolean): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString('base64')
    res.locals.nonce = nonce
    const csp = [
      "default-src 'self'",
      `script-src 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "font-src 'self'",
      `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
      'frame-src https://www.google.com https://maps.google.com',
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ].join('; ')
    res.setHeader('Content-Security-Policy', csp)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    res.setHeader('X-Frame-Options', 'DENY')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()')
    if (config.secureCookies) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    next()
  }
}

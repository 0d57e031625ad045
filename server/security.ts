import { createHash, randomBytes } from 'node:crypto'
import type { RequestHandler } from 'express'
import type { Config } from '~/config.server.ts'

/** The Content-Security-Policy with the given script-src sources; the rest is the same everywhere. */
export function contentSecurityPolicy(scriptSrc: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}${dev ? " 'unsafe-eval'" : ''}`,
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
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi

/**
 * The policy for a page served from the cache to many visitors: its inline scripts are allowed
 * by their hashes and files by 'self', so no nonce is shared between visitors (a nonce known to
 * everyone would let an injected script run).
 */
export function hashedPolicy(html: string): string {
  const hashes = new Set<string>()
  for (const m of html.matchAll(INLINE_SCRIPT)) hashes.add(`'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`)
  return contentSecurityPolicy(["'self'", ...hashes].join(' '))
}

/** The security headers that are the same on every response (all but the CSP). */
export function fixedSecurityHeaders(config: Config): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
    ...(config.secureCookies && { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }),
  }
}

/**
 * Security headers on every response. Scripts run only with this request's nonce
 * ('strict-dynamic' lets those scripts load the route chunks); inline styles are allowed
 * because the builder preview sets colours through style attributes.
 */
export function securityHeaders(config: Config, dev: boolean): RequestHandler {
  const fixed = Object.entries(fixedSecurityHeaders(config))
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString('base64')
    res.locals.nonce = nonce
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(`'nonce-${nonce}' 'strict-dynamic'`, dev))
    for (const [name, value] of fixed) res.setHeader(name, value)
    next()
  }
}

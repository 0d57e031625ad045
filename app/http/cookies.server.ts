import { parse } from 'cookie'
import type { Config } from '~/config.server.ts'

export const SESSION_COOKIE = 'sid'
export const CSRF_COOKIE = 'csrf'

/**
 * Reads one cookie from a Cookie header. Headers are the client's to write: a value that is not
 * valid percent-encoding (`sid=%`) is treated as absent, never thrown (docs/decisions/031).
 * The first of two cookies with one name wins, as browsers send the most specific first.
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined
  return parse(header, { decode: decodeOrUndefined })[name]
}

function decodeOrUndefined(value: string): string | undefined {
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}

type CookieOpts = { httpOnly: boolean; maxAgeSeconds?: number; expires?: Date }

/** Serializes a Set-Cookie value with our fixed attributes: Path=/, SameSite=Lax, Secure on https. */
export function serializeCookie(config: Config, name: string, value: string, opts: CookieOpts): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax']
  if (opts.httpOnly) parts.push('HttpOnly')
  if (config.secureCookies) parts.push('Secure')
  if (opts.maxAgeSeconds !== undefined) parts.push(`Max-Age=${opts.maxAgeSeconds}`)
  if (opts.expires) parts.push(`Expires=${opts.expires.toUTCString()}`)
  return parts.join('; ')
}

export function sessionCookie(config: Config, token: string, expiresAt: string): string {
  return serializeCookie(config, SESSION_COOKIE, token, { httpOnly: true, expires: new Date(expiresAt) })
}

export function clearSessionCookie(config: Config): string {
  return serializeCookie(config, SESSION_COOKIE, '', { httpOnly: true, maxAgeSeconds: 0 })
}

/** A right password waiting for its second step (login page); the token names a server-side row. */
export const SECOND_STEP_COOKIE = 'sid_step'

/** An HttpOnly cookie that ends with the server-side state it points to. */
export function shortLivedCookie(config: Config, name: string, token: string, expiresAt: string): string {
  return serializeCookie(config, name, token, { httpOnly: true, expires: new Date(expiresAt) })
}

export function clearCookie(config: Config, name: string): string {
  return serializeCookie(config, name, '', { httpOnly: true, maxAgeSeconds: 0 })
}

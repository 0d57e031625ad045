import type { Config } from '~/config.server.ts'

export const SESSION_COOKIE = 'sid'
export const CSRF_COOKIE = 'csrf'

/** Reads one cookie from a Cookie header (values we set are URL-safe base64). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim())
  }
  return undefined
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

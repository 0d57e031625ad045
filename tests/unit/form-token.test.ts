import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { formTokenValid, newFormToken, setFormTokenKey } from '~/http/csrf.server.ts'

/** Public forms carry a signed, dated token instead of a cookie (docs/decisions/042). */
describe('cookie-free form tokens', () => {
  const key = randomBytes(32)
  setFormTokenKey(key)
  const now = Date.UTC(2031, 0, 1, 12)

  it('accepts its own token for a day, and no longer', () => {
    const token = newFormToken(now)!
    expect(token).toMatch(/^f\.[0-9a-z]+\.[\w-]{43}$/)
    expect(formTokenValid(token, now)).toBe(true)
    expect(formTokenValid(token, now + 23 * 3600_000)).toBe(true)
    expect(formTokenValid(token, now + 25 * 3600_000)).toBe(false)
    expect(formTokenValid(token, now - 5 * 60_000)).toBe(false)
  })

  it('refuses a changed time, a forged mac, another key and garbage', () => {
    const token = newFormToken(now)!
    const [, stamp, mac] = token.split('.')
    expect(formTokenValid(`f.${(parseInt(stamp, 36) + 1000).toString(36)}.${mac}`, now)).toBe(false)
    expect(formTokenValid(`f.${stamp}.${'A'.repeat(43)}`, now)).toBe(false)
    for (const junk of ['', 'f.0.forged', 'wrong-token', `${token}x`, null, undefined]) expect(formTokenValid(junk, now)).toBe(false)
    setFormTokenKey(randomBytes(32))
    expect(formTokenValid(token, now)).toBe(false)
    setFormTokenKey(key)
    expect(formTokenValid(token, now)).toBe(true)
  })
})

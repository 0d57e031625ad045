import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '~/config.server.ts'

describe('configuration', () => {
  it('has working defaults: SQLite under ./data, port 3000, /admin', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dialect: 'sqlite',
      databaseUrl: './data/site.db',
      adminPath: 'admin',
      siteUrl: 'http://localhost:3000',
      secureCookies: false,
    })
  })

  it('selects PostgreSQL from a postgres URL and Secure cookies from an https SITE_URL', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u:p@db/app', SITE_URL: 'https://agency.example/' })
    expect(c).toMatchObject({ dialect: 'postgres', siteUrl: 'https://agency.example', secureCookies: true })
  })

  it('never trusts the client-written end of X-Forwarded-For: TRUST_PROXY is hops or proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8'])
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/^Invalid configuration: TRUST_PROXY /)
  })

  it('takes SECRET_KEY as hex or base64url of at least 32 bytes (docs/decisions/029)', () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256))
    expect(loadConfig({}).secretKey).toBeUndefined()
    expect(loadConfig({ SECRET_KEY: bytes.toString('hex') }).secretKey).toEqual(bytes)
    expect(loadConfig({ SECRET_KEY: bytes.toString('hex').toUpperCase() }).secretKey).toEqual(bytes)
    expect(loadConfig({ SECRET_KEY: bytes.toString('base64url') }).secretKey).toEqual(bytes)
    // `openssl rand -base64 32` (standard alphabet, padded) works too, and so do longer keys.
    expect(loadConfig({ SECRET_KEY: bytes.toString('base64') }).secretKey).toEqual(bytes)
    const long = Buffer.concat([bytes, bytes.subarray(0, 16)])
    expect(loadConfig({ SECRET_KEY: long.toString('hex') }).secretKey).toEqual(long)
    expect(loadConfig({ SECRET_KEY: '' }).secretKey).toBeUndefined()
  })

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ ADMIN_PATH: 'Admin Area' }, /^Invalid configuration: ADMIN_PATH must be lowercase/],
    [{ ADMIN_PATH: 'api' }, /^Invalid configuration: ADMIN_PATH must not clash/],
    [{ ADMIN_PASSWORD: 'short' }, /^Invalid configuration: ADMIN_PASSWORD must be at least 8 characters/],
    [{ SITE_URL: 'agency.example' }, /^Invalid configuration: SITE_URL must be an absolute/],
    [{ DATABASE_URL: 'mysql://x/y' }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ SMTP_URL: 'mail.example.com' }, /^Invalid configuration: SMTP_URL must be an smtp/],
    [{ SECRET_KEY: 'changeme' }, /^Invalid configuration: SECRET_KEY must be at least 32 random bytes/],
    [{ SECRET_KEY: 'ab'.repeat(31) }, /^Invalid configuration: SECRET_KEY must be at least 32 random bytes/],
    [{ SECRET_KEY: `${'0123456789abcdef'.repeat(4)}0` }, /^Invalid configuration: SECRET_KEY must be at least 32 random bytes/],
    [{ SECRET_KEY: '0'.repeat(64) }, /^Invalid configuration: SECRET_KEY must be at least 32 random bytes/],
    [
      { SECRET_KEY: 'not a key: spaces and punctuation!!!!!!!!!!!!!!!!!!!!!!!' },
      /^Invalid configuration: SECRET_KEY must be at least 32 random bytes/,
    ],
  ])('rejects %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
    try {
      loadConfig(env)
    } catch (e) {
      expect((e as Error).message).not.toContain('\n')
    }
  })
})

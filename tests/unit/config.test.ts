import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '~/config.server.ts'

describe('configuration', () => {
  it('has working defaults: SQLite under ./data, port 3000, /admin', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', dialect: 'sqlite', databaseUrl: './data/site.db', adminPath: 'admin', siteUrl: 'http://localhost:3000', secureCookies: false })
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

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ ADMIN_PATH: 'Admin Area' }, /^Invalid configuration: ADMIN_PATH must be lowercase/],
    [{ ADMIN_PATH: 'api' }, /^Invalid configuration: ADMIN_PATH must not clash/],
    [{ ADMIN_PASSWORD: 'short' }, /^Invalid configuration: ADMIN_PASSWORD must be at least 8 characters/],
    [{ SITE_URL: 'agency.example' }, /^Invalid configuration: SITE_URL must be an absolute/],
    [{ DATABASE_URL: 'mysql://x/y' }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ SMTP_URL: 'mail.example.com' }, /^Invalid configuration: SMTP_URL must be an smtp/],
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

import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { countryOf } from '~/infra/geoip.server.ts'

/** A MaxMind DB in GeoLite2-Country's shape for documentation addresses (tests/fixtures/geoip/make-test-mmdb.pl). */
const TEST_DB = fileURLToPath(new URL('../fixtures/geoip/test-country.mmdb', import.meta.url))

/** GEOIP_DB is optional: without it, or with a file that cannot be read, a visit has no country and is still counted. */
describe('countryOf', () => {
  it('is empty without a configured file, for a file that is not there, and for what is no address', async () => {
    expect(await countryOf(undefined, '203.0.113.1')).toBe('')
    expect(await countryOf('/nonexistent/GeoLite2-Country.mmdb', '203.0.113.1')).toBe('')
    expect(await countryOf('/nonexistent/GeoLite2-Country.mmdb', 'unknown')).toBe('')
  })

  it('reads the country code of IPv4 and IPv6 addresses from a configured file, and nothing for an address it does not hold', async () => {
    expect(await countryOf(TEST_DB, '192.0.2.10')).toBe('US')
    expect(await countryOf(TEST_DB, '198.51.100.7')).toBe('IN')
    expect(await countryOf(TEST_DB, '2001:db8::1')).toBe('DE')
    expect(await countryOf(TEST_DB, '203.0.113.1')).toBe('')
    expect(await countryOf(TEST_DB, 'unknown')).toBe('')
  })
})

import { describe, expect, it } from 'vitest'
import { countryOf } from '~/services/geoip.server.ts'

/** GEOIP_DB is optional: without it, or with a file that cannot be read, a visit has no country and is still counted. */
describe('countryOf', () => {
  it('is empty without a configured file, for a file that is not there, and for what is no address', async () => {
    expect(await countryOf(undefined, '203.0.113.1')).toBe('')
    expect(await countryOf('/nonexistent/GeoLite2-Country.mmdb', '203.0.113.1')).toBe('')
    expect(await countryOf('/nonexistent/GeoLite2-Country.mmdb', 'unknown')).toBe('')
  })
})

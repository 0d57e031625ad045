import { describe, expect, it } from 'vitest'
import { addressLimitKey } from '~/lib/address-limit-key.server.ts'

describe('addressLimitKey', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(addressLimitKey('203.0.113.9')).toBe('203.0.113.9')
    expect(addressLimitKey('127.0.0.1')).toBe('127.0.0.1')
    expect(addressLimitKey('0.0.0.0')).toBe('0.0.0.0')
  })

  it('reads IPv4-mapped IPv6 as the IPv4 address, however it is written', () => {
    expect(addressLimitKey('::ffff:10.0.0.1')).toBe('10.0.0.1')
    expect(addressLimitKey('::FFFF:10.0.0.1')).toBe('10.0.0.1')
    expect(addressLimitKey('0:0:0:0:0:ffff:10.0.0.1')).toBe('10.0.0.1')
    expect(addressLimitKey('::ffff:a00:1')).toBe('10.0.0.1')
    expect(addressLimitKey('0000:0000:0000:0000:0000:FFFF:0A00:0001')).toBe('10.0.0.1')
  })

  it('groups IPv6 addresses by their /64, whatever the spelling', () => {
    const prefix = '2001:db8:0:0::/64'
    for (const ip of [
      '2001:db8::1',
      '2001:DB8::1',
      '2001:db8::',
      '2001:db8:0:0:ffff::1',
      '2001:DB8:0:0:FFFF::1',
      '2001:0db8:0000:0000:0000:0000:0000:0001',
      '2001:db8:0:0:1:2:3:4',
      '2001:db8::1:2:3:4',
      '2001:db8::ffff:1.2.3.4',
      '2001:db8::1%eth0',
    ]) {
      expect(addressLimitKey(ip), ip).toBe(prefix)
    }
    expect(addressLimitKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(addressLimitKey('2001:db8:1:2::7')).toBe('2001:db8:1:2::/64')
    expect(addressLimitKey('2001:db8:abcd:12::')).toBe('2001:db8:abcd:12::/64')
  })

  it('tells neighbouring /64s apart', () => {
    expect(addressLimitKey('2001:db8:0:1::1')).not.toBe(addressLimitKey('2001:db8:0:2::1'))
    expect(addressLimitKey('2001:db8::1')).not.toBe(addressLimitKey('2001:db9::1'))
  })

  it('handles loopback, unspecified, link-local with a zone id, and IPv4-compatible forms', () => {
    expect(addressLimitKey('::1')).toBe('0:0:0:0::/64')
    expect(addressLimitKey('::')).toBe('0:0:0:0::/64')
    expect(addressLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressLimitKey('fe80::abcd:1%25')).toBe('fe80:0:0:0::/64')
    expect(addressLimitKey('fe80::1%eth0')).toBe(addressLimitKey('fe80::2'))
    // Not the ::ffff: mapping, so an IPv6 address like any other.
    expect(addressLimitKey('::1.2.3.4')).toBe('0:0:0:0::/64')
  })

  it('returns anything that is not an address unchanged, and never throws', () => {
    for (const junk of [
      '',
      'unknown',
      'client-limit',
      'ip:1.2.3.4',
      ' 1.2.3.4',
      '1.2.3.4 ',
      '01.2.3.4',
      '256.1.1.1',
      '1.2.3',
      '1.2.3.4%eth0',
      '[2001:db8::1]',
      '2001:db8::1/64',
      '2001:db8:::1',
      '2001:db8::1::2',
      '1:2:3:4:5:6:7:8:9',
      'gggg::1',
      '::ffff:999.0.0.1',
      '%',
      '%eth0',
      ':',
      ':::',
      '\u0000',
      'x'.repeat(10_000),
    ]) {
      expect(addressLimitKey(junk), JSON.stringify(junk.slice(0, 40))).toBe(junk)
    }
    expect(addressLimitKey(undefined as unknown as string)).toBe('undefined')
  })
})

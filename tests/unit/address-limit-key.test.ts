import { describe, expect, it } from 'vitest'
import { addressLimitKey, NOT_AN_ADDRESS } from '~/infra/address-limit-key.server.ts'

describe('addressLimitKey', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(addressLimitKey('203.0.113.9')).toBe('203.0.113.9')
    expect(addressLimitKey('127.0.0.1')).toBe('127.0.0.1')
    expect(addressLimitKey('0.0.0.0')).toBe('0.0.0.0')
  })

  it('reads IPv4-mapped IPv6 as the IPv4 address, however it is written', () => {
    for (const ip of [
      '::ffff:10.0.0.1',
      '::FFFF:10.0.0.1',
      '0:0:0:0:0:ffff:10.0.0.1',
      '::ffff:a00:1',
      '0000:0000:0000:0000:0000:FFFF:0A00:0001',
      '[::ffff:10.0.0.1]',
      '[::ffff:a00:1]:8080',
    ]) {
      expect(addressLimitKey(ip), ip).toBe('10.0.0.1')
    }
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

  it('counts an address written with brackets, a port or spaces as the address itself (issue 33)', () => {
    for (const ip of ['[2001:db8::7]', '[2001:db8::7]:443', '[2001:DB8:0::7%eth0]', ' 2001:db8::7 ', '2001:db8::7\t'])
      expect(addressLimitKey(ip), ip).toBe('2001:db8:0:0::/64')
    for (const ip of ['192.0.2.1:80', ' 192.0.2.1', '192.0.2.1 ', '[192.0.2.1]', '192.0.2.1%eth0'])
      expect(addressLimitKey(ip), ip).toBe('192.0.2.1')
  })

  it('tells neighbouring /64s apart', () => {
    expect(addressLimitKey('2001:db8:0:1::1')).not.toBe(addressLimitKey('2001:db8:0:2::1'))
    expect(addressLimitKey('2001:db8::1')).not.toBe(addressLimitKey('2001:db8:9::1'))
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

  it('counts everything written like an address that is not one under one subject, so new spellings buy no attempts (issue 33)', () => {
    for (const junk of [
      '',
      ' ',
      '::ffff:2001:db8::9',
      '::ffff:999.0.0.1',
      '01.2.3.4',
      '256.1.1.1',
      '1.2.3',
      '0x7f.1',
      '16909060',
      '2001:db8::1/64',
      '2001:db8:::1',
      '2001:db8::1::2',
      '1:2:3:4:5:6:7:8:9',
      'gggg::1',
      '[2001:db8::1',
      '[gggg::1]',
      '[2001:db8::1]:99999',
      '1.2.3.4:port',
      'ip:1.2.3.4',
      '%',
      '%eth0',
      ':',
      ':::',
      '\u0000',
      'x'.repeat(10_000),
      '-label',
    ]) {
      expect(addressLimitKey(junk), JSON.stringify(junk.slice(0, 40))).toBe(NOT_AN_ADDRESS)
    }
  })

  it('returns a plain label (no address is known, or a test names its client) unchanged, and never throws', () => {
    for (const label of ['unknown', 'client-limit', 'client_limit-2', 'test']) expect(addressLimitKey(label)).toBe(label)
    expect(addressLimitKey(undefined as unknown as string)).toBe('undefined')
  })
})

import { describe, expect, it } from 'vitest'
import { liveHref } from '~/lib/urls'

describe('liveHref', () => {
  it('returns null for missing or blank values', () => {
    expect(liveHref(null)).toBeNull()
    expect(liveHref(undefined)).toBeNull()
    expect(liveHref('')).toBeNull()
    expect(liveHref('   ')).toBeNull()
  })

  it('prefixes https:// for a bare domain', () => {
    expect(liveHref('example.com')).toBe('https://example.com')
    expect(liveHref('www.rosapizzeria.com/menu')).toBe('https://www.rosapizzeria.com/menu')
    expect(liveHref('  shop.example.org  ')).toBe('https://shop.example.org')
  })

  it('keeps http:// and https:// URLs, whatever their case', () => {
    expect(liveHref('https://example.com/path?q=1')).toBe('https://example.com/path?q=1')
    expect(liveHref('http://example.com')).toBe('http://example.com')
    expect(liveHref('HTTPS://Example.com')).toBe('HTTPS://Example.com')
    expect(liveHref('Http://example.com')).toBe('Http://example.com')
  })

  it('rejects script and data schemes in any case', () => {
    expect(liveHref('javascript:alert(1)')).toBeNull()
    expect(liveHref('JavaScript:alert(1)')).toBeNull()
    expect(liveHref('  javascript:alert(1)')).toBeNull()
    expect(liveHref('java\tscript:alert(1)')).toBeNull()
    expect(liveHref('data:text/html,<script>alert(1)</script>')).toBeNull()
    expect(liveHref('vbscript:msgbox(1)')).toBeNull()
  })

  it('rejects other schemes', () => {
    expect(liveHref('ftp://files.example.com')).toBeNull()
    expect(liveHref('file:///etc/passwd')).toBeNull()
  })

  it('rejects values that do not parse as http(s) URLs', () => {
    expect(liveHref('http://')).toBeNull()
    expect(liveHref('https://exa mple.com')).toBeNull()
    expect(liveHref('not a url')).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { isAllowedHref, normalizeHref } from '~/components/admin/editor/links.ts'
import { sanitizeBlogHtml } from '~/infra/sanitize.server.ts'

/** Whether the sanitizer keeps the address of a link to `href`. */
const sanitizerKeeps = (href: string) => sanitizeBlogHtml(`<a href="${href}">x</a>`).includes('href=')

describe('the editor link form', () => {
  it('accepts web, mail and site addresses, which the sanitizer keeps', () => {
    for (const href of [
      'https://example.com/a?b=1#c',
      'http://example.com',
      'mailto:hello@example.com',
      '/pricing',
      '/blog/some-post#part',
      '#top',
    ]) {
      expect(isAllowedHref(href), href).toBe(true)
      expect(sanitizerKeeps(href), href).toBe(true)
    }
  })

  it('refuses script, data, protocol-relative and other schemes, which the sanitizer would drop', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'ftp://example.com',
      'tel:+15551234',
    ]) {
      expect(isAllowedHref(href), href).toBe(false)
      expect(sanitizerKeeps(href), href).toBe(false)
    }
    expect(isAllowedHref('https://exa mple.com')).toBe(false)
    expect(isAllowedHref('')).toBe(false)
  })

  it('reads a bare domain as a web address and leaves everything else as typed', () => {
    expect(normalizeHref('example.com')).toBe('https://example.com')
    expect(normalizeHref(' www.example.co.uk/prices?x=1 ')).toBe('https://www.example.co.uk/prices?x=1')
    expect(normalizeHref('/pricing')).toBe('/pricing')
    expect(normalizeHref('mailto:a@example.com')).toBe('mailto:a@example.com')
    expect(normalizeHref('javascript:alert(1)')).toBe('javascript:alert(1)')
  })
})

import { describe, expect, it } from 'vitest'
import { deskHref, readDeskQuery, sortHref } from '~/lib/lead-desk-query.ts'

const read = (q: string) => readDeskQuery(new URLSearchParams(q))

/** The lead desk's address (issue 36 §1): what the filter form and the sort links write, read back. */
describe('lead desk query', () => {
  it('reads the filters, the sort and the page, and falls back to the defaults for anything else', () => {
    expect(read('')).toEqual({ q: '', kind: '', status: '', assignee: '', source: '', sort: 'received', dir: 'desc', page: 1 })
    expect(read('q=%20smith%20&kind=call&status=reviewed&assignee=12&source=google&sort=value&dir=asc&page=3')).toEqual({
      q: 'smith',
      kind: 'call',
      status: 'reviewed',
      assignee: '12',
      source: 'google',
      sort: 'value',
      dir: 'asc',
      page: 3,
    })
    expect(read('kind=spam&status=lost&assignee=bob&sort=drop%20table&dir=up&page=-4')).toMatchObject({
      kind: '',
      status: '',
      assignee: '',
      sort: 'received',
      dir: 'desc',
      page: 1,
    })
    // Each column sorts its own first way; the older "Assigned to me" link still works.
    expect(read('sort=name')).toMatchObject({ sort: 'name', dir: 'asc' })
    expect(read('mine=1')).toMatchObject({ assignee: 'me' })
  })

  it('writes only what differs from the default, and a header link turns the current sort round', () => {
    const path = '/admin/proposals'
    expect(deskHref(path, read(''))).toBe(path)
    const q = read('q=smith&kind=message&sort=name')
    expect(deskHref(path, q)).toBe('/admin/proposals?q=smith&kind=message&sort=name')
    expect(sortHref(path, q, 'name')).toBe('/admin/proposals?q=smith&kind=message&sort=name&dir=desc')
    expect(sortHref(path, read('q=smith&sort=name&dir=desc&page=4'), 'name')).toBe('/admin/proposals?q=smith&sort=name')
    expect(sortHref(path, q, 'received')).toBe('/admin/proposals?q=smith&kind=message')
    expect(read(new URL(sortHref(path, q, 'value'), 'http://x').search.slice(1))).toMatchObject({
      sort: 'value',
      dir: 'desc',
      kind: 'message',
      page: 1,
    })
  })
})

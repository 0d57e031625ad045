import { describe, expect, it } from 'vitest'
import { createContentMemo } from '~/infra/content-memo.server.ts'
import { formatDate } from '~/components/site/format.ts'
import { zoneGenericName } from '~/lib/agency-time.ts'
import { dollars } from '~/content/pricing.ts'

/** A memo over a version the test moves, and a read that counts its calls. */
function setUp() {
  let version = 'v1'
  let reads = 0
  const memo = createContentMemo(() => version)
  const read = () => memo('settings', async () => ({ siteName: `read ${++reads}` }))
  return { read, setVersion: (v: string) => (version = v), reads: () => reads, memo }
}

describe('reads made once per content version', () => {
  it('reads once while the version stays, and again once it changes', async () => {
    const m = setUp()
    expect(await m.read()).toEqual({ siteName: 'read 1' })
    expect(await m.read()).toEqual({ siteName: 'read 1' })
    expect(m.reads()).toBe(1)
    m.setVersion('v2')
    expect(await m.read()).toEqual({ siteName: 'read 2' })
    expect(await m.read()).toEqual({ siteName: 'read 2' })
    expect(m.reads()).toBe(2)
  })

  it('shares one read between requests that ask while it runs', async () => {
    const m = setUp()
    const [a, b] = await Promise.all([m.read(), m.read()])
    expect(a).toBe(b)
    expect(m.reads()).toBe(1)
  })

  it('keeps nothing while the version is unknown (not read yet)', async () => {
    const m = setUp()
    m.setVersion('?')
    await m.read()
    await m.read()
    expect(m.reads()).toBe(2)
  })

  it('does not keep a read that failed: the next request reads again', async () => {
    const memo = createContentMemo(() => 'v1')
    let calls = 0
    const read = () =>
      memo('posts', async () => {
        calls++
        if (calls === 1) throw new Error('database away')
        return ['post']
      })
    await expect(read()).rejects.toThrow('database away')
    expect(await read()).toEqual(['post'])
    expect(calls).toBe(2)
  })

  it('keeps each key apart', async () => {
    const memo = createContentMemo(() => 'v1')
    expect(await memo('a', async () => 1)).toBe(1)
    expect(await memo('b', async () => 2)).toBe(2)
    expect(await memo('a', async () => 3)).toBe(1)
  })
})

describe('texts from formatters made once', () => {
  it('words dates, zones and prices as before', () => {
    expect(formatDate('2026-06-04')).toBe('June 4, 2026')
    expect(formatDate('2026-01-05T23:30:00Z')).toBe('January 5, 2026')
    expect(formatDate('not a date')).toBe('not a date')
    expect(zoneGenericName('America/Los_Angeles')).toBe('Pacific Time')
    expect(zoneGenericName('America/Los_Angeles')).toBe('Pacific Time')
    expect(zoneGenericName('Not/AZone')).toBe('')
    expect(dollars(1499)).toBe('$1,499')
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PROPOSAL_TERMS } from '~/content/proposal-terms.ts'
import { dialects, startTestApp, type TestApp } from '../helpers/app.ts'

// Issue 38 (docs/decisions/075): the payment details and the default terms of new proposals are
// two new optional keys of GET and PUT /api/settings; the keys clients already read are unchanged.
describe.each(dialects())('GET and PUT /api/settings with the proposal settings on %s', (_name, url) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(url())
  })
  afterAll(async () => {
    await t.stop()
  })

  const KEYS_BEFORE = [
    'siteName',
    'siteDescription',
    'contactEmail',
    'contactPhone',
    'address',
    'hours',
    'gwaliorAddress',
    'gwaliorPhone',
    'gwaliorHours',
    'enableNotifications',
    'enableAnalytics',
    'maintenanceMode',
    'timeZone',
  ]

  it('reads them beside every key it had, with no payment details and the standard terms at first', async () => {
    const admin = await t.client().login()
    const res = await admin.get('/api/settings')
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual([...KEYS_BEFORE, 'paymentDetails', 'proposalTerms'].sort())
    expect(body).toMatchObject({ paymentDetails: '', proposalTerms: DEFAULT_PROPOSAL_TERMS })
  })

  it('saves them when sent, and a body without them (an older client) leaves them as they are', async () => {
    const admin = await t.client().login()
    const put = await admin.put('/api/settings', { paymentDetails: 'Bank of Tests\nAccount 42', proposalTerms: 'Net 7 days.' })
    expect(put.status).toBe(200)
    expect(await put.json()).toMatchObject({ paymentDetails: 'Bank of Tests\nAccount 42', proposalTerms: 'Net 7 days.' })
    expect((await admin.put('/api/settings', { siteName: 'Older Client Studio' })).status).toBe(200)
    expect(await (await admin.get('/api/settings')).json()).toMatchObject({
      siteName: 'Older Client Studio',
      paymentDetails: 'Bank of Tests\nAccount 42',
      proposalTerms: 'Net 7 days.',
    })
    // Emptied, the terms are the standard ones again.
    expect(await (await admin.put('/api/settings', { proposalTerms: '' })).json()).toMatchObject({ proposalTerms: DEFAULT_PROPOSAL_TERMS })
  })

  it('answers 400 with a message per field for too long or not text, and changes nothing', async () => {
    const admin = await t.client().login()
    const bad = await admin.put('/api/settings', { paymentDetails: 'x'.repeat(2001), proposalTerms: 7 })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { fields: object }).fields).toEqual({
      paymentDetails: 'Payment details must be at most 2,000 characters',
      proposalTerms: 'Default terms must be text',
    })
    expect(await (await admin.get('/api/settings')).json()).toMatchObject({ paymentDetails: 'Bank of Tests\nAccount 42' })
  })

  it('needs a session', async () => {
    expect((await t.client().put('/api/settings', { paymentDetails: 'Pay the thief' })).status).toBe(401)
  })
})

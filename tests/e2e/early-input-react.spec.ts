import { expect, test, type Page } from '@playwright/test'
import { REACT_FIBER_KEY_PREFIX } from '../../app/browser/keep-early-input.ts'
import { holdScripts, letScriptsRun } from './held-scripts.ts'
import { skipDiscoveryPopup } from './public-helpers.ts'

/**
 * app/browser/keep-early-input.ts tells a field React has hydrated from one it has not by a React
 * internal: the `__reactFiber$…` key React sets on every DOM node it hydrates. Were a React
 * upgrade to drop or rename it, every field would look unhydrated: edits React drops while it
 * hydrates (docs/decisions/035) would no longer be told from edits it heard, and nothing else
 * would fail. This fails first, naming the decision, in a real Chromium.
 */
const REACT_CHANGED =
  `React no longer marks the DOM nodes it hydrates with a ${REACT_FIBER_KEY_PREFIX}… key, which app/browser/keep-early-input.ts reads: ` +
  'follow "Removal plan" in docs/decisions/035-edits-react-drops.md (find the new sign, or drop the replay if React now keeps such edits)'

/** For each field of the contact form: does it carry React's key? */
const fieldsMarked = (page: Page) =>
  page
    .getByRole('main')
    .locator('form input:not([type=hidden]), form textarea, form select')
    .evaluateAll((fields, prefix) => fields.map((f) => Object.keys(f).some((k) => k.startsWith(prefix))), REACT_FIBER_KEY_PREFIX)

test.beforeEach(async ({ page }) => skipDiscoveryPopup(page))

test(`React marks the fields it hydrates with ${REACT_FIBER_KEY_PREFIX}…, and only those (keep-early-input's sign)`, async ({ page }) => {
  const scripts = await holdScripts(page)
  await page.goto('/contact', { waitUntil: 'domcontentloaded' })
  // Before React has run, no field carries the key: the sign tells the two states apart.
  const before = await fieldsMarked(page)
  expect(before.length).toBeGreaterThanOrEqual(3)
  expect(before, 'a field carries the key before React ran').toEqual(before.map(() => false))
  await letScriptsRun(page, scripts)
  expect(await fieldsMarked(page), REACT_CHANGED).toEqual(before.map(() => true))
})

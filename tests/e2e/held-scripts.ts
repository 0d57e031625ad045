import { expect, type Page } from '@playwright/test'

export type HeldScripts = {
  /** Lets every held script through, and every later one, until hold() is called again. */
  release(): void
  /** Holds the scripts asked for from now on, until the next release(). */
  hold(): void
}

/**
 * Holds every script of the site back, as a slow phone on a slow link would, until the test lets
 * them go. A fixed hold (it was 5 s) could run out on a loaded machine before the early click was
 * made; this one lasts until the test has made its click and seen what it did, however slow the
 * machine, and costs no idle time when it is fast.
 */
export async function holdScripts(page: Page): Promise<HeldScripts> {
  let open = () => {}
  let gate: Promise<void>
  const hold = () => {
    gate = new Promise<void>((resolve) => (open = resolve))
  }
  hold()
  await page.route('**/assets/*.js', async (route) => {
    await gate
    // The document that asked may be gone by then (a click navigated): nothing to continue.
    await route.continue().catch(() => {})
  })
  return { release: () => open(), hold }
}

/** Lets the held scripts run and waits until the page has hydrated (it marks <html data-hydrated>). */
export async function letScriptsRun(page: Page, scripts: HeldScripts) {
  scripts.release()
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 15_000 })
}

import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { BASE_PORT, E2E_WORKERS, WORKER_PORT } from './tests/e2e/ports.ts'

/** Specs whose every check is the same at any viewport width: run in the desktop project only. */
const VIEWPORT_INDEPENDENT = [
  '**/security.spec.ts',
  '**/public-seo.spec.ts',
  '**/lead-sources.spec.ts',
  '**/site-import-editor.spec.ts',
  '**/admin-import-export.spec.ts',
  '**/smoke.spec.ts',
  '**/early-input-react.spec.ts',
]

/** Debian's Chromium headless shell (decision 048); Playwright never downloads a browser here. */
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium')
const launchOptions = {
  executablePath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

export default defineConfig({
  testDir: 'tests/e2e',
  // One server (and database) per worker: tests of one worker run in order, as on one server.
  workers: E2E_WORKERS,
  retries: 0,
  // Long flows (sign in, edit, check the public site) on a loaded two-core machine.
  timeout: 60_000,
  // A state the page reaches is waited for up to 15 s: on a two-core machine running another job
  // beside the suite (issue 33), a toast once took over 7 s to follow a delete.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/playwright.json' }]],
  use: { baseURL: `http://127.0.0.1:${WORKER_PORT}`, launchOptions, trace: 'off' },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } },
    // Specs that check what the server sends (headers, policies, meta tags, cookies, stored HTML)
    // answer the same at any width: they run once, at desktop size (docs/decisions/046).
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions }, testIgnore: VIEWPORT_INDEPENDENT },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, i) => ({
    command: 'node tests/e2e/server.js',
    // /readyz: the port answers /healthz while the server still waits for its database.
    url: `http://127.0.0.1:${BASE_PORT + i}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(BASE_PORT + i) },
  })),
})

import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/services/**/*.test.ts', 'tests/system/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Files run in parallel only when each worker has a PostgreSQL database of its own
    // (scripts/test.js makes them); otherwise one at a time, as they share TEST_PG_URL.
    fileParallelism: process.env.TEST_PG_WORKER_DATABASES === '1',
    setupFiles: ['tests/helpers/worker-database.ts'],
    // A worker runs its files one after another in one process, importing the app once: each
    // file builds its own app, database and servers, so nothing carries over but the module
    // cache. Isolating every file spent about 100 CPU-seconds per run on imports alone
    // (docs/decisions/049).
    isolate: false,
  },
})

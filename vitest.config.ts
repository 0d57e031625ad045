import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

const alias = { '~': fileURLToPath(new URL('./app', import.meta.url)) }

export default defineConfig({
  resolve: { alias },
  test: {
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
    projects: [
      {
        extends: true,
        test: {
          name: 'in-process',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/services/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // Each system test does a bounded amount of work (so many restarts, requests, sign-ins)
        // and waits for states, not for time: its limit only catches a hang. On a busy two-core
        // machine the production servers it starts, and their full-cost password hashing, take
        // several times as long as on a quiet one (docs/decisions/059).
        extends: true,
        test: { name: 'system', include: ['tests/system/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 300_000 },
      },
    ],
  },
})

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
  },
})

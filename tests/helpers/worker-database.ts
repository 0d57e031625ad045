/**
 * Vitest runs test files in parallel workers, and every PostgreSQL suite wipes its database:
 * each worker gets a database of its own, `<TEST_PG_URL's database>_w<worker>`, which
 * scripts/test.js creates (TEST_PG_WORKER_DATABASES=1) before the run. Without that flag the
 * files run one at a time on TEST_PG_URL itself (vitest.config.ts).
 */
const base = process.env.TEST_PG_URL
const worker = process.env.VITEST_POOL_ID
// Once per worker process: without isolation the setup runs again before each of its files.
if (base && worker && process.env.TEST_PG_WORKER_DATABASES === '1' && !process.env.TEST_PG_WORKER_SET) {
  process.env.TEST_PG_WORKER_SET = '1'
  process.env.TEST_PG_URL = workerDatabaseUrl(base, Number(worker))
}

export function workerDatabaseUrl(url: string, worker: number): string {
  const u = new URL(url)
  u.pathname = `${u.pathname.replace(/^\//, '')}_w${worker}`
  return u.toString()
}

/**
 * Each Playwright worker has a server of its own (playwright.config.ts): worker N's is on
 * E2E_PORT + N, with its own database, so workers never see each other's changes. Specs that
 * start a server of their own use a port above all of those. E2E_WORKERS is 1 unless set
 * (`npm test` runs two).
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 1)
export const BASE_PORT = Number(process.env.E2E_PORT ?? 3100)
/** This worker's server (the config is evaluated again in every worker, with its index set). */
export const WORKER_PORT = BASE_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0)
/** A spare port for this worker, past every worker's server. */
export const spareWorkerPort = (offset: number) =>
  BASE_PORT + E2E_WORKERS + offset * E2E_WORKERS + Number(process.env.TEST_PARALLEL_INDEX ?? 0)

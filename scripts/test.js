// `npm test`: every suite. Finds or starts what the tests need (PostgreSQL, Chromium), builds the
// site, runs lint, typecheck, Vitest (unit + API on SQLite and PostgreSQL) and Playwright, and ends
// with one line: `N passed, N failed`.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { ensurePostgres, ensureChromium, ensureWorkerDatabases } from './test-env.js'

const results = { passed: 0, failed: 0 }
/** What failed, named: repeated just above the last line, where a CI log's tail shows it. */
const failures = []

/** Every Playwright test whose outcome was unexpected, as `[project] file:line title`. */
function playwrightFailures(report) {
  const out = []
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        if (t.status === 'unexpected') out.push(`playwright [${t.projectName}] ${spec.file}:${spec.line} ${spec.title}`)
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of report.suites ?? []) walk(suite)
  for (const e of report.errors ?? []) out.push(`playwright error: ${(e.message ?? '').split('\n')[0]}`)
  return out
}

/** Every failed Vitest test (and every file that failed to load), with the first line of its error. */
function vitestFailures(report, label) {
  const out = []
  for (const file of report.testResults) {
    const name = file.name.includes('/tests/')
      ? file.name.slice(file.name.lastIndexOf('/tests/') + 1)
      : path.relative(process.cwd(), file.name)
    if (file.status === 'failed' && file.assertionResults.length === 0) out.push(`${label} ${name}: ${(file.message ?? '').split('\n')[0]}`)
    for (const t of file.assertionResults)
      if (t.status === 'failed')
        out.push(`${label} ${name} > ${t.fullName}: ${(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200)}`)
  }
  return out
}
const started = Date.now()

const pgUrl = await ensurePostgres()
// Two Vitest workers (this machine has two cores), each on a PostgreSQL database of its own.
const VITEST_WORKERS = 2
const parallel = await ensureWorkerDatabases(pgUrl, VITEST_WORKERS)
const chromium = ensureChromium()

/** Runs a command with its output shown as it comes; resolves with its exit status. */
function runShown(cmd, args, env = {}) {
  return new Promise((resolve) => spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).on('close', resolve))
}

/** Runs a command with its output kept, to be shown after it ends (it runs beside another). */
function runQuietly(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('close', (status) => resolve({ status, out }))
  })
}

// Lint (ESLint, the layers and cycles of .dependency-cruiser.cjs, Prettier's check) and typecheck (one core each, mostly) run while the build runs; their output follows it.
const checks = (async () => {
  const lint = await runQuietly('npm', ['run', '-s', 'lint'])
  await runQuietly('npx', ['react-router', 'typegen'])
  const typecheck = await runQuietly('npx', ['tsc', '--noEmit'])
  return { lint, typecheck }
})()

mkdirSync('test-results', { recursive: true })
console.log('\n=== build (the system and end-to-end tests run the production build) ===')
// Not spawnSync: that would stop this process reading the checks' output while the build runs.
const built = (await runShown('npx', ['react-router', 'build'])) === 0
if (!built) {
  results.failed++
  failures.push('the build')
}

for (const [name, r] of Object.entries(await checks)) {
  console.log(`\n=== ${name} ===\n${r.out}`)
  if (r.status === 0) results.passed++
  else {
    results.failed++
    failures.push(name)
    console.log(`FAILED: ${name}`)
  }
}

// Vitest and Playwright run side by side: Playwright keeps both cores busy, Vitest's system tests
// spend much of their time waiting on servers they started, and together they take less time
// than one after the other. Vitest's output is kept and shown once both are done. (Its report is
// not under test-results/, which Playwright empties when it starts.)
mkdirSync('test-reports', { recursive: true })
rmSync('test-reports/vitest.json', { force: true })
const vitest = runQuietly(
  'npx',
  [
    'vitest',
    'run',
    `--maxWorkers=${parallel ? VITEST_WORKERS : 1}`,
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-reports/vitest.json',
  ],
  { TEST_PG_URL: pgUrl, TEST_PG_WORKER_DATABASES: parallel ? '1' : '0', FORCE_COLOR: '1' },
)

if (built) {
  console.log('\n=== playwright: end to end in Chromium (desktop and phone) ===')
  rmSync('test-results/playwright.json', { force: true })
  const env = {
    TEST_PG_URL: pgUrl,
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json',
    E2E_WORKERS: process.env.E2E_WORKERS ?? '2',
  }
  await runShown('npx', ['playwright', 'test'], env)
  if (existsSync('test-results/playwright.json')) {
    const p = JSON.parse(readFileSync('test-results/playwright.json', 'utf8'))
    results.passed += p.stats.expected + p.stats.flaky
    results.failed += p.stats.unexpected
    if (p.errors?.length) results.failed += p.errors.length
    failures.push(...playwrightFailures(p))
  } else {
    results.failed++
    failures.push('playwright: no report')
  }
}

console.log('\n=== vitest: unit, API (SQLite and PostgreSQL) and system tests ===')
console.log((await vitest).out)
if (existsSync('test-reports/vitest.json')) {
  const v = JSON.parse(readFileSync('test-reports/vitest.json', 'utf8'))
  results.passed += v.numPassedTests
  results.failed += v.numFailedTests
  // A file that fails to load has no tests to count: count it as one failure.
  results.failed += v.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length
  failures.push(...vitestFailures(v, 'vitest'))
} else {
  results.failed++
  failures.push('vitest: no report')
}

// The same Vitest suite again on production's Node 24 (docs/decisions/060), when TEST_NODE24 names
// its folder (.ci/run installs it): after the first run, on the same databases, in a copy of the
// project with better-sqlite3 built for it. Its tests count like the others.
if (process.env.TEST_NODE24) {
  const { vitestOnNode } = await import('./test-node24.js')
  const n24 = await vitestOnNode(process.env.TEST_NODE24, {
    headersHome: process.env.TEST_NODE24_HEADERS || undefined,
    buildDir: process.env.BUILD_DIR ?? 'build',
    args: [`--maxWorkers=${parallel ? VITEST_WORKERS : 1}`],
    env: { TEST_PG_URL: pgUrl, TEST_PG_WORKER_DATABASES: parallel ? '1' : '0', FORCE_COLOR: '1' },
  })
  console.log(`\n=== vitest on Node ${n24.version ?? '24'} (the suite again, on production's runtime) ===`)
  if (n24.out) console.log(n24.out)
  if (n24.report) {
    const failed =
      n24.report.numFailedTests + n24.report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length
    results.passed += n24.report.numPassedTests
    results.failed += failed
    failures.push(...vitestFailures(n24.report, `vitest on Node ${n24.version ?? '24'}`))
    // A worker that died (a native crash, say) fails the run even when every counted test passed.
    if (n24.status !== 0 && failed === 0) {
      console.log(`FAILED: Vitest on Node ${n24.version} exited ${n24.status} with no failed test: see its errors above`)
      results.failed++
      failures.push(`vitest on Node ${n24.version}: exited ${n24.status}`)
    }
  } else {
    console.log(`FAILED: ${n24.error}`)
    results.failed++
    failures.push(`vitest on Node 24: ${n24.error}`)
  }
}

const seconds = Math.round((Date.now() - started) / 1000)
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`)
console.log(`\nnpm test took ${Math.floor(seconds / 60)} min ${seconds % 60} s`)
console.log(`\n${results.passed} passed, ${results.failed} failed`)
process.exit(results.failed ? 1 : 0)

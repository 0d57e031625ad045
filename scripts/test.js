// `npm test`: every suite. Finds or starts what the tests need (PostgreSQL, Chromium), builds the
// site, runs lint, typecheck, Vitest (unit + API on SQLite and PostgreSQL) and Playwright, and ends
// with one line: `N passed, N failed`.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { ensurePostgres, ensureChromium } from './test-env.js'

const results = { passed: 0, failed: 0 }
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })

function check(name, cmd, args) {
  console.log(`\n=== ${name} ===`)
  const r = run(cmd, args)
  if (r.status === 0) results.passed++
  else {
    results.failed++
    console.log(`FAILED: ${name}`)
  }
}

const pgUrl = await ensurePostgres()
const chromium = ensureChromium()

check('lint', 'npx', ['eslint', '.'])
check('typecheck', 'npx', ['react-router', 'typegen']) // types first; counted once with tsc below
results.passed--
check('typecheck', 'npx', ['tsc', '--noEmit'])

mkdirSync('test-results', { recursive: true })
console.log('\n=== vitest: unit and API tests (SQLite and PostgreSQL) ===')
rmSync('test-results/vitest.json', { force: true })
run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'], { TEST_PG_URL: pgUrl })
if (existsSync('test-results/vitest.json')) {
  const v = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'))
  results.passed += v.numPassedTests
  results.failed += v.numFailedTests + (v.numTotalTestSuites > 0 && v.success === false && v.numFailedTests === 0 ? 1 : 0)
} else results.failed++

console.log('\n=== build ===')
if (run('npx', ['react-router', 'build']).status !== 0) {
  results.failed++
} else {
  console.log('\n=== playwright: end to end in Chromium ===')
  rmSync('test-results/playwright.json', { force: true })
  run('npx', ['playwright', 'test'], { TEST_PG_URL: pgUrl, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json' })
  if (existsSync('test-results/playwright.json')) {
    const p = JSON.parse(readFileSync('test-results/playwright.json', 'utf8'))
    results.passed += p.stats.expected + p.stats.flaky
    results.failed += p.stats.unexpected
  } else results.failed++
}

console.log(`\n${results.passed} passed, ${results.failed} failed`)
process.exit(results.failed ? 1 : 0)

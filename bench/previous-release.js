// The previous release, built once and kept, for the A/B part of `npm run bench`: its source is
// checked out with `git worktree add` (this checkout's node_modules linked in, nothing installed)
// and built with `npx react-router build` into its own folder. The folder is named by the commit,
// so a second run finds it and builds nothing.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** The commit the A/B compares with unless BENCH_BASE names another ref: the last landed main. */
export const DEFAULT_BASE = '532bdec'

/** Where built releases are kept between runs (BENCH_CACHE_DIR, default ~/.cache/agency-site-bench). */
export const CACHE_DIR = process.env.BENCH_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'agency-site-bench')

function git(args, opts = {}) {
  const r = spawnSync('git', args, { encoding: 'utf8', ...opts })
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`)
  return r.stdout.trim()
}

/**
 * The source folder (with its own server.js) and build folder of `ref`, built if not yet in the
 * cache. Answers { sha, dir, buildDir }: start it with `node server.js` in `dir`, BUILD_DIR=buildDir.
 */
export function ensureReleaseBuild(ref = DEFAULT_BASE) {
  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`])
  const dir = path.join(CACHE_DIR, sha.slice(0, 12))
  const buildDir = path.join(dir, 'build')
  if (fs.existsSync(path.join(buildDir, 'server/index.js'))) return { sha, dir, buildDir }
  fs.mkdirSync(CACHE_DIR, { recursive: true })
  if (!fs.existsSync(path.join(dir, 'server.js'))) {
    // A folder left half-made by an interrupted run is made again.
    spawnSync('git', ['worktree', 'remove', '--force', dir])
    fs.rmSync(dir, { recursive: true, force: true })
    git(['worktree', 'prune'])
    git(['worktree', 'add', '--detach', dir, sha])
  }
  const modules = path.join(dir, 'node_modules')
  if (!fs.existsSync(modules)) fs.symlinkSync(fs.realpathSync('node_modules'), modules)
  console.error(`Building the previous release ${ref} (${sha.slice(0, 9)}) into ${buildDir} (once; kept for later runs)...`)
  const built = spawnSync('npx', ['react-router', 'build'], {
    cwd: dir,
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (built.status !== 0) throw new Error(`building ${ref} failed`)
  return { sha, dir, buildDir }
}

import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { BUILD_DIR, freePort, requireBuild } from './server.ts'

/**
 * The production image, without Docker (not available here): the files the Dockerfile's final
 * stage takes from its build stage, with node_modules pruned by the same `npm prune --omit=dev`,
 * started by the image's own command. A runtime import of a devDependency (issue 33:
 * fast-xml-parser) stops it here as it stops the image. The lint rule
 * `import-x/no-extraneous-dependencies` (eslint.config.js) catches the same mistake earlier.
 */

const run = promisify(execFile)

/** What the Dockerfile's last stage copies from the build stage (paths under /app) and its CMD. */
function imageRecipe(): { files: string[]; cmd: string[] } {
  const dockerfile = fs.readFileSync('Dockerfile', 'utf8')
  const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))
  const files: string[] = []
  for (const [, args] of final.matchAll(/^COPY --from=build (.+)$/gm)) {
    const parts = args!.trim().split(/\s+/)
    const dest = parts.pop()!
    for (const src of parts) {
      const rel = path.posix.relative('/app', src)
      // Every file keeps its place under /app, which the copy below relies on.
      expect([`./${rel}`, './'], `Dockerfile: COPY ${args}`).toContain(dest)
      files.push(rel)
    }
  }
  const cmd = JSON.parse(/^CMD (\[.+\])$/m.exec(final)![1]!) as string[]
  return { files, cmd }
}

/**
 * Copies a tree with hard links where it can (node_modules is 600 MB; a link per file takes a
 * second), so nothing resolves back to the checkout as a symbolic link would.
 */
async function linkTree(from: string, to: string) {
  try {
    await run('cp', ['-al', from, to])
  } catch {
    await run('cp', ['-a', from, to])
  }
}

/**
 * A folder for the copy with no node_modules in it or above it: Node looks for a package in every
 * folder up to the root, so one there (say /tmp/node_modules, which a developer may link to the
 * checkout's to run a build kept in /tmp) would lend the copy what the prune removed.
 */
function folderOutsideAnyNodeModules(): string {
  const candidates = [os.tmpdir(), '/var/tmp', '/dev/shm', os.homedir()]
  const clean = (dir: string): boolean => {
    for (let d = path.resolve(dir); ; d = path.dirname(d)) {
      if (fs.existsSync(path.join(d, 'node_modules')) || fs.existsSync(path.join(d, 'package.json'))) return false
      if (d === path.dirname(d)) return true
    }
  }
  const base = candidates.find((d) => fs.existsSync(d) && clean(d))
  if (!base)
    throw new Error(`Every folder for the copy (${candidates.join(', ')}) has a node_modules folder or package.json in it or above it`)
  return fs.mkdtempSync(path.join(base, 'image-'))
}

describe('the production image (build and dependencies only, no devDependencies)', () => {
  const dir = folderOutsideAnyNodeModules()
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('starts from a pruned install: /readyz answers 200 and pages render', async () => {
    requireBuild()
    const { files, cmd } = imageRecipe()
    expect(files).toEqual(expect.arrayContaining(['node_modules', 'build', 'package.json']))

    // The build stage: the project's package files and its full install, then the prune.
    for (const f of ['package.json', 'package-lock.json']) fs.copyFileSync(f, path.join(dir, f))
    await linkTree('node_modules', path.join(dir, 'node_modules'))
    // npm rewrites this file in place: a linked one would change the checkout's own.
    const hidden = path.join(dir, 'node_modules/.package-lock.json')
    fs.rmSync(hidden, { force: true })
    if (fs.existsSync('node_modules/.package-lock.json')) fs.copyFileSync('node_modules/.package-lock.json', hidden)
    const pruned = await run('npm', ['prune', '--omit=dev', '--ignore-scripts', '--offline', '--no-audit', '--no-fund'], { cwd: dir })
    expect(fs.existsSync(path.join(dir, 'node_modules/vite')), pruned.stdout + pruned.stderr).toBe(false)

    // The final stage's files (the build from BUILD_DIR, where the tests' build is).
    for (const f of files) {
      if (f === 'node_modules' || f === 'package.json') continue
      if (f === 'build') await linkTree(BUILD_DIR, path.join(dir, 'build'))
      else fs.cpSync(f, path.join(dir, f), { recursive: true })
    }

    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    let out = ''
    const [program, ...args] = cmd
    expect(program).toBe('node')
    const proc = spawn(process.execPath, args, {
      cwd: dir,
      // The image's environment (Dockerfile ENV), on a free port of this machine.
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        ADMIN_PASSWORD: 'image-test-password',
        LOG_LEVEL: 'warn',
        WEB_CONCURRENCY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    proc.stdout.on('data', (d) => (out += d))
    proc.stderr.on('data', (d) => (out += d))
    const exited = new Promise<number | null>((resolve) => proc.once('exit', resolve))
    try {
      // Waits for a state: ready, or the process gone (the test's time limit bounds the rest).
      for (;;) {
        expect(proc.exitCode, `the image's server exited:\n${out}`).toBeNull()
        const status = await fetch(`${url}/readyz`).then(
          (r) => r.status,
          () => 0,
        )
        if (status === 200) break
        await new Promise((r) => setTimeout(r, 100))
      }
      for (const page of ['/', '/blog']) {
        const res = await fetch(`${url}${page}`)
        expect(res.status, page).toBe(200)
        expect(await res.text()).toContain('</html>')
      }
    } finally {
      proc.kill('SIGTERM')
    }
    expect(await exited, out).toBe(0)
  })
})

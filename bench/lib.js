// Shared bits for the benchmarks: start the production server as its own process, and
// rewrite one marked section of docs/BENCHMARKS.md without touching the others.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const BUILD_DIR = process.env.BUILD_DIR ?? 'build'

export function ensureBuild() {
  if (!fs.existsSync(path.join(BUILD_DIR, 'server/index.js'))) {
    console.error('No production build: run `npm run build` first.')
    process.exit(1)
  }
}

export function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix))
}

export function startServer(port, env) {
  return startServerFrom(BUILD_DIR, port, env)
}

/** Starts `node server.js` on the build in `buildDir` and waits until it answers. */
export async function startServerFrom(buildDir, port, env) {
  const proc = spawn(process.execPath, ['server.js'], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', BUILD_DIR: buildDir, PORT: String(port), HOST: '127.0.0.1', SITE_URL: `http://127.0.0.1:${port}`, ADMIN_PASSWORD: 'bench-password-1', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, proc, stop: () => new Promise((r) => (proc.once('exit', r), proc.kill('SIGTERM'))) }
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  proc.kill('SIGKILL')
  throw new Error('server did not start')
}

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`, appending the section if absent. */
export function writeSection(name, markdown) {
  const file = 'docs/BENCHMARKS.md'
  fs.mkdirSync('docs', { recursive: true })
  let doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n\nMeasured figures, each with the date, the machine and the command that produced it.\n'
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const block = `${start}\n${markdown.trim()}\n${end}`
  const i = doc.indexOf(start)
  const j = doc.indexOf(end)
  doc = i >= 0 && j > i ? doc.slice(0, i) + block + doc.slice(j + end.length) : `${doc.trimEnd()}\n\n${block}\n`
  fs.writeFileSync(file, doc)
}

export function machine() {
  return `${os.cpus().length} × ${os.cpus()[0]?.model?.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`
}

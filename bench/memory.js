// `npm run bench:memory`: what hostile or heavy input costs the server's memory (SQLite, one
// process, MALLOC_ARENA_MAX=2 as deploy/ sets it). The system tests check the mechanisms (413
// before reading a body, a picture over 26 megapixels refused before decoding, four big photos at
// once all stored); this measures what they save, which depends on the machine, so it is a figure
// in docs/BENCHMARKS.md (section "memory") rather than a test's assertion.
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import sharp from 'sharp'
import { ensureBuild, machine, startServer, tempDir, writeSection } from './lib.js'

ensureBuild()
const PORT = 3990

const status = (pid, field) =>
  Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024)
const peakMb = (pid) => status(pid, 'VmHWM')
const rssMb = (pid) => status(pid, 'VmRSS')

/** Sends a 100 MB form with its length on a raw socket; resolves once the server answers. */
function bigPost(url, pathname) {
  const { hostname, port } = new URL(url)
  const total = 100 * 1024 * 1024
  const chunk = Buffer.alloc(1024 * 1024, 'a')
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname)
    socket.on('data', (d) => {
      resolve(d.toString('latin1').slice(9, 12))
      socket.destroy()
    })
    socket.on('error', () => resolve('reset'))
    socket.write(
      `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/x-www-form-urlencoded\r\nOrigin: ${url}\r\nContent-Length: ${total}\r\n\r\n`,
    )
    let sent = 0
    const pump = () => {
      while (sent < total && !socket.destroyed) {
        sent += chunk.length
        if (!socket.write(chunk)) return socket.once('drain', pump)
      }
    }
    pump()
  })
}

async function signedInUpload(url) {
  const s = await fetch(`${url}/api/auth/session`)
  let cookie = s.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const { csrfToken } = await s.json()
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie },
    body: JSON.stringify({ username: 'admin', password: 'bench-password-1' }),
  })
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`)
  cookie = [cookie, ...login.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ')
  const after = await (await fetch(`${url}/api/auth/session`, { headers: { cookie } })).json()
  return (bytes) =>
    fetch(`${url}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', 'x-csrf-token': after.csrfToken ?? csrfToken, cookie },
      body: new Uint8Array(bytes),
    })
}

const dir = tempDir('bench-memory-')
const server = await startServer(PORT, { DATABASE_URL: path.join(dir, 'site.db'), DATA_DIR: dir, MALLOC_ARENA_MAX: '2' })
const pid = server.proc.pid
const rows = []
try {
  for (const p of ['/', '/proposal', '/blog', '/api/blogs']) await (await fetch(`${server.url}${p}`)).text()
  rows.push(['after start and one visit of four pages', '', `${rssMb(pid)} MB`, `${peakMb(pid)} MB`])

  const answers = await Promise.all(Array.from({ length: 5 }, () => bigPost(server.url, '/proposal')))
  rows.push(['five 100 MB form posts at once', answers.join(', '), `${rssMb(pid)} MB`, `${peakMb(pid)} MB`])

  const upload = await signedInUpload(server.url)
  const huge = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer()
  const refused = await upload(huge)
  rows.push([
    `a 40-megapixel PNG (${Math.round(huge.length / 1024)} KB on the wire, 119 MB decoded)`,
    String(refused.status),
    `${rssMb(pid)} MB`,
    `${peakMb(pid)} MB`,
  ])

  const photo = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#aa3333' } })
    .png()
    .toBuffer()
  const rssBefore = rssMb(pid)
  const stored = await Promise.all(Array.from({ length: 4 }, () => upload(photo)))
  rows.push([
    'four 24-megapixel photos at once (about 69 MB each decoded)',
    stored.map((r) => r.status).join(', '),
    `${rssMb(pid)} MB (+${rssMb(pid) - rssBefore})`,
    `${peakMb(pid)} MB`,
  ])
} finally {
  await server.stop()
}

const table = ['| what | answers | resident after | peak so far |', '|---|---|---:|---:|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join(
  '\n',
)
console.log(table)
writeSection(
  'memory',
  `## Memory under heavy input

${new Date().toISOString().slice(0, 10)}, \`npm run bench:memory\` (bench/memory.js) on ${machine()}: the production build, SQLite, one process, \`MALLOC_ARENA_MAX=2\`. "peak so far" is the process's peak resident memory (VmHWM) since it started: the first row's peak is the first start's work (migrations, the sample content and its images). The system tests check the mechanisms behind these figures (tests/system/hardening.test.ts).

${table}`,
)

import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

/**
 * The WordPress fixture's uploads, served on loopback as the old site would serve them. `hold()`
 * makes image requests wait until the function it returns is called (an import that is still
 * fetching); `waiting()` says how many wait.
 */
export function oldSite(): Promise<{
  origin: string
  host: string
  close: () => Promise<void>
  hold: () => () => void
  waiting: () => number
}> {
  const root = path.resolve('tests/fixtures/wordpress/uploads')
  let held: Promise<void> | null = null
  let waiting = 0
  const server = http.createServer(async (req, res) => {
    if (held) {
      waiting++
      await held
      waiting--
    }
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/wp-content\/uploads\//, '')
    const file = path.resolve(root, rel)
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file)) return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(fs.readFileSync(file))
  })
  const hold = () => {
    let release!: () => void
    held = new Promise((resolve) => (release = resolve))
    return () => {
      held = null
      release()
    }
  }
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const host = `127.0.0.1:${(server.address() as AddressInfo).port}`
      resolve({ origin: `http://${host}`, host, close: () => new Promise((r) => server.close(() => r())), hold, waiting: () => waiting })
    }),
  )
}

/** The real WordPress export, with the old site's address where `origin` serves its uploads. */
export const wxrServedFrom = (origin: string) =>
  fs.readFileSync('tests/fixtures/wordpress/export.xml', 'utf8').replaceAll('http://old.example', origin)

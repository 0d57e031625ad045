import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

/** The WordPress fixture's uploads, served on loopback as the old site would serve them. */
export function oldSite(): Promise<{ origin: string; host: string; close: () => Promise<void> }> {
  const root = path.resolve('tests/fixtures/wordpress/uploads')
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/wp-content\/uploads\//, '')
    const file = path.resolve(root, rel)
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file)) return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(fs.readFileSync(file))
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const host = `127.0.0.1:${(server.address() as AddressInfo).port}`
      resolve({ origin: `http://${host}`, host, close: () => new Promise((r) => server.close(() => r())) })
    }),
  )
}

/** The real WordPress export, with the old site's address where `origin` serves its uploads. */
export const wxrServedFrom = (origin: string) => fs.readFileSync('tests/fixtures/wordpress/export.xml', 'utf8').replaceAll('http://old.example', origin)

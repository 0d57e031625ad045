import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FetchRefused, isPublicAddress, safeFetch } from '~/infra/safe-fetch.server.ts'

describe("safeFetch: a request made from a user's file", () => {
  let server: http.Server
  let host: string
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/big') return res.writeHead(200).end(Buffer.alloc(2048))
      if (req.url === '/slow') return // never answers
      if (req.url === '/away') return res.writeHead(302, { location: 'http://10.0.0.1/secret' }).end()
      res.writeHead(200, { 'content-type': 'image/png' }).end('png')
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    host = `127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  )
  const rules = (allowHosts: string[] = []) => ({ allowHosts, maxBytes: 1024, timeoutMs: 500 })

  it('refuses loopback, private and non-http addresses unless the host is allowed', async () => {
    await expect(safeFetch(`http://${host}/a.png`, rules())).rejects.toThrow(
      `${host} is a private or loopback address (allow it with --allow-host ${host})`,
    )
    await expect(safeFetch('http://localhost:9/a.png', rules())).rejects.toThrow('localhost resolves to')
    await expect(safeFetch('file:///etc/passwd', rules())).rejects.toThrow('file: addresses are not fetched (only http and https)')
    await expect(safeFetch('http://[::1]/a.png', rules())).rejects.toBeInstanceOf(FetchRefused)
    expect((await safeFetch(`http://${host}/a.png`, rules([host]))).bytes.toString()).toBe('png')
    expect(['10.1.2.3', '192.168.0.1', '169.254.169.254', '::ffff:127.0.0.1', 'fd00::1'].map(isPublicAddress)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
    expect(isPublicAddress('93.184.216.34')).toBe(true)
  })

  it('keeps to the size limit, the time limit, and checks where a redirect leads', async () => {
    await expect(safeFetch(`http://${host}/big`, rules([host]))).rejects.toThrow('over the 1024-byte limit')
    await expect(safeFetch(`http://${host}/slow`, rules([host]))).rejects.toThrow('took longer than 0.5 s')
    await expect(safeFetch(`http://${host}/away`, rules([host]))).rejects.toThrow('10.0.0.1 is a private or loopback address')
  })
})

import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * Fetching an address taken from a user's file is a request our server makes for them: only
 * http(s), only public addresses (checked on the address actually connected to, after DNS, so a
 * name that resolves to 127.0.0.1 or 10.x is refused too), a size cap and a time limit. A host
 * named in `allowHosts` ('host' or 'host:port') may be private: an old site on the same network.
 */
export type FetchRules = { allowHosts: readonly string[]; maxBytes: number; timeoutMs: number; maxRedirects?: number }

export class FetchRefused extends Error {}

export const DEFAULT_FETCH_RULES: FetchRules = { allowHosts: [], maxBytes: 10 * 1024 * 1024, timeoutMs: 15_000 }

function isAllowed(url: URL, allowHosts: readonly string[]): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  return allowHosts.some((h) => {
    const want = h.toLowerCase().replace(/^\[|\](?=:|$)/g, '')
    return want === host || want === `${host}:${port}`
  })
}

/** Whether an IP is on the public internet (ipaddr's 'unicast': not loopback, private, link-local, reserved...). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  let ip = ipaddr.parse(address)
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address()
  return ip.range() === 'unicast'
}

function checkedLookup(hostname: string): LookupFunction {
  return (host, options, callback) => {
    dns.lookup(host, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0)
      const list = addresses as dns.LookupAddress[]
      const bad = list.find((a) => !isPublicAddress(a.address))
      if (bad)
        return callback(
          new FetchRefused(
            `${hostname} resolves to ${bad.address}, a private or loopback address (allow it with --allow-host ${hostname})`,
          ),
          '',
          0,
        )
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list)
      callback(null, list[0]!.address, list[0]!.family)
    })
  }
}

export async function safeFetch(address: string, rules: FetchRules): Promise<{ bytes: Buffer; contentType: string }> {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    throw new FetchRefused(`"${address}" is not an absolute address`)
  }
  for (let hop = 0; hop <= (rules.maxRedirects ?? 3); hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new FetchRefused(`${url.protocol} addresses are not fetched (only http and https)`)
    const allowed = isAllowed(url, rules.allowHosts)
    const literal = url.hostname.replace(/^\[|\]$/g, '')
    if (!allowed && ipaddr.isValid(literal) && !isPublicAddress(literal)) {
      throw new FetchRefused(`${url.host} is a private or loopback address (allow it with --allow-host ${url.host})`)
    }
    const res = await request(url, rules, allowed ? undefined : checkedLookup(url.hostname))
    if ('location' in res) {
      url = new URL(res.location, url)
      continue
    }
    return res
  }
  throw new FetchRefused(`${address} redirects too many times`)
}

function request(
  url: URL,
  rules: FetchRules,
  lookup: LookupFunction | undefined,
): Promise<{ bytes: Buffer; contentType: string } | { location: string }> {
  return new Promise((resolve, reject) => {
    const get = url.protocol === 'https:' ? https.get : http.get
    const req = get(url, { lookup, timeout: rules.timeoutMs, headers: { 'user-agent': 'site-import' } }, (res) => {
      const status = res.statusCode ?? 0
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume()
        return resolve({ location: res.headers.location })
      }
      if (status !== 200) {
        res.resume()
        return reject(new FetchRefused(`${url.href} answered ${status}`))
      }
      const length = Number(res.headers['content-length'] ?? 0)
      if (length > rules.maxBytes) {
        res.destroy()
        return reject(new FetchRefused(`${url.href} is ${length} bytes, over the ${rules.maxBytes}-byte limit`))
      }
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > rules.maxBytes) {
          res.destroy()
          reject(new FetchRefused(`${url.href} is over the ${rules.maxBytes}-byte limit`))
        } else chunks.push(chunk)
      })
      res.on('end', () => resolve({ bytes: Buffer.concat(chunks), contentType: String(res.headers['content-type'] ?? '') }))
      res.on('error', reject)
    })
    const timer = setTimeout(
      () => req.destroy(new FetchRefused(`${url.href} took longer than ${rules.timeoutMs / 1000} s`)),
      rules.timeoutMs,
    )
    req.on('timeout', () => req.destroy(new FetchRefused(`${url.href} took longer than ${rules.timeoutMs / 1000} s`)))
    req.on('error', reject)
    req.on('close', () => clearTimeout(timer))
  })
}

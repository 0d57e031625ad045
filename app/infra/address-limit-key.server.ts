import { isIPv4, isIPv6 } from 'node:net'

/**
 * What every client "address" that is written like one but is not one counts under, together:
 * were each spelling its own subject, inventing spellings would buy attempts (issue 33).
 */
export const NOT_AN_ADDRESS = 'not-an-address'

/**
 * The subject a client address is counted under in the rate limits (ADR 030): an IPv4 address
 * (also written IPv4-mapped, `::ffff:1.2.3.4`) stands for itself, an IPv6 address for its /64
 * (`2001:db8:0:0::/64`). One subscriber usually holds a whole /64 and can send from any of its
 * 2^64 addresses, so counting each one alone would be no limit at all. How an address is written
 * does not matter: spaces around it, brackets and a port (`[2001:db8::7]:443`, `192.0.2.1:80`) or
 * a zone id (`fe80::1%eth0`) are dropped, and hex digits are read in any case (issue 33: each
 * spelling had a subject of its own). Anything else written with an address's characters
 * (`::ffff:2001:db8::9`, `01.2.3.4`) counts as NOT_AN_ADDRESS; a plain label (`unknown`, a
 * test's name: a letter, then letters, digits, `-` or `_`) is returned unchanged. Never throws.
 */
export function addressLimitKey(ip: string): string {
  if (typeof ip !== 'string') return String(ip)
  const address = bareAddress(ip.trim())
  if (isIPv4(address)) return address
  if (isIPv6(address)) {
    const groups = ipv6Groups(address)
    if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
      return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.')
    }
    return `${groups
      .slice(0, 4)
      .map((g) => g.toString(16))
      .join(':')}::/64`
  }
  return /^[a-z][\w-]{0,63}$/i.test(ip) ? ip : NOT_AN_ADDRESS
}

/** The address without what may surround it: `[v6]`, `[v6]:port`, `v4:port`, a `%zone` after it. */
function bareAddress(s: string): string {
  const m = /^\[([^\]]*)\](?::(\d{1,5}))?$/.exec(s) ?? /^(\d{1,3}(?:\.\d{1,3}){3}):(\d{1,5})$/.exec(s)
  if (m && Number(m[2] ?? 0) > 65_535) return s
  const address = m ? m[1] : s
  const zone = address.indexOf('%')
  return zone < 0 ? address : address.slice(0, zone)
}

/** The eight 16-bit groups of an address `isIPv6` accepted (`::` expanded, a dotted tail split in two). */
function ipv6Groups(address: string): number[] {
  const parse = (part: string): number[] => {
    if (part === '') return []
    const out: number[] = []
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        const [a, b, c, d] = piece.split('.').map(Number)
        out.push((a << 8) | b, (c << 8) | d)
      } else {
        out.push(parseInt(piece, 16))
      }
    }
    return out
  }
  const gap = address.indexOf('::')
  if (gap < 0) return parse(address)
  const head = parse(address.slice(0, gap))
  const tail = parse(address.slice(gap + 2))
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail]
}

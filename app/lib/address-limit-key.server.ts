import { isIPv4, isIPv6 } from 'node:net'

/**
 * The subject a client address is counted under in the rate limits (ADR 030): an IPv4 address
 * (also written IPv4-mapped, `::ffff:1.2.3.4`) stands for itself, an IPv6 address for its /64
 * (`2001:db8:0:0::/64`). One subscriber usually holds a whole /64 and can send from any of its
 * 2^64 addresses, so counting each one alone would be no limit at all. Anything that is not an
 * address (`unknown`, a test's label) is returned unchanged; this never throws.
 */
export function addressLimitKey(ip: string): string {
  if (typeof ip !== 'string') return String(ip)
  if (isIPv4(ip)) return ip
  // A zone id (`fe80::1%eth0`) names the interface, not the address.
  const address = ip.includes('%') ? ip.slice(0, ip.indexOf('%')) : ip
  if (!isIPv6(address)) return ip
  const groups = ipv6Groups(address)
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.')
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`
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

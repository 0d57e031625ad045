import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { availableParallelism } from 'node:os'
import pLimit from 'p-limit'
import { RateLimitedError } from './errors.server.ts'

/**
 * OWASP Password Storage Cheat Sheet: scrypt with N=2^15, r=8, p=3, one of the settings it lists
 * as giving the same defence as N=2^17, r=8, p=1, with 32 MiB of working memory instead of 128
 * (and three quarters of its CPU time): a sign-in no longer doubles a process's resident memory
 * (docs/decisions/073). Hashes stored at N=2^17 name their parameters and verify as before.
 */
const OWASP_PARAMS = { N: 2 ** 15, r: 8, p: 3 }
/**
 * In-process tests hash hundreds of passwords; at N=2^14 each costs an eighth. Every server and
 * script the system and end-to-end tests start runs as production, at OWASP_PARAMS (decision 037).
 */
const TEST_PARAMS = { N: 2 ** 14, r: 8, p: 1 }
const PARAMS = process.env.NODE_ENV === 'test' ? TEST_PARAMS : OWASP_PARAMS
const KEY_LEN = 32

function scrypt(password: string, salt: Buffer, keyLen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, keyLen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

const maxmem = (N: number, r: number) => 256 * N * r

/**
 * Each hash takes a libuv thread, a whole core and 32 MiB for ~100 ms. At most one per core
 * beyond the one serving requests (and never more than two) leaves the rest of the thread pool
 * (files, compression, DNS) and a core to everyone else; a longer queue than a real admin ever
 * makes is refused at once instead of piling up memory and latency.
 */
const HASH_CONCURRENCY = Math.max(1, Math.min(2, availableParallelism() - 1))
const HASH_QUEUE = 16
const hashing = pLimit(HASH_CONCURRENCY)

function gated<T>(work: () => Promise<T>): Promise<T> {
  if (hashing.pendingCount >= HASH_QUEUE) {
    return Promise.reject(new RateLimitedError('The server is busy checking passwords. Please try again in a moment.', 1))
  }
  return hashing(work)
}

/** Returns `scrypt$N$r$p$salt$hash` (base64url), self-describing so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await gated(() => scrypt(password, salt, KEY_LEN, { ...PARAMS, maxmem: maxmem(PARAMS.N, PARAMS.r) }))
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const N = Number(n)
  const key = await gated(() =>
    scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
      N,
      r: Number(r),
      p: Number(p),
      maxmem: maxmem(N, Number(r)),
    }),
  )
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** Spent on unknown usernames so they take as long as a wrong password. */
let dummyHash: Promise<string> | undefined
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return dummyHash.then((h) => verifyPassword(password, h))
}

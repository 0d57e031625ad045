import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/** OWASP Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1 (128 MiB). */
const PARAMS = { N: 2 ** 17, r: 8, p: 1 }
const KEY_LEN = 32

function scrypt(password: string, salt: Buffer, keyLen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, keyLen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

const maxmem = (N: number, r: number) => 256 * N * r

/** Returns `scrypt$N$r$p$salt$hash` (base64url), self-describing so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, KEY_LEN, { ...PARAMS, maxmem: maxmem(PARAMS.N, PARAMS.r) })
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const N = Number(n)
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: maxmem(N, Number(r)),
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** Spent on unknown usernames so they take as long as a wrong password. */
let dummyHash: Promise<string> | undefined
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return dummyHash.then((h) => verifyPassword(password, h))
}

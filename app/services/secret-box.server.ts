import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Secrets the server must read back (the TOTP seed) are sealed with AES-256-GCM under a key that
 * is not in the database: a copy of the database or a backup alone does not reveal them
 * (docs/decisions/019). The key is derived (HKDF) from DATA_DIR/sign-in.key, 32 random bytes
 * made on first use; instances sharing one database must share that file.
 */
export type SecretKey = Buffer

const FILE = 'sign-in.key'
const keys = new Map<string, SecretKey>()

export function signInKey(dataDir: string): SecretKey {
  const file = path.resolve(dataDir, FILE)
  let key = keys.get(file)
  if (key) return key
  let master: Buffer
  try {
    master = readFileSync(file)
  } catch {
    mkdirSync(path.dirname(file), { recursive: true })
    try {
      // 'wx': two processes starting at once cannot overwrite each other's key.
      writeFileSync(file, randomBytes(32), { flag: 'wx', mode: 0o600 })
      chmodSync(file, 0o600)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
    master = readFileSync(file)
  }
  if (master.length < 32) throw new Error(`${file} must hold at least 32 bytes`)
  key = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'admin totp secret v1', 32))
  keys.set(file, key)
  return key
}

/** `v1.iv.tag.ciphertext`, each base64url. */
export function seal(key: SecretKey, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.')
}

export function open(key: SecretKey, sealed: string): string {
  const [v, iv, tag, ct] = sealed.split('.')
  if (v !== 'v1' || !iv || !tag || ct === undefined) throw new Error('Unknown sealed secret format')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8')
}

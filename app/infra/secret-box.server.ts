import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Config } from '~/config.server.ts'

/**
 * Secrets the server must read back (the TOTP seed) are sealed with AES-256-GCM under a key that
 * is not in the database: a copy of the database or a backup alone does not reveal them
 * (docs/decisions/019). The key is derived (HKDF) from SECRET_KEY, the same on every instance
 * (docs/decisions/029), or without it from DATA_DIR/sign-in.key, 32 random bytes made at the
 * first start. The derivation is the same for both, so SECRET_KEY set to the file's bytes as hex
 * opens what the file sealed. NOTE: scripts/sign-in-key.js repeats it for backup and restore.
 */
export type SecretKey = Buffer

const FILE = 'sign-in.key'
const keys = new Map<string, SecretKey>()

/** Where this process's key comes from, said the way an operator sets it. */
export function signInKeySource(config: Pick<Config, 'secretKey' | 'dataDir'>): { name: string; file?: string } {
  if (config.secretKey) return { name: 'SECRET_KEY' }
  const file = path.resolve(config.dataDir, FILE)
  return { name: `DATA_DIR/${FILE} (${file})`, file }
}

/** The sealing key: from SECRET_KEY, else from DATA_DIR/sign-in.key (made on first use). */
export function signInKey(config: Pick<Config, 'secretKey' | 'dataDir'>): SecretKey {
  if (config.secretKey) {
    const id = `env:${config.secretKey.toString('base64url')}`
    let key = keys.get(id)
    if (!key) keys.set(id, (key = derive(config.secretKey)))
    return key
  }
  const file = path.resolve(config.dataDir, FILE)
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
  key = derive(master)
  keys.set(file, key)
  return key
}

const derive = (master: Buffer): SecretKey => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'admin totp secret v1', 32))

/**
 * What the database keeps to know which key it was set up with: an HMAC of a fixed label under
 * the key. It tells whether two keys are the same and nothing about the key itself.
 */
export function keyCheckValue(key: SecretKey): string {
  return createHmac('sha256', key).update('sign-in key check v1').digest('base64url')
}

/** A sealed secret this server cannot open: it was sealed under another key (or is damaged). */
export class SealedSecretError extends Error {
  constructor() {
    super('This server cannot read the authenticator secret: it was set up under another SECRET_KEY.')
  }
}

/** `v1.iv.tag.ciphertext`, each base64url. */
export function seal(key: SecretKey, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.')
}

/** The plaintext; SealedSecretError when the key is not the one it was sealed with. */
export function open(key: SecretKey, sealed: string): string {
  const [v, iv, tag, ct] = sealed.split('.')
  if (v !== 'v1' || !iv || !tag || ct === undefined) throw new SealedSecretError()
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    throw new SealedSecretError()
  }
}

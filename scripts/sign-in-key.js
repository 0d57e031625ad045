// The sign-in key as backup and restore see it (docs/decisions/029). NOTE: the same rules as
// app/config.server.ts (decodeSecretKey), app/infra/secret-box.server.ts (derivation, check
// value, sealed format) and app/models/key-check.server.ts (where the check value is kept);
// tests/system/sign-in-key.test.ts proves they agree.
import { createDecipheriv, createHmac, hkdfSync } from 'node:crypto'
import path from 'node:path'

export const KEY_FILE = 'sign-in.key'

export function keyFileOf(env = process.env) {
  return path.resolve(env.DATA_DIR || './data', KEY_FILE)
}

/** SECRET_KEY's bytes (hex, or base64url/base64; at least 32 bytes), or undefined. */
export function decodeSecretKey(value) {
  const v = value.trim()
  let bytes
  if (/^[0-9a-f]+$/i.test(v)) {
    if (v.length % 2) return undefined
    bytes = Buffer.from(v, 'hex')
  } else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(v)) bytes = Buffer.from(v, 'base64')
  else return undefined
  return bytes.length >= 32 && new Set(bytes).size >= 8 ? bytes : undefined
}

/** The sealing key from a key's raw bytes (SECRET_KEY decoded, or the key file's contents). */
export function sealingKey(master) {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'admin totp secret v1', 32))
}

export function checkValue(key) {
  return createHmac('sha256', key).update('sign-in key check v1').digest('base64url')
}

export function opens(key, sealed) {
  const [v, iv, tag, ct] = String(sealed).split('.')
  if (v !== 'v1' || !iv || !tag || ct === undefined) return false
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()])
    return true
  } catch {
    return false
  }
}

/** What a SQLite database says about its key: the check value and one sealed secret, if any. */
export function keyFacts(db) {
  let check
  let sealed
  try {
    const row = db.prepare("SELECT value FROM settings WHERE key = 'signInKeyCheck'").get()
    if (row) check = JSON.parse(row.value)
  } catch {
    /* a database from before the settings table */
  }
  try {
    sealed = db.prepare('SELECT totp_secret AS s FROM admin_users WHERE totp_secret IS NOT NULL LIMIT 1').get()?.s
  } catch {
    /* a database from before two-step sign-in */
  }
  return { check, sealed }
}

/** Whether `master` (raw key bytes) is the key a database with these facts was set up with. */
export function fits(master, { check, sealed }) {
  const key = sealingKey(master)
  if (check !== undefined) return checkValue(key) === check
  return sealed === undefined || opens(key, sealed)
}

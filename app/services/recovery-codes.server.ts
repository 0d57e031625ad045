import { createHash, randomInt } from 'node:crypto'
import type { Db } from '~/db/db.server.ts'
import * as factors from '~/models/sign-in-factors.server.ts'

export const RECOVERY_CODE_COUNT = 10
// Without look-alikes (0/o, 1/l/i): read off paper and typed back.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** Lowercase letters and digits only: spaces, dashes and case do not matter when typed back. */
const normalize = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '')
/**
 * 10 random characters from 31 (about 50 bits): far beyond guessing within the sign-in limits,
 * so a fast hash is enough (a slow one protects low-entropy passwords, not random codes).
 */
const hashCode = (code: string) => createHash('sha256').update(normalize(code)).digest('hex')

function newCode(): string {
  let s = ''
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)]
  return `${s.slice(0, 5)}-${s.slice(5)}`
}

/** Makes a new set (the old one stops working) and returns the codes, the only time they are seen. */
export async function newRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode)
  await factors.replaceRecoveryCodes(db, userId, codes.map(hashCode))
  return codes
}

/** True once per code: it is marked used in the same statement that finds it. */
export async function redeemRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const n = normalize(code)
  if (n.length !== 10) return false
  return factors.claimRecoveryCode(db, userId, hashCode(n))
}

export function remainingRecoveryCodes(db: Db, userId: number): Promise<number> {
  return factors.countUnusedRecoveryCodes(db, userId)
}

export async function dropRecoveryCodes(db: Db, userId: number): Promise<void> {
  await factors.replaceRecoveryCodes(db, userId, [])
}

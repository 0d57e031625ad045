/** The Security page's forms: which one posted (`intent`) and what the action answers. */
import type { IntentAnswer } from './intent-answer.ts'

export const INTENTS = [
  'password',
  'totp-start',
  'totp-cancel',
  'totp-confirm',
  'totp-disable',
  'recovery-regenerate',
  'passkey-rename',
  'passkey-remove',
  'session-end',
  'sessions-end-others',
] as const
export type Intent = (typeof INTENTS)[number]

/** What the action answers: which form, what to show beside its fields, and recovery codes once. */
export type SecurityResult = IntentAnswer<Intent> & {
  /** Which row a per-row form was about (rename, remove, end). */
  id?: number
  done?: string
  /** Shown this once: they are stored hashed. */
  recoveryCodes?: string[]
}

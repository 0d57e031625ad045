/**
 * Sudo mode on the Security and Settings pages (docs/decisions/027): what the browser and the
 * actions share. A form refused for want of a recent password comes back with a password field
 * named SUDO_FIELD; posting it with the right password confirms it and carries on.
 */
export const SUDO_FIELD = 'sudoPassword'
export const SUDO_MINUTES = 10
export const SUDO_PROMPT = 'Enter your password to confirm it is you.'
export const WRONG_PASSWORD = 'That password is not right.'

/** The Security page's changes that need sudo mode (the password form checks its own current password). */
export const SUDO_INTENTS = [
  'totp-start',
  'totp-confirm',
  'totp-disable',
  'recovery-regenerate',
  'passkey-remove',
  'session-end',
  'sessions-end-others',
] as const
export type SudoIntent = (typeof SUDO_INTENTS)[number]

/** The password field's id in one form: unique on the page, per row for the row forms. */
export const sudoFieldId = (intent: string, id?: number) => `sudo-${intent}${id ? `-${id}` : ''}`

import { data } from 'react-router'
import type { Route } from '../+types/security'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readIntentForm } from './content-actions.server.ts'
import { validate } from '~/http/forms.server.ts'
import { PasswordChangeSchema } from '~/lib/schemas.ts'
import { IdSchema, PasskeyNameSchema, TotpConfirmSchema } from '~/lib/security-schemas.ts'
import { SUDO_FIELD, SUDO_INTENTS, sudoFieldId } from '~/lib/sudo.ts'
import { changePassword } from '~/services/auth.server.ts'
import { formRefusal } from '~/http/refusal.server.ts'
import { PasswordAsked, withSudo } from '~/http/sudo-form.server.ts'
import { removePasskey, renamePasskey } from '~/services/passkeys.server.ts'
import { signInKey } from '~/infra/secret-box.server.ts'
import { endOtherSessions, endSession } from '~/services/sessions.server.ts'
import {
  cancelTotpEnrolment,
  confirmTotpEnrolment,
  disableTotp,
  regenerateRecoveryCodes,
  startTotpEnrolment,
} from '~/services/totp.server.ts'
import { originOf } from './login.server.ts'
import { readPasswords } from './settings-form.ts'
import { INTENTS, type Intent, type SecurityResult } from './security-forms.ts'

const DONE: Partial<Record<Intent, string>> = {
  password: 'Your password has been changed. Other sessions have been signed out. Any API tokens of yours were revoked.',
  'totp-confirm': 'Two-step sign-in is on. Other sessions have been signed out.',
  'totp-disable': 'Two-step sign-in is off. Other sessions have been signed out.',
  'recovery-regenerate': 'New recovery codes made. The old ones no longer work. Other sessions have been signed out.',
  'passkey-rename': 'Passkey renamed.',
  'passkey-remove': 'Passkey removed. Other sessions have been signed out.',
  'session-end': 'Session ended.',
  'sessions-end-others': 'All other sessions have been signed out. Any API tokens of yours were revoked.',
}

/**
 * Every form of the page posts here with an `intent`. Each change to how the admin signs in
 * (password, two-step on/off, passkeys) ends the other sessions and mails a notice (in the
 * services). Answers what to show; React Router then reloads the page's data.
 * Sudo mode (docs/decisions/027): the services refuse those changes unless this session entered
 * the password in the last 10 minutes; the refused form comes back asking for it (`sudo: true`),
 * and a post with the right `sudoPassword` confirms it and carries on with the change.
 */
export async function securityAction({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { read, intent } = await readIntentForm(request, INTENTS)
  const idValue = read.form?.get('id')
  const id = idValue ? Number(idValue) || undefined : undefined
  const refused = (status: number, fields: Record<string, string>, formError?: string) =>
    data({ intent, ok: false, fields, formError, id } satisfies SecurityResult, { status })
  if (!read.ok) return refused(read.failure.status, read.failure.fields, read.failure.formError)
  const form = read.form
  const { db, config, logger } = context.app
  const key = signInKey(config)
  const origin = originOf(request, context)
  const now = Date.now()
  const done = (extra: Partial<SecurityResult> = {}) =>
    ({ intent, ok: true, fields: {}, id, done: DONE[intent], ...extra }) satisfies SecurityResult
  const checkId = () => validate(IdSchema, { id: form.get('id') })
  const askPassword = (status: number, message: string) =>
    data({ intent, ok: false, fields: { [sudoFieldId(intent, id)]: message }, id, sudo: true } satisfies SecurityResult, { status })

  const password = (SUDO_INTENTS as readonly string[]).includes(intent) ? form.get(SUDO_FIELD) : null

  const change = async () => {
    switch (intent) {
      case 'password': {
        const checked = validate(PasswordChangeSchema, readPasswords(form))
        if (!checked.ok) return refused(400, checked.failure.fields)
        await changePassword(db, admin, checked.data, now, origin)
        return done()
      }
      case 'totp-start':
        await startTotpEnrolment(db, key, admin, now)
        return done()
      case 'totp-cancel':
        await cancelTotpEnrolment(db, admin)
        return done()
      case 'totp-confirm': {
        const checked = validate(TotpConfirmSchema, { code: String(form.get('code') ?? '') })
        if (!checked.ok) return refused(400, checked.failure.fields)
        return done({ recoveryCodes: await confirmTotpEnrolment(db, key, admin, checked.data.code, now, origin) })
      }
      case 'totp-disable':
        await disableTotp(db, admin, now, origin)
        return done()
      case 'recovery-regenerate':
        return done({ recoveryCodes: await regenerateRecoveryCodes(db, admin, now, origin) })
      case 'passkey-rename': {
        const checked = validate(IdSchema.and(PasskeyNameSchema), { id: form.get('id'), name: String(form.get('name') ?? '') })
        if (!checked.ok) return refused(400, checked.failure.fields)
        await renamePasskey(db, admin, checked.data.id, checked.data.name)
        return done()
      }
      case 'passkey-remove': {
        const checked = checkId()
        if (!checked.ok) return refused(400, checked.failure.fields)
        await removePasskey(db, admin, checked.data.id, origin, now)
        return done()
      }
      case 'session-end': {
        const checked = checkId()
        if (!checked.ok) return refused(400, checked.failure.fields)
        await endSession(db, admin, checked.data.id, now)
        return done()
      }
      case 'sessions-end-others':
        await endOtherSessions(db, admin, now)
        return done()
    }
  }
  try {
    const answer = await withSudo(db, admin, password, change, { now })
    return answer instanceof PasswordAsked ? askPassword(answer.status, answer.message) : answer
  } catch (err) {
    const refusal = formRefusal(err)
    if (refusal) return refused(refusal.status, refusal.fields, refusal.formError)
    logger.error({ err: (err as Error)?.message, intent }, 'security change failed')
    return refused(500, {}, 'That did not work. Please try again.')
  }
}

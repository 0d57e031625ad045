import { data } from 'react-router'
import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import type { Route } from './+types/passkey'
import { checkAdminPath, requireAdminPage } from '~/http/admin-guard.server.ts'
import { readForm } from '~/http/forms.server.ts'
import { fieldErrors } from '~/lib/schemas.ts'
import { PasskeyNameSchema } from '~/lib/security-schemas.ts'
import { formRefusal } from '~/http/refusal.server.ts'
import { PasswordAsked, withSudo } from '~/http/sudo-form.server.ts'
import { SUDO_FIELD } from '~/lib/sudo.ts'
import { RateLimitedError } from '~/infra/errors.server.ts'
import { registerPasskey, registrationOptions, signInOptions } from '~/services/passkeys.server.ts'
import { originOf, relyingPartyFor } from './+shared/login.server.ts'

/** Nothing to read here: the WebAuthn ceremonies are POSTs. */
export function loader({ context, params }: Route.LoaderArgs) {
  checkAdminPath(context, params.adminPath)
  throw data(null, { status: 404 })
}

/**
 * The JSON half of the passkey ceremonies, called by the page's script (passkeys need JavaScript):
 * - `op=sign-in-options` (signed out): a one-time challenge for any of the site's passkeys, and
 *   the token the login form sends back with the answer;
 * - `op=register-options` / `op=register` (signed in): add a passkey to the admin's account, in
 *   sudo mode (docs/decisions/027): without a recent password they answer 403 `{ sudo: true }`,
 *   and `sudoPassword` sent with them confirms it first.
 * A form post with the CSRF token like every other write.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  checkAdminPath(context, params.adminPath)
  const read = await readForm(request)
  if (!read.ok) return Response.json({ error: read.failure.formError }, { status: read.failure.status })
  const form = read.form
  const { db } = context.app
  const rp = await relyingPartyFor(context)
  const op = String(form.get('op') ?? '')

  if (op === 'sign-in-options') {
    try {
      const { options, token } = await signInOptions(db, rp, context.clientIp)
      return Response.json({ options, token })
    } catch (err) {
      if (err instanceof RateLimitedError)
        return Response.json({ error: err.message }, { status: 429, headers: { 'Retry-After': String(err.retryAfterSeconds) } })
      throw err
    }
  }

  const admin = await requireAdminPage(request, context, params.adminPath)
  const asked = (a: PasswordAsked) => Response.json({ error: a.message, sudo: true }, { status: a.status })
  if (op === 'register-options') {
    const options = await withSudo(db, admin, form.get(SUDO_FIELD), () => registrationOptions(db, rp, admin))
    return options instanceof PasswordAsked ? asked(options) : Response.json({ options })
  }
  if (op === 'register') {
    const name = PasskeyNameSchema.safeParse({ name: form.get('name') ?? '' })
    if (!name.success) return Response.json({ fields: fieldErrors(name.error) }, { status: 400 })
    let response: RegistrationResponseJSON
    try {
      response = JSON.parse(String(form.get('response') ?? '')) as RegistrationResponseJSON
    } catch {
      return Response.json({ fields: { passkey: 'The passkey could not be read. Please try again.' } }, { status: 400 })
    }
    try {
      const passkey = await withSudo(db, admin, form.get(SUDO_FIELD), () =>
        registerPasskey(db, rp, admin, { response, name: name.data.name }, Date.now(), originOf(request, context)),
      )
      return passkey instanceof PasswordAsked ? asked(passkey) : Response.json({ passkey })
    } catch (err) {
      const refusal = formRefusal(err)
      if (refusal?.kind === 'invalid') return Response.json({ fields: refusal.fields }, { status: 400 })
      if (refusal?.kind === 'rate-limited') return Response.json({ error: refusal.formError }, { status: 429 })
      throw err
    }
  }
  return Response.json({ error: 'Unknown operation' }, { status: 400 })
}

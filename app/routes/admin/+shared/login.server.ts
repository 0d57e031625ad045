import { homeFor } from '~/lib/permissions.ts'
import { data, redirect, type AppLoadContext } from 'react-router'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { SECOND_STEP_COOKIE, SESSION_COOKIE, clearCookie, readCookie, sessionCookie, shortLivedCookie } from '~/http/cookies.server.ts'
import { readForm } from '~/http/forms.server.ts'
import { LoginSchema, fieldErrors } from '~/lib/schemas.ts'
import { SecondStepSchema } from '~/lib/security-schemas.ts'
import type { Origin } from '~/services/actor.server.ts'
import * as auth from '~/services/auth.server.ts'
import { InvalidCredentialsError, RateLimitedError } from '~/infra/errors.server.ts'
import { PasskeySignInError, relyingParty, signInWithPasskey, type RelyingParty } from '~/services/passkeys.server.ts'
import { SealedSecretError, signInKey } from '~/infra/secret-box.server.ts'
import { getSettings } from '~/services/settings.server.ts'

/** The relying party for passkeys: SITE_URL's host and origin, the site's name. */
export async function relyingPartyFor(context: AppLoadContext): Promise<RelyingParty> {
  return relyingParty(context.app.config.siteUrl, (await getSettings(context.app.db)).siteName)
}

export function originOf(request: Request, context: AppLoadContext): Origin {
  return { ip: context.clientIp, userAgent: request.headers.get('user-agent') }
}

/** The mailed link to a password reset page (docs/decisions/047), from SITE_URL and the admin path. */
export function resetLinkFor(context: AppLoadContext): (token: string) => string {
  const { siteUrl, adminPath } = context.app.config
  return (token) => `${siteUrl}/${adminPath}/reset/${token}`
}

/** The hidden form field that carries the post-login target through the POST. */
export const REDIRECT_FIELD = 'redirectTo'

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid credentials. Please try again.'

/** The code step on an instance that cannot open the authenticator secret (another SECRET_KEY). */
export const SEALED_SECRET_MESSAGE =
  'This server cannot check authenticator codes: it has a different SECRET_KEY from the one two-step sign-in was set up with. Sign in with a recovery code, and tell whoever runs the site to set the same SECRET_KEY on every instance.'

/** What the login page re-renders with after a refused sign-in (never the password). */
export type LoginFailure = {
  username: string
  formError?: { kind: 'credentials' | 'throttled' | 'csrf' | 'form' | 'code' | 'expired' | 'passkey'; message: string }
  fieldErrors?: Record<string, string>
}

/** Only a path inside the back office may be a post-login target (no open redirect). */
export function safeRedirect(target: string | null | undefined, adminPath: string): string {
  const fallback = `/${adminPath}/dashboard`
  if (!target || !target.startsWith(`/${adminPath}/`) || target.startsWith('//') || target.startsWith(`/${adminPath}/login`))
    return fallback
  // Our own addresses are printable ASCII (anything else arrives percent-encoded): a line break
  // in a Location header made the redirect a 500, and a backslash reads as a slash to browsers.
  if (/[^\x21-\x7e]|\\/.test(target)) return fallback
  return target
}

/**
 * The login page's POSTs (plain HTML forms before or without JavaScript, or React Router's
 * submissions with it), by `intent`:
 * - `password` (the default): CSRF token, LoginSchema, the password; then either a session, or,
 *   with two-step sign-in on, a short-lived `sid_step` cookie and the code form;
 * - `code`: the 6-digit code or a recovery code for the waiting step;
 * - `cancel`: forget the waiting step, back to the password;
 * - `passkey`: a WebAuthn answer to the one-time challenge named by `challenge` (see passkey.ts).
 * Success is a post/redirect/get to the safe target with a fresh session cookie. Failures answer
 * 400/401/403/415/429 with what to re-render. (No-store comes from Express for the back office.)
 */
export async function handleLoginPost(request: Request, context: AppLoadContext, adminPath: string) {
  const fail = (status: number, body: LoginFailure, headers: HeadersInit = {}) => data(body, { status, headers })
  const read = await readForm(request)
  const username = String(read.form?.get('username') ?? '')
  if (!read.ok)
    return fail(read.failure.status, {
      username,
      formError: { kind: read.failure.status === 403 ? 'csrf' : 'form', message: read.failure.formError ?? '' },
    })
  const form = read.form
  const { db, config } = context.app
  const cookies = request.headers.get('cookie')
  const origin = originOf(request, context)
  const url = new URL(request.url)
  const target = safeRedirect(String(form.get(REDIRECT_FIELD) ?? '') || url.searchParams.get(REDIRECT_FIELD), adminPath)
  const throttled = (err: RateLimitedError, extra: Partial<LoginFailure> = {}) =>
    fail(
      429,
      { username, ...extra, formError: { kind: 'throttled', message: err.message } },
      { 'Retry-After': String(err.retryAfterSeconds) },
    )
  const signedIn = async (session: { token: string; expiresAt: string }, clear: string[] = []) => {
    // A fresh token at every login: the session this browser had before (if any) ends now.
    await auth.logout(db, readCookie(cookies, SESSION_COOKIE))
    const headers = new Headers({ 'Set-Cookie': sessionCookie(config, session.token, session.expiresAt) })
    for (const name of clear) headers.append('Set-Cookie', clearCookie(config, name))
    // With no page asked for, the person's first page (the dashboard for an owner or administrator).
    const person = (await auth.getSession(db, session.token)).admin
    const to = target === safeRedirect(null, adminPath) && person ? `/${adminPath}/${homeFor(person.role)}` : target
    return redirect(to, { status: 303, headers })
  }
  const intent = String(form.get('intent') ?? 'password')

  if (intent === 'cancel') {
    await auth.cancelSecondStep(db, readCookie(cookies, SECOND_STEP_COOKIE))
    return redirect(`/${adminPath}/login`, { status: 303, headers: { 'Set-Cookie': clearCookie(config, SECOND_STEP_COOKIE) } })
  }

  if (intent === 'code') {
    const parsed = SecondStepSchema.safeParse({ code: String(form.get('code') ?? '') })
    if (!parsed.success) return fail(400, { username, fieldErrors: fieldErrors(parsed.error) })
    try {
      const session = await auth.completeSecondStep(db, signInKey(config), {
        token: readCookie(cookies, SECOND_STEP_COOKIE),
        code: parsed.data.code,
        ...origin,
      })
      return await signedIn(session, [SECOND_STEP_COOKIE])
    } catch (err) {
      if (err instanceof auth.InvalidCodeError) return fail(401, { username, formError: { kind: 'code', message: err.message } })
      if (err instanceof auth.SecondStepExpiredError) {
        return fail(
          401,
          { username, formError: { kind: 'expired', message: err.message } },
          { 'Set-Cookie': clearCookie(config, SECOND_STEP_COOKIE) },
        )
      }
      if (err instanceof RateLimitedError) return throttled(err)
      // Never a 500 at this step: this instance has another SECRET_KEY (docs/decisions/029).
      if (err instanceof SealedSecretError) return fail(503, { username, formError: { kind: 'code', message: SEALED_SECRET_MESSAGE } })
      throw err
    }
  }

  if (intent === 'passkey') {
    let response: AuthenticationResponseJSON
    try {
      response = JSON.parse(String(form.get('response') ?? '')) as AuthenticationResponseJSON
      if (typeof response?.id !== 'string') throw new Error('no credential id')
    } catch {
      return fail(400, { username, formError: { kind: 'passkey', message: new PasskeySignInError().message } })
    }
    try {
      const token = String(form.get('challenge') ?? '') || undefined
      const session = await signInWithPasskey(db, await relyingPartyFor(context), { token, response, ...origin })
      return await signedIn(session)
    } catch (err) {
      if (err instanceof PasskeySignInError) return fail(401, { username, formError: { kind: 'passkey', message: err.message } })
      if (err instanceof RateLimitedError) return throttled(err)
      throw err
    }
  }

  const parsed = LoginSchema.safeParse({ username, password: String(form.get('password') ?? '') })
  if (!parsed.success) return fail(400, { username, fieldErrors: fieldErrors(parsed.error) })
  let result: auth.PasswordStepResult
  try {
    result = await auth.signInWithPassword(db, { ...parsed.data, ...origin })
  } catch (err) {
    if (err instanceof InvalidCredentialsError)
      return fail(401, { username, formError: { kind: 'credentials', message: INVALID_CREDENTIALS_MESSAGE } })
    if (err instanceof RateLimitedError) return throttled(err)
    throw err
  }
  if (result.kind === 'second-step') {
    // The code form comes from the loader (it reads this cookie); the target rides along.
    const params = new URLSearchParams({ [REDIRECT_FIELD]: target })
    return redirect(`/${adminPath}/login?${params}`, {
      status: 303,
      headers: { 'Set-Cookie': shortLivedCookie(config, SECOND_STEP_COOKIE, result.token, result.expiresAt) },
    })
  }
  return signedIn(result)
}

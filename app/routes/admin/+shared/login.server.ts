import { data, redirect, type AppLoadContext } from 'react-router'
import { SESSION_COOKIE, readCookie, sessionCookie } from '~/http/cookies.server.ts'
import { readForm } from '~/http/forms.server.ts'
import { LoginSchema, fieldErrors } from '~/lib/schemas.ts'
import * as auth from '~/services/auth.server.ts'
import { InvalidCredentialsError, RateLimitedError } from '~/services/errors.server.ts'

/** The hidden form field that carries the post-login target through the POST. */
export const REDIRECT_FIELD = 'redirectTo'

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid credentials. Please try again.'

/** What the login page re-renders with after a refused sign-in (never the password). */
export type LoginFailure = {
  username: string
  formError?: { kind: 'credentials' | 'throttled' | 'csrf' | 'form'; message: string }
  fieldErrors?: Record<string, string>
}

/** Only a path inside the back office may be a post-login target (no open redirect). */
export function safeRedirect(target: string | null | undefined, adminPath: string): string {
  const fallback = `/${adminPath}/dashboard`
  if (!target || !target.startsWith(`/${adminPath}/`) || target.startsWith('//') || target.startsWith(`/${adminPath}/login`)) return fallback
  return target
}

/**
 * The login form's POST (a plain HTML form before or without JavaScript, or React Router's
 * submission with it): CSRF token, LoginSchema, auth.login, then post/redirect/get to the safe
 * target with a fresh session cookie. Failures answer 400/401/403/415/429 with what to re-render.
 * (No-store comes from Express for the whole back office.)
 */
export async function handleLoginPost(request: Request, context: AppLoadContext, adminPath: string) {
  const fail = (status: number, body: LoginFailure, headers: Record<string, string> = {}) => data(body, { status, headers })
  const read = await readForm(request)
  const username = String(read.form?.get('username') ?? '')
  if (!read.ok) return fail(read.failure.status, { username, formError: { kind: read.failure.status === 403 ? 'csrf' : 'form', message: read.failure.formError ?? '' } })
  const form = read.form
  const parsed = LoginSchema.safeParse({ username, password: String(form.get('password') ?? '') })
  if (!parsed.success) return fail(400, { username, fieldErrors: fieldErrors(parsed.error) })

  const { db, config } = context.app
  let session: { token: string; expiresAt: string }
  try {
    session = await auth.login(db, { ...parsed.data, ip: context.clientIp })
  } catch (err) {
    if (err instanceof InvalidCredentialsError) return fail(401, { username, formError: { kind: 'credentials', message: INVALID_CREDENTIALS_MESSAGE } })
    if (err instanceof RateLimitedError) {
      return fail(429, { username, formError: { kind: 'throttled', message: err.message } }, { 'Retry-After': String(err.retryAfterSeconds) })
    }
    throw err
  }
  // A fresh token at every login: the session this browser had before (if any) ends now.
  await auth.logout(db, readCookie(request.headers.get('cookie'), SESSION_COOKIE))

  const url = new URL(request.url)
  const target = safeRedirect(String(form.get(REDIRECT_FIELD) ?? '') || url.searchParams.get(REDIRECT_FIELD), adminPath)
  return redirect(target, { status: 303, headers: { 'Set-Cookie': sessionCookie(config, session.token, session.expiresAt) } })
}

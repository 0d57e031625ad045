import { useEffect, useRef } from 'react'
import { data, Form, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/forgot'
import { adminMeta } from '~/components/admin/meta.ts'
import { SignInCard } from '~/components/admin/sign-in-pages.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Input } from '~/components/ui/input.tsx'
import { CsrfField } from '~/components/csrf-field.tsx'
import { checkAdminPath } from '~/http/admin-guard.server.ts'
import { readForm, validate } from '~/http/forms.server.ts'
import { ForgotPasswordSchema, PASSWORD_RESET_MINUTES } from '~/lib/people-schemas.ts'
import { RateLimitedError } from '~/infra/errors.server.ts'
import { RESET_REQUESTED, RESET_REQUESTED_NO_MAIL, requestPasswordReset } from '~/services/password-reset.server.ts'
import { originOf, resetLinkFor } from './+shared/login.server.ts'

export const meta: Route.MetaFunction = () => adminMeta('Forgot your password?')

/** Keeps the 429's Retry-After. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get('Retry-After')
  return retryAfter ? { 'Retry-After': retryAfter } : new Headers()
}

/** `?sent=1`: the one answer, after the post (post/redirect/get, so a reload sends nothing). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  checkAdminPath(context, params.adminPath)
  // Truthful while mail is not set up (issue 36): the link waits in the outbox.
  const answer = context.app.mailer.configured ? RESET_REQUESTED : RESET_REQUESTED_NO_MAIL
  return { sent: new URL(request.url).searchParams.get('sent') === '1' ? answer : null }
}

/**
 * "Forgot your password?" (docs/decisions/047): whatever was named, the answer is the same
 * redirect to `?sent=1`, as quickly (the link is made and mailed after it, issue 33); only the
 * address's own limit answers otherwise (429, naming no account).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const adminPath = checkAdminPath(context, params.adminPath)
  const read = await readForm(request)
  if (!read.ok) return data({ fields: read.failure.fields, formError: read.failure.formError }, { status: read.failure.status })
  const checked = validate(ForgotPasswordSchema, { account: read.form.get('account') ?? '' })
  if (!checked.ok) return data({ fields: checked.failure.fields, formError: undefined }, { status: 400 })
  try {
    await requestPasswordReset(
      context.app.db,
      { account: checked.data.account, ...originOf(request, context) },
      resetLinkFor(context),
      context.afterAnswer,
    )
  } catch (err) {
    if (err instanceof RateLimitedError)
      return data(
        { fields: {} as Record<string, string>, formError: err.message },
        { status: 429, headers: { 'Retry-After': String(err.retryAfterSeconds) } },
      )
    throw err
  }
  return redirect(`/${adminPath}/forgot?sent=1`, { status: 303 })
}

export default function ForgotPassword({ loaderData, actionData, params }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle'
  const fields: Record<string, string> = actionData?.fields ?? {}
  const formError = actionData?.formError
  const answer = useRef<HTMLParagraphElement>(null)
  // The answer or the refusal takes focus so it is heard; a field error, its field.
  useEffect(() => {
    if (actionData?.fields.account) document.getElementById('account')?.focus()
    else if (actionData?.formError || loaderData.sent) answer.current?.focus()
  }, [actionData, loaderData.sent])
  const shown = formError ?? loaderData.sent
  return (
    <SignInCard title="Forgot your password?" adminPath={params.adminPath}>
      <p className="mt-2 text-sm text-ink-700">
        Enter your username or your email address. If your account has an email address on file, we send a link there to choose a new
        password. It works once, for {PASSWORD_RESET_MINUTES} minutes. Your two-step sign-in or passkey still applies when you sign in.
      </p>
      {shown && (
        <p
          ref={answer}
          tabIndex={-1}
          role={formError ? 'alert' : 'status'}
          className={`mt-4 rounded-md border p-3 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 ${formError ? 'border-danger-300 bg-danger-50 text-danger-800' : 'border-success-300 bg-success-50 text-ink-900'}`}
        >
          {shown}
        </p>
      )}
      <Form method="post" noValidate className="mt-6 space-y-4">
        <CsrfField />
        <Field id="account" label="Username or email address" error={fields.account} required>
          <Input name="account" autoComplete="username" autoCapitalize="none" spellCheck={false} required maxLength={254} />
        </Field>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Sending...' : 'Send me a link'}
        </Button>
      </Form>
      <p className="mt-6 text-sm text-ink-700">
        No email address on file, or it no longer reaches you? Whoever runs the server can set a new password with{' '}
        <code className="rounded bg-ink-100 px-1">npm run admin:reset -- --username NAME</code>.
      </p>
    </SignInCard>
  )
}

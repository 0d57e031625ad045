import { useEffect, useRef } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/reset'
import { adminMeta } from '~/components/admin/meta.ts'
import { NewPasswordFields, SignInCard } from '~/components/admin/sign-in-pages.tsx'
import { Button } from '~/components/ui/button.tsx'
import { CsrfField } from '~/components/csrf-field.tsx'
import { checkAdminPath } from '~/http/admin-guard.server.ts'
import { clearCookie, SESSION_COOKIE } from '~/http/cookies.server.ts'
import { readForm, validate } from '~/http/forms.server.ts'
import { PasswordResetSchema } from '~/lib/schemas.ts'
import { findResetLink, ResetLinkUnusableError, resetPasswordWithLink } from '~/services/password-reset.server.ts'
import { originOf } from './+shared/login.server.ts'

export const meta: Route.MetaFunction = () => adminMeta('Choose a new password')

/** The mailed reset link: no session needed, the token in the address is the credential (once). */
export async function loader({ context, params }: Route.LoaderArgs) {
  checkAdminPath(context, params.adminPath)
  const link = await findResetLink(context.app.db, params.token)
  return link ? { username: link.username, unusable: null } : { username: null, unusable: new ResetLinkUnusableError().message }
}

/** A new password (the Security page's rules); then every session ends and the person signs in. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const adminPath = checkAdminPath(context, params.adminPath)
  const read = await readForm(request)
  if (!read.ok)
    return data({ fields: read.failure.fields, formError: read.failure.formError, unusable: false }, { status: read.failure.status })
  const form = read.form
  const checked = validate(PasswordResetSchema, {
    newPassword: String(form.get('newPassword') ?? ''),
    confirmPassword: String(form.get('confirmPassword') ?? ''),
  })
  if (!checked.ok) return data({ fields: checked.failure.fields, formError: undefined, unusable: false }, { status: 400 })
  const { db, config } = context.app
  try {
    await resetPasswordWithLink(db, params.token, checked.data.newPassword, originOf(request, context))
  } catch (err) {
    if (err instanceof ResetLinkUnusableError)
      return data({ fields: {} as Record<string, string>, formError: err.message, unusable: true }, { status: 410 })
    throw err
  }
  // Any session this browser had ended with the others: its cookie goes too.
  return redirect(`/${adminPath}/login?reset=1`, { status: 303, headers: { 'Set-Cookie': clearCookie(config, SESSION_COOKIE) } })
}

export default function ResetPassword({ loaderData, actionData, params }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle'
  const fields: Record<string, string> = actionData?.fields ?? {}
  const unusable = actionData?.unusable ? actionData.formError : loaderData.unusable
  const formError = actionData?.unusable ? undefined : actionData?.formError
  const alert = useRef<HTMLParagraphElement>(null)
  // A refusal takes focus so it is heard; a field error, the first field refused.
  useEffect(() => {
    const first = Object.keys(actionData?.fields ?? {})[0]
    if (first) document.getElementById(first)?.focus()
    else if (actionData?.formError) alert.current?.focus()
  }, [actionData])
  const forgot = `/${params.adminPath}/forgot`
  return (
    <SignInCard title="Choose a new password" adminPath={params.adminPath}>
      {unusable || !loaderData.username ? (
        <>
          <p ref={alert} tabIndex={-1} role="alert" className="mt-4 text-ink-800 focus:outline-none">
            {unusable}
          </p>
          <p className="mt-4 text-sm">
            <Link to={forgot} className="font-medium text-primary-800 underline">
              Ask for a new link
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-ink-700">
            For the account <strong>{loaderData.username}</strong>. Every session of yours ends, and you sign in with the new password (and
            your two-step sign-in or passkey, if you have one).
          </p>
          {formError && (
            <p
              ref={alert}
              tabIndex={-1}
              role="alert"
              className="mt-4 rounded-md border border-danger-300 bg-danger-50 p-3 text-sm text-danger-800 focus:outline-none"
            >
              {formError}
            </p>
          )}
          <Form method="post" noValidate className="mt-6 space-y-4">
            <CsrfField />
            {/* For password managers: which account the new password belongs to. */}
            <input type="text" name="username" autoComplete="username" value={loaderData.username} readOnly hidden />
            <NewPasswordFields errors={fields} label="New Password" confirmLabel="Confirm Password" />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? 'Saving...' : 'Set my new password'}
            </Button>
          </Form>
        </>
      )}
    </SignInCard>
  )
}

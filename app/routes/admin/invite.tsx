import { data, Form, redirect, useActionData, useNavigation } from 'react-router'
import type { Route } from './+types/invite'
import { adminMeta } from '~/components/admin/meta.ts'
import { NewPasswordFields } from '~/components/admin/sign-in-pages.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Input } from '~/components/ui/input.tsx'
import { CsrfField } from '~/components/csrf-field.tsx'
import { checkAdminPath } from '~/http/admin-guard.server.ts'
import { sessionCookie } from '~/http/cookies.server.ts'
import { readForm, validate } from '~/http/forms.server.ts'
import { AcceptInvitationSchema } from '~/lib/people-schemas.ts'
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '~/lib/permissions.ts'
import { DomainValidationError } from '~/infra/errors.server.ts'
import { acceptInvitation, findOpenInvitation, InvitationUnusableError } from '~/services/invitations.server.ts'
import { originOf } from './+shared/login.server.ts'

export const meta: Route.MetaFunction = () => adminMeta('Accept your invitation')

/** The invitation link: no session needed, the token in the address is the credential (once). */
export async function loader({ context, params }: Route.LoaderArgs) {
  checkAdminPath(context, params.adminPath)
  const invitation = await findOpenInvitation(context.app.db, params.token)
  if (!invitation) return { invitation: null, unusable: new InvitationUnusableError().message }
  return {
    invitation: { ...invitation, roleLabel: ROLE_LABELS[invitation.role], roleDescription: ROLE_DESCRIPTIONS[invitation.role] },
    unusable: null,
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const adminPath = checkAdminPath(context, params.adminPath)
  const read = await readForm(request)
  if (!read.ok) return data({ fields: read.failure.fields, formError: read.failure.formError }, { status: read.failure.status })
  const form = read.form
  const checked = validate(AcceptInvitationSchema, {
    username: form.get('username'),
    displayName: form.get('displayName'),
    newPassword: form.get('newPassword'),
    confirmPassword: form.get('confirmPassword'),
  })
  if (!checked.ok) return data({ fields: checked.failure.fields, formError: undefined }, { status: 400 })
  const { config, db } = context.app
  try {
    const session = await acceptInvitation(db, params.token, checked.data, originOf(request, context))
    return redirect(`/${adminPath}`, { status: 303, headers: { 'Set-Cookie': sessionCookie(config, session.token, session.expiresAt) } })
  } catch (err) {
    if (err instanceof DomainValidationError) return data({ fields: err.fields, formError: undefined }, { status: 400 })
    if (err instanceof InvitationUnusableError)
      return data({ fields: {} as Record<string, string>, formError: err.message }, { status: 410 })
    throw err
  }
}

export default function AcceptInvitation({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const { invitation } = loaderData
  const fields: Record<string, string> = result?.fields ?? {}
  const unusable = result?.formError ?? loaderData.unusable
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-ink-50 px-4 py-12">
      <div className="w-full max-w-md rounded-lg bg-white p-8 shadow">
        <h1 className="text-2xl font-bold text-ink-900">Join the back office</h1>
        {unusable || !invitation ? (
          <p role="alert" className="mt-4 text-ink-800">
            {unusable}
          </p>
        ) : (
          <>
            <p className="mt-2 text-sm text-ink-600">
              You are invited as <strong>{invitation.roleLabel}</strong> ({invitation.email}): {invitation.roleDescription} Choose how you
              will sign in. You can add a passkey or two-step sign-in afterwards, under Security.
            </p>
            <Form method="post" className="mt-6 space-y-4">
              <CsrfField />
              <Field id="username" label="Username" error={fields.username} required>
                <Input name="username" autoComplete="username" required />
              </Field>
              <Field id="displayName" label="Your name, as readers and clients see it" error={fields.displayName} required>
                <Input name="displayName" autoComplete="name" defaultValue={invitation.displayName} required />
              </Field>
              <NewPasswordFields errors={fields} label="Password" confirmLabel="Confirm the password" />
              <Button type="submit" className="w-full" disabled={busy}>
                Create my account
              </Button>
            </Form>
          </>
        )}
      </div>
    </main>
  )
}

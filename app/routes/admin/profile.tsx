import { data, Form, useActionData, useNavigation } from 'react-router'
import type { Route } from './+types/profile'
import { adminMeta } from '~/components/admin/meta.ts'
import { ActionResult } from '~/components/admin/action-result.tsx'
import { formatDate, PageHeader } from '~/components/admin/ui.tsx'
import { Button } from '~/components/ui/button.tsx'
import { SectionCard } from '~/components/ui/card.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Input } from '~/components/ui/input.tsx'
import { CsrfField } from '~/components/csrf-field.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readIntentForm } from './+shared/content-actions.server.ts'
import { validate } from '~/http/forms.server.ts'
import { ApiTokenNameSchema, ProfileSchema } from '~/lib/people-schemas.ts'
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '~/lib/permissions.ts'
import { IdSchema } from '~/lib/security-schemas.ts'
import { NotFoundError } from '~/services/errors.server.ts'
import { createApiToken, getProfile, listApiTokens, revokeApiToken, updateProfile } from '~/services/people.server.ts'

export const meta: Route.MetaFunction = () => adminMeta('Your profile')

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { db } = context.app
  const [me, tokens] = await Promise.all([getProfile(db, admin), listApiTokens(db, admin)])
  return { me: { username: me.username, displayName: me.displayName, picture: me.picture, role: admin.role }, tokens }
}

const INTENTS = ['profile', 'token-create', 'token-revoke'] as const
type ProfileResult = { intent: (typeof INTENTS)[number]; ok: boolean; fields: Record<string, string>; done?: string; token?: string }

/** One's own name and picture, and one's API tokens (each shown once, stored as SHA-256). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { read, intent } = await readIntentForm(request, INTENTS)
  const refused = (status: number, fields: Record<string, string>) => data({ intent, ok: false, fields } satisfies ProfileResult, { status })
  if (!read.ok) return refused(read.failure.status, { form: read.failure.formError ?? 'The form could not be read.' })
  const form = read.form
  const { db } = context.app
  if (intent === 'profile') {
    const checked = validate(ProfileSchema, { displayName: form.get('displayName'), picture: form.get('picture') ?? '' })
    if (!checked.ok) return refused(400, checked.failure.fields)
    await updateProfile(db, admin, checked.data)
    return { intent, ok: true, fields: {}, done: 'Profile saved.' } satisfies ProfileResult
  }
  if (intent === 'token-create') {
    const checked = validate(ApiTokenNameSchema, { name: form.get('name') })
    if (!checked.ok) return refused(400, checked.failure.fields)
    const { token } = await createApiToken(db, admin, checked.data.name)
    return { intent, ok: true, fields: {}, token, done: 'Token created. Copy it now: it is not shown again.' } satisfies ProfileResult
  }
  const checked = validate(IdSchema, { id: form.get('id') })
  if (!checked.ok) return refused(400, checked.failure.fields)
  try {
    await revokeApiToken(db, admin, checked.data.id)
  } catch (err) {
    if (err instanceof NotFoundError) return refused(404, { form: err.message })
    throw err
  }
  return { intent, ok: true, fields: {}, done: 'Token revoked: scripts using it are refused from now on.' } satisfies ProfileResult
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { me, tokens } = loaderData
  const result = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const errors = (intent: string) => (result && !result.ok && result.intent === intent ? result.fields : {})
  return (
    <div className="space-y-6">
      <PageHeader title="Your profile" description={`${me.username} · ${ROLE_LABELS[me.role]}: ${ROLE_DESCRIPTIONS[me.role]}`} />
      <ActionResult result={result} />
      <SectionCard id="profile" title="Name and picture" description="Shown on the posts you write and on replies you send to leads.">
        <Form method="post" className="grid gap-4 sm:grid-cols-2">
          <CsrfField />
          <input type="hidden" name="intent" value="profile" />
          <Field id="displayName" label="Your name" error={errors('profile').displayName} required>
            <Input name="displayName" defaultValue={me.displayName || me.username} autoComplete="name" required />
          </Field>
          <Field id="picture" label="Picture address (optional)" hint="A picture uploaded to this site, e.g. /uploads/….webp" error={errors('profile').picture}>
            <Input name="picture" defaultValue={me.picture} />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              Save profile
            </Button>
          </div>
        </Form>
      </SectionCard>
      <SectionCard
        id="api-tokens"
        title="API tokens"
        description="For scripts calling the JSON API as you, with your role: send Authorization: Bearer <token>. No CSRF token is needed; a token cannot change how anyone signs in."
      >
        {result?.ok && result.token && (
          <div className="mb-4 rounded-md border border-ink-300 bg-ink-50 p-3">
            <p className="text-sm font-medium text-ink-900">Your new token (shown only now):</p>
            <code className="mt-1 block break-all text-sm" data-testid="new-api-token">
              {result.token}
            </code>
          </div>
        )}
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <CsrfField />
          <input type="hidden" name="intent" value="token-create" />
          <Field id="token-name" label="What will use it" error={errors('token-create').name}>
            <Input name="name" required maxLength={60} />
          </Field>
          <Button type="submit" disabled={busy}>
            Create token
          </Button>
        </Form>
        {tokens.length > 0 && (
          <ul className="mt-4 divide-y divide-ink-100">
            {tokens.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <span>
                  {t.name}: made {formatDate(t.createdAt)}, {t.lastUsedAt ? `last used ${formatDate(t.lastUsedAt)}` : 'never used'}
                </span>
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="intent" value="token-revoke" />
                  <input type="hidden" name="id" value={t.id} />
                  <Button type="submit" variant="danger-outline" size="sm" disabled={busy}>
                    Revoke {t.name}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
    </div>
  )
}

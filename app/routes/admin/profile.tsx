import { useState } from 'react'
import { data, Form, useActionData, useNavigation } from 'react-router'
import type { Route } from './+types/profile'
import { adminMeta } from '~/components/admin/meta.ts'
import { ActionResult } from '~/components/admin/action-result.tsx'
import { formatDate, PageHeader } from '~/components/admin/ui.tsx'
import { Button } from '~/components/ui/button.tsx'
import { SectionCard } from '~/components/ui/card.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Input, Options, Select } from '~/components/ui/input.tsx'
import { CsrfField } from '~/components/csrf-field.tsx'
import { SudoField } from '~/components/admin/security-parts.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readIntentForm } from './+shared/content-actions.server.ts'
import { validate } from '~/http/forms.server.ts'
import { ApiTokenSchema, NoticeEmailSchema, OwnTimeZoneSchema, ProfileSchema, apiTokenExpiresAt } from '~/lib/people-schemas.ts'
import { dayIn } from '~/lib/agency-days.ts'
import { timeZoneChoices, zoneTitle } from '~/lib/agency-time.ts'
import { readableZone } from '~/lib/publishing.ts'
import { readerZone } from '~/services/clock.server.ts'
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '~/lib/permissions.ts'
import { IdSchema } from '~/lib/security-schemas.ts'
import { SUDO_FIELD } from '~/lib/sudo.ts'
import { useHydrated } from '~/components/admin/use-hydrated.ts'
import { formRefusal } from '~/http/refusal.server.ts'
import { PasswordAsked, withSudo } from '~/http/sudo-form.server.ts'
import { getProfile, setOwnTimeZone, updateNoticeEmail, updateProfile } from '~/services/people.server.ts'
import { createApiToken, listApiTokens, revokeApiToken } from '~/services/api-tokens.server.ts'
import { sudoState } from '~/services/sudo.server.ts'
import { originOf } from './+shared/login.server.ts'
import { useReaderDay } from '~/components/admin/local-time.tsx'

export const meta: Route.MetaFunction = () => adminMeta('Your profile')

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { db } = context.app
  const [me, tokens, sudo, zone] = await Promise.all([
    getProfile(db, admin),
    listApiTokens(db, admin),
    sudoState(db, admin),
    readerZone(db, admin),
  ])
  const now = new Date().toISOString()
  return {
    me: { username: me.username, displayName: me.displayName, picture: me.picture, email: me.email ?? '', role: admin.role },
    tokens: tokens.map((t) => ({ ...t, expired: !t.expiresAt || t.expiresAt <= now })),
    sudoActive: sudo.active,
    // The token's day is the reader's (as it is shown back): tomorrow in their zone at the earliest.
    tomorrow: dayIn(zone.id, new Date(Date.now() + 24 * 60 * 60_000)),
    // '' = the agency's zone (Settings), named so the choice says what it means.
    zone: { own: zone.own ? zone.id : '', agencyTitle: zoneTitle(zone.agency), choices: timeZoneChoices() },
  }
}

const INTENTS = ['profile', 'zone', 'email', 'token-create', 'token-revoke'] as const
type Intent = (typeof INTENTS)[number]
type ProfileResult = { intent: Intent; ok: boolean; fields: Record<string, string>; done?: string; token?: string }
/** The forms that need sudo mode (docs/decisions/027): their password field is asked in place. */
const SUDO_FORMS: readonly Intent[] = ['email', 'token-create']

/**
 * One's own name and picture, the email address one's security notices go to, and one's API
 * tokens (each shown once, stored as SHA-256, with an expiry). A new email or a new token needs
 * sudo mode: until this session confirmed the password in the last 10 minutes, the form carries
 * a password field, and posting the right password with it confirms and carries on.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { read, intent } = await readIntentForm(request, INTENTS)
  const refused = (status: number, fields: Record<string, string>) =>
    data({ intent, ok: false, fields } satisfies ProfileResult, { status })
  if (!read.ok) return refused(read.failure.status, { form: read.failure.formError ?? 'The form could not be read.' })
  const form = read.form
  const { db } = context.app
  const now = Date.now()
  const change = async () => {
    switch (intent) {
      case 'profile': {
        const checked = validate(ProfileSchema, { displayName: form.get('displayName'), picture: form.get('picture') ?? '' })
        if (!checked.ok) return refused(400, checked.failure.fields)
        await updateProfile(db, admin, checked.data)
        return { intent, ok: true, fields: {}, done: 'Profile saved.' } satisfies ProfileResult
      }
      case 'zone': {
        const checked = validate(OwnTimeZoneSchema, { timeZone: form.get('timeZone') ?? '' })
        if (!checked.ok) return refused(400, checked.failure.fields)
        await setOwnTimeZone(db, admin, checked.data.timeZone)
        return {
          intent,
          ok: true,
          fields: {},
          done: checked.data.timeZone
            ? `Time zone saved: the back office shows you times in ${zoneTitle(checked.data.timeZone)}.`
            : "Time zone saved: the back office shows you times in the agency's zone.",
        } satisfies ProfileResult
      }
      case 'email': {
        const checked = validate(NoticeEmailSchema, { email: form.get('email') })
        if (!checked.ok) return refused(400, checked.failure.fields)
        await updateNoticeEmail(db, admin, checked.data.email, now, originOf(request, context))
        return {
          intent,
          ok: true,
          fields: {},
          done: 'Email address saved. A notice of the change went to the address before it.',
        } satisfies ProfileResult
      }
      case 'token-create': {
        const checked = validate(ApiTokenSchema, {
          name: form.get('name'),
          expiresIn: form.get('expiresIn') ?? undefined,
          expiresOn: form.get('expiresOn') ?? '',
        })
        if (!checked.ok) return refused(400, checked.failure.fields)
        const zone = (await readerZone(db, admin)).id
        const { token, expiresAt } = await createApiToken(db, admin, checked.data.name, {
          expiresAt: apiTokenExpiresAt(checked.data, now, zone),
          now,
          origin: originOf(request, context),
        })
        return {
          intent,
          ok: true,
          fields: {},
          token,
          done: `Token created; it works until ${formatDate(expiresAt, zone)}. Copy it now: it is not shown again.`,
        } satisfies ProfileResult
      }
      case 'token-revoke': {
        const checked = validate(IdSchema, { id: form.get('id') })
        if (!checked.ok) return refused(400, checked.failure.fields)
        await revokeApiToken(db, admin, checked.data.id)
        return { intent, ok: true, fields: {}, done: 'Token revoked: scripts using it are refused from now on.' } satisfies ProfileResult
      }
    }
  }
  try {
    const answer = await withSudo(db, admin, SUDO_FORMS.includes(intent) ? form.get(SUDO_FIELD) : null, change, { now })
    return answer instanceof PasswordAsked ? refused(answer.status, { [SUDO_FIELD]: answer.message }) : answer
  } catch (err) {
    const refusal = formRefusal(err)
    if (!refusal) throw err
    return refused(refusal.status, refusal.formError === undefined ? refusal.fields : { form: refusal.formError })
  }
}

/** How long a new token works: a list, and a day of one's own (shown without JavaScript, or once "On a day" is chosen). */
function TokenExpiry({ errors, tomorrow }: { errors: Record<string, string>; tomorrow: string }) {
  const hydrated = useHydrated()
  const [choice, setChoice] = useState('30')
  return (
    <>
      <Field id="token-expires-in" label="Expires" error={errors.expiresIn}>
        <select
          name="expiresIn"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          className="rounded-md border border-ink-300 px-3 py-2 text-sm"
        >
          <option value="30">In 30 days</option>
          <option value="60">In 60 days</option>
          <option value="90">In 90 days</option>
          <option value="date">On a day I choose</option>
        </select>
      </Field>
      {(!hydrated || choice === 'date' || errors.expiresOn) && (
        <Field id="token-expires-on" label="Expires on (for “On a day I choose”)" error={errors.expiresOn}>
          <Input name="expiresOn" type="date" min={tomorrow} />
        </Field>
      )}
    </>
  )
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const day = useReaderDay()
  const { me, tokens, sudoActive, tomorrow, zone } = loaderData
  const result = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const errors = (intent: Intent) => (result && !result.ok && result.intent === intent ? result.fields : {})
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
          <Field
            id="picture"
            label="Picture address (optional)"
            hint="A picture uploaded to this site, e.g. /uploads/….webp"
            error={errors('profile').picture}
          >
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
        id="time-zone"
        title="Your time zone"
        description="Every time in the back office is shown in this zone, and each screen names it. Working elsewhere than the agency? Choose your own."
      >
        <Form method="post" className="flex flex-wrap items-end gap-3" key={zone.own}>
          <CsrfField />
          <input type="hidden" name="intent" value="zone" />
          <Field id="own-time-zone" label="Show times in" error={errors('zone').timeZone} className="min-w-0 sm:max-w-sm">
            <Select name="timeZone" defaultValue={zone.own}>
              <option value="">The agency&apos;s: {zone.agencyTitle}</option>
              <Options items={zone.choices} label={readableZone} />
            </Select>
          </Field>
          <Button type="submit" disabled={busy}>
            Save time zone
          </Button>
        </Form>
      </SectionCard>
      <SectionCard
        id="notice-email"
        title="Your email address"
        description="Notices of changes to how you sign in (password, passkeys, two-step sign-in, API tokens) and password reset links go here, to you alone. A new address is announced at the old one."
      >
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <CsrfField />
          <input type="hidden" name="intent" value="email" />
          <Field id="notice-email-address" label="Email address" error={errors('email').email}>
            <Input name="email" type="email" defaultValue={me.email} autoComplete="email" required maxLength={254} />
          </Field>
          <SudoField show={!sudoActive} id="sudo-email" error={errors('email')[SUDO_FIELD]} />
          <Button type="submit" disabled={busy}>
            Save email address
          </Button>
        </Form>
      </SectionCard>
      <SectionCard
        id="api-tokens"
        title="API tokens"
        description="For scripts calling the JSON API as you, with your role: send Authorization: Bearer <token>. No CSRF token is needed; a token cannot change how anyone signs in. Every token expires, and all of yours are revoked when your password changes, when you sign out all other sessions, or if you are suspended."
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
          <TokenExpiry errors={errors('token-create')} tomorrow={tomorrow} />
          <SudoField show={!sudoActive} id="sudo-token-create" error={errors('token-create')[SUDO_FIELD]} />
          <Button type="submit" disabled={busy}>
            Create token
          </Button>
        </Form>
        {tokens.length > 0 && (
          <ul className="mt-4 divide-y divide-ink-100">
            {tokens.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm" data-testid="api-token-row">
                <span>
                  {t.name}: made {day(t.createdAt)}, {t.lastUsedAt ? `last used ${day(t.lastUsedAt)}` : 'never used'},{' '}
                  {t.expired ? <strong>expired{t.expiresAt ? ` ${day(t.expiresAt)}` : ''}</strong> : `expires ${day(t.expiresAt!)}`}
                </span>
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="intent" value="token-revoke" />
                  <input type="hidden" name="id" value={t.id} />
                  <Button type="submit" variant="danger-outline" size="sm" disabled={busy}>
                    {t.expired ? 'Delete' : 'Revoke'} {t.name}
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

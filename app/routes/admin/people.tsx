import { useRef } from 'react'
import { data, Form, useActionData, useNavigation } from 'react-router'
import type { Route } from './+types/people'
import { adminMeta } from '~/components/admin/meta.ts'
import { ActionResult } from '~/components/admin/action-result.tsx'
import { PageHeader } from '~/components/admin/ui.tsx'
import { useFocusFirstRefused } from '~/components/admin/use-focus-refused.ts'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { SectionCard } from '~/components/ui/card.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Input, Options } from '~/components/ui/input.tsx'
import { CsrfField } from '~/components/csrf-field.tsx'
import { SudoField } from '~/components/admin/security-parts.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readIntentForm } from './+shared/content-actions.server.ts'
import { validate } from '~/http/forms.server.ts'
import { INVITATION_DAYS, InviteSchema, PASSWORD_RESET_MINUTES, RequireSecondFactorSchema, RoleChangeSchema } from '~/lib/people-schemas.ts'
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, isRole } from '~/lib/permissions.ts'
import { IdSchema } from '~/lib/security-schemas.ts'
import { SUDO_FIELD } from '~/lib/sudo.ts'
import { formRefusal } from '~/http/refusal.server.ts'
import { PasswordAsked, withSudo } from '~/http/sudo-form.server.ts'
import { changeRole, listPeople, secondFactorRequired, setPersonStatus, setSecondFactorRequired } from '~/services/people.server.ts'
import { invitePerson, renewInvitationLink, revokeInvitation } from '~/services/invitations.server.ts'
import { sendPasswordReset } from '~/services/password-reset.server.ts'
import { sudoState } from '~/services/sudo.server.ts'
import { resetLinkFor } from './+shared/login.server.ts'
import { CopyLink } from '~/components/admin/copy-link.tsx'
import { MailNotDelivered } from '~/components/admin/mail-banner.tsx'
import { useReaderDay } from '~/components/admin/local-time.tsx'

export const meta: Route.MetaFunction = () => adminMeta('People')

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { db } = context.app
  const [{ people, invitations }, sudo, requireSecondFactor] = await Promise.all([
    listPeople(db, admin),
    sudoState(db, admin),
    secondFactorRequired(db),
  ])
  return {
    me: admin.id,
    people,
    invitations: invitations.map(({ id, email, role, expiresAt }) => ({ id, email, role, expiresAt })),
    sudoActive: sudo.active,
    requireSecondFactor,
  }
}

const INTENTS = ['invite', 'revoke', 'new-link', 'role', 'suspend', 'restore', 'remove', 'reset-link', 'require-second-factor'] as const
type Intent = (typeof INTENTS)[number]
/** `link`: an invitation's link, shown once (after inviting, or "Make a new link"), for `email`. */
type PeopleResult = {
  intent: Intent
  ok: boolean
  id?: number
  fields: Record<string, string>
  done?: string
  link?: { email: string; url: string }
}

/** What a write did; the ones that mail say whether the mail left or is kept (issue 36). */
const DONE: Record<Exclude<Intent, 'invite' | 'reset-link'>, string> = {
  revoke: 'Invitation revoked: its link no longer works.',
  role: 'Role changed.',
  suspend: 'Suspended: their sessions ended and their API tokens were revoked (restoring them brings no token back).',
  restore: 'Restored: they can sign in again.',
  remove: 'Removed: their sessions ended and their API tokens were deleted.',
  'new-link': 'New invitation link made: the link mailed before no longer works. Copy this one and send it to them yourself.',
  'require-second-factor': 'Saved.',
}

const MAILED: Record<'invite' | 'reset-link', (mailSetUp: boolean) => string> = {
  invite: (mailSetUp) =>
    mailSetUp
      ? `Invitation made and its mail is on its way (the Outbox shows when it is delivered). The link works once, for ${INVITATION_DAYS} days.`
      : `Invitation made. Its mail is kept in the outbox, not sent: mail is not set up, so it will be sent when it is. Copy the link below and send it yourself meanwhile; it works once, for ${INVITATION_DAYS} days.`,
  'reset-link': (mailSetUp) =>
    mailSetUp
      ? `Password reset link on its way to their email address. It works once, for ${PASSWORD_RESET_MINUTES} minutes.`
      : `Password reset link made, but its mail is kept in the outbox, not sent: mail is not set up. It works once, for ${PASSWORD_RESET_MINUTES} minutes.`,
}

/**
 * Every change here needs sudo mode (docs/decisions/027): each form carries the password field
 * until this session confirmed it in the last 10 minutes; the services refuse without it.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { read, intent } = await readIntentForm(request, INTENTS)
  const id = Number(read.form?.get('id')) || undefined
  const refused = (status: number, fields: Record<string, string>) =>
    data({ intent, ok: false, id, fields } satisfies PeopleResult, { status })
  if (!read.ok) return refused(read.failure.status, { form: read.failure.formError ?? 'The form could not be read.' })
  const form = read.form
  const { db, config, mailer } = context.app
  const inviteLink = (token: string) => `${config.siteUrl}/${config.adminPath}/invite/${token}`
  let link: PeopleResult['link']
  const change = async () => {
    switch (intent) {
      case 'invite': {
        const checked = validate(InviteSchema, {
          email: form.get('email'),
          role: form.get('role'),
          displayName: form.get('displayName') ?? '',
        })
        if (!checked.ok) return refused(400, checked.failure.fields)
        await invitePerson(db, admin, checked.data, (token) => {
          link = { email: checked.data.email, url: inviteLink(token) }
          return link.url
        })
        break
      }
      case 'new-link': {
        const checked = validate(IdSchema, { id: form.get('id') })
        if (!checked.ok) return refused(400, checked.failure.fields)
        const made = await renewInvitationLink(db, admin, checked.data.id, inviteLink)
        link = { email: made.email, url: made.link }
        break
      }
      case 'revoke': {
        const checked = validate(IdSchema, { id: form.get('id') })
        if (!checked.ok) return refused(400, checked.failure.fields)
        await revokeInvitation(db, admin, checked.data.id)
        break
      }
      case 'role': {
        const checked = validate(RoleChangeSchema, { id: form.get('id'), role: form.get('role') })
        if (!checked.ok) return refused(400, checked.failure.fields)
        await changeRole(db, admin, checked.data.id, checked.data.role)
        break
      }
      case 'suspend':
      case 'restore':
      case 'remove': {
        const checked = validate(IdSchema, { id: form.get('id') })
        if (!checked.ok) return refused(400, checked.failure.fields)
        await setPersonStatus(db, admin, checked.data.id, intent === 'suspend' ? 'suspended' : intent === 'remove' ? 'removed' : 'active')
        break
      }
      case 'reset-link': {
        const checked = validate(IdSchema, { id: form.get('id') })
        if (!checked.ok) return refused(400, checked.failure.fields)
        await sendPasswordReset(db, admin, checked.data.id, resetLinkFor(context))
        break
      }
      case 'require-second-factor': {
        const checked = validate(RequireSecondFactorSchema, { requireSecondFactor: form.get('requireSecondFactor') })
        if (!checked.ok) return refused(400, checked.failure.fields)
        await setSecondFactorRequired(db, admin, checked.data.requireSecondFactor === 'on')
        break
      }
    }
    return undefined
  }
  try {
    const refusal = await withSudo(db, admin, form.get(SUDO_FIELD), change)
    if (refusal instanceof PasswordAsked) return refused(refusal.status, { [SUDO_FIELD]: refusal.message })
    if (refusal) return refusal
  } catch (err) {
    const refusal = formRefusal(err)
    if (!refusal) throw err
    return refused(refusal.status, refusal.formError === undefined ? refusal.fields : { form: refusal.formError })
  }
  const done = intent === 'invite' || intent === 'reset-link' ? MAILED[intent](mailer.configured) : DONE[intent]
  return { intent, ok: true, id, fields: {}, done, link } satisfies PeopleResult
}

export default function People({ loaderData }: Route.ComponentProps) {
  const day = useReaderDay()
  const { people, invitations, sudoActive, me, requireSecondFactor } = loaderData
  const result = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const errorsFor = (intent: Intent, id?: number) =>
    result && !result.ok && result.intent === intent && result.id === id ? result.fields : {}
  const invite = errorsFor('invite')
  const second = errorsFor('require-second-factor')
  // A refused field takes focus (the first, if several): issue 36 §6.
  const page = useRef<HTMLDivElement>(null)
  useFocusFirstRefused(result, page)
  return (
    <div ref={page} className="space-y-6">
      <PageHeader title="People" description="Who can sign in to the back office, and what each may do." />
      <ActionResult result={result} />
      {result?.ok && result.link && result.intent === 'invite' && (
        <CopyLink
          label={`Invitation link for ${result.link.email} (shown once)`}
          link={result.link.url}
          buttonLabel="Copy invitation link"
        />
      )}

      <SectionCard
        id="people-list"
        title="People"
        description={`Suspending or removing someone ends their sessions at once, on every server, and revokes their API tokens (restoring a suspended person brings no token back). A password reset link goes to the person's email address and works once, for ${PASSWORD_RESET_MINUTES} minutes.`}
      >
        <MailNotDelivered what="A password reset link" className="mb-2" />
        <ul className="divide-y divide-ink-100">
          {people.map((p) => {
            const errors = {
              ...errorsFor('role', p.id),
              ...errorsFor('suspend', p.id),
              ...errorsFor('restore', p.id),
              ...errorsFor('remove', p.id),
              ...errorsFor('reset-link', p.id),
            }
            const name = p.displayName || p.username
            return (
              <li key={p.id} className="flex flex-col gap-3 py-4 lg:flex-row lg:items-end lg:justify-between">
                <div>
                  <p className="font-medium text-ink-900">
                    {name} <span className="text-sm font-normal text-ink-600">({p.username})</span>
                  </p>
                  <p className="text-sm text-ink-600">
                    {isRole(p.role) ? ROLE_LABELS[p.role] : p.role}
                    {p.email ? ` · ${p.email}` : ''} · {p.twoStep ? 'two-step sign-in on' : 'no two-step sign-in'}
                  </p>
                  {p.status === 'suspended' && <Badge tone="pending">Suspended</Badge>}
                  {p.id === me && <Badge tone="draft">You</Badge>}
                </div>
                {p.id !== me && (
                  <div className="flex flex-wrap items-end gap-2">
                    <Form method="post" className="flex flex-wrap items-end gap-2">
                      <CsrfField />
                      <input type="hidden" name="id" value={p.id} />
                      <Field id={`role-${p.id}`} label={`Role of ${name}`} error={errors.role ?? errors.id}>
                        <select
                          name="role"
                          defaultValue={p.role}
                          autoFocus={Boolean(errors.role ?? errors.id)}
                          className="rounded-md border border-ink-300 px-3 py-2 text-sm"
                        >
                          <Options items={ROLES} label={(r) => ROLE_LABELS[r]} />
                        </select>
                      </Field>
                      <SudoField focusOnError show={!sudoActive} id={`sudo-person-${p.id}`} error={errors[SUDO_FIELD]} />
                      <Button type="submit" name="intent" value="role" variant="outline" disabled={busy}>
                        Change role
                      </Button>
                      {p.status === 'suspended' ? (
                        <Button type="submit" name="intent" value="restore" variant="outline" disabled={busy}>
                          Restore {name}
                        </Button>
                      ) : (
                        <Button type="submit" name="intent" value="suspend" variant="outline" disabled={busy}>
                          Suspend {name}
                        </Button>
                      )}
                      {p.email && p.status === 'active' && (
                        <Button type="submit" name="intent" value="reset-link" variant="outline" disabled={busy}>
                          Send {name} a password reset link
                        </Button>
                      )}
                      <Button type="submit" name="intent" value="remove" variant="danger-outline" disabled={busy}>
                        Remove {name}
                      </Button>
                    </Form>
                  </div>
                )}
              </li>
            )
          })}
        </ul>
      </SectionCard>

      <SectionCard
        id="invite"
        title="Invite a person"
        description={`They get a link by email that works once, for ${INVITATION_DAYS} days, to choose their own username and password.`}
      >
        <MailNotDelivered what="The invitation" className="mb-4" />
        <Form method="post" className="grid gap-4 sm:grid-cols-2">
          <CsrfField />
          <input type="hidden" name="intent" value="invite" />
          <Field id="invite-email" label="Email" error={invite.email} required>
            <Input type="email" name="email" autoComplete="off" required autoFocus={Boolean(invite.email)} />
          </Field>
          <Field id="invite-name" label="Name (optional)" error={invite.displayName}>
            <Input type="text" name="displayName" autoComplete="off" autoFocus={Boolean(invite.displayName)} />
          </Field>
          <fieldset className="sm:col-span-2">
            <legend className="mb-2 text-sm font-medium text-ink-800">Role</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {ROLES.map((r) => (
                <label key={r} className="flex items-start gap-2 rounded-md border border-ink-200 p-3 text-sm">
                  <input type="radio" name="role" value={r} defaultChecked={r === 'editor'} className="mt-1" />
                  <span>
                    <span className="font-medium text-ink-900">{ROLE_LABELS[r]}</span>
                    <span className="block text-ink-600">{ROLE_DESCRIPTIONS[r]}</span>
                  </span>
                </label>
              ))}
            </div>
            {invite.role && <p className="mt-1 text-sm text-danger-700">{invite.role}</p>}
          </fieldset>
          <SudoField focusOnError show={!sudoActive} id="sudo-invite" error={invite[SUDO_FIELD]} />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              Send invitation
            </Button>
          </div>
        </Form>
        {invitations.length > 0 && (
          <div className="mt-6">
            <h3 className="text-sm font-semibold text-ink-900">Open invitations</h3>
            <p className="mt-1 text-sm text-ink-600">
              Only a fingerprint of each link is kept, so a link cannot be shown again: Make a new link gives the invitation a new one to
              copy and send yourself (the one mailed before stops working).
            </p>
            <ul className="mt-2 divide-y divide-ink-100">
              {invitations.map((inv) => {
                const errors = { ...errorsFor('revoke', inv.id), ...errorsFor('new-link', inv.id) }
                const madeLink = result?.ok && result.intent === 'new-link' && result.id === inv.id ? result.link : undefined
                return (
                  <li key={inv.id} className="py-3 text-sm">
                    <div className="flex flex-wrap items-end justify-between gap-2">
                      <span>
                        {inv.email} as {isRole(inv.role) ? ROLE_LABELS[inv.role] : inv.role}, until {day(inv.expiresAt)}
                      </span>
                      <Form method="post" className="flex flex-wrap items-end gap-2">
                        <CsrfField />
                        <input type="hidden" name="id" value={inv.id} />
                        <SudoField focusOnError show={!sudoActive} id={`sudo-revoke-${inv.id}`} error={errors[SUDO_FIELD]} />
                        <Button
                          type="submit"
                          name="intent"
                          value="new-link"
                          variant="outline"
                          disabled={busy}
                          aria-label={`Make a new link for ${inv.email}`}
                        >
                          Make a new link
                        </Button>
                        <Button type="submit" name="intent" value="revoke" variant="outline" disabled={busy}>
                          Revoke invitation for {inv.email}
                        </Button>
                      </Form>
                    </div>
                    {errors.form && <p className="mt-1 text-danger-700">{errors.form}</p>}
                    {madeLink && (
                      <CopyLink
                        label={`New invitation link for ${madeLink.email} (shown once)`}
                        link={madeLink.url}
                        buttonLabel="Copy invitation link"
                      />
                    )}
                  </li>
                )
              })}
            </ul>
          </div>
        )}
      </SectionCard>

      <SectionCard
        id="second-factor"
        title="Two-step sign-in for everyone"
        description="When required, a person without two-step sign-in or a passkey is sent to set one up before anything else."
      >
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <CsrfField />
          <input type="hidden" name="intent" value="require-second-factor" />
          <input type="hidden" name="requireSecondFactor" value={requireSecondFactor ? 'off' : 'on'} />
          <p className="text-sm text-ink-800">{requireSecondFactor ? 'Required for everyone.' : 'Not required.'}</p>
          <SudoField focusOnError show={!sudoActive} id="sudo-second-factor" error={second[SUDO_FIELD]} />
          <Button type="submit" variant="outline" disabled={busy}>
            {requireSecondFactor ? 'Stop requiring it' : 'Require two-step sign-in or a passkey'}
          </Button>
        </Form>
      </SectionCard>
    </div>
  )
}

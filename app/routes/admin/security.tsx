import { KeyRound, Monitor, ShieldCheck } from 'lucide'
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { data, Form, useNavigation, useParams, useRevalidator } from 'react-router'
import type { Route } from './+types/security'
import { adminMeta } from '~/components/admin/meta.ts'
import { Notice } from '~/components/admin/notice.tsx'
import { PageHeader } from '~/components/admin/ui.tsx'
import { useAgencyZone } from '~/components/admin/local-time.tsx'
import { formatPublishTime } from '~/lib/publishing.ts'
import { useHydrated } from '~/components/admin/use-hydrated.ts'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { SectionCard } from '~/components/ui/card.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { Input } from '~/components/ui/input.tsx'
import { CsrfField, useCsrfToken } from '~/components/csrf-field.tsx'
import { useToast, type Toast } from '~/components/ui/toast.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readIntentForm } from './+shared/content-actions.server.ts'
import { validate } from '~/http/forms.server.ts'
import { CSRF_FIELD } from '~/lib/csrf.ts'
import { fieldErrors, PASSWORD_MISMATCH, PasswordChangeSchema } from '~/lib/schemas.ts'
import { IdSchema, PasskeyNameSchema, TotpConfirmSchema } from '~/lib/security-schemas.ts'
import { SUDO_FIELD, SUDO_INTENTS, SUDO_MINUTES, SUDO_PROMPT, sudoFieldId } from '~/lib/sudo.ts'
import { changePassword } from '~/services/auth.server.ts'
import { DomainValidationError, NotFoundError, RateLimitedError, SudoRequiredError } from '~/services/errors.server.ts'
import { confirmSudo, sudoState } from '~/services/sudo.server.ts'
import { countOwnApiTokens, setUpNeeded } from '~/services/people.server.ts'
import { listPasskeys, removePasskey, renamePasskey } from '~/services/passkeys.server.ts'
import { signInKey } from '~/services/secret-box.server.ts'
import { endOtherSessions, endSession, listSessions } from '~/services/sessions.server.ts'
import { cancelTotpEnrolment, confirmTotpEnrolment, disableTotp, regenerateRecoveryCodes, startTotpEnrolment, twoStepState } from '~/services/totp.server.ts'
import { originOf } from './+shared/login.server.ts'
import { readPasswords } from './+shared/settings-form.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { db, config } = context.app
  const [sessions, passkeys, twoStep, sudo, required, apiTokens] = await Promise.all([
    listSessions(db, admin),
    listPasskeys(db, admin),
    twoStepState(db, signInKey(config), admin),
    sudoState(db, admin),
    setUpNeeded(db, admin),
    countOwnApiTokens(db, admin),
  ])
  return { sessions, passkeys, twoStep, sudo, required, apiTokens }
}

const INTENTS = [
  'password',
  'totp-start',
  'totp-cancel',
  'totp-confirm',
  'totp-disable',
  'recovery-regenerate',
  'passkey-rename',
  'passkey-remove',
  'session-end',
  'sessions-end-others',
] as const
type Intent = (typeof INTENTS)[number]

/** What the action answers: which form, what to show beside its fields, and recovery codes once. */
type SecurityResult = {
  intent: Intent
  ok: boolean
  fields: Record<string, string>
  formError?: string
  /** Which row a per-row form was about (rename, remove, end). */
  id?: number
  done?: string
  /** Shown this once: they are stored hashed. */
  recoveryCodes?: string[]
  /** Sudo mode: this form asks for the password (in place) before it carries on. */
  sudo?: boolean
}

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
export async function action({ request, context, params }: Route.ActionArgs) {
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
  const done = (extra: Partial<SecurityResult> = {}) => ({ intent, ok: true, fields: {}, id, done: DONE[intent], ...extra }) satisfies SecurityResult
  const checkId = () => validate(IdSchema, { id: form.get('id') })
  const askPassword = (status: number, message: string) =>
    data({ intent, ok: false, fields: { [sudoFieldId(intent, id)]: message }, id, sudo: true } satisfies SecurityResult, { status })

  const typed = String(form.get(SUDO_FIELD) ?? '')
  if ((SUDO_INTENTS as readonly string[]).includes(intent) && typed) {
    try {
      await confirmSudo(db, admin, typed, now)
    } catch (err) {
      if (err instanceof DomainValidationError) return askPassword(400, 'That password is not right.')
      if (err instanceof RateLimitedError) return askPassword(429, err.message)
      throw err
    }
  }

  try {
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
  } catch (err) {
    if (err instanceof SudoRequiredError) return askPassword(403, SUDO_PROMPT)
    if (err instanceof DomainValidationError) return refused(400, err.fields)
    if (err instanceof NotFoundError) return refused(404, {}, err.message)
    if (err instanceof RateLimitedError) return refused(429, {}, err.message)
    logger.error({ err: (err as Error)?.message, intent }, 'security change failed')
    return refused(500, {}, 'That did not work. Please try again.')
  }
}

export const meta: Route.MetaFunction = () => adminMeta('Security')

/** Date and time as 'Jan 5, 2026, 2:03 PM' in the reader's zone (the page names it once): the server's HTML and the browser agree. */
function useWhen(): (iso: string | null) => string {
  const zone = useAgencyZone().id
  return (iso) => (iso ? formatPublishTime(iso, zone) : '—')
}

/** A section's heading (by id), made focusable by script only. */
function focusHeading(id: string) {
  const heading = document.getElementById(id)
  if (!heading) return
  heading.setAttribute('tabindex', '-1')
  heading.focus()
}

function FormError({ message, id }: { message: string | undefined; id?: string }) {
  return message ? (
    <p id={id} role="alert" className="rounded-md border border-danger-300 bg-danger-50 p-3 text-sm text-danger-800">
      {message}
    </p>
  ) : null
}

/** Sudo mode's in-place prompt: shown in the form the action refused for want of a recent password. */
function SudoPassword({ id, error }: { id: string; error: string | undefined }) {
  return (
    <Field id={id} label="Your password, to confirm" error={error}>
      <Input name={SUDO_FIELD} type="password" autoComplete="current-password" />
    </Field>
  )
}

export default function SecurityPage({ loaderData, actionData: answered }: Route.ComponentProps) {
  const when = useWhen()
  const actionData: SecurityResult | undefined = answered
  const { sessions, passkeys, twoStep, sudo, required, apiTokens } = loaderData
  const tokensNote = apiTokens > 0 ? ` and revokes your API tokens (${apiTokens}${apiTokens === 1 ? ' token' : ' tokens'})` : ''
  const navigation = useNavigation()
  const sending = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' ? String(navigation.formData?.get('intent') ?? '') : undefined
  const answer = (intent: Intent, id?: number) => (actionData?.intent === intent && (id === undefined || actionData.id === id) ? actionData : undefined)
  const errors = (intent: Intent, id?: number) => answer(intent, id)?.fields ?? {}
  /** The password prompt in the form (intent, row) the action asked it for, else nothing. */
  const askPassword = (intent: Intent, id?: number) => {
    const a = answer(intent, id)
    return a?.sudo ? <SudoPassword id={sudoFieldId(intent, id)} error={a.fields[sudoFieldId(intent, id)]} /> : null
  }
  const toast = useToast()
  // The password form is checked in the browser first, with the action's own schema.
  const [refusedPassword, setRefusedPassword] = useState<Record<string, string> | null>(null)
  useEffect(() => setRefusedPassword(null), [actionData])
  function checkPassword(e: FormEvent<HTMLFormElement>) {
    const checked = PasswordChangeSchema.safeParse(readPasswords(new FormData(e.currentTarget)))
    if (checked.success) return setRefusedPassword(null)
    e.preventDefault()
    const fields = fieldErrors(checked.error)
    setRefusedPassword(fields)
    toast(
      fields.confirmPassword === PASSWORD_MISMATCH
        ? { title: 'Password Mismatch', description: PASSWORD_MISMATCH, variant: 'destructive' }
        : { title: 'Error', description: Object.values(fields)[0], variant: 'destructive' },
    )
    const first = Object.keys(fields)[0]
    if (first) document.getElementById(first)?.focus()
  }

  const notice = useMemo<Toast | undefined>(() => {
    if (!actionData) return undefined
    if (actionData.ok) return actionData.done ? { title: actionData.intent === 'password' ? 'Password Changed' : 'Security Updated', description: actionData.done } : undefined
    if (actionData.sudo) return { title: 'Confirm Your Password', description: Object.values(actionData.fields)[0] ?? SUDO_PROMPT, variant: 'destructive' }
    if (actionData.fields.confirmPassword === PASSWORD_MISMATCH) return { title: 'Password Mismatch', description: PASSWORD_MISMATCH, variant: 'destructive' }
    return { title: 'Error', description: actionData.formError ?? Object.values(actionData.fields)[0] ?? 'That did not work.', variant: 'destructive' }
  }, [actionData])

  // After a refusal, focus goes to the first field with a message (not the button).
  useEffect(() => {
    if (!actionData || actionData.ok) return
    const first = Object.keys(actionData.fields)[0]
    if (first) document.getElementById(first)?.focus()
  }, [actionData])

  const passwordForm = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (actionData?.ok && actionData.intent === 'password') passwordForm.current?.reset()
  }, [actionData])

  // Answers that replace the control that had focus (which would leave it on <body>): set-up
  // shows its steps, so focus goes to step 1; cancelling or turning it off goes to the section.
  // (The answer comes before the reloaded page data that shows the change: run again with that.)
  const setupSteps = useRef<HTMLOListElement>(null)
  const enrolling = Boolean(twoStep.enrolment)
  useEffect(() => {
    if (!actionData?.ok) return
    if (actionData.intent === 'totp-start') setupSteps.current?.focus()
    else if ((actionData.intent === 'totp-cancel' || actionData.intent === 'totp-disable') && document.activeElement === document.body) focusHeading('security-two-step')
  }, [actionData, enrolling, twoStep.enabled])

  // An ended session leaves the list with its End button: focus goes to the End button that took
  // its place (or the last one), else the section's heading.
  const sessionList = useRef<HTMLUListElement>(null)
  const endable = sessions
    .filter((s) => !s.current)
    .map((s) => s.id)
    .join(',')
  const endableBefore = useRef(endable)
  useEffect(() => {
    const before = endableBefore.current.split(',').filter(Boolean)
    const now = endable.split(',')
    endableBefore.current = endable
    const gone = before.findIndex((id) => !now.includes(id))
    if (gone < 0 || (document.activeElement && document.activeElement !== document.body)) return
    const buttons = sessionList.current?.querySelectorAll<HTMLElement>('button[data-end-session]') ?? []
    const next = buttons[Math.min(gone, buttons.length - 1)]
    if (next) next.focus()
    else focusHeading('security-sessions')
  }, [endable])

  const pwErrors = refusedPassword ?? errors('password')
  const password = (k: 'currentPassword' | 'newPassword' | 'confirmPassword', label: string, autoComplete: string) => (
    <Field id={k} label={label} error={pwErrors[k]}>
      <Input name={k} type="password" autoComplete={autoComplete} />
    </Field>
  )
  const recoveryCodes = actionData?.ok ? actionData.recoveryCodes : undefined

  return (
    <>
      <PageHeader title="Security" description="How you sign in to the back office, and where you are signed in." times />
      <Notice notice={notice} />
      {required && (
        <p role="alert" className="mb-6 max-w-3xl rounded-md border border-warning-300 bg-warning-50 px-4 py-3 text-sm text-warning-900" data-testid="set-up-required">
          {required === 'password'
            ? 'You signed in with a one-time password. Choose your own password below before anything else.'
            : 'The owner requires two-step sign-in or a passkey for everyone. Add one below before anything else.'}
        </p>
      )}
      <div className="max-w-3xl space-y-6">
        <p className="text-sm text-ink-700" data-testid="sudo-state">
          {sudo.active
            ? `Password confirmed: the changes below ask for it again after ${when(sudo.until)}.`
            : `The changes below ask for your password when you have not entered it here in the last ${SUDO_MINUTES} minutes.`}
        </p>
        <Form ref={passwordForm} method="post" noValidate onSubmit={checkPassword}>
          <CsrfField />
          <input type="hidden" name="intent" value="password" />
          <SectionCard id="security-password" title="Password" description={`Changing the password signs out every other session${tokensNote}.`}>
            <div className="grid gap-4 sm:grid-cols-3">
              {password('currentPassword', 'Current Password', 'current-password')}
              {password('newPassword', 'New Password', 'new-password')}
              {password('confirmPassword', 'Confirm Password', 'new-password')}
            </div>
            <div className="mt-4 space-y-4">
              <FormError message={answer('password')?.formError} />
              <Button type="submit" disabled={sending === 'password'}>
                {sending === 'password' ? 'Saving...' : 'Change Password'}
              </Button>
            </div>
          </SectionCard>
        </Form>

        <Passkeys passkeys={passkeys} sending={sending} answer={answer} askPassword={askPassword} />

        <SectionCard id="security-two-step" title="Two-step sign-in" description="After the password, ask for a 6-digit code from an authenticator app.">
          {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
          {twoStep.enabled ? (
            <div className="space-y-4">
              <p className="flex items-center gap-2 text-sm text-ink-800">
                <Icon node={ShieldCheck} aria-hidden="true" className="size-4 text-success-700" />
                <span>
                  On since {when(twoStep.enabledAt)}. Recovery codes left: <strong data-testid="recovery-left">{twoStep.recoveryCodesLeft}</strong>
                </span>
              </p>
              <Form method="post" noValidate className="flex flex-wrap items-end gap-3">
                <CsrfField />
                <input type="hidden" name="intent" value="recovery-regenerate" />
                {askPassword('recovery-regenerate')}
                <Button type="submit" variant="secondary" disabled={sending === 'recovery-regenerate'}>
                  Make new recovery codes
                </Button>
              </Form>
              <Form method="post" noValidate className="flex flex-wrap items-end gap-3 border-t border-ink-200 pt-4">
                <CsrfField />
                <input type="hidden" name="intent" value="totp-disable" />
                {askPassword('totp-disable')}
                <Button type="submit" variant="danger" disabled={sending === 'totp-disable'}>
                  Turn off two-step sign-in
                </Button>
              </Form>
            </div>
          ) : twoStep.enrolment ? (
            <div className="space-y-4">
              <ol ref={setupSteps} tabIndex={-1} aria-label="Set-up steps" className="list-decimal space-y-1 pl-5 text-sm text-ink-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600">
                <li>Scan this QR code with your authenticator app, or type the key below into it.</li>
                <li>Enter the 6-digit code the app shows.</li>
              </ol>
              <div className="flex flex-wrap items-start gap-6">
                {/* The SVG comes from the qrcode library, drawn from our own otpauth:// address. */}
                <div role="img" aria-label="QR code for your authenticator app" className="size-44 rounded border border-ink-200 bg-white p-1" dangerouslySetInnerHTML={{ __html: twoStep.enrolment.qrSvg }} />
                <div className="space-y-2 text-sm">
                  <p className="text-ink-700">Key (if you cannot scan):</p>
                  <code data-testid="totp-secret" className="block break-all rounded bg-ink-100 px-2 py-1 font-mono text-ink-900">
                    {twoStep.enrolment.secret}
                  </code>
                  <p className="text-ink-600">Time-based, 6 digits, every 30 seconds.</p>
                </div>
              </div>
              <Form method="post" noValidate className="flex flex-wrap items-end gap-3">
                <CsrfField />
                <input type="hidden" name="intent" value="totp-confirm" />
                <Field id="code" label="Code from the app" error={errors('totp-confirm').code}>
                  <Input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
                </Field>
                {askPassword('totp-confirm')}
                <Button type="submit" disabled={sending === 'totp-confirm'}>
                  Turn on
                </Button>
              </Form>
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="intent" value="totp-cancel" />
                <Button type="submit" variant="ghost">
                  Cancel
                </Button>
              </Form>
            </div>
          ) : (
            <Form method="post" noValidate className="flex flex-wrap items-end gap-3">
              <CsrfField />
              <input type="hidden" name="intent" value="totp-start" />
              {askPassword('totp-start')}
              <Button type="submit" disabled={sending === 'totp-start'}>
                Set up an authenticator app
              </Button>
            </Form>
          )}
        </SectionCard>

        <SectionCard id="security-sessions" title="Signed-in sessions" description="Where the admin account is signed in now.">
          <FormError message={answer('session-end')?.formError} />
          <ul ref={sessionList} className="divide-y divide-ink-200" aria-label="Sessions">
            {sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session-row">
                <div className="flex items-start gap-3">
                  <Icon node={Monitor} aria-hidden="true" className="mt-0.5 size-5 text-ink-600" />
                  <div className="text-sm">
                    <p className="font-medium text-ink-900">
                      {s.device} {s.current && <Badge tone="bg-success-100 text-success-800">This device</Badge>}
                    </p>
                    <p className="text-ink-600">
                      {s.ip ?? 'Unknown address'} · Last seen {when(s.lastSeenAt)} · Signed in {when(s.createdAt)}
                    </p>
                  </div>
                </div>
                {!s.current && (
                  <Form method="post" noValidate className="flex flex-wrap items-end gap-3">
                    <CsrfField />
                    <input type="hidden" name="intent" value="session-end" />
                    <input type="hidden" name="id" value={s.id} />
                    {askPassword('session-end', s.id)}
                    <Button type="submit" size="sm" variant="secondary" data-end-session aria-label={`End session: ${s.device}, ${s.ip ?? 'unknown address'}`}>
                      End
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {sessions.length > 1 && (
            <Form method="post" noValidate className="mt-4 flex flex-wrap items-end gap-3">
              <CsrfField />
              <input type="hidden" name="intent" value="sessions-end-others" />
              <p className="w-full text-sm text-ink-700">Signs out every session but this one{tokensNote}.</p>
              {askPassword('sessions-end-others')}
              <Button type="submit" variant="danger" disabled={sending === 'sessions-end-others'}>
                Sign out all other sessions
              </Button>
            </Form>
          )}
        </SectionCard>
      </div>
    </>
  )
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => ref.current?.focus(), [codes])
  return (
    <div ref={ref} tabIndex={-1} className="mb-4 rounded-md border border-warning-300 bg-warning-50 p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600" aria-labelledby="recovery-title">
      <h3 id="recovery-title" className="font-semibold text-ink-900">
        Your recovery codes
      </h3>
      <p className="mt-1 text-sm text-ink-800">Each works once, instead of a code from the app. Keep them somewhere safe: they are shown only now.</p>
      <ul className="mt-3 grid grid-cols-2 gap-1 font-mono text-sm text-ink-900" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  )
}

type PasskeyView = Route.ComponentProps['loaderData']['passkeys'][number]

/** Passkeys: listed, renamed and removed by plain forms; added with the browser's WebAuthn. */
function Passkeys({
  passkeys,
  sending,
  answer,
  askPassword,
}: {
  passkeys: PasskeyView[]
  sending: string | undefined
  answer: (intent: Intent, id?: number) => SecurityResult | undefined
  askPassword: (intent: Intent, id?: number) => React.ReactNode
}) {
  const when = useWhen()
  return (
    <SectionCard id="security-passkeys" title="Passkeys" description="Sign in with your device's fingerprint, face or PIN instead of the password. Adding or removing one signs out every other session.">
      {passkeys.length === 0 ? (
        <p className="text-sm text-ink-700">No passkeys yet.</p>
      ) : (
        <ul className="divide-y divide-ink-200" aria-label="Passkeys">
          {passkeys.map((p) => {
            const renameErrors = answer('passkey-rename', p.id)?.fields ?? {}
            return (
              <li key={p.id} className="flex flex-wrap items-end justify-between gap-3 py-3" data-testid="passkey-row">
                <Form method="post" noValidate className="flex flex-wrap items-end gap-2">
                  <CsrfField />
                  <input type="hidden" name="intent" value="passkey-rename" />
                  <input type="hidden" name="id" value={p.id} />
                  <Field id={`passkey-name-${p.id}`} label="Name" error={renameErrors.name}>
                    <Input name="name" defaultValue={p.name} maxLength={60} />
                  </Field>
                  <Button type="submit" size="sm" variant="secondary" aria-label={`Rename passkey ${p.name}`}>
                    Rename
                  </Button>
                </Form>
                <div className="flex items-center gap-3 text-sm text-ink-600">
                  <span>
                    Added {when(p.createdAt)} · Last used {when(p.lastUsedAt)}
                  </span>
                  <Form method="post" noValidate className="flex flex-wrap items-end gap-3">
                    <CsrfField />
                    <input type="hidden" name="intent" value="passkey-remove" />
                    <input type="hidden" name="id" value={p.id} />
                    {askPassword('passkey-remove', p.id)}
                    <Button type="submit" size="sm" variant="danger" disabled={sending === 'passkey-remove'} aria-label={`Remove passkey ${p.name}`}>
                      Remove
                    </Button>
                  </Form>
                </div>
              </li>
            )
          })}
        </ul>
      )}
      <AddPasskey />
    </SectionCard>
  )
}

type RegistrationOptions = Parameters<typeof import('@simplewebauthn/browser').startRegistration>[0]['optionsJSON']

/** Needs JavaScript (WebAuthn is a browser API): without it the page says so. */
function AddPasskey() {
  const hydrated = useHydrated()
  const { adminPath } = useParams()
  const csrf = useCsrfToken()
  const revalidator = useRevalidator()
  const [supported, setSupported] = useState<boolean | null>(null)
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Sudo mode: the server asked for the password; it goes with the next try.
  const [askPassword, setAskPassword] = useState(false)
  const [password, setPassword] = useState('')
  const errorRef = useRef<HTMLParagraphElement>(null)

  useEffect(() => {
    if (!hydrated) return
    void import('@simplewebauthn/browser').then(({ browserSupportsWebAuthn }) => setSupported(browserSupportsWebAuthn()))
  }, [hydrated])
  useEffect(() => {
    // Asked for the password: to its field; otherwise to the message.
    if (error) (askPassword ? document.getElementById('sudo-passkey-add') : errorRef.current)?.focus()
  }, [error, askPassword])

  if (!hydrated || supported === null) return <p className="mt-4 text-sm text-ink-600">Adding a passkey needs JavaScript.</p>
  if (!supported) return <p className="mt-4 text-sm text-ink-600">This browser cannot use passkeys.</p>

  async function add(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setError(null)
    setStatus(null)
    const checked = PasskeyNameSchema.safeParse({ name })
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Give the passkey a name')
    setBusy(true)
    try {
      const { startRegistration } = await import('@simplewebauthn/browser')
      const post = (body: Record<string, string>) => fetch(`/${adminPath}/passkey`, { method: 'POST', body: new URLSearchParams({ ...body, [CSRF_FIELD]: csrf }) })
      const res = await post({ op: 'register-options', ...(askPassword ? { [SUDO_FIELD]: password } : {}) })
      if (!res.ok) {
        const refusal = (await res.json().catch(() => ({}))) as { error?: string; sudo?: boolean }
        if (!refusal.sudo) throw new Error('refused')
        setAskPassword(true)
        setPassword('')
        return setError(refusal.error ?? SUDO_PROMPT)
      }
      setAskPassword(false)
      setPassword('')
      const { options } = (await res.json()) as { options: RegistrationOptions }
      let response
      try {
        response = await startRegistration({ optionsJSON: options })
      } catch {
        return setError('The passkey was not created (cancelled, or this device already has one for this account).')
      }
      const saved = await post({ op: 'register', name: checked.data.name, response: JSON.stringify(response) })
      const body = (await saved.json()) as { passkey?: { name: string }; fields?: Record<string, string>; error?: string }
      if (!saved.ok || !body.passkey) return setError(Object.values(body.fields ?? {})[0] ?? body.error ?? 'The passkey could not be added.')
      setName('')
      setStatus(`Passkey "${body.passkey.name}" added. Other sessions have been signed out.`)
      await revalidator.revalidate()
    } catch {
      setError('The passkey could not be added. Please try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={add} noValidate className="mt-4 space-y-3 border-t border-ink-200 pt-4">
      <div className="flex flex-wrap items-end gap-3">
        <Field id="new-passkey-name" label="New passkey name (e.g. “Work laptop”)">
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} autoComplete="off" />
        </Field>
        {askPassword && (
          <Field id="sudo-passkey-add" label="Your password, to confirm">
            <Input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" />
          </Field>
        )}
        <Button type="submit" disabled={busy}>
          <Icon node={KeyRound} aria-hidden="true" className="size-4" />
          {busy ? 'Waiting for the passkey...' : 'Add a passkey'}
        </Button>
      </div>
      {error && (
        <p ref={errorRef} tabIndex={-1} role="alert" className="text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
      <p role="status" className="text-sm text-success-800">
        {status}
      </p>
    </form>
  )
}

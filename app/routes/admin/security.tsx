import { Monitor, ShieldCheck } from 'lucide'
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { Form } from 'react-router'
import type { Route } from './+types/security'
import { adminMeta } from '~/components/admin/meta.ts'
import { Notice } from '~/components/admin/notice.tsx'
import { PageHeader } from '~/components/admin/ui.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { SectionCard } from '~/components/ui/card.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { Input } from '~/components/ui/input.tsx'
import { CsrfField } from '~/components/csrf-field.tsx'
import { useToast, type Toast } from '~/components/ui/toast.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { fieldErrors, PASSWORD_MISMATCH, PasswordChangeSchema } from '~/lib/schemas.ts'
import { SUDO_MINUTES, SUDO_PROMPT, sudoFieldId } from '~/lib/sudo.ts'
import { sudoState } from '~/services/sudo.server.ts'
import { setUpNeeded } from '~/services/people.server.ts'
import { countOwnApiTokens } from '~/services/api-tokens.server.ts'
import { listPasskeys } from '~/services/passkeys.server.ts'
import { signInKey } from '~/infra/secret-box.server.ts'
import { listSessions } from '~/services/sessions.server.ts'
import { twoStepState } from '~/services/totp.server.ts'
import { readPasswords } from './+shared/settings-form.ts'
import { type Intent, type SecurityResult } from './+shared/security-forms.ts'
import { securityAction } from './+shared/security-action.server.ts'
import {
  FormError,
  IntentForm,
  useSending,
  Passkeys,
  RecoveryCodes,
  SudoPassword,
  focusHeading,
  useWhen,
  type AskPassword,
} from '~/components/admin/security-parts.tsx'

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

/**
 * Every form of the page posts here with an `intent`. Each change to how the admin signs in
 * (password, two-step on/off, passkeys) ends the other sessions and mails a notice (in the
 * services). Answers what to show; React Router then reloads the page's data.
 * Sudo mode (docs/decisions/027): the services refuse those changes unless this session entered
 * the password in the last 10 minutes; the refused form comes back asking for it (`sudo: true`),
 * and a post with the right `sudoPassword` confirms it and carries on with the change.
 */
export const action = (args: Route.ActionArgs) => securityAction(args)

export const meta: Route.MetaFunction = () => adminMeta('Security')

export default function SecurityPage({ loaderData, actionData: answered }: Route.ComponentProps) {
  const when = useWhen()
  const actionData: SecurityResult | undefined = answered
  const { sessions, passkeys, twoStep, sudo, required, apiTokens } = loaderData
  const tokensNote = apiTokens > 0 ? ` and revokes your API tokens (${apiTokens}${apiTokens === 1 ? ' token' : ' tokens'})` : ''
  const sending = useSending()
  const answer = (intent: Intent, id?: number) =>
    actionData?.intent === intent && (id === undefined || actionData.id === id) ? actionData : undefined
  const errors = (intent: Intent, id?: number) => answer(intent, id)?.fields ?? {}
  /** The password prompt in the form (intent, row) the action asked it for, else nothing. */
  const askPassword: AskPassword = (intent, id) => {
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
    if (actionData.ok)
      return actionData.done
        ? { title: actionData.intent === 'password' ? 'Password Changed' : 'Security Updated', description: actionData.done }
        : undefined
    if (actionData.sudo)
      return { title: 'Confirm Your Password', description: Object.values(actionData.fields)[0] ?? SUDO_PROMPT, variant: 'destructive' }
    if (actionData.fields.confirmPassword === PASSWORD_MISMATCH)
      return { title: 'Password Mismatch', description: PASSWORD_MISMATCH, variant: 'destructive' }
    return {
      title: 'Error',
      description: actionData.formError ?? Object.values(actionData.fields)[0] ?? 'That did not work.',
      variant: 'destructive',
    }
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
    else if ((actionData.intent === 'totp-cancel' || actionData.intent === 'totp-disable') && document.activeElement === document.body)
      focusHeading('security-two-step')
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
        <p
          role="alert"
          className="mb-6 max-w-3xl rounded-md border border-warning-300 bg-warning-50 px-4 py-3 text-sm text-warning-900"
          data-testid="set-up-required"
        >
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
          <SectionCard
            id="security-password"
            title="Password"
            description={`Changing the password signs out every other session${tokensNote}.`}
          >
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

        <SectionCard
          id="security-two-step"
          title="Two-step sign-in"
          description="After the password, ask for a 6-digit code from an authenticator app."
        >
          {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
          {twoStep.enabled ? (
            <div className="space-y-4">
              <p className="flex items-center gap-2 text-sm text-ink-800">
                <Icon node={ShieldCheck} aria-hidden="true" className="size-4 text-success-700" />
                <span>
                  On since {when(twoStep.enabledAt)}. Recovery codes left:{' '}
                  <strong data-testid="recovery-left">{twoStep.recoveryCodesLeft}</strong>
                </span>
              </p>
              <IntentForm intent="recovery-regenerate" askPassword={askPassword} label="Make new recovery codes" variant="secondary" />
              <IntentForm
                intent="totp-disable"
                askPassword={askPassword}
                className="flex flex-wrap items-end gap-3 border-t border-ink-200 pt-4"
                label="Turn off two-step sign-in"
                variant="danger"
              />
            </div>
          ) : twoStep.enrolment ? (
            <div className="space-y-4">
              <ol
                ref={setupSteps}
                tabIndex={-1}
                aria-label="Set-up steps"
                className="list-decimal space-y-1 pl-5 text-sm text-ink-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600"
              >
                <li>Scan this QR code with your authenticator app, or type the key below into it.</li>
                <li>Enter the 6-digit code the app shows.</li>
              </ol>
              <div className="flex flex-wrap items-start gap-6">
                {/* The SVG comes from the qrcode library, drawn from our own otpauth:// address. */}
                <div
                  role="img"
                  aria-label="QR code for your authenticator app"
                  className="size-44 rounded border border-ink-200 bg-white p-1"
                  dangerouslySetInnerHTML={{ __html: twoStep.enrolment.qrSvg }}
                />
                <div className="space-y-2 text-sm">
                  <p className="text-ink-700">Key (if you cannot scan):</p>
                  <code data-testid="totp-secret" className="block break-all rounded bg-ink-100 px-2 py-1 font-mono text-ink-900">
                    {twoStep.enrolment.secret}
                  </code>
                  <p className="text-ink-600">Time-based, 6 digits, every 30 seconds.</p>
                </div>
              </div>
              <IntentForm intent="totp-confirm" askPassword={askPassword} label="Turn on">
                <Field id="code" label="Code from the app" error={errors('totp-confirm').code}>
                  <Input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
                </Field>
              </IntentForm>
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="intent" value="totp-cancel" />
                <Button type="submit" variant="ghost">
                  Cancel
                </Button>
              </Form>
            </div>
          ) : (
            <IntentForm intent="totp-start" askPassword={askPassword} label="Set up an authenticator app" />
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
                  <IntentForm
                    intent="session-end"
                    id={s.id}
                    askPassword={askPassword}
                    button={
                      <Button
                        type="submit"
                        size="sm"
                        variant="secondary"
                        data-end-session
                        aria-label={`End session: ${s.device}, ${s.ip ?? 'unknown address'}`}
                      >
                        End
                      </Button>
                    }
                  />
                )}
              </li>
            ))}
          </ul>
          {sessions.length > 1 && (
            <IntentForm
              intent="sessions-end-others"
              askPassword={askPassword}
              className="mt-4 flex flex-wrap items-end gap-3"
              label="Sign out all other sessions"
              variant="danger"
            >
              <p className="w-full text-sm text-ink-700">Signs out every session but this one{tokensNote}.</p>
            </IntentForm>
          )}
        </SectionCard>
      </div>
    </>
  )
}

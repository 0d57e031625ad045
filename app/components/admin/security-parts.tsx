/** The Security page's parts: times, errors, the in-place password prompt, passkeys and recovery codes. */
import { KeyRound } from 'lucide'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Form, useNavigation, useParams, useRevalidator } from 'react-router'
import { useAgencyZone } from '~/components/admin/local-time.tsx'
import { useHydrated } from '~/components/admin/use-hydrated.ts'
import { formatPublishTime } from '~/lib/publishing.ts'
import { Button, type ButtonVariant } from '~/components/ui/button.tsx'
import { SectionCard } from '~/components/ui/card.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { Input } from '~/components/ui/input.tsx'
import { CsrfField, useCsrfToken } from '~/components/csrf-field.tsx'
import { CSRF_FIELD } from '~/lib/csrf.ts'
import { PasskeyNameSchema } from '~/lib/security-schemas.ts'
import { SUDO_FIELD, SUDO_PROMPT } from '~/lib/sudo.ts'
import type { listPasskeys } from '~/services/passkeys.server.ts'
import { type Intent, type SecurityResult } from '~/routes/admin/+shared/security-forms.ts'

/** Date and time as 'Jan 5, 2026, 2:03 PM' in the reader's zone (the page names it once): the server's HTML and the browser agree. */
export function useWhen(): (iso: string | null) => string {
  const zone = useAgencyZone().id
  return (iso) => (iso ? formatPublishTime(iso, zone) : '—')
}

/** A section's heading (by id), made focusable by script only. */
export function focusHeading(id: string) {
  const heading = document.getElementById(id)
  if (!heading) return
  heading.setAttribute('tabindex', '-1')
  heading.focus()
}

export function FormError({ message, id }: { message: string | undefined; id?: string }) {
  return message ? (
    <p id={id} role="alert" className="rounded-md border border-danger-300 bg-danger-50 p-3 text-sm text-danger-800">
      {message}
    </p>
  ) : null
}

/** Sudo mode's in-place prompt (docs/decisions/027): shown in the form the action refused for want of a recent password. */
export function SudoPassword({
  id,
  error,
  className,
  required,
  autoFocus,
}: {
  id: string
  error: string | undefined
  className?: string
  required?: boolean
  autoFocus?: boolean
}) {
  return (
    <Field id={id} label="Your password, to confirm" error={error} className={className}>
      <Input name={SUDO_FIELD} type="password" autoComplete="current-password" required={required} autoFocus={autoFocus} />
    </Field>
  )
}

/**
 * The password again, in every form of a page whose changes all need sudo mode, until this
 * session is in it (`show`), and while the password given was refused. `focusOnError`: a refused
 * password takes the focus.
 */
export function SudoField({ show, id, error, focusOnError }: { show: boolean; id: string; error?: string; focusOnError?: boolean }) {
  if (!show && !error) return null
  return <SudoPassword id={id} error={error} className="min-w-48" required autoFocus={focusOnError ? Boolean(error) : undefined} />
}

/** The password prompt of the form (intent, row) the action asked it for, else nothing. */
export type AskPassword = (intent: Intent, id?: number) => ReactNode

/** The intent of the form being posted now, else undefined: its button waits meanwhile. */
export function useSending(): string | undefined {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
    ? String(navigation.formData?.get('intent') ?? '')
    : undefined
}

/**
 * A form of the Security page: its intent (and row), the CSRF token, what it asks first, the
 * password prompt when the action asked for it, and its button: `label` in `variant`, waiting
 * while the form is posted, or a `button` of its own.
 */
export function IntentForm({
  intent,
  id,
  askPassword,
  className = 'flex flex-wrap items-end gap-3',
  label,
  variant,
  button,
  children,
}: {
  intent: Intent
  id?: number
  askPassword: AskPassword
  className?: string
  label?: string
  variant?: ButtonVariant
  button?: ReactNode
  children?: ReactNode
}) {
  const sending = useSending()
  return (
    <Form method="post" noValidate className={className}>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined && <input type="hidden" name="id" value={id} />}
      {children}
      {askPassword(intent, id)}
      {button ?? (
        <Button type="submit" variant={variant} disabled={sending === intent}>
          {label}
        </Button>
      )}
    </Form>
  )
}

export function RecoveryCodes({ codes }: { codes: string[] }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => ref.current?.focus(), [codes])
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="mb-4 rounded-md border border-warning-300 bg-warning-50 p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600"
      aria-labelledby="recovery-title"
    >
      <h3 id="recovery-title" className="font-semibold text-ink-900">
        Your recovery codes
      </h3>
      <p className="mt-1 text-sm text-ink-800">
        Each works once, instead of a code from the app. Keep them somewhere safe: they are shown only now.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-1 font-mono text-sm text-ink-900" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  )
}

type PasskeyView = Awaited<ReturnType<typeof listPasskeys>>[number]

/** Passkeys: listed, renamed and removed by plain forms; added with the browser's WebAuthn. */
export function Passkeys({
  passkeys,
  sending,
  answer,
  askPassword,
}: {
  passkeys: PasskeyView[]
  sending: string | undefined
  answer: (intent: Intent, id?: number) => SecurityResult | undefined
  askPassword: AskPassword
}) {
  const when = useWhen()
  return (
    <SectionCard
      id="security-passkeys"
      title="Passkeys"
      description="Sign in with your device's fingerprint, face or PIN instead of the password. Adding or removing one signs out every other session."
    >
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
                  <IntentForm
                    intent="passkey-remove"
                    id={p.id}
                    askPassword={askPassword}
                    button={
                      <Button
                        type="submit"
                        size="sm"
                        variant="danger"
                        disabled={sending === 'passkey-remove'}
                        aria-label={`Remove passkey ${p.name}`}
                      >
                        Remove
                      </Button>
                    }
                  />
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
export function AddPasskey() {
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
      const post = (body: Record<string, string>) =>
        fetch(`/${adminPath}/passkey`, { method: 'POST', body: new URLSearchParams({ ...body, [CSRF_FIELD]: csrf }) })
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
      if (!saved.ok || !body.passkey)
        return setError(Object.values(body.fields ?? {})[0] ?? body.error ?? 'The passkey could not be added.')
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

import { Eye, EyeOff, KeyRound, Lock } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Form, Link, useLocation, useNavigation, useParams, useSearchParams, useSubmit } from 'react-router'
import type { Route } from './+types/login'
import { Notice } from '~/components/admin/notice.tsx'
import { useHydrated } from '~/components/admin/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Input } from '~/components/ui/input.tsx'
import { CsrfField, useCsrfToken } from '~/components/csrf-field.tsx'
import { useToast } from '~/components/ui/toast.tsx'
import { checkAdminPath } from '~/http/admin-guard.server.ts'
import { readCookie, SECOND_STEP_COOKIE } from '~/http/cookies.server.ts'
import { CSRF_FIELD } from '~/lib/csrf.ts'
import { pendingSecondStep } from '~/services/auth.server.ts'
import { handleLoginPost, REDIRECT_FIELD } from './+shared/login.server.ts'

/** Keeps the 429's Retry-After. (Everything under the admin path is no-store: server/request-guards.ts.) */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const out = new Headers()
  const retryAfter = actionHeaders.get('Retry-After')
  if (retryAfter) out.set('Retry-After', retryAfter)
  return out
}

/**
 * Credentials never come from the URL: only `redirectTo` (and `expired`) are read here. A right
 * password waiting for its code (the `sid_step` cookie) shows the second step instead.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  checkAdminPath(context, params.adminPath)
  const pending = await pendingSecondStep(context.app.db, readCookie(request.headers.get('cookie'), SECOND_STEP_COOKIE))
  return {
    redirectTo: new URL(request.url).searchParams.get(REDIRECT_FIELD) ?? '',
    step: pending ? ('code' as const) : ('password' as const),
  }
}

/** Sign-in is a POST that works without JavaScript (post/redirect/get on success). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const adminPath = checkAdminPath(context, params.adminPath)
  return handleLoginPost(request, context, adminPath)
}

export const meta: Route.MetaFunction = () => [{ title: 'Admin Panel' }, { name: 'robots', content: 'noindex, nofollow' }]

/** Where the logout action lands (`?loggedOut=1`: app/routes/admin/logout.ts). */
const LOGGED_OUT = {
  title: 'Logged Out',
  description: 'You have been successfully logged out.',
}
/** Where a password reset link lands (`?reset=1`: app/routes/admin/reset.tsx). */
const PASSWORD_RESET = {
  title: 'Password Changed',
  description: 'Your new password is set and every session of yours has ended. Sign in with it.',
}
/** The notices the page is sent to with, by search parameter. */
const ARRIVAL_NOTICES = { loggedOut: LOGGED_OUT, reset: PASSWORD_RESET }

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, step } = loaderData
  const { adminPath } = useParams()
  const [params, setParams] = useSearchParams()
  const toast = useToast()
  const location = useLocation()
  const navigation = useNavigation()
  const [showPassword, setShowPassword] = useState(false)
  const expiredShown = useRef(false)
  const welcomed = useRef(false)
  // The form's own submission, and the redirect that follows a successful one.
  const submitting = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const formError = actionData?.formError
  const errors = actionData?.fieldErrors ?? {}
  const arrival = actionData
    ? undefined
    : (Object.keys(ARRIVAL_NOTICES) as (keyof typeof ARRIVAL_NOTICES)[]).find((k) => params.get(k) === '1')

  // Once the notice is shown the flag leaves the address (replace), so Back or a reload does not
  // say it again. (Without JavaScript it stays, which is harmless.)
  useEffect(() => {
    if (!Object.keys(ARRIVAL_NOTICES).some((k) => params.has(k))) return
    setParams(
      (p) => {
        for (const k of Object.keys(ARRIVAL_NOTICES)) p.delete(k)
        return p
      },
      { replace: true, preventScrollReset: true },
    )
  }, [params, setParams])

  useEffect(() => {
    if (params.get('expired') === '1' && !expiredShown.current && !actionData) {
      expiredShown.current = true
      toast({
        title: 'Session Expired',
        description: 'Please log in again.',
        variant: 'destructive',
      })
    }
  }, [params, toast, actionData])

  // A refused sign-in stays on the page, beside the form, and takes focus so it is heard (the
  // spec's "Login Failed" notice is this alert: a toast saying it again would be heard twice).
  // Empty fields are answered beside them, and the first of them takes focus.
  const errorRef = useRef<HTMLDivElement>(null)
  const [passkeyError, setPasskeyError] = useState<string | null>(null)
  const shownError = formError?.message ?? passkeyError
  useEffect(() => {
    if (actionData?.formError || actionData?.fieldErrors) setPasskeyError(null)
    if (actionData?.formError) errorRef.current?.focus()
    const firstField = Object.keys(actionData?.fieldErrors ?? {})[0]
    if (firstField) document.getElementById(firstField)?.focus()
  }, [actionData])
  useEffect(() => {
    if (passkeyError) errorRef.current?.focus()
  }, [passkeyError])

  // The action answered with a redirect away from this page: signed in.
  useEffect(() => {
    if (navigation.state === 'loading' && navigation.formData && navigation.location.pathname !== location.pathname && !welcomed.current) {
      welcomed.current = true
      toast({
        title: 'Login Successful',
        description: 'Welcome to the admin panel!',
      })
    }
  }, [navigation, location.pathname, toast])

  return (
    <main className="flex min-h-screen items-center justify-center bg-ink-100 px-4 py-12">
      <div className="w-full max-w-sm rounded-xl border border-ink-200 bg-white p-8 shadow-sm">
        <div className="mb-6 text-center">
          <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-primary-100 text-primary-800">
            <Icon node={Lock} aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-bold text-ink-900">Admin Panel</h1>
          <p className="mt-1 text-sm text-ink-600">Sign in to manage your website</p>
        </div>
        <Notice notice={arrival ? ARRIVAL_NOTICES[arrival] : undefined} />
        {shownError && (
          <div
            ref={errorRef}
            id="login-error"
            role="alert"
            tabIndex={-1}
            className="mb-4 rounded-md border border-danger-300 bg-danger-50 p-3 text-sm text-danger-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-danger-600"
          >
            <p className="font-semibold">Login Failed</p>
            <p>{shownError}</p>
          </div>
        )}
        {step === 'code' ? (
          <SecondStep redirectTo={redirectTo} error={errors.code} refused={Boolean(formError)} submitting={submitting} />
        ) : (
          <>
            {/* noValidate: empty fields are answered beside them (the action checks), not in the browser's bubble. */}
            <Form method="post" noValidate className="space-y-4" aria-describedby={shownError ? 'login-error' : undefined}>
              <CsrfField />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <Field id="username" label="Username" error={errors.username}>
                <Input name="username" required autoComplete="username webauthn" defaultValue={actionData?.username ?? ''} />
              </Field>
              <Field id="password" label="Password" error={errors.password}>
                {(aria) => (
                  <div className="relative">
                    <Input
                      {...aria}
                      name="password"
                      type={showPassword ? 'text' : 'password'}
                      required
                      autoComplete="current-password webauthn"
                      className="pr-11"
                    />
                    <button
                      type="button"
                      onClick={() => setShowPassword((v) => !v)}
                      aria-label={showPassword ? 'Hide password' : 'Show password'}
                      aria-pressed={showPassword}
                      className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-ink-700 hover:text-ink-900"
                    >
                      {showPassword ? (
                        <Icon node={EyeOff} aria-hidden="true" className="size-4" />
                      ) : (
                        <Icon node={Eye} aria-hidden="true" className="size-4" />
                      )}
                    </button>
                  </div>
                )}
              </Field>
              <Button type="submit" disabled={submitting} className="w-full">
                {submitting ? 'Signing In...' : 'Sign In'}
              </Button>
            </Form>
            <PasskeySignIn redirectTo={redirectTo} disabled={submitting} onError={setPasskeyError} />
            <p className="mt-6 text-center text-sm">
              <Link to={`/${adminPath}/forgot`} className="font-medium text-primary-800 underline">
                Forgot your password?
              </Link>
            </p>
          </>
        )}
      </div>
    </main>
  )
}

/** The second step: a code from the authenticator app, or a recovery code. Works without JavaScript. */
function SecondStep({
  redirectTo,
  error,
  refused,
  submitting,
}: {
  redirectTo: string
  error: string | undefined
  refused: boolean
  submitting: boolean
}) {
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-ink-900">Two-step sign-in</h2>
      <Form method="post" noValidate className="space-y-4">
        <CsrfField />
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          id="code"
          label="Authentication code"
          hint="The 6-digit code from your authenticator app, or one of your recovery codes."
          error={error}
        >
          {(aria) => (
            // A refused code is told in the alert above the form: the field is marked and points at it.
            <Input
              {...aria}
              aria-invalid={aria['aria-invalid'] ?? (refused || undefined)}
              aria-describedby={[aria['aria-describedby'], refused ? 'login-error' : ''].filter(Boolean).join(' ') || undefined}
              name="code"
              required
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              maxLength={32}
            />
          )}
        </Field>
        <Button type="submit" disabled={submitting} className="w-full">
          {submitting ? 'Verifying...' : 'Verify'}
        </Button>
      </Form>
      <Form method="post">
        <CsrfField />
        <input type="hidden" name="intent" value="cancel" />
        <Button type="submit" variant="ghost" className="w-full">
          Start over
        </Button>
      </Form>
    </div>
  )
}

type PasskeyOptions = { options: Parameters<typeof import('@simplewebauthn/browser').startAuthentication>[0]['optionsJSON']; token: string }

/**
 * "Sign in with a passkey" (discoverable credentials: no username needed), and the browser's
 * autofill offering the passkeys (conditional UI) where it supports it. Needs JavaScript, so it
 * appears only once the page runs; the password form stays the way in without it.
 */
function PasskeySignIn({
  redirectTo,
  disabled,
  onError,
}: {
  redirectTo: string
  disabled: boolean
  onError: (message: string | null) => void
}) {
  const hydrated = useHydrated()
  const { adminPath } = useParams()
  const csrf = useCsrfToken()
  const submit = useSubmit()
  const [supported, setSupported] = useState(false)
  const [busy, setBusy] = useState(false)

  const ceremony = useCallback(
    async (conditional: boolean) => {
      const { startAuthentication } = await import('@simplewebauthn/browser')
      const res = await fetch(`/${adminPath}/passkey`, {
        method: 'POST',
        body: new URLSearchParams({ op: 'sign-in-options', [CSRF_FIELD]: csrf }),
      })
      if (!res.ok) throw new Error('options refused')
      const { options, token } = (await res.json()) as PasskeyOptions
      const response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: conditional })
      await submit(
        { intent: 'passkey', challenge: token, response: JSON.stringify(response), redirectTo, [CSRF_FIELD]: csrf },
        { method: 'post' },
      )
    },
    [adminPath, csrf, redirectTo, submit],
  )

  useEffect(() => {
    if (!hydrated || !csrf) return
    let live = true
    void import('@simplewebauthn/browser').then(async ({ browserSupportsWebAuthn, browserSupportsWebAuthnAutofill }) => {
      if (!live || !browserSupportsWebAuthn()) return
      setSupported(true)
      // Conditional UI: the passkeys appear in the username field's autofill. A button press
      // later cancels this request (the library aborts it), which is not an error to show.
      if (await browserSupportsWebAuthnAutofill()) ceremony(true).catch(() => {})
    })
    return () => {
      live = false
    }
  }, [hydrated, csrf, ceremony])

  if (!supported) return null
  return (
    <div className="mt-4 space-y-4">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-ink-600" aria-hidden="true">
        <span className="h-px flex-1 bg-ink-200" />
        or
        <span className="h-px flex-1 bg-ink-200" />
      </div>
      <Button
        variant="secondary"
        className="w-full"
        disabled={disabled || busy}
        onClick={async () => {
          setBusy(true)
          onError(null)
          try {
            await ceremony(false)
          } catch (err) {
            const name = (err as Error)?.name
            onError(
              name === 'NotAllowedError' || name === 'AbortError'
                ? 'Passkey sign-in was cancelled. Try again, or use your password.'
                : 'That passkey could not sign you in. Try again, or use your password.',
            )
          } finally {
            setBusy(false)
          }
        }}
      >
        <Icon node={KeyRound} aria-hidden="true" className="size-4" />
        Sign in with a passkey
      </Button>
    </div>
  )
}

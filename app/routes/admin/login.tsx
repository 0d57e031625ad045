import { Eye, EyeOff, Lock } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { useEffect, useRef, useState } from 'react'
import { Form, useLocation, useNavigation, useSearchParams } from 'react-router'
import type { Route } from './+types/login'
import { Notice } from '~/components/admin/notice.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Input } from '~/components/ui/input.tsx'
import { CsrfField } from '~/components/csrf-field.tsx'
import { useToast } from '~/components/ui/toast.tsx'
import { checkAdminPath } from '~/http/admin-guard.server.ts'
import { handleLoginPost, REDIRECT_FIELD } from './+shared/login.server.ts'

/** Keeps the 429's Retry-After. (Everything under the admin path is no-store: server/request-guards.ts.) */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const out = new Headers()
  const retryAfter = actionHeaders.get('Retry-After')
  if (retryAfter) out.set('Retry-After', retryAfter)
  return out
}

/** Credentials never come from the URL: only `redirectTo` (and `expired`) are read here. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  checkAdminPath(context, params.adminPath)
  return {
    redirectTo: new URL(request.url).searchParams.get(REDIRECT_FIELD) ?? '',
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

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData
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
  const loggedOut = params.get('loggedOut') === '1' && !actionData

  // Once the notice is shown the flag leaves the address (replace), so Back or a reload does not
  // say it again. (Without JavaScript it stays, which is harmless.)
  useEffect(() => {
    if (!params.has('loggedOut')) return
    setParams(
      (p) => {
        p.delete('loggedOut')
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

  // A refused sign-in (each answer is a new object, so a repeated failure toasts again).
  useEffect(() => {
    if (actionData?.formError)
      toast({
        title: 'Login Failed',
        description: actionData.formError.message,
        variant: 'destructive',
      })
  }, [actionData, toast])

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
        <Notice notice={loggedOut ? LOGGED_OUT : undefined} />
        {formError && (
          <p role="alert" className="mb-4 rounded-md border border-danger-300 bg-danger-50 p-3 text-sm text-danger-800">
            {formError.message}
          </p>
        )}
        <Form method="post" className="space-y-4">
          <CsrfField />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field id="username" label="Username" error={errors.username}>
            <Input name="username" required autoComplete="username" defaultValue={actionData?.username ?? ''} />
          </Field>
          <Field id="password" label="Password" error={errors.password}>
            {(aria) => (
              <div className="relative">
                <Input {...aria} name="password" type={showPassword ? 'text' : 'password'} required autoComplete="current-password" className="pr-11" />
                <button
                  type="button"
                  onClick={() => setShowPassword((v) => !v)}
                  aria-label={showPassword ? 'Hide password' : 'Show password'}
                  aria-pressed={showPassword}
                  className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-ink-700 hover:text-ink-900"
                >
                  {showPassword ? <Icon node={EyeOff} aria-hidden="true" className="size-4" /> : <Icon node={Eye} aria-hidden="true" className="size-4" />}
                </button>
              </div>
            )}
          </Field>
          <Button type="submit" disabled={submitting} className="w-full">
            {submitting ? 'Signing In...' : 'Sign In'}
          </Button>
        </Form>
      </div>
    </main>
  )
}

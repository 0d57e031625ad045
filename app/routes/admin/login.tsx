import { Eye, EyeOff, Lock } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import type { Route } from './+types/login'
import { btn, inputClass, labelClass } from '~/components/admin/ui.tsx'
import { useToast } from '~/components/ui/toast.tsx'
import { checkAdminPath } from '~/http/admin-guard.server.ts'
import { ApiError, api } from '~/lib/api-client.ts'

export function loader({ context, params }: Route.LoaderArgs) {
  checkAdminPath(context, params.adminPath)
  return { adminPath: context.app.config.adminPath, siteName: 'Admin Panel' }
}

export const meta: Route.MetaFunction = () => [{ title: 'Admin Panel' }, { name: 'robots', content: 'noindex, nofollow' }]

/** Only a path inside the back office may be a post-login target (no open redirect). */
function safeRedirect(target: string | null, adminPath: string): string {
  const fallback = `/${adminPath}/dashboard`
  if (!target || !target.startsWith(`/${adminPath}/`) || target.startsWith('//') || target.startsWith(`/${adminPath}/login`)) return fallback
  return target
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { adminPath } = loaderData
  const [params] = useSearchParams()
  const toast = useToast()
  const navigate = useNavigate()
  const [showPassword, setShowPassword] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [throttled, setThrottled] = useState<string | null>(null)
  const expiredShown = useRef(false)

  useEffect(() => {
    if (params.get('expired') === '1' && !expiredShown.current) {
      expiredShown.current = true
      toast({ title: 'Session Expired', description: 'Please log in again.', variant: 'destructive' })
    }
  }, [params, toast])

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    setSubmitting(true)
    setThrottled(null)
    try {
      await api('/api/auth/login', { method: 'POST', body: { username: String(form.get('username') ?? ''), password: String(form.get('password') ?? '') } })
      toast({ title: 'Login Successful', description: 'Welcome to the admin panel!' })
      navigate(safeRedirect(params.get('redirectTo'), adminPath), { replace: true })
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) {
        setThrottled(err.message)
        toast({ title: 'Login Failed', description: err.message, variant: 'destructive' })
      } else {
        toast({ title: 'Login Failed', description: 'Invalid credentials. Please try again.', variant: 'destructive' })
      }
      setSubmitting(false)
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="mb-6 text-center">
          <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-blue-100 text-blue-800">
            <Icon node={Lock} aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-bold text-slate-900">Admin Panel</h1>
          <p className="mt-1 text-sm text-slate-600">Sign in to manage your website</p>
        </div>
        {throttled && (
          <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {throttled}
          </p>
        )}
        <form onSubmit={onSubmit} className="space-y-4">
          <div>
            <label htmlFor="username" className={labelClass}>
              Username
            </label>
            <input id="username" name="username" required autoComplete="username" className={inputClass} />
          </div>
          <div>
            <label htmlFor="password" className={labelClass}>
              Password
            </label>
            <div className="relative">
              <input
                id="password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                required
                autoComplete="current-password"
                className={`${inputClass} pr-11`}
              />
              <button
                type="button"
                onClick={() => setShowPassword((v) => !v)}
                aria-label={showPassword ? 'Hide password' : 'Show password'}
                aria-pressed={showPassword}
                className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-700 hover:text-slate-900"
              >
                {showPassword ? <Icon node={EyeOff} aria-hidden="true" className="size-4" /> : <Icon node={Eye} aria-hidden="true" className="size-4" />}
              </button>
            </div>
          </div>
          <button type="submit" disabled={submitting} className={`${btn.primary} w-full`}>
            {submitting ? 'Signing In...' : 'Sign In'}
          </button>
        </form>
      </div>
    </main>
  )
}

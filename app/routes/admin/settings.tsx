import { Switch } from 'radix-ui'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useRevalidator } from 'react-router'
import type { Route } from './+types/settings'
import { adminMeta } from '~/components/admin/meta.ts'
import { btn, errorAria, FieldError, inputClass, labelClass, PageHeader } from '~/components/admin/ui.tsx'
import { useToast } from '~/components/ui/toast.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { ApiError, api } from '~/lib/api-client.ts'
import type { Settings } from '~/lib/schemas.ts'
import { getSettings } from '~/services/settings.server.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context, params.adminPath)
  return { settings: await getSettings(context.app.db) }
}

export const meta: Route.MetaFunction = () => adminMeta('Settings')

type TextKey = 'siteName' | 'contactEmail' | 'siteDescription' | 'contactPhone' | 'address'
type ToggleKey = 'enableNotifications' | 'enableAnalytics' | 'maintenanceMode'
type Passwords = { currentPassword: string; newPassword: string; confirmPassword: string }

function Card({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const id = `settings-${title.toLowerCase()}`
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{description}</p>
      {children}
    </section>
  )
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const [values, setValues] = useState<Settings>(loaderData.settings)
  const [pw, setPw] = useState<Passwords>({ currentPassword: '', newPassword: '', confirmPassword: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const toast = useToast()
  const revalidator = useRevalidator()

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setErrors({})
    const changingPassword = Boolean(pw.currentPassword || pw.newPassword || pw.confirmPassword)
    if (pw.newPassword && pw.newPassword !== pw.confirmPassword) {
      setErrors({ confirmPassword: "New password and confirmation don't match." })
      toast({ title: 'Password Mismatch', description: "New password and confirmation don't match.", variant: 'destructive' })
      return
    }
    setSaving(true)
    try {
      if (changingPassword) {
        await api('/api/auth/password', { method: 'POST', body: pw })
        setPw({ currentPassword: '', newPassword: '', confirmPassword: '' })
      }
      await api('/api/settings', { method: 'PUT', body: values })
      toast({ title: 'Settings Updated', description: 'Your settings have been saved successfully.' })
      await revalidator.revalidate()
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {}
      setErrors(fields)
      toast({ title: 'Error', description: Object.values(fields)[0] ?? 'Failed to save settings. Please try again.', variant: 'destructive' })
    } finally {
      setSaving(false)
    }
  }

  const fieldError = (k: string) => <FieldError id={k} message={errors[k]} />
  const text = (k: TextKey, label: string, type = 'text') => (
    <div>
      <label htmlFor={k} className={labelClass}>
        {label}
      </label>
      <input
        id={k}
        type={type}
        value={values[k]}
        onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
        {...errorAria(k, errors[k])}
        className={inputClass}
      />
      {fieldError(k)}
    </div>
  )
  const password = (k: keyof Passwords, label: string, autoComplete: string) => (
    <div>
      <label htmlFor={k} className={labelClass}>
        {label}
      </label>
      <input
        id={k}
        type="password"
        autoComplete={autoComplete}
        value={pw[k]}
        onChange={(e) => setPw((p) => ({ ...p, [k]: e.target.value }))}
        {...errorAria(k, errors[k])}
        className={inputClass}
      />
      {fieldError(k)}
    </div>
  )
  const toggle = (k: ToggleKey, label: string, hint: string) => (
    <div className="flex items-start justify-between gap-4 py-3">
      <div>
        <label htmlFor={k} className={labelClass}>
          {label}
        </label>
        <p id={`${k}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
      <Switch.Root
        id={k}
        checked={values[k]}
        aria-describedby={`${k}-hint`}
        onCheckedChange={(c) => setValues((v) => ({ ...v, [k]: c }))}
        className="relative mt-1 h-6 w-11 shrink-0 rounded-full bg-slate-400 data-[state=checked]:bg-blue-700"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  )

  return (
    <>
      <PageHeader title="Settings" description="Manage your website configuration." />
      <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-6">
        <Card title="General" description="Shown on the public site (footer and contact page).">
          <div className="grid gap-4 sm:grid-cols-2">
            {text('siteName', 'Site Name')}
            {text('contactEmail', 'Contact Email', 'email')}
          </div>
          <div className="mt-4">
            <label htmlFor="siteDescription" className={labelClass}>
              Site Description
            </label>
            <textarea
              id="siteDescription"
              rows={3}
              value={values.siteDescription}
              onChange={(e) => setValues((v) => ({ ...v, siteDescription: e.target.value }))}
              aria-invalid={errors.siteDescription ? true : undefined}
              aria-describedby={errors.siteDescription ? 'siteDescription-error' : undefined}
              className={inputClass}
            />
            {fieldError('siteDescription')}
          </div>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {text('contactPhone', 'Contact Phone', 'tel')}
            {text('address', 'Address')}
          </div>
        </Card>
        <Card title="Security" description="Change the admin password. Other signed-in sessions are ended.">
          <div className="grid gap-4 sm:grid-cols-3">
            {password('currentPassword', 'Current Password', 'current-password')}
            {password('newPassword', 'New Password', 'new-password')}
            {password('confirmPassword', 'Confirm Password', 'new-password')}
          </div>
        </Card>
        <Card title="System" description="Site-wide switches.">
          <div className="divide-y divide-slate-200">
            {toggle('enableNotifications', 'Email Notifications', 'Send an email to the contact email for each new proposal.')}
            {toggle('enableAnalytics', 'Analytics Tracking', 'Count page views for the dashboard chart.')}
            {toggle('maintenanceMode', 'Maintenance Mode', 'Show a maintenance page to visitors; the admin keeps working.')}
          </div>
        </Card>
        <button type="submit" disabled={saving} className={btn.primary}>
          {saving ? 'Saving...' : 'Save Settings'}
        </button>
      </form>
    </>
  )
}

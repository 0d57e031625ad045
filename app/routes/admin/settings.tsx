import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { z } from '~/lib/zod.ts'
import type { Route } from './+types/settings'
import { adminMeta } from '~/components/admin/meta.ts'
import { Notice } from '~/components/admin/notice.tsx'
import { PageHeader } from '~/components/admin/ui.tsx'
import { Button } from '~/components/ui/button.tsx'
import { SectionCard } from '~/components/ui/card.tsx'
import { Field, Label } from '~/components/ui/field.tsx'
import { Input, Textarea } from '~/components/ui/input.tsx'
import { Switch } from '~/components/ui/switch.tsx'
import { CsrfField } from '~/components/csrf-field.tsx'
import { useToast } from '~/components/ui/toast.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readForm, validate } from '~/http/forms.server.ts'
import { serverActionOr, submittedIntent } from '~/lib/client-action.ts'
import { fieldErrors, PasswordChangeSchema, SettingsPatchSchema } from '~/lib/schemas.ts'
import { changePassword } from '~/services/auth.server.ts'
import { DomainValidationError, RateLimitedError } from '~/services/errors.server.ts'
import { getSettings, updateSettings } from '~/services/settings.server.ts'
import { readPasswords, readSettings, SAVE_FAILED, SETTINGS_INTENTS, settingsNotice, type SettingsIntent, type SettingsResult } from './+shared/settings-form.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context, params.adminPath)
  return { settings: await getSettings(context.app.db) }
}

const IntentSchema = z.object({ intent: z.enum(SETTINGS_INTENTS) })

/**
 * The page's two forms post here. `intent=settings`: SettingsPatchSchema, then updateSettings.
 * `intent=password`: PasswordChangeSchema, then changePassword (a wrong current password is a
 * field error, too many attempts a form error). Answers what to show beside the fields; React
 * Router then reloads the page's data, the site name and contact details included.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const read = await readForm(request)
  const parsed = IntentSchema.safeParse({ intent: read.form?.get('intent') })
  if (!parsed.success) throw data(null, { status: 400 })
  const { intent } = parsed.data
  const values = intent === 'settings' && read.form ? readSettings(read.form) : undefined
  const refused = (status: number, fields: Record<string, string>, formError?: string) =>
    data({ intent, ok: false, fields, formError, values } satisfies SettingsResult, { status })
  if (!read.ok) return refused(read.failure.status, read.failure.fields, read.failure.formError)

  const { db, logger } = context.app
  try {
    if (intent === 'settings') {
      const checked = validate(SettingsPatchSchema, values)
      if (!checked.ok) return refused(400, checked.failure.fields)
      await updateSettings(db, admin, checked.data)
    } else {
      const checked = validate(PasswordChangeSchema, readPasswords(read.form))
      if (!checked.ok) return refused(400, checked.failure.fields)
      await changePassword(db, admin, checked.data)
    }
  } catch (err) {
    if (err instanceof DomainValidationError) return refused(400, err.fields)
    if (err instanceof RateLimitedError) return refused(429, {}, err.message)
    logger.error({ err: (err as Error)?.message }, 'settings save failed')
    return refused(500, {}, SAVE_FAILED)
  }
  return { intent, ok: true, fields: {} } satisfies SettingsResult
}

/** An answer that is not the action's own (a proxy's error page, no connection) is a failed save. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent: SettingsIntent = (await submittedIntent(request)) === 'password' ? 'password' : 'settings'
  return serverActionOr(serverAction, {
    intent,
    ok: false,
    fields: {},
    formError: SAVE_FAILED,
  } satisfies SettingsResult)
}

export const meta: Route.MetaFunction = () => adminMeta('Settings')

function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="rounded-md border border-danger-300 bg-danger-50 p-3 text-sm text-danger-800">
      {message}
    </p>
  ) : null
}

export default function SettingsPage({ loaderData, actionData: answered }: Route.ComponentProps) {
  const actionData: SettingsResult | undefined = answered
  const toast = useToast()
  const navigation = useNavigation()
  const sending = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' ? navigation.formData?.get('intent') : undefined
  // A refusal found in the browser, with the action's own schema, before anything was sent.
  const [refused, setRefused] = useState<{
    intent: SettingsIntent
    fields: Record<string, string>
  } | null>(null)
  // Each answer is a new object, so the same notice twice shows twice.
  const notice = useMemo(() => actionData && settingsNotice(actionData), [actionData])
  const passwordForm = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (actionData?.ok && actionData.intent === 'password') passwordForm.current?.reset()
  }, [actionData])

  const answer = (intent: SettingsIntent) => (actionData?.intent === intent ? actionData : undefined)
  const errorsOf = (intent: SettingsIntent) => (refused?.intent === intent ? refused.fields : (answer(intent)?.fields ?? {}))
  // Without JavaScript a refused page shows the settings as they were sent, not as stored.
  const start = answer('settings')?.values ?? loaderData.settings

  function checkBeforeSending(intent: SettingsIntent, schema: z.ZodType, read: (form: FormData) => object) {
    return (e: FormEvent<HTMLFormElement>) => {
      const checked = schema.safeParse(read(new FormData(e.currentTarget)))
      if (checked.success) return setRefused(null)
      e.preventDefault()
      const fields = fieldErrors(checked.error)
      setRefused({ intent, fields })
      toast(settingsNotice({ ok: false, fields }))
      const first = Object.keys(fields)[0]
      if (first) document.getElementById(first)?.focus()
    }
  }

  const errors = { ...errorsOf('settings'), ...errorsOf('password') }
  const text = (k: 'siteName' | 'contactEmail' | 'contactPhone' | 'address', label: string, type = 'text') => (
    <Field id={k} label={label} error={errors[k]}>
      <Input name={k} type={type} defaultValue={start[k]} />
    </Field>
  )
  const password = (k: 'currentPassword' | 'newPassword' | 'confirmPassword', label: string, autoComplete: string) => (
    <Field id={k} label={label} error={errors[k]}>
      <Input name={k} type="password" autoComplete={autoComplete} />
    </Field>
  )
  // A real checkbox shown as a switch: it is sent when on, with or without JavaScript.
  const toggle = (k: 'enableNotifications' | 'enableAnalytics' | 'maintenanceMode', label: string, hint: string) => (
    <div className="flex items-start justify-between gap-4 py-3">
      <div>
        <Label htmlFor={k}>{label}</Label>
        <p id={`${k}-hint`} className="text-sm text-ink-600">
          {hint}
        </p>
      </div>
      <Switch id={k} name={k} defaultChecked={start[k]} aria-describedby={`${k}-hint`} className="mt-1" />
    </div>
  )

  return (
    <>
      <PageHeader title="Settings" description="Manage your website configuration." />
      <Notice notice={notice} />
      <div className="max-w-3xl space-y-6">
        <Form method="post" noValidate onSubmit={checkBeforeSending('settings', SettingsPatchSchema, readSettings)} className="space-y-6">
          <CsrfField />
          <input type="hidden" name="intent" value="settings" />
          <SectionCard id="settings-general" title="General" description="Shown on the public site (footer and contact page).">
            <div className="grid gap-4 sm:grid-cols-2">
              {text('siteName', 'Site Name')}
              {text('contactEmail', 'Contact Email', 'email')}
            </div>
            <Field id="siteDescription" label="Site Description" error={errors.siteDescription} className="mt-4">
              <Textarea name="siteDescription" rows={3} defaultValue={start.siteDescription} />
            </Field>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              {text('contactPhone', 'Contact Phone', 'tel')}
              {text('address', 'Address')}
            </div>
          </SectionCard>
          <SectionCard id="settings-system" title="System" description="Site-wide switches.">
            <div className="divide-y divide-ink-200">
              {toggle('enableNotifications', 'Email Notifications', 'Send an email to the contact email for each new proposal.')}
              {toggle('enableAnalytics', 'Analytics Tracking', 'Count page views for the dashboard chart.')}
              {toggle('maintenanceMode', 'Maintenance Mode', 'Show a maintenance page to visitors; the admin keeps working.')}
            </div>
          </SectionCard>
          <FormError message={answer('settings')?.formError} />
          <Button type="submit" disabled={sending === 'settings'}>
            {sending === 'settings' ? 'Saving...' : 'Save Settings'}
          </Button>
        </Form>

        <Form ref={passwordForm} method="post" noValidate onSubmit={checkBeforeSending('password', PasswordChangeSchema, readPasswords)}>
          <CsrfField />
          <input type="hidden" name="intent" value="password" />
          <SectionCard id="settings-security" title="Security" description="Change the admin password. Other signed-in sessions are ended.">
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
      </div>
    </>
  )
}

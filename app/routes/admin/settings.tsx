import { useMemo, useState, type FormEvent } from 'react'
import { data, Form, Link, useNavigation, useParams } from 'react-router'
import { z } from '~/lib/zod.ts'
import type { Route } from './+types/settings'
import { adminMeta } from '~/components/admin/meta.ts'
import { Notice } from '~/components/admin/notice.tsx'
import { useUnsavedChanges } from '~/components/admin/unsaved-guard.tsx'
import { PageHeader } from '~/components/admin/ui.tsx'
import { Button } from '~/components/ui/button.tsx'
import { SectionCard } from '~/components/ui/card.tsx'
import { Field, Label } from '~/components/ui/field.tsx'
import { Input, Select, Textarea } from '~/components/ui/input.tsx'
import { Switch } from '~/components/ui/switch.tsx'
import { CsrfField } from '~/components/csrf-field.tsx'
import { SudoPassword } from '~/components/admin/security-parts.tsx'
import { useToast } from '~/components/ui/toast.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readForm, validate } from '~/http/forms.server.ts'
import { timeZoneChoices } from '~/lib/agency-time.ts'
import { serverActionOr } from '~/lib/client-action.ts'
import { readableZone } from '~/lib/publishing.ts'
import { fieldErrors, MAX_PAYMENT_DETAILS, settingsPatchSchema } from '~/lib/schemas.ts'
import { DEFAULT_AGENCY_ZONE } from '~/content/site.ts'
import { SUDO_FIELD } from '~/lib/sudo.ts'
import { formRefusal } from '~/http/refusal.server.ts'
import { PasswordAsked, withSudo } from '~/http/sudo-form.server.ts'
import { getSettings } from '~/services/settings.server.ts'
import { updateSettings } from '~/services/settings-update.server.ts'
import { originOf } from './+shared/login.server.ts'
import {
  readSettings,
  SAVE_FAILED,
  SETTINGS_INTENTS,
  settingsNotice,
  type SettingsIntent,
  type SettingsResult,
} from './+shared/settings-form.ts'
import { can } from '~/lib/permissions.ts'
import { TestMailCard } from '~/components/admin/test-mail.tsx'
import { ownMailAddress } from '~/services/outbox.server.ts'

/** The settings form's check, its wrong time zone answered with the default one as the example. */
const SettingsPatchSchema = settingsPatchSchema(DEFAULT_AGENCY_ZONE)

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const showMail = can(admin.role, 'mail')
  return {
    settings: await getSettings(context.app.db),
    timeZones: timeZoneChoices(),
    showActivity: can(admin.role, 'activity'),
    // The Mail card and its test mail (issue 36): owners and administrators.
    mail: showMail ? { address: await ownMailAddress(context.app.db, admin) } : null,
  }
}

const IntentSchema = z.object({ intent: z.enum(SETTINGS_INTENTS) })

/**
 * The page's form posts here with `intent=settings`: SettingsPatchSchema, then updateSettings.
 * Answers what to show beside the fields; React Router then reloads the page's data, the site
 * name and contact details included. (The password has its own form on the Security page.)
 * A new contact email needs sudo mode (docs/decisions/027): without a recent password the form
 * comes back as sent, asking for it (`sudo: true`); `sudoPassword` confirms it and saves.
 */
const CONTACT_PROMPT = 'New proposals and messages are mailed to the contact email: enter your password to change it.'

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
  const askPassword = (status: number, message: string) =>
    data({ intent, ok: false, fields: { [SUDO_FIELD]: message }, values, sudo: true } satisfies SettingsResult, { status })
  try {
    const checked = validate(SettingsPatchSchema, values)
    if (!checked.ok) return refused(400, checked.failure.fields)
    const saved = await withSudo(
      db,
      admin,
      read.form.get(SUDO_FIELD),
      () => updateSettings(db, admin, checked.data, { origin: originOf(request, context) }),
      { prompt: CONTACT_PROMPT },
    )
    if (saved instanceof PasswordAsked) return askPassword(saved.status, saved.message)
  } catch (err) {
    const refusal = formRefusal(err)
    if (refusal) return refused(refusal.status, refusal.fields, refusal.formError)
    logger.error({ err: (err as Error)?.message }, 'settings save failed')
    return refused(500, {}, SAVE_FAILED)
  }
  return { intent, ok: true, fields: {} } satisfies SettingsResult
}

/** An answer that is not the action's own (a proxy's error page, no connection) is a failed save. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  const intent: SettingsIntent = 'settings'
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
  const sending =
    navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' ? navigation.formData?.get('intent') : undefined
  // A refusal found in the browser, with the action's own schema, before anything was sent.
  const [refused, setRefused] = useState<{
    intent: SettingsIntent
    fields: Record<string, string>
  } | null>(null)
  // Each answer is a new object, so the same notice twice shows twice.
  const notice = useMemo(() => actionData && settingsNotice(actionData), [actionData])
  // Asks before leaving the site details with unsaved changes (issue 12).
  const { guard: settingsGuard } = useUnsavedChanges('settings-form', {
    intent: 'settings',
    answer: actionData?.intent === 'settings' ? actionData : undefined,
  })

  const answer = (intent: SettingsIntent) => (actionData?.intent === intent ? actionData : undefined)
  const errorsOf = (intent: SettingsIntent) => (refused?.intent === intent ? refused.fields : (answer(intent)?.fields ?? {}))
  // Without JavaScript a refused page shows the settings as they were sent, not as stored.
  const start = { ...loaderData.settings, ...answer('settings')?.values }

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

  const errors = errorsOf('settings')
  const { adminPath } = useParams()
  const text = (
    k: 'siteName' | 'contactEmail' | 'contactPhone' | 'address' | 'hours' | 'gwaliorAddress' | 'gwaliorPhone' | 'gwaliorHours',
    label: string,
    type = 'text',
  ) => (
    <Field id={k} label={label} error={errors[k]}>
      <Input name={k} type={type} defaultValue={start[k]} />
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
      <PageHeader
        title="Settings"
        description="Manage your website configuration."
        actions={
          <div className="flex flex-col gap-1 sm:items-end">
            <Link
              to={`/${adminPath}/settings/security`}
              className="text-sm font-medium text-primary-700 underline-offset-2 hover:underline"
            >
              Password, passkeys and sessions: Security
            </Link>
            <Link
              to={`/${adminPath}/settings/import-export`}
              className="text-sm font-medium text-primary-700 underline-offset-2 hover:underline"
            >
              WordPress or Ghost, and taking it all with you: Import and export
            </Link>
            {loaderData.showActivity && (
              <Link
                to={`/${adminPath}/settings/activity`}
                className="text-sm font-medium text-primary-700 underline-offset-2 hover:underline"
              >
                Who changed what, and when: Activity log
              </Link>
            )}
          </div>
        }
      />
      <Notice notice={notice} />
      <div className="max-w-3xl space-y-6">
        {settingsGuard}
        <Form
          id="settings-form"
          method="post"
          noValidate
          onSubmit={checkBeforeSending('settings', SettingsPatchSchema, readSettings)}
          className="space-y-6"
        >
          <CsrfField />
          <input type="hidden" name="intent" value="settings" />
          <SectionCard
            id="settings-general"
            title="General"
            description="Shown on every public page (footer, contact, about, privacy), in the structured data and on the PDF estimate. The address and phone are the San Francisco headquarters."
          >
            <div className="grid gap-4 sm:grid-cols-2">
              {text('siteName', 'Site Name')}
              {text('contactEmail', 'Contact Email', 'email')}
            </div>
            {answer('settings')?.sudo && <SudoPassword id={SUDO_FIELD} error={errors[SUDO_FIELD]} className="mt-4 sm:max-w-xs" />}
            <Field id="siteDescription" label="Site Description" error={errors.siteDescription} className="mt-4">
              <Textarea name="siteDescription" rows={3} defaultValue={start.siteDescription} />
            </Field>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              {text('contactPhone', 'Contact Phone', 'tel')}
              {text('address', 'Address')}
            </div>
            {/* The one source of the contact details every public page, the structured data and the PDF estimate show. */}
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              {text('hours', 'Opening Hours (San Francisco)')}
              {text('gwaliorAddress', 'Gwalior Office Address')}
              {text('gwaliorPhone', 'Gwalior Office Phone', 'tel')}
              {text('gwaliorHours', 'Opening Hours (Gwalior)')}
            </div>
            <Field
              id="timeZone"
              label="Agency Time Zone"
              hint="The back office shows and takes times in this zone (a post's publish time, the scheduled list)."
              error={errors.timeZone}
              className="mt-4 sm:max-w-sm"
            >
              <Select name="timeZone" defaultValue={start.timeZone}>
                {/* A refused or older value stays choosable, so the form shows what was sent. */}
                {(loaderData.timeZones.includes(start.timeZone) ? loaderData.timeZones : [start.timeZone, ...loaderData.timeZones]).map(
                  (z) => (
                    <option key={z} value={z}>
                      {readableZone(z)}
                    </option>
                  ),
                )}
              </Select>
            </Field>
          </SectionCard>
          <SectionCard
            id="settings-proposals"
            title="Proposals"
            description="Used when you write a proposal from a lead and when a client accepts one."
          >
            <Field
              id="paymentDetails"
              label="Payment details"
              hint={`How clients pay you: bank name, account, routing or IFSC code, or a payment link. Printed on each deposit invoice sent when a client accepts a proposal. Leave it empty and the invoice asks them to write to the contact email for your bank details. At most ${MAX_PAYMENT_DETAILS.toLocaleString('en-US')} characters.`}
              error={errors.paymentDetails}
            >
              <Textarea name="paymentDetails" rows={4} defaultValue={start.paymentDetails} />
            </Field>
            <Field
              id="proposalTerms"
              label="Default terms for new proposals"
              hint="Each new proposal starts with these terms, and you can change them in each proposal. Proposals already written keep their own. Leave it empty to go back to our standard terms."
              error={errors.proposalTerms}
              className="mt-4"
            >
              <Textarea name="proposalTerms" rows={8} defaultValue={start.proposalTerms} />
            </Field>
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
        {loaderData.mail && <TestMailCard address={loaderData.mail.address} />}
      </div>
    </>
  )
}

import type { Toast } from '~/components/ui/toast.tsx'
import { PASSWORD_MISMATCH, type Settings } from '~/lib/schemas.ts'
import type { IntentAnswer } from './intent-answer.ts'

/**
 * The settings page's form, read the same way in the browser (before sending) and by the route
 * action. It posts `intent=settings` (SettingsPatchSchema). `readPasswords` serves the password
 * form of the Security page (PasswordChangeSchema).
 */
export type SettingsForm = Partial<Settings>

export const SETTINGS_INTENTS = ['settings'] as const
export type SettingsIntent = (typeof SETTINGS_INTENTS)[number]

const TEXT_FIELDS = [
  'siteName',
  'contactEmail',
  'siteDescription',
  'contactPhone',
  'address',
  'hours',
  'gwaliorAddress',
  'gwaliorPhone',
  'gwaliorHours',
  'timeZone',
  'paymentDetails',
  'proposalTerms',
] as const
const TOGGLES = ['enableNotifications', 'enableAnalytics', 'maintenanceMode'] as const
const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const

/**
 * The settings form as SettingsPatchSchema reads it. A text field the form did not send is left
 * as saved (an emptied field is sent, as ''), so an older form or a hand-made post never blanks
 * what it does not show; a switch that is off is simply not sent.
 */
export function readSettings(form: FormData): SettingsForm {
  const text = Object.fromEntries(TEXT_FIELDS.filter((k) => form.has(k)).map((k) => [k, String(form.get(k))])) as Partial<
    Record<(typeof TEXT_FIELDS)[number], string>
  >
  const toggles = Object.fromEntries(TOGGLES.map((k) => [k, form.has(k)])) as Record<(typeof TOGGLES)[number], boolean>
  return { ...text, ...toggles }
}

export function readPasswords(form: FormData): Record<(typeof PASSWORD_FIELDS)[number], string> {
  return Object.fromEntries(PASSWORD_FIELDS.map((k) => [k, String(form.get(k) ?? '')])) as Record<(typeof PASSWORD_FIELDS)[number], string>
}

/** What the action answers (never a password): which form, and what to show beside its fields. */
export type SettingsResult = IntentAnswer<SettingsIntent> & {
  /** The settings form as sent, so the page shows it again without JavaScript (a new contact email asks the password first). */
  values?: SettingsForm
}

export const SAVE_FAILED = 'Failed to save settings. Please try again.'

/** The spec's notice for an answer (or for a refusal in the browser before sending). */
export function settingsNotice(result: Pick<SettingsResult, 'ok' | 'fields' | 'formError'>): Toast {
  if (result.ok) return { title: 'Settings Updated', description: 'Your settings have been saved successfully.' }
  if (result.fields.confirmPassword === PASSWORD_MISMATCH)
    return { title: 'Password Mismatch', description: PASSWORD_MISMATCH, variant: 'destructive' }
  return { title: 'Error', description: result.formError ?? Object.values(result.fields)[0] ?? SAVE_FAILED, variant: 'destructive' }
}

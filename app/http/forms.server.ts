import { data } from 'react-router'
import type { z } from 'zod'
import { fieldErrors } from '~/lib/schemas.ts'
import { CSRF_FIELD, csrfTokenMatches, formTokenValid } from './csrf.server.ts'

/** Why a posted form was not accepted, as a route action answers it (status + what to show). */
export type FormFailure = { status: 400 | 403 | 415; formError?: string; fields: Record<string, string> }

export const UNREADABLE_FORM = 'The form could not be read. Please try again.'
export const EXPIRED_FORM = 'Your session has expired. Please check your details and submit the form again.'

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i

/**
 * Reads a form post and checks its CSRF token: the one place every form's token is checked.
 * The body size is already bounded in Express (server/request-guards.ts); a body that is not a
 * form (415), cannot be parsed or is empty (400), or lacks the token (403) is a FormFailure the
 * action answers with, never an exception and a 500.
 * Only a public form (`publicForm`: contact, proposal, booking) takes the signed token of a
 * cookie-free public page; the back office's forms need the double-submit cookie, so a token
 * anyone can read off a public page never opens one.
 */
export async function readForm(
  request: Request,
  { publicForm = false }: { publicForm?: boolean } = {},
): Promise<{ ok: true; form: FormData } | { ok: false; failure: FormFailure; form?: FormData }> {
  if (!FORM_TYPES.test(request.headers.get('content-type') ?? ''))
    return { ok: false, failure: { status: 415, formError: UNREADABLE_FORM, fields: {} } }
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return { ok: false, failure: { status: 400, formError: UNREADABLE_FORM, fields: {} } }
  }
  if (form.keys().next().done) return { ok: false, failure: { status: 400, formError: UNREADABLE_FORM, fields: {} } }
  const sent = String(form.get(CSRF_FIELD) ?? '')
  if (!csrfTokenMatches(request.headers.get('cookie'), sent) && !(publicForm && formTokenValid(sent))) {
    // The form comes back too, so the page can show what was typed.
    return { ok: false, failure: { status: 403, formError: EXPIRED_FORM, fields: {} }, form }
  }
  return { ok: true, form }
}

/** Checks values with the same zod schema the API uses; a 400 FormFailure with one message per field. */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.infer<S> } | { ok: false; failure: FormFailure } {
  const result = schema.safeParse(values)
  if (result.success) return { ok: true, data: result.data }
  return { ok: false, failure: { status: 400, fields: fieldErrors(result.error) } }
}

/** The action's answer for a refused form: the status, the messages, and what to show again. */
export function formFailure<V>(failure: FormFailure, values?: V) {
  return data({ ok: false as const, formError: failure.formError, fields: failure.fields, values }, { status: failure.status })
}

/** What a route action gets from `readForm`: the fields, or the status to answer with. */
export type FormRead = { ok: true; form: FormData } | { ok: false; status: 400 | 415 }

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i

/**
 * Reads a form post. The body size is already bounded in Express (server/request-guards.ts);
 * here a body that is not a form (415) or cannot be parsed or is empty (400) becomes a status
 * the action can answer with, instead of an exception and a 500.
 */
export async function readForm(request: Request): Promise<FormRead> {
  if (!FORM_TYPES.test(request.headers.get('content-type') ?? '')) return { ok: false, status: 415 }
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return { ok: false, status: 400 }
  }
  if (form.keys().next().done) return { ok: false, status: 400 }
  return { ok: true, form }
}

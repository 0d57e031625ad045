/** The named fields of a posted form as text ('' for a field not sent), in the browser and on the server alike. */
export function formValues<F extends string>(form: FormData, fields: readonly F[]): Record<F, string> {
  return Object.fromEntries(fields.map((f) => [f, String(form.get(f) ?? '')])) as Record<F, string>
}

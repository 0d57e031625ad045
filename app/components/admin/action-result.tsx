/**
 * What a page's last form post did, as a banner (works without JavaScript): `done` when it
 * worked, the form-wide message (`fields.form`) when it did not. Field messages show beside their
 * fields instead.
 */
export function ActionResult({ result }: { result: { ok: boolean; done?: string; fields: Record<string, string> } | undefined }) {
  if (result?.ok && result.done) {
    return (
      <p role="status" className="rounded-md border border-success-300 bg-success-50 px-4 py-3 text-sm text-success-900">
        {result.done}
      </p>
    )
  }
  if (result && !result.ok && result.fields.form) {
    return (
      <p role="alert" className="rounded-md border border-danger-300 bg-danger-50 px-4 py-3 text-sm text-danger-900">
        {result.fields.form}
      </p>
    )
  }
  return null
}

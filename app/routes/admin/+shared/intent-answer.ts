/**
 * What the action of a page with several forms answers (one `intent` per form): which form, whether
 * it worked, the message beside each refused field or the form's own, and whether the form asks
 * for the password again first (sudo mode, docs/decisions/027). Each page adds what it shows more.
 */
export type IntentAnswer<I extends string> = {
  intent: I
  ok: boolean
  fields: Record<string, string>
  formError?: string
  /** Sudo mode: this form asks for the password (in place) before it carries on. */
  sudo?: boolean
}

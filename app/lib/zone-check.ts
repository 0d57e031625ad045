/**
 * Whether the runtime knows `zone` as an IANA name ('UTC' included). No imports: the form schemas
 * that check a zone are also in public pages' browser code, which does not load the date library.
 */
export function isTimeZone(zone: string): boolean {
  if (!zone) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

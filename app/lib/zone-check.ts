const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/

/**
 * Whether the runtime knows `zone` as an IANA name ('UTC' included). No imports: the form schemas
 * that check a zone are also in public pages' browser code, which does not load the date library.
 */
export function isTimeZone(zone: string): boolean {
  // A name ('Asia/Kolkata', 'Etc/GMT+5', 'UTC'), never a bare offset ('+05:30'), which newer
  // runtimes (Node 24's ICU) accept as a zone and older ones refuse: the same answer everywhere.
  if (!IANA_NAME.test(zone)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

import Bowser from 'bowser'

/** "Chrome 131 on macOS 14.1 (desktop)" from a User-Agent; "Unknown device" without one. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device'
  const r = Bowser.parse(userAgent)
  const browser = [r.browser.name, r.browser.version?.split('.')[0]].filter(Boolean).join(' ')
  const os = [r.os.name, r.os.versionName ?? r.os.version].filter(Boolean).join(' ')
  const kind = r.platform.type
  const text = [browser || 'Unknown browser', os && `on ${os}`].filter(Boolean).join(' ')
  return kind ? `${text} (${kind})` : text
}

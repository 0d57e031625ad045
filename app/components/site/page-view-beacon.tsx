import { useEffect } from 'react'
import { useLocation } from 'react-router'

type PrivacyNavigator = Navigator & { globalPrivacyControl?: boolean }

/** True when the browser asks not to be tracked (Do Not Track or Global Privacy Control). */
export function visitorOptedOut(nav: PrivacyNavigator): boolean {
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true
}

/**
 * First-party page-view count: one POST /api/pageviews {path} per page shown, to our own server,
 * only while the analytics setting is on and the visitor has not opted out. It sends no cookies
 * (and so needs no CSRF token: the server accepts it on the same-origin check alone) and nothing
 * but the path.
 */
export function PageViewBeacon({ enabled }: { enabled: boolean }) {
  const { pathname } = useLocation()
  useEffect(() => {
    if (!enabled || visitorOptedOut(navigator)) return
    fetch('/api/pageviews', {
      method: 'POST',
      credentials: 'omit',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: pathname }),
    }).catch(() => {
      // A lost count is not worth bothering the visitor with.
    })
  }, [enabled, pathname])
  return null
}

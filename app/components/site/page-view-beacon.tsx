import { useEffect } from 'react'
import { useLocation } from 'react-router'

type PrivacyNavigator = Navigator & { globalPrivacyControl?: boolean }

/** True when the browser asks not to be tracked (Do Not Track or Global Privacy Control). */
export function visitorOptedOut(nav: PrivacyNavigator): boolean {
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true
}

const CAMPAIGN_TAGS = ['utm_source', 'utm_medium', 'utm_campaign', 'ref'] as const

function send(body: Record<string, string>): void {
  fetch('/api/pageviews', {
    method: 'POST',
    // Same-origin credentials only so that the server can leave the signed-in administrator's own
    // visits out; the endpoint sets no cookie.
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => {
    // A lost count is not worth bothering the visitor with.
  })
}

/**
 * The page the browser loaded was counted by the server when it served it (docs/decisions/062),
 * with its campaign tags and referrer, before any script ran; the beacon counts only the pages
 * reached after that by a click within the site (React Router renders them without a new page
 * request). Module state: true once the first page of this document has been seen.
 */
let firstPageSeen = false

/**
 * First-party page-view count for pages shown after the first: one POST /api/pageviews each, to
 * our own server, only while the analytics setting is on and the visitor has not opted out. It
 * carries the path and any campaign tags (utm_*, ref) of the address; the server keeps the
 * referrer's domain only and knows the visitor by a hash that changes every day (no cookie, so no
 * CSRF token either: the server accepts it on the same-origin check alone).
 */
export function PageViewBeacon({ enabled }: { enabled: boolean }) {
  const { pathname, search } = useLocation()
  useEffect(() => {
    if (!firstPageSeen) {
      firstPageSeen = true
      return
    }
    if (!enabled || visitorOptedOut(navigator)) return
    const params = new URLSearchParams(search)
    const body: Record<string, string> = { path: pathname }
    if (document.referrer) body.referrer = document.referrer
    for (const tag of CAMPAIGN_TAGS) {
      const v = params.get(tag)
      if (v) body[tag] = v.slice(0, 300)
    }
    send(body)
  }, [enabled, pathname, search])
  return null
}

const reported = new Set<string>()

/**
 * Tells the server that a visitor used a tool (once per page load): the visit then knows which
 * tools came first. Nothing is sent under Do Not Track / GPC; the server drops it while analytics
 * is off.
 */
export function reportToolUse(tool: 'estimator' | 'builder' | 'chat'): void {
  if (reported.has(tool) || typeof navigator === 'undefined' || visitorOptedOut(navigator)) return
  reported.add(tool)
  send({ path: window.location.pathname, tool })
}

import { lazy, Suspense, useEffect, useState } from 'react'

// Radix Dialog is about 13 KB gzipped: keep it out of the home page's first load.
const DiscoveryDialog = lazy(() => import('./discovery-dialog.tsx'))

/** Browser storage flag: the popup has been shown once in this browser (spec section 3). */
export const DISCOVERY_POPUP_FLAG = 'discovery-popup-shown'
/** Delay before the popup appears (spec section 9). */
export const DISCOVERY_POPUP_DELAY_MS = 3000

function alreadyShown(): boolean {
  try {
    return window.localStorage.getItem(DISCOVERY_POPUP_FLAG) !== null
  } catch {
    // Storage blocked (privacy settings): never nag a visitor we cannot remember.
    return true
  }
}

/**
 * Discovery-call invitation: opens 3 s after load, once per browser, as a modal dialog (focus
 * moves in and is trapped, Escape closes, focus returns afterwards).
 */
export function DiscoveryPopup() {
  const [open, setOpen] = useState(false)
  const [mounted, setMounted] = useState(false)

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (alreadyShown()) return
      try {
        window.localStorage.setItem(DISCOVERY_POPUP_FLAG, 'true')
      } catch {
        return
      }
      setMounted(true)
      setOpen(true)
    }, DISCOVERY_POPUP_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [])

  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <DiscoveryDialog open={open} setOpen={setOpen} />
    </Suspense>
  )
}

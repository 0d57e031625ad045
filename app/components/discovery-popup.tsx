import { lazy, Suspense, useEffect, useState } from 'react'

// Radix Dialog is about 13 KB gzipped: keep it out of the home page's first load.
const DiscoveryDialog = lazy(() => import('./discovery-dialog.tsx'))

/** Browser storage flag: the popup has been shown once in this browser (spec section 3). */
export const DISCOVERY_POPUP_FLAG = 'discovery-popup-shown'
/** Delay before the popup appears (spec section 9). */
export const DISCOVERY_POPUP_DELAY_MS = 3000

/** What counts as "already using the page": any of these ends the popup's chance on this visit. */
const INTERACTIONS = ['keydown', 'pointerdown', 'wheel', 'touchstart', 'scroll', 'focusin'] as const

function alreadyShown(): boolean {
  try {
    return window.localStorage.getItem(DISCOVERY_POPUP_FLAG) !== null
  } catch {
    // Storage blocked (privacy settings): never nag a visitor we cannot remember.
    return true
  }
}

/** True when the visitor has moved focus or scrolled, possibly before the page was hydrated. */
function pageInUse(): boolean {
  const active = document.activeElement
  return (active !== null && active !== document.body && active !== document.documentElement) || window.scrollY > 0
}

/**
 * Discovery-call invitation: opens 3 s after load, once per browser, as a modal dialog (focus
 * moves in and is trapped, Escape closes, focus returns afterwards).
 *
 * A modal that grabs focus must never interrupt someone already using the page (WCAG 3.2.1/2.4.3):
 * so it opens only if the visitor has not pressed a key, pointed, scrolled or moved focus in those
 * 3 s. Otherwise it stays closed on this visit and the flag stays unset, so a later quiet visit
 * still gets the invitation once.
 */
export function DiscoveryPopup() {
  const [open, setOpen] = useState(false)
  const [mounted, setMounted] = useState(false)

  useEffect(() => {
    if (alreadyShown()) return
    let interacted = false
    const onInteraction = () => {
      interacted = true
      stopListening()
    }
    const stopListening = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, true)
    }
    for (const type of INTERACTIONS) window.addEventListener(type, onInteraction, { capture: true, passive: true })
    const timer = window.setTimeout(() => {
      stopListening()
      if (interacted || pageInUse() || alreadyShown()) return
      try {
        window.localStorage.setItem(DISCOVERY_POPUP_FLAG, 'true')
      } catch {
        return
      }
      setMounted(true)
      setOpen(true)
    }, DISCOVERY_POPUP_DELAY_MS)
    return () => {
      window.clearTimeout(timer)
      stopListening()
    }
  }, [])

  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <DiscoveryDialog open={open} setOpen={setOpen} />
    </Suspense>
  )
}

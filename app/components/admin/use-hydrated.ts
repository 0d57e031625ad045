import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False on the server and during hydration, true once React runs the page in the browser. Lets a
 * form render its no-JavaScript fallback (a plain textarea, an Apply button) in the HTML and swap
 * it for the richer control after hydration without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

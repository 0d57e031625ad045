import { useEffect, useRef } from 'react'

/**
 * Calls `changed` each time `value` changes after the first render (not for the value the screen
 * opened with). The editors use it for the rich-text editor, which changes without a DOM event
 * on the form.
 */
export function useLaterChange(value: unknown, changed: () => void) {
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    changed()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on each change of the value only
  }, [value])
}

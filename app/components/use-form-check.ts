import { useCallback, useRef } from 'react'
import type { FormCheck } from '~/lib/schema-check.ts'

/**
 * A public form's own check, fetched when the visitor first touches the form (focus or pointer
 * inside it) instead of with the page: zod is about 24 KB gzipped, and most views of /contact or
 * /proposal never use the form (docs/decisions/083). Until the check has arrived the form posts
 * as it would without JavaScript and the action's answer shows the same messages.
 */
export function useFormCheck<F extends string>(load: () => Promise<FormCheck<F>>) {
  const check = useRef<FormCheck<F> | null>(null)
  const asked = useRef(false)
  const prepare = useCallback(() => {
    if (asked.current) return
    asked.current = true
    load().then(
      (loaded) => (check.current = loaded),
      () => (asked.current = false), // offline for a moment: the next touch asks again
    )
  }, [load])
  return { prepare, current: () => check.current }
}

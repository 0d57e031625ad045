import { useCallback, useRef, type FormEvent } from 'react'
import { formValues } from '~/lib/form-values.ts'
import type { FormCheck } from '~/lib/schema-check.ts'

/**
 * A public form's own check, fetched when the visitor first touches the form (focus or pointer
 * inside it) instead of with the page: zod is about 24 KB gzipped, and most views of /contact or
 * /proposal never use the form (docs/decisions/083).
 */
export function useFormCheck<F extends string>(load: () => Promise<FormCheck<F>>) {
  const loaded = useRef<FormCheck<F> | null>(null)
  const loading = useRef<Promise<FormCheck<F> | null> | null>(null)
  // Set when the check could not be loaded: the held submit then goes on to the server's check.
  const unchecked = useRef(false)

  const prepare = useCallback(() => {
    loading.current ??= load().then(
      (check) => (loaded.current = check),
      () => {
        loading.current = null // offline for a moment: the next touch asks again
        return null
      },
    )
    return loading.current
  }, [load])

  /**
   * For the form's onSubmit: true when the submit may be checked now. A submit made before the
   * check has arrived (a first tap on Send) is held back and made again once it has, so the
   * site's own check still runs first and nothing refused is sent.
   */
  const ready = (e: FormEvent<HTMLFormElement>): boolean => {
    if (loaded.current) return true
    if (unchecked.current) {
      unchecked.current = false
      return true
    }
    e.preventDefault()
    const form = e.currentTarget
    const submitter = (e.nativeEvent as SubmitEvent).submitter
    void prepare().then((check) => {
      if (!check) unchecked.current = true
      if (form.isConnected) form.requestSubmit(submitter)
    })
    return false
  }

  /**
   * What the check refuses among the form's `fields` (field -> message), read as the action reads
   * them; undefined when it refuses nothing or could not be loaded (the server checks again).
   */
  const refused = (form: HTMLFormElement, fields: readonly F[]) => loaded.current?.all(formValues(new FormData(form), fields))

  return {
    prepare,
    ready,
    refused,
    current: () => loaded.current,
    /** The form's own props that fetch the check: the first focus or pointer inside it. */
    loadOn: { onFocus: prepare, onPointerDown: prepare },
  }
}

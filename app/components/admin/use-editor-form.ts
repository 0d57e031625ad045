import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { useNavigation } from 'react-router'
import type { z } from 'zod'
import { useToast } from '~/components/ui/toast.tsx'
import { fieldErrors } from '~/lib/schemas.ts'
import { refusedNotice } from './notice.tsx'

/** What an editor's action answers when it does not redirect: 400/403/415 (formFailure) or 400/403/404/500 (saveFailed). */
export type EditorResult<V> = { formError?: string; fields: Record<string, string>; values?: V }

/**
 * The browser half of an editor's post to its route action. Before the form is sent it is read
 * with `read` (the action reads it the same way) and checked with the action's own zod `schema`:
 * while a field is refused nothing is sent, the messages show beside the fields, the spec's notice
 * shows and the first refused field (in `order`, ids `${idPrefix}-${key}`) gets the focus. Then
 * it shows what the action answered (`result`): its messages and notice.
 */
export function useEditorForm<V extends object>(opts: {
  schema: z.ZodType
  read: (form: FormData) => V
  order: readonly string[]
  idPrefix: string
  /** The screen's failure text for the red 'Error' notice. */
  failure: string
  result: EditorResult<V> | undefined
}) {
  const { schema, read, order, idPrefix, failure, result } = opts
  const toast = useToast()
  const navigation = useNavigation()
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null)
  // Each answer is a new object, so a second refusal notifies again.
  const notice = useMemo(() => result && refusedNotice(result.fields, result.values, failure), [result, failure])
  const errors = clientErrors ?? result?.fields ?? {}
  const shown = useRef(errors)
  shown.current = errors

  const firstRefused = (fields: Record<string, string>) =>
    order.find((k) => Object.keys(fields).some((f) => f === k || f.startsWith(`${k}.`)))
  const focusField = (key: string | undefined) => {
    if (key) document.getElementById(`${idPrefix}-${key}`)?.focus()
  }

  // The action refused the form (checked again on the server): the first refused field gets the
  // focus, as when the browser's own check refuses it, not the Save button that sent it.
  useEffect(() => {
    if (result && Object.keys(result.fields).length) focusField(firstRefused(result.fields))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [result])

  /**
   * Checks the form again as the admin types: a message goes as soon as its field is fixed (no
   * new message appears before the next save, so typing is not scolded letter by letter).
   */
  function revalidate(form: HTMLFormElement) {
    const current = shown.current
    if (!Object.keys(current).length) return
    const checked = schema.safeParse(read(new FormData(form)))
    const now = checked.success ? {} : fieldErrors(checked.error)
    const still = Object.fromEntries(Object.entries(now).filter(([k]) => k in current))
    if (Object.keys(still).length !== Object.keys(current).length || Object.entries(still).some(([k, v]) => current[k] !== v))
      setClientErrors(still)
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    const values = read(new FormData(e.currentTarget))
    const checked = schema.safeParse(values)
    if (checked.success) {
      setClientErrors(null)
      return
    }
    e.preventDefault()
    const fields = fieldErrors(checked.error)
    setClientErrors(fields)
    toast(refusedNotice(fields, values, failure))
    focusField(firstRefused(fields))
  }

  return {
    errors,
    notice,
    onSubmit,
    revalidate,
    /** The post is on its way, or its redirect to the list is loading. */
    saving: navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST',
  }
}

import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { formatClockTime } from '~/lib/publishing.ts'
import { useAgencyZone } from './local-time.tsx'

/** What an editor route's action answers an autosave (a fetcher post with `intent=autosave`). */
export type AutosaveResult = { autosaved?: string; formError?: string }

/** While the admin types, a copy is autosaved at most this often. */
const AUTOSAVE_MS = 4000

/**
 * An editor's autosave (posts, proposals): sends a copy of the form `formId` to the route's
 * action (`intent=autosave`) at most every few seconds while the admin types; the action keeps it
 * beside the saved work, never over it. Shows "Saving…", `words.saved(time)` or "Not saved: …",
 * and announces only a change between saved and not saved (`words.announced` while saves keep
 * succeeding: a live region speaks only when its text changes).
 */
export function useAutosave(formId: string, enabled: boolean, words: { saved: (time: string) => string; announced: string }) {
  const fetcher = useFetcher<AutosaveResult>()
  const zone = useAgencyZone().id
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])

  function send() {
    timer.current = undefined
    const el = document.getElementById(formId)
    if (!(el instanceof HTMLFormElement)) return
    const data = new FormData(el)
    data.set('intent', 'autosave')
    void fetcher.submit(data, { method: 'post' })
  }

  let message = ''
  if (fetcher.state !== 'idle') message = 'Saving…'
  else if (fetcher.data?.autosaved) message = words.saved(formatClockTime(fetcher.data.autosaved, zone))
  else if (fetcher.data) message = `Not saved: ${fetcher.data.formError ?? 'the server did not answer'}`
  // The last result's data stays while the next save runs, so "Saving…" is never said.
  let announcement = ''
  if (fetcher.data?.autosaved) announcement = words.announced
  else if (fetcher.data) announcement = `Not saved: ${fetcher.data.formError ?? 'the server did not answer'}`

  return {
    message,
    announcement,
    /** The form changed: a copy goes within a few seconds. */
    changed() {
      if (!enabled || timer.current !== undefined) return
      timer.current = window.setTimeout(send, AUTOSAVE_MS)
    },
    /** The form is being saved: the copy waiting to go is no longer needed. */
    cancel() {
      window.clearTimeout(timer.current)
      timer.current = undefined
    },
  }
}

import { useCallback, useEffect, useRef, useState } from 'react'
import { useBlocker, useNavigation } from 'react-router'
import { focusPageStart } from '~/components/route-announcer.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from '~/components/ui/dialog.tsx'

/**
 * Tracks whether the form `formId` has changes that are not saved: any input or change in it
 * makes it dirty (`markDirty` for controls that change without a DOM event, such as the rich-text
 * editor); sending it (a POST whose `intent` field is `intent`) clears that, and `answer` (the
 * action's answer, when the page stays) says whether the save went through. Returns the state and
 * the guard to render.
 */
export function useUnsavedChanges(formId: string, opts: { initiallyDirty?: boolean; answer?: unknown; intent?: string } = {}) {
  const [dirty, setDirtyState] = useState(Boolean(opts.initiallyDirty))
  // Read by the guards at the moment of leaving: set at once by an edit, while the state (what
  // the page shows) follows after the event has been handled.
  const dirtyNow = useRef(Boolean(opts.initiallyDirty))
  const setDirty = useCallback((value: boolean) => {
    dirtyNow.current = value
    setDirtyState(value)
  }, [])
  // Read by the blocker at the moment of a navigation: the save (this form's POST, told by its
  // `intent` field, none for an editor) and its redirect are not "leaving". A submit the page's
  // own check refused never becomes a navigation.
  const submitting = useRef(false)
  const navigation = useNavigation()
  if (
    navigation.formMethod &&
    navigation.formMethod.toUpperCase() !== 'GET' &&
    String(navigation.formData?.get('intent') ?? '') === (opts.intent ?? '')
  )
    submitting.current = true
  const markDirty = useCallback(() => setDirty(true), [setDirty])
  // The action answered without leaving the page (a refused or failed save): the work is still
  // unsaved; a successful save that stays on the page (settings) answers too, and is saved.
  useEffect(() => {
    if (!opts.answer) return
    const refused =
      typeof opts.answer === 'object' && opts.answer !== null && 'ok' in opts.answer && (opts.answer as { ok: unknown }).ok === false
    submitting.current = false
    setDirty(refused)
  }, [opts.answer, setDirty])

  useEffect(() => {
    const form = document.getElementById(formId)
    if (!form) return
    const onEdit = (e: Event) => {
      // Controls marked data-no-dirty (search boxes, view switches) are not the form's content.
      if ((e.target as HTMLElement | null)?.closest?.('[data-no-dirty]')) return
      submitting.current = false
      dirtyNow.current = true
      // After this event has been handled: a re-render now (React flushes a discrete update in the
      // microtask after this listener) would run before React's own change handler and put the
      // controlled field's old value back, losing the keystroke.
      window.setTimeout(() => setDirty(true))
    }
    form.addEventListener('input', onEdit)
    form.addEventListener('change', onEdit)
    return () => {
      form.removeEventListener('input', onEdit)
      form.removeEventListener('change', onEdit)
    }
  }, [formId, setDirty])

  return { dirty, markDirty, submitting, guard: <UnsavedChangesGuard dirty={dirtyNow} submitting={submitting} /> }
}

/**
 * Asks before work is thrown away: an in-app link (React Router's blocker, with an accessible
 * confirm dialog) and a reload or tab close (the browser's own beforeunload prompt).
 */
export function UnsavedChangesGuard({ dirty, submitting }: { dirty: { current: boolean }; submitting: { current: boolean } }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current &&
      !submitting.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  )

  // Listening all along and asking the ref: a reload right after a keystroke is caught too.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirty.current || submitting.current) return
      e.preventDefault()
      // Older Chromium needs returnValue set to show the prompt.
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [dirty, submitting])

  const open = blocker.state === 'blocked'
  // No Radix trigger opens this dialog (a link or Back does): on "Stay", Radix would leave focus on
  // <body>, so it goes back to what had it when the dialog opened. On "Leave" the next page decides.
  const returnTo = useRef<HTMLElement | null>(null)
  const stayed = useRef(false)
  return (
    <AlertDialog
      open={open}
      onOpenChange={(o) => {
        if (o || blocker.state !== 'blocked') return
        stayed.current = true
        blocker.reset()
      }}
    >
      <AlertDialogContent
        onOpenAutoFocus={() => {
          // Radix asks before it moves focus: this is still the element the admin left from.
          returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
          stayed.current = false
        }}
        onCloseAutoFocus={(e) => {
          e.preventDefault()
          if (!stayed.current) return
          const back = returnTo.current
          if (back?.isConnected && back !== document.body) back.focus()
          else focusPageStart()
        }}
      >
        <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
        <AlertDialogDescription>You have changes that are not saved. If you leave now, they are lost.</AlertDialogDescription>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <AlertDialogCancel className={buttonClass({ variant: 'secondary' })}>Stay on this page</AlertDialogCancel>
          <Button variant="danger" onClick={() => blocker.state === 'blocked' && blocker.proceed()}>
            Leave without saving
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  )
}

import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { useToast, type Toast } from '~/components/ui/toast.tsx'
import { useHydrated } from './use-hydrated.ts'

/**
 * The spec's notice after a write ('Blog Created', 'Blog Post Deleted', 'Error'...). In the browser
 * it is the usual toast. In the server's HTML (before or without JavaScript) the same text is
 * rendered at the top of the page, where it stays. Each action answer is a new object, so the
 * same notice twice toasts twice.
 */
export function Notice({ notice }: { notice: Toast | null | undefined }) {
  const toast = useToast()
  const hydrated = useHydrated()
  useEffect(() => {
    if (notice) toast(notice)
  }, [notice, toast])
  if (hydrated || !notice) return null
  const destructive = notice.variant === 'destructive'
  return (
    <div
      role={destructive ? 'alert' : 'status'}
      data-testid="toast"
      className={`mb-4 rounded-lg border p-4 ${destructive ? 'border-danger-700 bg-danger-700 text-white' : 'border-success-300 bg-success-50 text-ink-900'}`}
    >
      <p className="font-semibold">{notice.title}</p>
      {notice.description && <p className="mt-1 text-sm">{notice.description}</p>}
    </div>
  )
}

/** The search parameter an editor's action redirects to the list with: `?saved=created|updated`. */
export const SAVED_PARAM = 'saved'

/**
 * Post/redirect/get without a flash session: an editor's action redirects to its list with
 * `?saved=created` or `?saved=updated`, and the list shows the matching notice. Once the page runs
 * in the browser the parameter is dropped from the address (replace), so Back or a reload does not
 * show it again; without JavaScript it stays in the address, which is harmless.
 */
export function useSavedNotice(notices: Record<string, Toast>): Toast | undefined {
  const [params, setParams] = useSearchParams()
  const saved = params.get(SAVED_PARAM)
  useEffect(() => {
    if (saved === null) return
    setParams(
      (p) => {
        p.delete(SAVED_PARAM)
        return p
      },
      { replace: true, preventScrollReset: true },
    )
  }, [saved, setParams])
  return saved && Object.hasOwn(notices, saved) ? notices[saved] : undefined
}

const isBlank = (v: unknown) => typeof v === 'string' && v.trim() === ''

/**
 * The notice for a refused save (in the browser before sending, or from the action's 400): the
 * spec's 'Missing Required Fields' when a refused field was left empty, otherwise the screen's red
 * 'Error' with its failure text. The messages beside the fields say exactly what is wrong.
 * (A new object each time, so a second refusal toasts again.)
 */
export function refusedNotice(fields: Record<string, string>, values: object | undefined, failure: string): Toast {
  const missing = Object.keys(fields).some((k) => isBlank((values as Record<string, unknown> | undefined)?.[k]))
  if (missing) return { title: 'Missing Required Fields', description: 'Please fill in all required fields.', variant: 'destructive' }
  return errorNotice(failure)
}

/** The spec's red notice titled 'Error'. */
export const errorNotice = (description: string): Toast => ({ title: 'Error', description, variant: 'destructive' })

import { useCallback } from 'react'
import { useRevalidator } from 'react-router'
import { useToast } from '~/components/ui/toast.tsx'

type Notice = { title: string; description: string }

/**
 * Runs an admin mutation (a REST call through `api()`), then shows the spec's notice: the given
 * success notice, or the red 'Error' notice with the spec's failure text. Either way the page's
 * loader data is reloaded, so lists and counts show what the server now holds (and a session
 * that ran out meanwhile sends the page to the login screen).
 */
export function useAdminAction() {
  const toast = useToast()
  const revalidator = useRevalidator()
  return useCallback(
    async <T>(fn: () => Promise<T>, notices: { success: Notice | ((result: T) => Notice); failure: string }): Promise<T | undefined> => {
      try {
        const result = await fn()
        const n = typeof notices.success === 'function' ? notices.success(result) : notices.success
        toast({ ...n })
        return result
      } catch {
        toast({ title: 'Error', description: notices.failure, variant: 'destructive' })
        return undefined
      } finally {
        await revalidator.revalidate()
      }
    },
    [toast, revalidator],
  )
}

import { useEffect } from 'react'
import { useToast } from '~/components/ui/toast.tsx'

/**
 * Loaders catch database failures and return `loadError: true` instead of a 500 page, so the
 * screen can show the spec's red 'Error' notice (e.g. 'Failed to load proposals.').
 */
export function useLoadErrorToast(loadError: boolean | undefined, message: string) {
  const toast = useToast()
  useEffect(() => {
    if (loadError) toast({ title: 'Error', description: message, variant: 'destructive' })
  }, [loadError, message, toast])
}

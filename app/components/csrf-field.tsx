import { useRouteLoaderData } from 'react-router'
import { CSRF_FIELD } from '~/lib/csrf.ts'
import type { loader as rootLoader } from '~/root.tsx'

/** This visitor's CSRF token, from the root loader: the one way the browser gets it. */
export function useCsrfToken(): string {
  return useRouteLoaderData<typeof rootLoader>('root')?.csrfToken ?? ''
}

/** Put inside every form that posts: the server refuses a post without the matching token. */
export function CsrfField() {
  return <input type="hidden" name={CSRF_FIELD} value={useCsrfToken()} />
}

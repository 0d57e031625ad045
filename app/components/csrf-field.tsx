import { useRouteLoaderData } from 'react-router'
import { CSRF_FIELD } from '~/lib/csrf.ts'
import type { SiteData } from '~/lib/site-data.ts'

/** This visitor's CSRF token, from the root loader: the one way the browser gets it. */
export function useCsrfToken(): string {
  return useRouteLoaderData<SiteData>('root')?.csrfToken ?? ''
}

/** Put inside every form that posts: the server refuses a post without the matching token. */
export function CsrfField() {
  return <input type="hidden" name={CSRF_FIELD} value={useCsrfToken()} />
}

import { useRouteLoaderData } from 'react-router'
import type { loader } from '~/root.tsx'
import { COMPANY } from '~/content/site.ts'

export type SiteData = Awaited<ReturnType<typeof loader>>

const FALLBACK: SiteData = {
  csrfToken: null,
  siteUrl: '',
  site: {
    siteName: COMPANY.name,
    siteDescription: COMPANY.tagline,
    contactEmail: COMPANY.email,
    contactPhone: COMPANY.phone,
    address: COMPANY.address,
  },
  analytics: false,
  organization: {},
}

/** The root loader's site-wide data (settings, SITE_URL); content defaults if it is unavailable. */
export function useSite(): SiteData {
  return useRouteLoaderData<typeof loader>('root') ?? FALLBACK
}

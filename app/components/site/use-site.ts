import { useRouteLoaderData } from 'react-router'
import { COMPANY, DEFAULT_AGENCY_ZONE, DEFAULT_AGENCY_ZONE_NAME, officesOf, type Office } from '~/content/site.ts'
import type { SiteData } from '~/lib/site-data.ts'

export type { SiteData }

const FALLBACK: SiteData = {
  csrfToken: null,
  siteUrl: '',
  site: {
    siteName: COMPANY.name,
    siteDescription: COMPANY.tagline,
    // Without the settings no contact details are shown, rather than ones that may be out of date.
    contactEmail: '',
    contactPhone: '',
    address: '',
    hours: '',
    gwaliorAddress: '',
    gwaliorPhone: '',
    gwaliorHours: '',
  },
  analytics: false,
  timeZone: { id: DEFAULT_AGENCY_ZONE, name: DEFAULT_AGENCY_ZONE_NAME },
  organization: {},
}

/** The root loader's site-wide data (settings, SITE_URL); content defaults if it is unavailable. */
export function useSite(): SiteData {
  return useRouteLoaderData<SiteData>('root') ?? FALLBACK
}

/** Both offices with the saved addresses, phones and hours (the settings are their one source). */
export function useOffices(): Office[] {
  return officesOf(useSite().site)
}

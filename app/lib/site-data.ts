import type { ContactDetails } from '~/content/site.ts'

/**
 * What the root loader gives every page (app/root.tsx): the site's settings visitors read, the
 * form token and the agency's zone. A shape of its own, so the components that read it
 * (useSite, the chat, the form token field) do not import the root module that renders them.
 */
export type SiteData = {
  /** The token every form posts back (<CsrfField />); null on pages kept in the shared cache. */
  csrfToken: string | null
  siteUrl: string
  site: { siteName: string; siteDescription: string } & ContactDetails
  analytics: boolean
  /** The agency's zone (settings) and its name. */
  timeZone: { id: string; name: string }
  /** The Organization JSON-LD, built on the server so the browser bundle does not need the builder. */
  organization: Record<string, unknown>
}

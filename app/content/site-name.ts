/** The studio's own name, shown until a site name is saved; its own module so the root's titles do not load every page's metadata. */
export const SITE_NAME = 'Launchpad Web Studio'

/** The suffix of every page title. */
export const TITLE_SUFFIX = ` | ${SITE_NAME}`

/** `Title | Site Name`; the suffix follows the saved site name. */
export function fullTitle(title: string, siteName?: string): string {
  return `${title}${siteName ? ` | ${siteName}` : TITLE_SUFFIX}`
}

import { TITLE_SUFFIX } from '~/content/site-name.ts'

/** `Title | Site Name`; the suffix follows the saved site name. */
export function fullTitle(title: string, siteName?: string): string {
  return `${title}${siteName ? ` | ${siteName}` : TITLE_SUFFIX}`
}

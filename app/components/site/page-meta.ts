/**
 * The page metadata of app/lib/seo.ts bound to the studio's page texts (app/content/seo.ts) and
 * its own name, which titles carry until a site name is saved.
 */
import { PAGE_META } from '~/content/seo.ts'
import { SITE_NAME } from '~/content/site-name.ts'
import { seoHelpers } from '~/lib/seo.ts'

export const { seoMeta, pageMeta } = seoHelpers(PAGE_META, SITE_NAME)

import { data } from 'react-router'
import type { Route } from './+types/not-found'
import { NotFoundContent } from '~/components/site/not-found-content.tsx'
import { seoMeta } from '~/components/site/page-meta.ts'
import { siteFromMatches } from '~/lib/seo.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  return seoMeta(
    { title: '404 Page Not Found', description: 'The page you are looking for does not exist or has moved.', keywords: [] },
    { ...siteFromMatches(matches), path: location.pathname, noindex: true },
  )
}

/** Any path no other route matches: the not-found page inside the site layout, with status 404. */
export function loader() {
  return data({ notFound: true }, { status: 404 })
}

export default function NotFound() {
  return <NotFoundContent />
}

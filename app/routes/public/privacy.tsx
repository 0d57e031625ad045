import type { Route } from './+types/privacy'
import { LegalPage } from '~/components/site/legal-page.tsx'
import { PRIVACY } from '~/content/legal.ts'
import { pageMeta } from '~/components/site/page-meta.ts'

export function meta(args: Route.MetaArgs) {
  return pageMeta('privacy', args)
}

export default function Privacy() {
  return <LegalPage doc={PRIVACY} />
}

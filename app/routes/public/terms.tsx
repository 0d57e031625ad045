import type { Route } from './+types/terms'
import { LegalPage } from '~/components/site/legal-page.tsx'
import { TERMS } from '~/content/legal.ts'
import { pageMeta } from '~/components/site/page-meta.ts'

export function meta(args: Route.MetaArgs) {
  return pageMeta('terms', args)
}

export default function Terms() {
  return <LegalPage doc={TERMS} />
}

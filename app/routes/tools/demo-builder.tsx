import { WebsiteBuilder } from '~/components/builder/website-builder.tsx'
import { PageHeader } from '~/components/site/page-header.tsx'
import { pageMeta } from '~/lib/seo.ts'
import type { Route } from './+types/demo-builder'

export function meta(args: Route.MetaArgs) {
  return pageMeta('demoBuilder', args)
}

export default function DemoBuilderPage() {
  return (
    <main id="main-content">
      <PageHeader
        eyebrow="Demo"
        title="Super Advanced Website Builder"
        intro="Pick an industry, template, colours and features and watch the preview update as you go. Your design is saved in this browser; when you like it, turn it into a real website."
      />
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <WebsiteBuilder />
      </div>
    </main>
  )
}

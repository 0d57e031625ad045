import { redirect } from 'react-router'
import { WebsiteBuilder } from '~/components/builder/website-builder.tsx'
import { PublicPage } from '~/components/site/page-header.tsx'
import { readBuilderQuery } from '~/lib/builder-form.ts'
import { BUILDER } from '~/components/builder/builder-model.ts'
import { CONFIG_PARSER } from '~/components/builder/stored-config.ts'
import { proposalHref } from '~/lib/builder-query.ts'
import { pageMeta } from '~/components/site/page-meta.ts'
import type { Route } from './+types/demo-builder'

export function meta(args: Route.MetaArgs) {
  return pageMeta('demoBuilder', args)
}

/**
 * The builder's state from its address (issue 22): what its GET form sent before the page's script
 * ran, or a link that carries a design (the lead desk's). Without any, the page is the same for
 * every visitor (the page cache keeps it) and the browser restores its saved design.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { config, tab, device, convert, view } = readBuilderQuery(new URL(request.url).searchParams, BUILDER, CONFIG_PARSER)
  if (convert && config) throw redirect(proposalHref(config, BUILDER))
  return { config, tab, device, view }
}

export default function DemoBuilderPage({ loaderData }: Route.ComponentProps) {
  return (
    <PublicPage
      eyebrow="Try it yourself"
      title="Website Builder Demo"
      intro="Pick an industry, template, colours and features and watch the preview update as you go. Your design is saved in this browser; when you like it, turn it into a real website."
    >
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <WebsiteBuilder initial={loaderData} />
      </div>
    </PublicPage>
  )
}

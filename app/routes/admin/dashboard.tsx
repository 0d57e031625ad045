import { Clock, Eye, FileText, Inbox, Plus } from 'lucide'
import { Icon, type IconNode } from '~/components/ui/icon.tsx'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Route } from './+types/dashboard'
import { ActivityChart } from '~/components/admin/activity-chart.tsx'
import { EditLink } from '~/components/admin/list-actions.tsx'
import { adminMeta } from '~/components/admin/meta.ts'
import { capitalize, PageHeader } from '~/components/admin/ui.tsx'
import { MailNotDelivered } from '~/components/admin/mail-banner.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { useLoadErrorToast } from '~/components/admin/use-load-error.ts'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { businessTypeLabel } from '~/lib/constants.ts'
import { getDashboard } from '~/services/dashboard.server.ts'
import { money } from '~/lib/proposal-document.ts'
import { getTraffic, isTrafficPeriod } from '~/services/traffic.server.ts'
import { TrafficReport } from '~/components/admin/traffic-report.tsx'
import { nextScheduledPost } from '~/services/blog.server.ts'
import { LocalTime, useReaderDay } from '~/components/admin/local-time.tsx'
import { Definition } from '~/components/admin/definition.tsx'
import { METRICS } from '~/lib/metric-definitions.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const adminPath = context.app.config.adminPath
  const asked = new URL(request.url).searchParams.get('period')
  const countryConfigured = Boolean(context.app.config.geoipDb)
  try {
    return {
      adminPath,
      countryConfigured,
      data: await getDashboard(context.app.db, admin),
      traffic: await getTraffic(context.app.db, admin, isTrafficPeriod(asked) ? asked : '30d'),
      nextScheduled: (await nextScheduledPost(context.app.db, admin)) ?? null,
      loadError: false,
    }
  } catch (err) {
    context.app.logger.error({ err: (err as Error).message }, 'dashboard load failed')
    return { adminPath, countryConfigured, data: null, traffic: null, nextScheduled: null, loadError: true }
  }
}

export const meta: Route.MetaFunction = () => adminMeta('Dashboard')

function StatCard({
  title,
  value,
  subtitle,
  icon,
  definition,
}: {
  title: string
  value: number
  subtitle: string
  icon: IconNode
  definition?: string
}) {
  return (
    <div className="relative rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-ink-700">{title}</h2>
        <span className="flex items-center gap-2">
          {definition && <Definition term={title}>{definition}</Definition>}
          <Icon node={icon} aria-hidden="true" className="size-5 text-ink-500" />
        </span>
      </div>
      <p className="mt-2 text-3xl font-bold text-ink-900">{value}</p>
      <p className="mt-1 text-xs text-ink-600">{subtitle}</p>
    </div>
  )
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const day = useReaderDay()
  const { adminPath, data, traffic, countryConfigured, nextScheduled, loadError } = loaderData
  useLoadErrorToast(loadError, 'Failed to load dashboard data.')
  const base = `/${adminPath}`
  const stats = data ?? {
    proposalStats: { total: 0, pending: 0 },
    blogStats: { total: 0, published: 0, draft: 0, totalViews: 0 },
    recentProposals: [],
    recentPosts: [],
    chart: [],
    conversion: undefined,
  }
  return (
    <>
      <PageHeader title="Dashboard" description="An overview of your website activity." times />
      <MailNotDelivered className="mb-6" />
      <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[
          {
            title: 'Total Proposals',
            value: stats.proposalStats.total,
            subtitle: 'From website visitors',
            icon: Inbox,
            definition: METRICS.totalProposals,
          },
          {
            title: 'Pending Proposals',
            value: stats.proposalStats.pending,
            subtitle: 'Requires attention',
            icon: Clock,
            definition: METRICS.pendingProposals,
          },
          {
            title: 'Blog Posts',
            value: stats.blogStats.total,
            subtitle: `${stats.blogStats.published} published, ${stats.blogStats.draft} drafts`,
            icon: FileText,
          },
          {
            title: 'Total Views',
            value: stats.blogStats.totalViews,
            subtitle: 'Blog post views',
            icon: Eye,
            definition: METRICS.totalViews,
          },
        ].map((card) => (
          <StatCard key={card.title} {...card} />
        ))}
      </section>

      {traffic && (
        <TrafficReport t={traffic} base={`${base}/dashboard`} csvBase="/api/dashboard/traffic.csv" countryConfigured={countryConfigured} />
      )}

      <Panel id="activity-title" title="Last 30 days" className="mt-6">
        <ActivityChart data={stats.chart} conversion={stats.conversion} zoneWords={data?.zoneWords} />
      </Panel>

      {data?.proposalDocuments && (
        <Panel id="documents-title" title="Proposals to clients, last 30 days" className="mt-6">
          <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {[
              ['Sent', String(data.proposalDocuments.sent)],
              ['Accepted', String(data.proposalDocuments.accepted)],
              ['Value accepted', money(data.proposalDocuments.acceptedCents)],
              [
                'Request to acceptance',
                data.proposalDocuments.medianDaysToAccept === null
                  ? 'None accepted yet'
                  : `${data.proposalDocuments.medianDaysToAccept} days (median)`,
              ],
            ].map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-ink-700">{label}</dt>
                <dd className="text-2xl font-bold text-ink-900">{value}</dd>
              </div>
            ))}
          </dl>
        </Panel>
      )}

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <Panel
          id="recent-proposals"
          title="Recent Proposals"
          className="min-w-0"
          action={
            <Link to={`${base}/proposals`} className={buttonClass({ variant: 'secondary' })}>
              View All
            </Link>
          }
        >
          {stats.recentProposals.length === 0 ? (
            <p className="py-6 text-center text-sm text-ink-600">No proposals yet</p>
          ) : (
            <ul className="divide-y divide-ink-200">
              {stats.recentProposals.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-ink-900">{p.name}</p>
                    <p className="truncate text-sm text-ink-600">
                      {businessTypeLabel(p.businessType)} · {day(p.date)}
                    </p>
                  </div>
                  <Badge tone={p.status}>{capitalize(p.status)}</Badge>
                </li>
              ))}
            </ul>
          )}
        </Panel>

        <Panel
          id="recent-posts"
          title="Recent Blog Posts"
          className="min-w-0"
          action={
            <Link to={`${base}/blogs/new`} className={buttonClass()}>
              <Icon node={Plus} aria-hidden="true" className="size-4" /> New Post
            </Link>
          }
        >
          <p className="mb-3 rounded-md bg-ink-50 px-3 py-2 text-sm text-ink-800">
            <span className="font-medium">Next scheduled post: </span>
            {nextScheduled?.publishAt ? (
              <>
                <Link to={`${base}/blogs/edit/${nextScheduled.id}`} className="font-medium text-primary-800 hover:underline">
                  {nextScheduled.title}
                </Link>
                , <LocalTime iso={nextScheduled.publishAt} />
              </>
            ) : (
              'none'
            )}
          </p>
          {stats.recentPosts.length === 0 ? (
            <p className="py-6 text-center text-sm text-ink-600">No blog posts yet</p>
          ) : (
            <ul className="divide-y divide-ink-200">
              {stats.recentPosts.map((post) => (
                // Two columns: the actions stay on the title's line at the right, one above the other from row to row.
                <li key={post.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-3 py-3" data-testid="recent-post">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-ink-900">{post.title}</p>
                    <p className="text-sm text-ink-600">
                      <Badge tone={post.status}>{capitalize(post.status)}</Badge> <span className="ml-1">{post.views} views</span>
                    </p>
                  </div>
                  <div className="flex gap-2" data-testid="recent-post-actions">
                    <a
                      href={`/blog/${post.slug}`}
                      target="_blank"
                      rel="noreferrer"
                      className={buttonClass({ variant: 'secondary', size: 'sm' })}
                      aria-label={`View ${post.title} on the site (opens in a new tab)`}
                    >
                      <Icon node={Eye} aria-hidden="true" className="size-4" />
                    </a>
                    <EditLink to={`${base}/blogs/edit/${post.id}`} name={post.title} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  )
}

/** A card of the dashboard under its heading, with the action beside the heading when there is one. */
function Panel({
  id,
  title,
  action,
  className,
  children,
}: {
  id: string
  title: string
  action?: ReactNode
  className: string
  children: ReactNode
}) {
  const heading = (
    <h2 id={id} className={`${action ? '' : 'mb-3 '}text-lg font-semibold text-ink-900`}>
      {title}
    </h2>
  )
  return (
    <section aria-labelledby={id} className={`${className} rounded-lg border border-ink-200 bg-white p-5 shadow-sm`}>
      {action ? (
        <div className="mb-4 flex items-center justify-between gap-2">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  )
}

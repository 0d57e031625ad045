import { ExternalLink, Plus } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { Switch } from 'radix-ui'
import { Form, Link, useSubmit } from 'react-router'
import type { Route } from './+types/portfolio'
import { listHref } from '~/components/admin/list-params.ts'
import { adminMeta } from '~/components/admin/meta.ts'
import { Badge, btn, capitalize, EditDeleteActions, FilterLinks, inputClass, PageHeader } from '~/components/admin/ui.tsx'
import { useAdminAction } from '~/components/admin/use-admin-action.ts'
import { useLoadErrorToast } from '~/components/admin/use-load-error.ts'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { api } from '~/lib/api-client.ts'
import { PORTFOLIO_STATUSES, type PortfolioStatus } from '~/lib/schemas.ts'
import { liveHref } from '~/lib/urls.ts'
import { listPortfolio } from '~/services/portfolio.server.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const sp = new URL(request.url).searchParams
  const q = (sp.get('q') ?? '').trim().slice(0, 200)
  const category = (sp.get('category') ?? '').trim().slice(0, 60)
  const rawStatus = sp.get('status') ?? ''
  const status = (PORTFOLIO_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as PortfolioStatus) : undefined
  const base = { adminPath: context.app.config.adminPath, q, category, status: status ?? '' }
  try {
    const { items, counts, categories } = await listPortfolio(context.app.db, admin, { q: q || undefined, category: category || undefined, status })
    const active = counts.active ?? 0
    const archived = counts.archived ?? 0
    return { ...base, items, categories, counts: { all: active + archived, active, archived }, loadError: false }
  } catch (err) {
    context.app.logger.error({ err: (err as Error).message }, 'portfolio list load failed')
    return { ...base, items: [], categories: [] as string[], counts: { all: 0, active: 0, archived: 0 }, loadError: true }
  }
}

export const meta: Route.MetaFunction = () => adminMeta('Portfolio')

export default function Portfolio({ loaderData }: Route.ComponentProps) {
  const { adminPath, q, category, status, items, categories, counts, loadError } = loaderData
  useLoadErrorToast(loadError, 'Failed to load portfolio items.')
  const run = useAdminAction()
  const submit = useSubmit()
  const path = `/${adminPath}/portfolio`
  const filters = [
    { label: 'All', value: '', count: counts.all },
    { label: 'Active', value: 'active', count: counts.active },
    { label: 'Archived', value: 'archived', count: counts.archived },
  ].map((f) => ({ ...f, href: listHref(path, { q, category, status: f.value }), current: f.value === status }))

  return (
    <>
      <PageHeader
        title="Portfolio Management"
        description="Manage the projects shown on your public portfolio."
        actions={
          <Link to={`${path}/new`} className={btn.primary}>
            <Icon node={Plus} aria-hidden="true" className="size-4" /> New Project
          </Link>
        }
      />
      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <Form method="get" role="search" className="flex w-full flex-wrap gap-2 lg:max-w-xl">
          {status && <input type="hidden" name="status" value={status} />}
          <label htmlFor="portfolio-search" className="sr-only">
            Search portfolio
          </label>
          <input id="portfolio-search" type="search" name="q" defaultValue={q} placeholder="Search by title, category or description..." className={`${inputClass} mt-0 min-w-0 flex-1`} />
          <label htmlFor="portfolio-category" className="sr-only">
            Category
          </label>
          <select
            id="portfolio-category"
            name="category"
            defaultValue={category}
            key={category}
            onChange={(e) => submit(e.currentTarget.form)}
            className="rounded-md border border-slate-400 bg-white px-2 py-2 text-sm text-slate-900"
          >
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <button type="submit" className={btn.secondary}>
            Search
          </button>
        </Form>
        <FilterLinks label="Filter portfolio by status" items={filters} />
      </div>

      {items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-slate-600">{q || status || category ? 'No portfolio items found matching your criteria.' : 'No portfolio items yet.'}</p>
          <Link to={`${path}/new`} className={`${btn.primary} mt-4`}>
            <Icon node={Plus} aria-hidden="true" className="size-4" /> Create Your First Portfolio Item
          </Link>
        </div>
      ) : (
        <ul className="grid gap-5 md:grid-cols-2 2xl:grid-cols-3" aria-label="Portfolio items">
          {items.map((item) => {
            const href = liveHref(item.liveUrl)
            const extra = item.technologies.length - 3
            return (
              <li key={item.id} className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
                <article aria-labelledby={`item-${item.id}`} className="flex flex-1 flex-col">
                  <div className="relative aspect-video bg-slate-100">
                    {item.image ? <img src={item.image} alt="" loading="lazy" className="size-full object-cover" /> : null}
                    <span className="absolute top-3 left-3 flex gap-2">
                      <Badge tone={item.status}>{capitalize(item.status)}</Badge>
                      {item.isLive && <Badge tone="live">Live</Badge>}
                    </span>
                  </div>
                  <div className="flex flex-1 flex-col p-5">
                    <h2 id={`item-${item.id}`} className="text-lg font-semibold break-words text-slate-900">
                      {item.title}
                    </h2>
                    <p className="mt-1 text-sm text-slate-600">{item.category}</p>
                    <p className="mt-2 line-clamp-3 text-sm text-slate-800">{item.description}</p>
                    {item.technologies.length > 0 && (
                      <ul aria-label="Technologies" className="mt-3 flex flex-wrap gap-1.5">
                        {item.technologies.slice(0, 3).map((t) => (
                          <li key={t} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                            {t}
                          </li>
                        ))}
                        {extra > 0 && <li className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-800">+{extra} more</li>}
                      </ul>
                    )}
                    <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
                      <label className="sr-only" htmlFor={`item-status-${item.id}`}>
                        Status for {item.title}
                      </label>
                      <select
                        id={`item-status-${item.id}`}
                        value={item.status}
                        onChange={(e) => {
                          const next = e.target.value
                          void run(() => api(`/api/portfolio/${item.id}`, { method: 'PUT', body: { status: next } }), {
                            success: { title: 'Status Updated', description: `Portfolio item status changed to ${next}` },
                            failure: 'Failed to update portfolio item status.',
                          })
                        }}
                        className="rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900"
                      >
                        {PORTFOLIO_STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {capitalize(s)}
                          </option>
                        ))}
                      </select>
                      <span className="inline-flex items-center gap-2">
                        <Switch.Root
                          id={`item-live-${item.id}`}
                          checked={item.isLive}
                          aria-label={`Live status for ${item.title}`}
                          onCheckedChange={(live) =>
                            void run(() => api(`/api/portfolio/${item.id}`, { method: 'PUT', body: { isLive: live } }), {
                              success: { title: 'Live Status Updated', description: `Portfolio item is now ${live ? 'live' : 'offline'}` },
                              failure: 'Failed to update live status.',
                            })
                          }
                          className="relative h-6 w-11 shrink-0 rounded-full bg-slate-400 data-[state=checked]:bg-green-700"
                        >
                          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
                        </Switch.Root>
                        <span aria-hidden="true" className="text-sm text-slate-700">
                          {item.isLive ? 'Live' : 'Offline'}
                        </span>
                      </span>
                      {href && (
                        <a href={href} target="_blank" rel="noreferrer noopener" className={btn.icon} aria-label={`Open the live site of ${item.title} (new tab)`}>
                          <Icon node={ExternalLink} aria-hidden="true" className="size-4" />
                        </a>
                      )}
                      <EditDeleteActions
                        editHref={`${path}/edit/${item.id}`}
                        name={item.title}
                        noun="portfolio item"
                        onDelete={() =>
                          run(() => api(`/api/portfolio/${item.id}`, { method: 'DELETE' }), {
                            success: { title: 'Portfolio Item Deleted', description: 'The portfolio item has been removed.' },
                            failure: 'Failed to delete portfolio item.',
                          })
                        }
                      />
                    </div>
                  </div>
                </article>
              </li>
            )
          })}
        </ul>
      )}
    </>
  )
}

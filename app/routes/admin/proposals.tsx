import { Download, Trash2 } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import type { Route } from './+types/proposals'
import { readListParams, listHref } from '~/components/admin/list-params.ts'
import { adminMeta } from '~/components/admin/meta.ts'
import { budgetLabel, businessTypeLabel, ProposalDetails } from '~/components/admin/proposal-details.tsx'
import { Badge, btn, capitalize, ConfirmButton, FilterLinks, formatDate, PageHeader, Pager, SearchForm } from '~/components/admin/ui.tsx'
import { useAdminAction } from '~/components/admin/use-admin-action.ts'
import { useLoadErrorToast } from '~/components/admin/use-load-error.ts'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { api } from '~/lib/api-client.ts'
import { PROPOSAL_STATUSES } from '~/lib/schemas.ts'
import { listProposals } from '~/services/proposals.server.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { q, status, page, limit, offset } = readListParams(request.url, PROPOSAL_STATUSES)
  const base = { adminPath: context.app.config.adminPath, q, status: status ?? '', page }
  try {
    const { proposals, counts } = await listProposals(context.app.db, admin, { q: q || undefined, status, limit, offset })
    const total = status ? counts[status] : counts.all
    return { ...base, proposals, counts, pages: Math.max(1, Math.ceil(total / limit)), total, loadError: false }
  } catch (err) {
    context.app.logger.error({ err: (err as Error).message }, 'proposals load failed')
    return { ...base, proposals: [], counts: { all: 0, pending: 0, reviewed: 0, completed: 0 }, pages: 1, total: 0, loadError: true }
  }
}

export const meta: Route.MetaFunction = () => adminMeta('Proposals')

export default function Proposals({ loaderData }: Route.ComponentProps) {
  const { adminPath, q, status, page, proposals, counts, pages, total, loadError } = loaderData
  useLoadErrorToast(loadError, 'Failed to load proposals.')
  const run = useAdminAction()
  const path = `/${adminPath}/proposals`
  const filters = [
    { label: 'All', value: '', count: counts.all },
    ...PROPOSAL_STATUSES.map((s) => ({ label: capitalize(s), value: s, count: counts[s] })),
  ].map((f) => ({ ...f, href: listHref(path, { q, status: f.value }), current: f.value === status }))
  const exportHref = listHref('/api/proposals/export.csv', { q, status })

  return (
    <>
      <PageHeader
        title="Proposal Management"
        description="Review and manage proposal requests from your website visitors."
        actions={
          <a href={exportHref} download="proposals.csv" className={btn.secondary}>
            <Icon node={Download} aria-hidden="true" className="size-4" /> Export CSV
          </a>
        }
      />
      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <SearchForm q={q} label="Search proposals" placeholder="Search by name, email or business type..." hidden={{ status }} />
        <FilterLinks label="Filter proposals by status" items={filters} />
      </div>

      {proposals.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">No proposals found matching your criteria.</p>
      ) : (
        <ul className="space-y-4" aria-label="Proposals">
          {proposals.map((p) => (
            <li key={p.id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
              <article aria-labelledby={`proposal-${p.id}`}>
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 id={`proposal-${p.id}`} className="text-lg font-semibold break-words text-slate-900">
                        {p.name}
                      </h2>
                      <Badge tone={p.status}>{capitalize(p.status)}</Badge>
                    </div>
                    <p className="text-sm break-all text-slate-700">{p.email}</p>
                    {p.phone && <p className="text-sm text-slate-700">{p.phone}</p>}
                  </div>
                  <p className="text-sm text-slate-600">{formatDate(p.date)}</p>
                </div>
                <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
                  <div>
                    <dt className="inline font-medium text-slate-700">Business type: </dt>
                    <dd className="inline text-slate-900">{businessTypeLabel(p.businessType)}</dd>
                  </div>
                  <div>
                    <dt className="inline font-medium text-slate-700">Budget: </dt>
                    <dd className="inline text-slate-900">{budgetLabel(p.budget)}</dd>
                  </div>
                </dl>
                <p className="mt-3 line-clamp-3 text-sm break-words whitespace-pre-wrap text-slate-800">{p.requirements}</p>
                <div className="mt-4 flex flex-wrap items-center gap-2">
                  <label className="sr-only" htmlFor={`status-${p.id}`}>
                    Status for {p.name}
                  </label>
                  <select
                    id={`status-${p.id}`}
                    value={p.status}
                    onChange={(e) => {
                      const next = e.target.value
                      void run(() => api(`/api/proposals/${p.id}`, { method: 'PUT', body: { status: next } }), {
                        success: { title: 'Status Updated', description: `Proposal status changed to ${next}` },
                        failure: 'Failed to update proposal status.',
                      })
                    }}
                    className="rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900"
                  >
                    {PROPOSAL_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {capitalize(s)}
                      </option>
                    ))}
                  </select>
                  <ProposalDetails proposal={p} />
                  <ConfirmButton
                    className={btn.iconDanger}
                    aria-label={`Delete proposal from ${p.name}`}
                    title="Delete this proposal?"
                    description={`The proposal from ${p.name} will be permanently removed. This cannot be undone.`}
                    onConfirm={() =>
                      run(() => api(`/api/proposals/${p.id}`, { method: 'DELETE' }), {
                        success: { title: 'Proposal Deleted', description: 'The proposal has been removed.' },
                        failure: 'Failed to delete proposal.',
                      })
                    }
                  >
                    <Icon node={Trash2} aria-hidden="true" className="size-4" /> Delete
                  </ConfirmButton>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} total={total} noun="proposals" hrefFor={(n) => listHref(path, { q, status, page: n })} />
    </>
  )
}

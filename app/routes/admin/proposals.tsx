import { Download, Trash2 } from 'lucide'
import { useCallback, useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { Icon } from '~/components/ui/icon.tsx'
import type { Route } from './+types/proposals'
import { CSRF_FIELD } from '~/lib/csrf.ts'
import { useCsrfToken } from '~/components/csrf-field.tsx'
import { listClientAction, useListFetcher } from '~/components/admin/list-actions.tsx'
import { readListParams, listHref } from '~/components/admin/list-params.ts'
import { adminMeta } from '~/components/admin/meta.ts'
import { Notice } from '~/components/admin/notice.tsx'
import { ProposalStatusFields } from '~/components/admin/proposal-details.tsx'
import { capitalize, ConfirmButton, FilterLinks, PageHeader, Pager, SearchForm } from '~/components/admin/ui.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { useLoadErrorToast } from '~/components/admin/use-load-error.ts'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { validate } from '~/http/forms.server.ts'
import { PROPOSAL_STATUSES, budgetLabel, businessTypeLabel } from '~/lib/constants.ts'
import { ProposalStatusSchema } from '~/lib/schemas.ts'
import { deleteProposal, listProposals, setProposalStatus } from '~/services/proposals.server.ts'
import { listAction } from './+shared/content-actions.server.ts'
import { useReaderDay } from '~/components/admin/local-time.tsx'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { q, status, page, limit, offset } = readListParams(request.url, PROPOSAL_STATUSES)
  // The desk's "mine": the leads assigned to the signed-in person.
  const mine = new URL(request.url).searchParams.get('mine') === '1'
  const base = {
    adminPath: context.app.config.adminPath,
    q,
    status: status ?? '',
    page,
    mine,
  }
  try {
    const { proposals, counts } = await listProposals(context.app.db, admin, {
      q: q || undefined,
      status,
      limit,
      offset,
      assignedTo: mine ? admin.id : undefined,
    })
    const total = status ? counts[status] : counts.all
    return {
      ...base,
      proposals,
      counts,
      pages: Math.max(1, Math.ceil(total / limit)),
      total,
      loadError: false,
    }
  } catch (err) {
    context.app.logger.error({ err: (err as Error).message }, 'proposals load failed')
    return {
      ...base,
      proposals: [],
      counts: { all: 0, pending: 0, reviewed: 0, completed: 0 },
      pages: 1,
      total: 0,
      loadError: true,
    }
  }
}

const FAILED = {
  status: 'Failed to update proposal status.',
  delete: 'Failed to delete proposal.',
}

/**
 * A card's writes, posted by its fetcher (or a plain form without JavaScript): `intent=status`
 * with the new status (checked with the API's ProposalStatusSchema) or `intent=delete`. Answers
 * the spec's notice; React Router then reloads the list and its counts.
 */
export function action(args: Route.ActionArgs) {
  return listAction(args, FAILED, async ({ admin, db, form, intent, id }) => {
    if (intent === 'delete') {
      await deleteProposal(db, admin, id)
      return { title: 'Proposal Deleted', description: 'The proposal has been removed.' }
    }
    const checked = validate(ProposalStatusSchema, { status: form.get('status') })
    if (!checked.ok) return null
    const proposal = await setProposalStatus(db, admin, id, checked.data.status)
    return { title: 'Status Updated', description: `Proposal status changed to ${proposal.status}` }
  })
}

/** An answer that is not the action's own (a proxy's error page, no connection) still gets the spec's red notice. */
export const clientAction = listClientAction(FAILED, 'status')

export const meta: Route.MetaFunction = () => adminMeta('Proposals')

export default function Proposals({ loaderData, actionData }: Route.ComponentProps) {
  const { adminPath, q, status, page, proposals, counts, pages, total, loadError } = loaderData
  useLoadErrorToast(loadError, 'Failed to load proposals.')
  const path = `/${adminPath}/proposals`
  const here = listHref(path, { q, status, page })
  const filters = [
    { label: 'All', value: '', count: counts.all },
    ...PROPOSAL_STATUSES.map((s) => ({
      label: capitalize(s),
      value: s,
      count: counts[s],
    })),
  ].map((f) => ({
    ...f,
    href: listHref(path, { q, status: f.value }),
    current: f.value === status,
  }))
  const exportHref = listHref('/api/proposals/export.csv', { q, status })
  const listRef = useRef<HTMLUListElement>(null)
  // The card whose status was just applied: if the list reloads without it (the filter no longer
  // matches), focus moves to the card that took its place, or to the page heading when none did.
  const leaving = useRef<{ id: number; index: number } | null>(null)
  const onStatusApplied = useCallback((id: number, index: number) => {
    leaving.current = { id, index }
  }, [])
  useEffect(() => {
    const left = leaving.current
    if (!left) return
    leaving.current = null
    if (proposals.some((p) => p.id === left.id)) return
    const cards = listRef.current?.querySelectorAll<HTMLElement>(':scope > li > article') ?? []
    const target = cards[left.index] ?? document.querySelector<HTMLElement>('main h1')
    if (!target) return
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
    target.focus()
  }, [proposals])

  return (
    <>
      <PageHeader
        title="Proposal Management"
        description="Review and manage proposal requests from your website visitors."
        actions={
          <a href={exportHref} download="proposals.csv" className={buttonClass({ variant: 'secondary' })}>
            <Icon node={Download} aria-hidden="true" className="size-4" /> Export CSV
          </a>
        }
      />
      <Notice notice={actionData?.notice} />
      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <SearchForm q={q} label="Search proposals" placeholder="Search by name, email or business type..." hidden={{ status }} />
        <FilterLinks label="Filter proposals by status" items={filters} />
      </div>
      <p className="-mt-3 mb-6 text-sm">
        {loaderData.mine ? (
          <a href={path} className="font-medium text-primary-800 underline">
            Showing proposals assigned to you: show everyone's
          </a>
        ) : (
          <a href={`${path}?mine=1`} className="font-medium text-primary-800 underline">
            Assigned to me
          </a>
        )}
      </p>

      {proposals.length === 0 ? (
        <p className="rounded-lg border border-dashed border-ink-300 bg-white p-10 text-center text-ink-600">No proposals found matching your criteria.</p>
      ) : (
        <ul ref={listRef} className="space-y-4" aria-label="Proposals">
          {proposals.map((p, i) => (
            <ProposalCard key={p.id} proposal={p} action={here} detailHref={`${path}/${p.id}`} onStatusApplied={() => onStatusApplied(p.id, i)} />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} total={total} noun="proposals" hrefFor={(n) => listHref(path, { q, status, page: n })} />
    </>
  )
}

type Proposal = Route.ComponentProps['loaderData']['proposals'][number]

/**
 * One request: its status (applied with the button, never on each arrow key) and its confirmed
 * delete post through the card's fetcher to this route's action; View Details opens the lead desk.
 */
function ProposalCard({ proposal: p, action, detailHref, onStatusApplied }: { proposal: Proposal; action: string; detailHref: string; onStatusApplied: () => void }) {
  const day = useReaderDay()
  const fetcher = useListFetcher()
  const csrfToken = useCsrfToken()
  return (
    <li className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
      <article aria-labelledby={`proposal-${p.id}`} tabIndex={-1} className="focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary-700">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={`proposal-${p.id}`} className="text-lg font-semibold break-words text-ink-900">
                {p.name}
              </h2>
              <Badge tone={p.status}>{capitalize(p.status)}</Badge>
            </div>
            <p className="text-sm break-all text-ink-700">{p.email}</p>
            {p.phone && <p className="text-sm text-ink-700">{p.phone}</p>}
          </div>
          <p className="text-sm text-ink-600">{day(p.date)}</p>
        </div>
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div>
            <dt className="inline font-medium text-ink-700">Business type: </dt>
            <dd className="inline text-ink-900">{businessTypeLabel(p.businessType)}</dd>
          </div>
          <div>
            <dt className="inline font-medium text-ink-700">Budget: </dt>
            <dd className="inline text-ink-900">{budgetLabel(p.budget)}</dd>
          </div>
        </dl>
        <p className="mt-3 line-clamp-3 text-sm break-words whitespace-pre-wrap text-ink-800">{p.requirements}</p>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <fetcher.Form method="post" action={action} className="contents" onSubmit={onStatusApplied}>
            <ProposalStatusFields selectId={`proposal-status-${p.id}`} id={p.id} name={p.name} status={p.status} resetKey={fetcher.data} />
          </fetcher.Form>
          <Link to={detailHref} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            View Details<span className="sr-only"> of the proposal from {p.name}</span>
          </Link>
          <ConfirmButton
            className={buttonClass({ variant: 'danger-outline', size: 'sm' })}
            aria-label={`Delete proposal from ${p.name}`}
            title="Delete this proposal?"
            description={`The proposal from ${p.name} will be permanently removed. This cannot be undone.`}
            onConfirm={() => fetcher.submit({ [CSRF_FIELD]: csrfToken, intent: 'delete', id: p.id }, { method: 'post', action })}
          >
            <Icon node={Trash2} aria-hidden="true" className="size-4" /> Delete
          </ConfirmButton>
        </div>
      </article>
    </li>
  )
}

import { Download } from 'lucide'
import type { Route } from './+types/proposals'
import { LeadDeskList } from '~/components/admin/lead-desk-table.tsx'
import { listClientAction } from '~/components/admin/list-actions.tsx'
import { adminMeta } from '~/components/admin/meta.ts'
import { Notice } from '~/components/admin/notice.tsx'
import { PageHeader } from '~/components/admin/ui.tsx'
import { useLoadErrorToast } from '~/components/admin/use-load-error.ts'
import { Icon } from '~/components/ui/icon.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { validate } from '~/http/forms.server.ts'
import { formatPublishTime } from '~/lib/publishing.ts'
import { readerZone } from '~/services/clock.server.ts'
import { readDeskQuery } from '~/lib/lead-desk-query.ts'
import { listHref } from '~/components/admin/list-params.ts'
import { ProposalStatusSchema } from '~/lib/schemas.ts'
import { listDeskLeads, type DeskList } from '~/services/lead-list.server.ts'
import { deleteProposal, setProposalStatus } from '~/services/proposals.server.ts'
import { listAction } from './+shared/content-actions.server.ts'

/**
 * The lead desk (issue 36 §1): every proposal request, contact message and booked call in one
 * dense list, filtered, sorted and paged by the query (a plain GET form and header links, so it
 * works without JavaScript). Times are formatted here, in the agency's zone, once for both widths.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const adminPath = context.app.config.adminPath
  const query = readDeskQuery(new URL(request.url).searchParams)
  const empty: DeskList = {
    leads: [],
    total: 0,
    pages: 1,
    kindCounts: { all: 0, proposal: 0, message: 0, call: 0 },
    statusCounts: { all: 0, pending: 0, reviewed: 0, completed: 0 },
    sources: [],
    assignees: [],
  }
  let list = empty
  let loadError = false
  try {
    list = await listDeskLeads(context.app.db, admin, query)
  } catch (err) {
    context.app.logger.error({ err: (err as Error).message }, 'proposals load failed')
    loadError = true
  }
  // One clock (docs/decisions/070): the reader's zone, named once under the list.
  const zone = (await readerZone(context.app.db, admin)).id
  const leads = list.leads.map((l) => ({
    ...l,
    href: `/${adminPath}/${l.kind === 'message' ? 'messages' : 'proposals'}/${l.id}`,
    receivedLabel: formatPublishTime(l.received, zone),
    nextCallLabel: l.nextCall ? formatPublishTime(l.nextCall, zone) : null,
  }))
  return { adminPath, query, ...list, leads, loadError }
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
  const { adminPath, query, loadError } = loaderData
  useLoadErrorToast(loadError, 'Failed to load proposals.')
  const exportHref = listHref('/api/proposals/export.csv', { q: query.q, status: query.status })
  return (
    <>
      <PageHeader
        title="Proposal Management"
        description="Every lead in one place: proposal requests, contact messages and booked calls."
        actions={
          <a href={exportHref} download="proposals.csv" className={buttonClass({ variant: 'secondary' })}>
            <Icon node={Download} aria-hidden="true" className="size-4" /> Export CSV
          </a>
        }
      />
      <Notice notice={actionData?.notice} />
      <LeadDeskList path={`/${adminPath}/proposals`} data={loaderData} />
    </>
  )
}

import type { ProposalRow } from '~/db/schema.ts'
import { budgetLabel, businessTypeLabel } from '~/lib/constants.ts'
import { capitalize, formatDate } from './ui.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { Dialog, DialogCloseIcon, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '~/components/ui/dialog.tsx'

type Proposal = ProposalRow

/** 'View Details': the whole request in a dialog. */
export function ProposalDetails({ proposal: p }: { proposal: Proposal }) {
  return (
    <Dialog>
      <DialogTrigger className={buttonClass({ variant: 'secondary', size: 'sm' })}>View Details</DialogTrigger>
      <DialogContent layout="wide">
        <div className="flex items-start justify-between gap-4">
          <DialogTitle>Proposal from {p.name}</DialogTitle>
          <DialogCloseIcon />
        </div>
        <DialogDescription className="mt-1 text-sm text-ink-600">Received {formatDate(p.date)}</DialogDescription>
        <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-medium text-ink-700">Status</dt>
          <dd>
            <Badge tone={p.status}>{capitalize(p.status)}</Badge>
          </dd>
          <dt className="font-medium text-ink-700">Name</dt>
          <dd className="break-words text-ink-900">{p.name}</dd>
          <dt className="font-medium text-ink-700">Email</dt>
          <dd className="break-all text-ink-900">
            <a className="text-primary-700 underline" href={`mailto:${p.email}`}>
              {p.email}
            </a>
          </dd>
          <dt className="font-medium text-ink-700">Phone</dt>
          <dd className="text-ink-900">{p.phone || 'Not given'}</dd>
          <dt className="font-medium text-ink-700">Business type</dt>
          <dd className="text-ink-900">{businessTypeLabel(p.businessType)}</dd>
          <dt className="font-medium text-ink-700">Budget</dt>
          <dd className="text-ink-900">{budgetLabel(p.budget)}</dd>
        </dl>
        <h3 className="mt-4 text-sm font-medium text-ink-700">Requirements</h3>
        <p className="mt-1 rounded-md bg-ink-50 p-3 text-sm break-words whitespace-pre-wrap text-ink-900">{p.requirements}</p>
      </DialogContent>
    </Dialog>
  )
}

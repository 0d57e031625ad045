import { useEffect, type ReactNode, type RefObject } from 'react'
import { Form, Link } from 'react-router'
import { CsrfField } from '~/components/csrf-field.tsx'
import { MailNotDelivered, useMailSetUp } from '~/components/admin/mail-banner.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Input, Textarea } from '~/components/ui/input.tsx'
import { TitledCard } from '~/components/admin/titled-card.tsx'
import { useSubmitting } from '~/components/use-submitting.ts'
import { DOCUMENT_STATE_LABELS, money, type DocumentState } from '~/lib/proposal-document.ts'

/**
 * Sections of a lead's page on the desk: the reply by email (a proposal request's page and a
 * contact message's page), and, on a proposal request's page, the proposal written for the client
 * and the discovery calls booked.
 */

/**
 * A lead's page below its triage: the lead and the reply, with the notes and the history beside
 * them from the xl width (each in its card, named `${uid}-notes` and `${uid}-history`).
 */
export function LeadColumns({ uid, main, notes, history }: { uid: string; main: ReactNode; notes: ReactNode; history: ReactNode }) {
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
      <div className="min-w-0 space-y-6">{main}</div>
      <div className="min-w-0 space-y-6">
        <TitledCard id={`${uid}-notes`} title="Notes">
          {notes}
        </TitledCard>
        <TitledCard id={`${uid}-history`} title="History">
          {history}
        </TitledCard>
      </div>
    </div>
  )
}

/**
 * After a write on a lead's page, focus goes where the work continues: the first refused field
 * (`${uid}-<field>`), the reply in the history, or the empty note box (`noteBox`) for the next note.
 * NOTE: again when the history reloads (`historyLength`): the forms are keyed by its length, so the
 * answer may arrive before the new note box (or the reply's entry) exists.
 */
export function useFocusAfterWrite(
  answer: { ok: boolean; intent: string; fields: Record<string, string>; eventId?: number } | undefined,
  uid: string,
  historyLength: number,
  noteBox?: RefObject<HTMLTextAreaElement | null>,
) {
  useEffect(() => {
    if (!answer) return
    if (!answer.ok) {
      const first = Object.keys(answer.fields)[0]
      if (first) document.getElementById(`${uid}-${first}`)?.focus()
      return
    }
    if (answer.intent === 'note') noteBox?.current?.focus()
    if (answer.intent === 'reply' && answer.eventId) document.getElementById(`event-${answer.eventId}`)?.focus()
  }, [answer, uid, historyLength, noteBox])
}

/** What the page's action answered; the reply form takes the reply's: the messages beside its fields and what was typed. */
type ReplyAnswer = { intent: string; ok: boolean; fields: Record<string, string>; values?: Record<string, string> }

/**
 * The reply by email, through the site's outbox and kept in the history. Keyed by the history's
 * length (`historyLength`): after a reply is sent the form starts again from the template.
 */
export function LeadReplySection({
  uid,
  email,
  draft,
  answer: pageAnswer,
  historyLength,
  rows,
}: {
  uid: string
  email: string
  draft: { subject: string; body: string }
  answer: ReplyAnswer | undefined
  historyLength: number
  rows: number
}) {
  const mailSetUp = useMailSetUp().configured
  const answer = pageAnswer?.intent === 'reply' ? pageAnswer : undefined
  const busy = useSubmitting()('reply')
  return (
    <TitledCard
      id={`${uid}-reply`}
      title="Reply by email"
      intro={
        <>
          To <span className="break-all">{email}</span>. Edit the message as you like; it goes through the site&apos;s outbox and is kept in
          the history.
        </>
      }
    >
      <MailNotDelivered what="Your reply" className="mb-3" />
      <Form method="post" className="space-y-4" key={`reply-${historyLength}`}>
        <CsrfField />
        <input type="hidden" name="intent" value="reply" />
        <Field id={`${uid}-subject`} label="Subject" required error={answer?.fields.subject}>
          <Input name="subject" aria-required="true" defaultValue={answer && !answer.ok ? answer.values?.subject : draft.subject} />
        </Field>
        <Field id={`${uid}-body`} label="Message" required error={answer?.fields.body}>
          <Textarea name="body" rows={rows} aria-required="true" defaultValue={answer && !answer.ok ? answer.values?.body : draft.body} />
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : mailSetUp ? 'Send reply' : 'Keep reply to send later'}
        </Button>
      </Form>
    </TitledCard>
  )
}

/** The proposal written for this lead (issue 38): its state and value, and the way to write or open it for those who may. */
export function LeadDocumentSection({
  uid,
  adminPath,
  proposalId,
  doc,
  canWriteProposal,
}: {
  uid: string
  adminPath: string
  proposalId: number
  doc: {
    state: DocumentState
    totalCents: number
    version: number
    viewCount: number
    signerName: string | null
    declineReason: string | null
  } | null
  canWriteProposal: boolean
}) {
  return (
    <TitledCard id={`${uid}-document`} title="Proposal to the client">
      {doc ? (
        <dl className="grid grid-cols-[8rem_1fr] gap-y-1 text-sm" data-testid="document-summary">
          <dt className="text-ink-600">State</dt>
          <dd className="font-medium text-ink-900">{DOCUMENT_STATE_LABELS[doc.state]}</dd>
          <dt className="text-ink-600">Value</dt>
          <dd className="font-medium text-ink-900">{money(doc.totalCents)}</dd>
          {doc.version > 0 && (
            <>
              <dt className="text-ink-600">Version</dt>
              <dd>{doc.version}</dd>
              <dt className="text-ink-600">Views</dt>
              <dd>{doc.viewCount}</dd>
            </>
          )}
          {doc.signerName && (
            <>
              <dt className="text-ink-600">Signed by</dt>
              <dd>{doc.signerName}</dd>
            </>
          )}
          {doc.declineReason && (
            <>
              <dt className="text-ink-600">Reason</dt>
              <dd className="break-words whitespace-pre-wrap">{doc.declineReason}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="text-sm text-ink-700">No proposal written yet.</p>
      )}
      {canWriteProposal && (
        <Link to={`/${adminPath}/proposals/${proposalId}/document`} className={buttonClass({ className: 'mt-4' })}>
          {doc ? 'Open the proposal' : 'Write a proposal'}
        </Link>
      )}
    </TitledCard>
  )
}

/** The discovery calls booked by this lead, each booked one linking to its day in Calls (in the reader's zone). */
export function LeadCallsSection({
  uid,
  adminPath,
  zone,
  calls,
}: {
  uid: string
  adminPath: string
  zone: string
  calls: { id: number; when: string; day: string; status: string; upcoming: boolean }[]
}) {
  return (
    <TitledCard id={`${uid}-calls`} title="Discovery calls">
      <ul className="space-y-2">
        {calls.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-800">
            <span className={c.status === 'cancelled' ? 'line-through' : undefined}>{c.when}</span>
            <span className="text-ink-700">{c.status === 'cancelled' ? 'Cancelled' : c.upcoming ? 'Booked' : 'Held'}</span>
            {c.upcoming && (
              <Link
                to={`/${adminPath}/calls?${new URLSearchParams({ view: 'day', tz: zone, date: c.day })}`}
                className="font-medium text-primary-800 hover:underline"
                aria-label={`Open the call on ${c.when} in Calls`}
              >
                Open in Calls
              </Link>
            )}
          </li>
        ))}
      </ul>
    </TitledCard>
  )
}

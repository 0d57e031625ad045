import { useId } from 'react'
import { Form, Link, data, redirect } from 'react-router'
import type { Route } from './+types/proposal-document'
import { useSubmitting } from '~/components/use-submitting.ts'
import { CsrfField } from '~/components/csrf-field.tsx'
import { LocalTime, useReaderDay } from '~/components/admin/local-time.tsx'
import { MailNotDelivered, useMailSetUp } from '~/components/admin/mail-banner.tsx'
import { adminMeta } from '~/components/admin/meta.ts'
import { Notice, errorNotice } from '~/components/admin/notice.tsx'
import { AutosaveOffer, RevisionsPanel } from '~/components/admin/post-history.tsx'
import { ProposalDocumentEditor } from '~/components/admin/proposal-document-editor.tsx'
import { PageHeader } from '~/components/admin/ui.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import type { Toast } from '~/components/ui/toast.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readForm } from '~/http/forms.server.ts'
import { CSRF_FIELD } from '~/lib/csrf.ts'
import { can } from '~/lib/permissions.ts'
import { DOCUMENT_STATE_LABELS, money } from '~/lib/proposal-document.ts'
import { documentFormValues, parseDocumentForm } from '~/lib/proposal-document-schemas.ts'
import { PRICE_LIST } from '~/content/pricing.ts'
import { DomainValidationError, NotFoundError } from '~/infra/errors.server.ts'
import { DocumentClosedError, getLeadDocument, saveDocument, sendDocument } from '~/services/proposal-documents.server.ts'
import { saveDefaultTerms } from '~/services/proposal-document-drafting.server.ts'
import {
  autosaveDocument,
  discardDocumentAutosave,
  listDocumentRevisions,
  readDocumentAutosave,
  restoreDocumentRevision,
  type DocumentRevision,
} from '~/services/proposal-drafts.server.ts'
import { failureStatus, requireRowId } from './+shared/content-actions.server.ts'

/**
 * "Write a proposal" (issue 38): the document for a lead, one plain form (numbered rows, no
 * script needed), saved with `intent=save` and sent with `intent=send`. Prices are never read
 * from the form: the service prices the choices from the price list. As for posts, each save is
 * a revision (listed with Restore) and, once the page's script runs, the work is autosaved beside
 * the proposal for the person writing it, and offered back when they open the editor again.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const id = requireRowId(params.id)
  const db = context.app.db
  const sp = new URL(request.url).searchParams
  const doc = await getLeadDocument(db, admin, id)
  const [revisions, autosave] = await Promise.all([listDocumentRevisions(db, admin, id), readDocumentAutosave(db, admin, id)])
  return {
    adminPath: context.app.config.adminPath,
    canSetDefaultTerms: can(admin.role, 'settings'),
    lead: { id: doc.lead.id, name: doc.lead.name, email: doc.lead.email },
    document: doc.document,
    values: documentFormValues(PRICE_LIST, doc.draft),
    totalCents: doc.content.priced.totalCents,
    revisions,
    // Its fields only when the admin chose to bring it back (`?draft=autosave`).
    autosave: autosave && {
      savedAt: autosave.savedAt,
      savedSinceBy: autosave.savedSinceBy,
      values: sp.get('draft') === 'autosave' ? autosave.values : null,
    },
    restored: sp.get('restored') === '1',
  }
}

type Answer = { ok: boolean; notice?: Toast; formError?: string; fields: Record<string, string>; values?: Record<string, string> }

/**
 * The editor's writes, each a plain POST (without JavaScript too), told apart by `intent`:
 * - `save`: the form checked (parseDocumentForm) and saved, a revision of its own;
 * - `send`: the saved draft mailed to the client as a link;
 * - `autosave` (the editor's fetcher): a copy of the form kept for this person, not saved;
 * - `restore`: a revision put back (a save of its own), then the editor again;
 * - `discard-autosave`: drops this person's autosaved copy.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const id = requireRowId(params.id)
  const read = await readForm(request)
  const values = Object.fromEntries([...(read.form ?? [])].filter(([k]) => k !== CSRF_FIELD).map(([k, v]) => [k, String(v)]))
  const refused = (
    status: number,
    fields: Record<string, string>,
    formError = 'The proposal was not saved: check the fields marked below.',
  ) => data<Answer>({ ok: false, notice: errorNotice(formError), formError, fields, values }, { status })
  if (!read.ok) return refused(read.failure.status, {}, read.failure.formError)
  const { db, config, mailer } = context.app
  const editUrl = `/${config.adminPath}/proposals/${id}/document`
  if (values.intent === 'autosave') {
    try {
      return { autosaved: await autosaveDocument(db, admin, id, values) }
    } catch (err) {
      if (err instanceof DomainValidationError) return data({ formError: err.message }, { status: 400 })
      if (err instanceof DocumentClosedError) return data({ formError: err.message }, { status: 409 })
      if (err instanceof Response) throw err
      return data({ formError: 'the server could not keep the copy' }, { status: failureStatus(context, err, 'proposal autosave failed') })
    }
  }
  try {
    if (values.intent === 'restore') {
      await restoreDocumentRevision(db, admin, id, Number(values.revision))
      return redirect(`${editUrl}?restored=1`, 303)
    }
    if (values.intent === 'discard-autosave') {
      await discardDocumentAutosave(db, admin, id)
      return redirect(editUrl, 303)
    }
    if (values.intent === 'send') {
      const { toAddress } = await sendDocument(db, admin, id, (token) => `${config.siteUrl}/p/${token}`)
      // Truthful about the mail (issue 36): "sent" only when mail is set up.
      return {
        ok: true,
        fields: {},
        notice: mailer.configured
          ? { title: 'Proposal Sent', description: `The link to the proposal is on its way to ${toAddress}.` }
          : {
              title: 'Proposal Kept',
              description: `The mail with the link to ${toAddress} is kept in the outbox, not sent: mail is not set up. It goes when mail is.`,
            },
      } satisfies Answer
    }
    if (values.intent !== 'save') throw data(null, { status: 400 })
    const checked = parseDocumentForm(PRICE_LIST, values)
    if (!checked.ok) return refused(400, checked.fields)
    const doc = await saveDocument(db, admin, id, checked.data)
    const asDefault = values.defaultTerms === 'yes'
    if (asDefault) await saveDefaultTerms(db, admin, checked.data.terms)
    const saved =
      doc.version > 0
        ? `Version ${doc.version} is saved: the client's link shows it now.`
        : `Saved as a draft. Total ${money(doc.totalCents)}.`
    return {
      ok: true,
      fields: {},
      notice: { title: 'Proposal Saved', description: asDefault ? `${saved} Its terms are now the default for new proposals.` : saved },
    } satisfies Answer
  } catch (err) {
    if (err instanceof DomainValidationError) return refused(400, err.fields, Object.values(err.fields)[0])
    if (err instanceof DocumentClosedError) return refused(409, {}, err.message)
    if (err instanceof NotFoundError && values.intent === 'restore')
      return refused(404, {}, 'That revision is no longer kept: reload the page to see the list.')
    if (err instanceof Response) throw err
    return refused(failureStatus(context, err, 'Failed to save the proposal.'), {}, 'Failed to save the proposal.')
  }
}

/** An autosave changes nothing the page shows: no reload of the proposal after it. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: { formData?: FormData; defaultShouldRevalidate: boolean }) {
  return formData?.get('intent') === 'autosave' ? false : defaultShouldRevalidate
}

export const meta: Route.MetaFunction = ({ data: d }) => adminMeta(d ? `Proposal for ${d.lead.name}` : 'Proposal')

/** The line under a revision's time: who saved it, its total, and the version it made. */
function revisionLine(r: DocumentRevision): string {
  return [`by ${r.personName}`, r.totalCents != null ? `total ${money(r.totalCents)}` : '', r.version ? `version ${r.version}` : 'draft']
    .filter(Boolean)
    .join(' · ')
}

export default function ProposalDocumentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { adminPath, lead, document: doc, values: saved, totalCents, revisions, autosave, restored } = loaderData
  const answer = actionData as Answer | undefined
  const uid = useId()
  const busy = useSubmitting()
  const mailSetUp = useMailSetUp().configured
  // The day it was sent in the reader's zone (the one the header names), not UTC's.
  const readerDay = useReaderDay()
  // Autosaved work the admin chose to bring back (`?draft=autosave`): its fields over the saved ones.
  const restoring = autosave?.values ?? null
  // A refused save comes back with what was typed; a refused send or restore has no fields to show.
  const typed = answer && !answer.ok && answer.values?.intent === 'save' ? answer.values : null
  const v = typed ?? restoring ?? saved
  const fid = (name: string) => `${uid}-${name}`
  const closed = Boolean(doc && !['draft', 'sent', 'viewed'].includes(doc.state))
  const leadHref = `/${adminPath}/proposals/${lead.id}`
  const editHref = `${leadHref}/document`

  return (
    <>
      <PageHeader
        title={`Proposal for ${lead.name}`}
        description={
          doc
            ? `${DOCUMENT_STATE_LABELS[doc.state]}${doc.version ? `, version ${doc.version}` : ''} · ${money(doc.totalCents)}`
            : `Not saved yet · ${money(totalCents)} as pre-filled`
        }
        times
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to={leadHref} className={buttonClass({ variant: 'secondary' })}>
              Back to the lead
            </Link>
            {doc && (
              <Link to={`${leadHref}/document/preview`} className={buttonClass({ variant: 'secondary' })}>
                Preview as the client sees it
              </Link>
            )}
          </div>
        }
      />
      <Notice notice={answer?.notice} />
      {answer?.formError && (
        <p role="alert" className="mb-4 rounded-lg border border-danger-300 bg-danger-50 p-3 text-danger-900">
          {answer.formError}
        </p>
      )}
      {restored && doc && !answer && (
        <p role="status" className="mb-4 rounded-lg border border-success-300 bg-success-50 p-4 text-sm text-ink-900">
          Revision restored: the proposal now has that text (and the restore is a revision of its own).
          {doc.version > 0 ? ` The client's link shows it as version ${doc.version}.` : ''}
        </p>
      )}
      {doc && doc.state !== 'draft' && (
        <p className="mb-4 rounded-lg border border-ink-200 bg-ink-50 p-3 text-sm text-ink-900">
          {closed
            ? `This proposal is ${DOCUMENT_STATE_LABELS[doc.state].toLowerCase()}: it can no longer change.`
            : `Sent${doc.sentAt ? ` on ${readerDay(doc.sentAt)}` : ''}. Saving makes a new version; the client's link shows the newest.`}
        </p>
      )}
      {autosave && !closed && (
        <AutosaveOffer
          savedAt={autosave.savedAt}
          restoreHref={`${editHref}?draft=autosave`}
          showing={Boolean(restoring)}
          editHref={editHref}
          words={{ unsaved: 'The client sees none of them until you save.', showSaved: 'Show the saved proposal instead' }}
          note={
            autosave.savedSinceBy && (
              <>
                {autosave.savedSinceBy.name} saved the proposal after that (<LocalTime iso={autosave.savedSinceBy.at} />
                ): saving your changes would replace theirs, which stay in the revisions.
              </>
            )
          }
        />
      )}

      <ProposalDocumentEditor
        key={`${doc?.version ?? 0}-${doc?.totalCents ?? ''}-${answer?.ok ? 'ok' : ''}-${restoring ? 'autosave' : ''}-${revisions[0]?.id ?? ''}`}
        values={v}
        errors={answer?.fields ?? {}}
        answer={answer}
        closed={closed}
        sent={Boolean(doc && doc.state !== 'draft')}
        canSetDefaultTerms={loaderData.canSetDefaultTerms}
        initiallyDirty={Boolean(restoring)}
      />

      {doc?.state === 'draft' && (
        <section aria-labelledby={fid('send')} className="mt-6 rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
          <h2 id={fid('send')} className="text-lg font-semibold">
            Send to {lead.name}
          </h2>
          <p className="mt-1 mb-3 text-sm text-ink-600">
            Mails <span className="break-all">{lead.email}</span> a private link to the saved proposal, through the site&apos;s outbox. Save
            your changes first.
          </p>
          <MailNotDelivered what="The proposal's mail" className="mb-3" />
          <Form method="post">
            <CsrfField />
            <Button type="submit" name="intent" value="send" disabled={busy('send')}>
              {busy('send') ? 'Sending…' : mailSetUp ? 'Send' : 'Keep in the outbox to send later'}
            </Button>
          </Form>
        </section>
      )}
      {doc && (
        <RevisionsPanel
          restorable={!closed}
          revisions={revisions.map((r) => ({ id: r.id, createdAt: r.createdAt, title: revisionLine(r) }))}
        />
      )}
    </>
  )
}

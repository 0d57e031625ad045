import { useEffect, useRef } from 'react'
import { data, Form, isRouteErrorResponse, redirect } from 'react-router'
import type { Route } from './+types/signed-proposal'
import { useSubmitting } from '~/components/use-submitting.ts'
import { CsrfField } from '~/components/csrf-field.tsx'
import { ProposalDocumentView } from '~/components/proposal/proposal-document-view.tsx'
import { useSite } from '~/components/site/use-site.ts'
import { Button } from '~/components/ui/button.tsx'
import { Field, FieldError, fieldAria } from '~/components/ui/field.tsx'
import { Input, Textarea } from '~/components/ui/input.tsx'
import { readForm } from '~/http/forms.server.ts'
import { dayLabel } from '~/lib/proposal-document.ts'
import { AcceptSchema, CONSENT_LABEL, DeclineSchema, QuestionSchema } from '~/lib/proposal-document-schemas.ts'
import { fieldErrors } from '~/lib/schemas.ts'
import { NotFoundError } from '~/infra/errors.server.ts'
import {
  DocumentRefusedError,
  acceptDocument,
  askAboutDocument,
  declineDocument,
  openDocument,
} from '~/services/proposal-document-client.server.ts'

/**
 * A client's proposal (issue 38): /p/<token>, no account and no cookie (the forms carry the
 * signed public form token). Accept, decline and ask are plain forms that work without
 * JavaScript, each answered post/redirect/get. Private: never indexed, never stored by a cache
 * (server/request-guards.ts sets the same headers for every /p/ answer, errors included).
 */
export function headers() {
  return { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'same-origin' }
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d ? `${d.content.title} | ${d.content.agency}` : 'Proposal not found' },
  { name: 'robots', content: 'noindex, nofollow' },
]

const DONE = ['accepted', 'declined', 'asked'] as const
type Done = (typeof DONE)[number]

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const done = new URL(request.url).searchParams.get('done')
  try {
    // The page shown after the client's own post is not another view.
    const view = await openDocument(context.app.db, params.token, { count: !done })
    // Whether mail goes out: without it the confirmation waits in the outbox, and the page must not say it is on its way.
    return {
      ...view,
      token: params.token,
      done: (DONE as readonly string[]).includes(done ?? '') ? (done as Done) : null,
      mailSetUp: context.app.mailer.configured,
    }
  } catch (err) {
    if (err instanceof NotFoundError) throw data(null, { status: 404, headers: headers() })
    throw err
  }
}

type Intent = 'accept' | 'decline' | 'question'
type Answer = { intent: Intent; formError?: string; fields: Record<string, string>; values: Record<string, string> }

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db } = context.app
  const read = await readForm(request, { publicForm: true })
  const form = read.form
  const values = Object.fromEntries([...(form ?? [])].filter(([k]) => k !== '_csrf').map(([k, v]) => [k, String(v)]))
  const intent = (['accept', 'decline', 'question'] as const).find((i) => i === values.intent)
  if (!intent)
    return data<Answer>(
      { intent: 'question', formError: 'The form could not be read. Please try again.', fields: {}, values },
      { status: 400 },
    )
  const refuse = (status: number, fields: Record<string, string>, formError?: string) =>
    data<Answer>({ intent, formError, fields, values }, { status, headers: headers() })
  if (!read.ok) return refuse(read.failure.status, {}, read.failure.formError)
  const here = `/p/${params.token}`
  try {
    if (intent === 'accept') {
      const checked = AcceptSchema.safeParse(values)
      if (!checked.success) return refuse(400, fieldErrors(checked.error))
      await acceptDocument(
        db,
        params.token,
        { signerName: checked.data.signerName, consent: true, version: checked.data.version },
        { ip: context.clientIp, userAgent: request.headers.get('user-agent') },
      )
      return redirect(`${here}?done=accepted`)
    }
    if (intent === 'decline') {
      const checked = DeclineSchema.safeParse(values)
      if (!checked.success) return refuse(400, fieldErrors(checked.error))
      await declineDocument(db, params.token, { reason: checked.data.reason, version: Number(values.version) || 0 })
      return redirect(`${here}?done=declined`)
    }
    const checked = QuestionSchema.safeParse(values)
    if (!checked.success) return refuse(400, fieldErrors(checked.error))
    await askAboutDocument(db, params.token, checked.data)
    return redirect(`${here}?done=asked`)
  } catch (err) {
    if (err instanceof DocumentRefusedError) return refuse(409, {}, err.message)
    if (err instanceof NotFoundError) throw data(null, { status: 404, headers: headers() })
    throw err
  }
}

const DONE_TEXT: Record<Done, string> = {
  accepted: 'Thank you: you accepted this proposal. We will be in touch to start.',
  declined: 'You declined this proposal. Thank you for telling us why.',
  asked: 'Your question is on its way to us. We will answer by email.',
}

export default function SignedProposal({ loaderData, actionData }: Route.ComponentProps) {
  const { content, sha256, state, decidedAt, signerName, done, token, mailSetUp } = loaderData
  const { site } = useSite()
  const answer = actionData as Answer | undefined
  const mine = (i: Intent) => (answer?.intent === i ? answer : undefined)
  const busy = useSubmitting()
  const doneRef = useRef<HTMLDivElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (done) doneRef.current?.focus()
  }, [done])
  useEffect(() => {
    if (!answer) return
    const first = Object.keys(answer.fields)[0]
    if (first) document.getElementById(`${answer.intent}-${first}`)?.focus()
    else alertRef.current?.focus()
  }, [answer])
  const open = state === 'sent' || state === 'viewed'

  return (
    <>
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to the proposal
      </a>
      <header className="border-b border-ink-200 bg-white print:border-0">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <p className="text-lg font-bold text-primary-800">{site.siteName}</p>
          {site.contactEmail && (
            <a href={`mailto:${site.contactEmail}`} className="text-sm text-primary-800 underline print:no-underline">
              {site.contactEmail}
            </a>
          )}
        </div>
      </header>
      <main id="main-content" className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6 print:max-w-none print:p-0">
        {done && (
          <div
            ref={doneRef}
            tabIndex={-1}
            role="status"
            className="rounded-lg border border-success-300 bg-success-50 p-4 text-success-900 print:hidden"
          >
            {done === 'accepted' && mailSetUp
              ? `${DONE_TEXT.accepted} A copy of the signed proposal and the deposit invoice is on its way to your email.`
              : DONE_TEXT[done]}
          </div>
        )}
        {answer?.formError && (
          <div
            ref={alertRef}
            tabIndex={-1}
            role="alert"
            className="rounded-lg border border-danger-300 bg-danger-50 p-4 text-danger-900 print:hidden"
          >
            {answer.formError}
          </div>
        )}
        <ProposalDocumentView content={content} sha256={sha256} />
        <p className="print:hidden">
          {/* A plain link: the PDF is a download, not a page of the app. */}
          <a href={`/p/${token}/proposal.pdf`} download className="font-medium text-primary-800 underline">
            Download the proposal as a PDF{state === 'accepted' ? ', with its certificate of acceptance' : ''}
          </a>
          {state === 'accepted' && (
            <>
              <br />
              <a href={`/p/${token}/invoice.pdf`} download className="mt-2 inline-block font-medium text-primary-800 underline">
                Download the deposit invoice (PDF)
              </a>
            </>
          )}
        </p>

        {state === 'accepted' && (
          <p className="rounded-lg border border-success-300 bg-success-50 p-4 text-success-900">
            Accepted by {signerName}
            {decidedAt ? ` on ${dayLabel(decidedAt.slice(0, 10))}` : ''}, signed electronically.
          </p>
        )}
        {state === 'declined' && <p className="rounded-lg border border-ink-300 bg-ink-50 p-4 text-ink-900">This proposal was declined.</p>}
        {state === 'expired' && (
          <p className="rounded-lg border border-ink-300 bg-ink-50 p-4 text-ink-900">
            This proposal expired on {dayLabel(content.validUntil)}. Ask us for a new one
            {site.contactEmail ? ` at ${site.contactEmail}` : ''}.
          </p>
        )}

        {open && (
          <section aria-labelledby="accept-title" className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6 print:hidden">
            <h2 id="accept-title" className="text-xl font-bold text-ink-900">
              Accept this proposal
            </h2>
            <p className="mt-1 text-sm text-ink-700">
              Type your full name and tick the box: that is your electronic signature of version {content.version}.
            </p>
            <Form method="post" className="mt-4 space-y-4" noValidate>
              <CsrfField />
              <input type="hidden" name="intent" value="accept" />
              <input type="hidden" name="version" value={content.version} />
              <Field id="accept-signerName" label="Your full name" required error={mine('accept')?.fields.signerName}>
                <Input name="signerName" autoComplete="name" aria-required="true" defaultValue={mine('accept')?.values.signerName ?? ''} />
              </Field>
              <div>
                <div className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    name="consent"
                    value="yes"
                    className="mt-1 size-4"
                    aria-required="true"
                    {...fieldAria('accept-consent', { error: mine('accept')?.fields.consent })}
                    defaultChecked={mine('accept')?.values.consent === 'yes'}
                  />
                  <label htmlFor="accept-consent" className="text-ink-900">
                    {CONSENT_LABEL}
                  </label>
                </div>
                <FieldError id="accept-consent" message={mine('accept')?.fields.consent} />
              </div>
              <Button type="submit" disabled={busy('accept')}>
                {busy('accept') ? 'Signing…' : 'Accept and sign'}
              </Button>
            </Form>
          </section>
        )}

        {open && (
          <div className="grid gap-6 sm:grid-cols-2 print:hidden">
            <ReplyBox
              intent="decline"
              title="Decline"
              field="reason"
              label="Why are you declining?"
              version={content.version}
              answer={mine('decline')}
              busy={busy('decline')}
            >
              Decline the proposal
            </ReplyBox>
            <ReplyBox
              intent="question"
              title="Ask a question"
              field="question"
              label="Your question"
              answer={mine('question')}
              busy={busy('question')}
            >
              Send the question
            </ReplyBox>
          </div>
        )}
      </main>
    </>
  )
}

/** An unknown or mistyped link: a plain page, no site around it (the address is someone's key). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main id="main-content" className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>{notFound ? 'Proposal not found' : 'Something went wrong'}</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="text-3xl font-bold text-ink-900">{notFound ? 'Proposal not found' : 'Something went wrong'}</h1>
      <p className="mt-4 text-ink-700">
        {notFound
          ? 'This link is not valid. Check that you copied the whole address from our email, or ask us to send it again.'
          : 'Please try again in a moment.'}
      </p>
    </main>
  )
}

/** A short answer the client writes back (why they decline, a question): a box of its own with its one text field. */
function ReplyBox({
  intent,
  title,
  field,
  label,
  version,
  answer,
  busy,
  children,
}: {
  intent: Intent
  title: string
  field: string
  label: string
  /** The version the answer is about, when it matters (declining it). */
  version?: number
  answer: Answer | undefined
  busy: boolean
  children: string
}) {
  return (
    <section aria-labelledby={`${intent}-title`} className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm">
      <h2 id={`${intent}-title`} className="text-lg font-bold text-ink-900">
        {title}
      </h2>
      <Form method="post" className="mt-3 space-y-3" noValidate>
        <CsrfField />
        <input type="hidden" name="intent" value={intent} />
        {version !== undefined && <input type="hidden" name="version" value={version} />}
        <Field id={`${intent}-${field}`} label={label} required error={answer?.fields[field]}>
          <Textarea name={field} rows={3} aria-required="true" defaultValue={answer?.values[field] ?? ''} />
        </Field>
        <Button type="submit" variant="secondary" disabled={busy}>
          {children}
        </Button>
      </Form>
    </section>
  )
}

import { Clock, FileText, MessageSquare } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { data, redirect } from 'react-router'
import type { Route } from './+types/proposal'
import { ProposalForm, SubmittedNotice } from './+shared/proposal-form.tsx'
import { handleProposalPost, prefillFromUrl, sentToFromUrl, submittedLocation } from './+shared/proposal.server.ts'
import { SUBMITTED_PATH, type ProposalAnswer } from './+shared/proposal-values.ts'
import { PublicPage } from '~/components/site/page-header.tsx'
import { pageMeta } from '~/components/site/page-meta.ts'
import { sourceFromUrl } from '~/lib/proposal-source.ts'

export function meta(args: Route.MetaArgs) {
  return pageMeta('proposal', args)
}

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const from = url.searchParams.get('from')
  const submitted = url.searchParams.get('submitted') === '1'
  return {
    submitted,
    sentTo: submitted ? sentToFromUrl(context.app.config, url) : null,
    from: from === 'estimator' || from === 'builder' ? from : null,
    prefill: prefillFromUrl(url),
    source: sourceFromUrl(url),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await handleProposalPost(request, context)
  if ('stored' in result) {
    return redirect(submittedLocation(context.app.config, result.email))
  }
  return data(result.body, { status: result.status })
}

/**
 * With JavaScript the form posts through a fetcher and the visitor stays on the page: the
 * action's redirect (post/redirect/get, for the plain form) means the request was stored, and an
 * answer that is not the action's own (a proxy's error page, no connection) is a failed submission.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<ProposalAnswer> {
  const sentTo = String((await request.clone().formData()).get('email') ?? '').trim()
  try {
    return await serverAction()
  } catch (err) {
    if (err instanceof Response && err.headers.get('Location')?.startsWith(SUBMITTED_PATH)) return { ok: true, errors: {}, sentTo }
    if (err instanceof Response) throw err
    return { ok: false, errors: {} }
  }
}

const NEXT_STEPS = [
  { icon: FileText, title: 'Tell us what you need', text: 'A few details about your business and goals are enough.' },
  { icon: Clock, title: 'Proposal within 24 hours', text: 'A fixed price, the pages and features, and a launch date.' },
  { icon: MessageSquare, title: 'No obligation', text: 'Ask questions, change anything, or simply say no thanks.' },
]

export default function ProposalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { submitted, sentTo, from, prefill, source } = loaderData
  return (
    <PublicPage
      eyebrow="Free proposal"
      title="Get Your Free Proposal"
      intro="Tell us about your project and we will send you a custom proposal with a fixed price within 24 hours."
    >
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_18rem]">
        <div>
          <div className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
            {/* After the plain form's post/redirect/get: the confirmation in the form's place (issue 35). */}
            {submitted && !actionData ? (
              <SubmittedNotice sentTo={sentTo} />
            ) : (
              <>
                {from && !actionData && prefill.requirements && (
                  <p className="mb-5 rounded-md border border-primary-200 bg-primary-50 p-3 text-sm text-primary-900">
                    {from === 'estimator'
                      ? 'We added your cost estimate to the project requirements below. Edit it as you like.'
                      : 'We added your website design from the demo builder to the project requirements below. Edit it as you like.'}
                  </p>
                )}
                <ProposalForm
                  key={actionData ? 'posted' : 'fresh'}
                  initialValues={actionData?.values ?? prefill}
                  initialErrors={actionData?.errors}
                  formError={actionData?.formError}
                  hidden={source ?? undefined}
                />
              </>
            )}
          </div>
        </div>
        <aside aria-labelledby="next-steps-heading" className="lg:pt-4">
          <h2 id="next-steps-heading" className="text-lg font-semibold text-ink-900">
            What happens next
          </h2>
          <ol className="mt-4 space-y-5">
            {NEXT_STEPS.map(({ icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <Icon node={icon} aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-700" />
                <div>
                  <p className="font-medium text-ink-900">{title}</p>
                  <p className="text-sm text-ink-700">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </PublicPage>
  )
}

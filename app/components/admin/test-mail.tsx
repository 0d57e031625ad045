import { Link, useFetcher } from 'react-router'
import { CsrfField } from '~/components/csrf-field.tsx'
import { Button } from '~/components/ui/button.tsx'
import { SectionCard } from '~/components/ui/card.tsx'
import type { OutboxAnswer } from '~/routes/admin/outbox.tsx'
import { MailNotDelivered, useMailSetUp } from './mail-banner.tsx'

/**
 * Settings' "Mail" card (issue 36): whether mail leaves the site, and "Send a test mail" to the
 * signed-in person's own address. The form posts to the outbox page's action: with JavaScript its
 * answer shows here; without, the browser opens the outbox with the same answer on top.
 */
export function TestMailCard({ address }: { address: string | null }) {
  const { configured, adminPath } = useMailSetUp()
  const fetcher = useFetcher<OutboxAnswer>()
  const busy = fetcher.state !== 'idle'
  const notice = fetcher.data?.notice
  const tone =
    fetcher.data?.outcome === 'delivered'
      ? 'border-success-300 bg-success-50'
      : fetcher.data?.outcome === 'failed' || !fetcher.data?.outcome
        ? 'border-danger-300 bg-danger-50'
        : 'border-warning-300 bg-warning-50'
  const outbox = `/${adminPath}/settings/outbox`
  return (
    <SectionCard
      id="settings-mail"
      title="Mail"
      description={
        configured
          ? 'Mail leaves the site through the SMTP server in SMTP_URL. The outbox lists every mail and what the mail server answered.'
          : 'Mail is not set up: nothing leaves the site.'
      }
    >
      <MailNotDelivered className="mb-4" />
      <fetcher.Form method="post" action={outbox} className="flex flex-wrap items-center gap-3">
        <CsrfField />
        <input type="hidden" name="intent" value="test-mail" />
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? 'Sending…' : 'Send a test mail'}
        </Button>
        <p className="text-sm text-ink-700">
          {address ? `To your address, ${address}.` : 'You have no email address on file: add one under Profile.'}
        </p>
      </fetcher.Form>
      <div role="status" className="mt-3 text-sm">
        {notice && (
          <p className={`rounded-md border p-3 text-ink-900 ${tone}`}>
            <span className="font-semibold">{notice.title}.</span> {notice.description}{' '}
            <Link to={outbox} className="font-medium text-primary-800 underline">
              Open the outbox
            </Link>
          </p>
        )}
      </div>
    </SectionCard>
  )
}

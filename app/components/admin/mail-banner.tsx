import { Link, useRouteLoaderData } from 'react-router'
import type { loader as layoutLoader } from '~/routes/admin/layout.tsx'

/** The admin layout's word on mail: whether SMTP_URL is set, and whether this person may open the outbox. */
export function useMailSetUp(): { configured: boolean; outbox: boolean; adminPath: string } {
  const d = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')
  return { configured: d?.mail.configured ?? true, outbox: d?.mail.outbox ?? false, adminPath: d?.adminPath ?? 'admin' }
}

/**
 * "Mail is not being delivered" (issue 36): shown on the dashboard and beside every action that
 * mails while SMTP_URL is not set, with how to set it; nothing when mail is set up. `what` names
 * the mail this screen makes ("The invitation", "Your reply").
 */
export function MailNotDelivered({ what, className = '' }: { what?: string; className?: string }) {
  const { configured, outbox, adminPath } = useMailSetUp()
  if (configured) return null
  return (
    <div data-testid="mail-banner" className={`rounded-lg border border-warning-300 bg-warning-50 p-4 text-sm text-ink-900 ${className}`}>
      <p className="font-semibold">Mail is not being delivered: set SMTP_URL</p>
      <p className="mt-1">
        {what ? `${what} is kept in the outbox, not sent. ` : 'Mail is kept in the outbox, not sent. '}
        To send mail, set <code className="rounded bg-white px-1">SMTP_URL</code> in the server&apos;s environment (for example{' '}
        <code className="rounded bg-white px-1 break-all">smtp://user:password@mail.example.com:587</code>) and restart the site: mail kept
        in the last 7 days then goes out by itself.{' '}
        {outbox ? (
          <Link to={`/${adminPath}/settings/outbox`} className="font-medium text-primary-800 underline">
            See what is waiting in the outbox
          </Link>
        ) : (
          'Ask the site owner to set it up.'
        )}
      </p>
    </div>
  )
}

import { useEffect } from 'react'
import { ChatLauncher } from '~/components/chat/chat-launcher.tsx'
import { PageViewBeacon } from './page-view-beacon.tsx'
import { SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'
import { useSite } from './use-site.ts'

/**
 * The frame of every public page (also used by the root error boundary for 404s): skip link,
 * navigation, the page's <main>, footer, the chat launcher and the page-view beacon.
 */
export function PublicShell({ children }: { children: React.ReactNode }) {
  const { site, analytics } = useSite()
  useEffect(() => {
    // Lets end-to-end tests tell when the page has become interactive.
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-primary-800 focus:shadow"
      >
        Skip to content
      </a>
      <SiteHeader siteName={site.siteName} />
      <div className="flex-1">{children}</div>
      <SiteFooter site={site} />
      <ChatLauncher />
      <PageViewBeacon enabled={analytics} />
    </div>
  )
}

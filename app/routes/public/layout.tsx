import { Outlet } from 'react-router'
import { ChatLauncher } from '~/components/chat/chat-launcher.tsx'
import { PageViewBeacon } from '~/components/site/page-view-beacon.tsx'
import { SiteFooter } from '~/components/site/site-footer.tsx'
import { SiteHeader } from '~/components/site/site-header.tsx'
import { useSite } from '~/components/site/use-site.ts'

/** Every public page: skip link, navigation, the page's <main>, footer and the chat launcher. */
export default function PublicLayout() {
  const { site, analytics } = useSite()
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-blue-800 focus:shadow"
      >
        Skip to content
      </a>
      <SiteHeader siteName={site.siteName} />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter site={site} />
      <ChatLauncher />
      <PageViewBeacon enabled={analytics} />
    </div>
  )
}

import { isForbiddenAnswer } from '~/lib/forbidden-answer.ts'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData } from 'react-router'
import { buttonClass } from './components/ui/button.tsx'
import type { Route } from './+types/root'
import { useKeepEarlyInput } from './browser/keep-early-input.ts'
import { useNonce } from './components/nonce.tsx'
import { JsonLd } from './components/site/json-ld.tsx'
import { PublicShell } from './components/site/public-shell.tsx'
import { RouteAnnouncer } from './components/route-announcer.tsx'
import { ToastProvider } from './components/ui/toast.tsx'
import { useSite } from './components/site/use-site.ts'
import type { SiteData } from './lib/site-data.ts'
import { organizationJsonLd } from './lib/json-ld.ts'
import { isCacheablePath } from './lib/public-paths.ts'
import { fullTitle } from './content/site-name.ts'
import { COMPANY, SOCIAL_LINKS, officesOf } from './content/site.ts'
import { getPublicSettings } from './services/settings.server.ts'
import { zoneGenericName } from './lib/agency-time.ts'
import stylesheet from './app.css?url'
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import { Suspense, lazy } from 'react'

// Only an error page draws it: fetched then, not with every page's scripts (docs/decisions/071).
// The server renders it whole (onAllReady), so hydration finds its HTML in place.
const NotFoundContent = lazy(() => import('./components/site/not-found-content.tsx').then((m) => ({ default: m.NotFoundContent })))

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'alternate', type: 'application/rss+xml', title: 'Blog RSS feed', href: '/rss.xml' },
]

/**
 * Site-wide data for every page: SITE_URL (canonical links, JSON-LD), the saved site name and
 * contact details (header, footer, /contact) and whether the page-view beacon may run.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<SiteData> {
  const s = await getPublicSettings(context.app.db, context.app.contentMemo)
  return {
    /**
     * The token every form posts back (<CsrfField />). Pages kept in the shared cache have no form
     * and get none: giving them one would set a cookie and make them personal.
     */
    csrfToken: isCacheablePath(new URL(request.url).pathname) ? null : context.csrfToken(),
    siteUrl: context.app.config.siteUrl,
    site: {
      siteName: s.siteName,
      siteDescription: s.siteDescription,
      contactEmail: s.contactEmail,
      contactPhone: s.contactPhone,
      address: s.address,
      hours: s.hours,
      gwaliorAddress: s.gwaliorAddress,
      gwaliorPhone: s.gwaliorPhone,
      gwaliorHours: s.gwaliorHours,
    },
    analytics: s.enableAnalytics,
    /** The agency's zone (settings), named here: the browser's ICU may word the name differently. */
    timeZone: { id: s.timeZone, name: zoneGenericName(s.timeZone) },
    /** Built here so the browser bundle does not need the builder. */
    organization: organizationJsonLd(
      { siteUrl: context.app.config.siteUrl, ...s },
      { ...COMPANY, offices: officesOf(s), socialLinks: SOCIAL_LINKS },
    ),
  }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  useKeepEarlyInput()
  const root = useRouteLoaderData<typeof loader>('root')
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        {/* The stylesheet and the one font file that paints go ahead of the scripts: a
            precedence stylesheet is placed first in <head> by React (docs/decisions/024). */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <link rel="preload" href={interLatin} as="font" type="font/woff2" crossOrigin="anonymous" />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-ink-900 antialiased">
        {children}
        {/* In the Layout, so it also speaks when a navigation ends on the error page. */}
        <RouteAnnouncer />
        {root && <JsonLd data={root.organization} />}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  )
}

/**
 * Errors no route handles. A 404 here (e.g. a one-segment path that the admin's `:adminPath`
 * route rejects) gets the same page as any other unknown path, inside the public frame.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { site } = useSite()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ToastProvider>
        <PublicShell>
          <title>{fullTitle('404 Page Not Found', site.siteName)}</title>
          <meta name="robots" content="noindex" />
          <Suspense fallback={null}>
            <NotFoundContent />
          </Suspense>
        </PublicShell>
      </ToastProvider>
    )
  }
  // A back-office address the person's role does not include (app/lib/permissions.ts): a clear
  // page, never the data.
  if (isRouteErrorResponse(error) && error.status === 403 && isForbiddenAnswer(error.data)) {
    return (
      <main id="main-content" className="mx-auto flex min-h-screen max-w-2xl flex-col items-center justify-center px-4 py-24 text-center">
        <title>{fullTitle('Not allowed', site.siteName)}</title>
        <meta name="robots" content="noindex" />
        <h1 className="text-3xl font-bold">You do not have access to this page</h1>
        <p className="mt-4 text-ink-600">{error.data.message}</p>
        <a className={buttonClass({ size: 'lg', className: 'mt-8' })} href={error.data.home}>
          Back to your pages
        </a>
      </main>
    )
  }
  // The database is away for a moment (server/route-refusals.ts): the page says so, and the
  // answer's status is 503 with Retry-After.
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <main id="main-content" className="mx-auto flex min-h-screen max-w-2xl flex-col items-center justify-center px-4 py-24 text-center">
        <title>{fullTitle('Temporarily unavailable', site.siteName)}</title>
        <meta name="robots" content="noindex" />
        <h1 className="text-3xl font-bold">Temporarily unavailable</h1>
        <p className="mt-4 text-ink-600">We cannot show this page right now. Please try again in a few seconds.</p>
        <a className={buttonClass({ size: 'lg', className: 'mt-8' })} href="">
          Try again
        </a>
      </main>
    )
  }
  return (
    <main id="main-content" className="mx-auto flex min-h-screen max-w-2xl flex-col items-center justify-center px-4 py-24 text-center">
      <title>Something went wrong</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-ink-600">Please try again in a moment.</p>
      <a className={buttonClass({ size: 'lg', className: 'mt-8' })} href="/">
        Back to Home
      </a>
    </main>
  )
}

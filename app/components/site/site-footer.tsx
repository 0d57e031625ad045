import { Mail, MapPin, Phone, Rss } from 'lucide'
import { Icon, type IconNode } from '~/components/ui/icon.tsx'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { RenderedOnce } from '~/components/rendered-once.tsx'
import { SOCIAL_LINKS, officesOf } from '~/content/site.ts'
import type { SiteData } from './use-site.ts'
import { LogoMark } from './logo.tsx'

const COMPANY_LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/portfolio', label: 'Portfolio' },
  { to: '/demo-builder', label: 'Demo Builder' },
  { to: '/blog', label: 'Blog' },
  { to: '/faq', label: 'FAQ' },
]

const MORE_LINKS = [
  { to: '/services', label: 'Services' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
  { to: '/proposal', label: 'Get Free Proposal' },
  { to: '/book', label: 'Book a call' },
]

const linkClass = 'text-ink-300 hover:text-white hover:underline'

/** A column of the footer's links under its heading; `children`: more items after the links. */
function FooterNav({ title, links, children }: { title: string; links: readonly { to: string; label: string }[]; children?: ReactNode }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={linkClass}>
              {l.label}
            </Link>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  )
}

/** A line of the contact details: its icon, then the address, number or link. */
function ContactLine({ icon, children }: { icon: IconNode; children: ReactNode }) {
  return (
    <p className="flex gap-2">
      <Icon node={icon} aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      {children}
    </p>
  )
}

/** Company links, contact details from the saved settings, social links and the legal pages. */
export function SiteFooter({ site }: { site: SiteData['site'] }) {
  const year = new Date().getUTCFullYear()
  return (
    <RenderedOnce as="footer" renderKey={`${year}\n${JSON.stringify(site)}`} className="bg-ink-900 text-ink-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <LogoMark />
            {site.siteName}
          </p>
          <p className="mt-4 text-sm leading-6">{site.siteDescription}</p>
          <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label="Social media">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.name}>
                <a href={s.href} className={linkClass} rel="noopener noreferrer" target="_blank">
                  {s.name}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterNav title="Company" links={COMPANY_LINKS} />
        <FooterNav title="More" links={MORE_LINKS}>
          <li>
            <a href="/rss.xml" className={`${linkClass} inline-flex items-center gap-1`}>
              <Icon node={Rss} aria-hidden="true" className="h-4 w-4" /> RSS feed
            </a>
          </li>
        </FooterNav>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <address className="mt-4 space-y-3 text-sm not-italic" aria-label="Contact details">
            {site.contactEmail && (
              <ContactLine icon={Mail}>
                <a href={`mailto:${site.contactEmail}`} className={linkClass}>
                  {site.contactEmail}
                </a>
              </ContactLine>
            )}
            {site.contactPhone && (
              <ContactLine icon={Phone}>
                <a href={`tel:${site.contactPhone.replace(/[^+\d]/g, '')}`} className={linkClass}>
                  {site.contactPhone}
                </a>
              </ContactLine>
            )}
            {officesOf(site).map((o) => (
              <ContactLine key={o.id} icon={MapPin}>
                <span>
                  <span className="sr-only">{o.city} office: </span>
                  {o.address}
                </span>
              </ContactLine>
            ))}
          </address>
        </div>
      </div>
      <div className="border-t border-ink-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {year} {site.siteName}. All rights reserved.
          </p>
          <ul className="flex gap-6">
            <li>
              <Link to="/privacy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                Terms of Service
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </RenderedOnce>
  )
}

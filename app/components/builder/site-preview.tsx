import { ChevronDown, Mail, MapPin, Menu, Moon, Phone } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import type { CSSProperties } from 'react'
import { FEATURE_LABELS, INDUSTRIES, type ColorScheme } from '~/content/builder-options.ts'
import { initialsOf, type BuilderConfig, type BuilderFeatures } from '~/lib/builder.ts'
import { previewServices, templatesFor } from './builder-model.ts'
import { animationClass, buttonStyle, fontStack, pageNames, readableOn, schemeOf, sectionPadding, textOnPrimary } from './preview-style.ts'

const SOCIAL_NAMES: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
}

const EXTRA_SECTIONS = [
  { id: 'portfolio', title: 'Our Work', text: 'A gallery of recent projects and happy customers.' },
  { id: 'testimonials', title: 'What Customers Say', text: '"Friendly, fast and professional. Highly recommended!"' },
  { id: 'blog', title: 'Latest News', text: 'Tips, stories and announcements from the team.' },
  { id: 'faq', title: 'Questions & Answers', text: 'Quick answers to the questions customers ask most.' },
  { id: 'team', title: 'Meet the Team', text: 'The people who make it all happen.' },
  { id: 'pricing', title: 'Pricing', text: 'Simple packages with no hidden fees.' },
] as const

/**
 * A drawn stand-in for the photography a real site would have: a small landscape in the site's own
 * colours, lighter than them, with a warm sun (decorative). It replaced a flat block with a
 * "missing image" icon, which read as a broken page (issue 35). `variant` moves the sun so a row
 * of them does not repeat; `wide` draws it for a banner.
 */
function Scene({ scheme, variant = 0, wide = false }: { scheme: ColorScheme; variant?: number; wide?: boolean }) {
  const tint = (colour: string, percent: number) => `color-mix(in srgb, ${colour} ${percent}%, ${scheme.background})`
  const [w, h] = wide ? [1000, 250] : [400, 300]
  const sunX = wide ? 640 : [300, 110, 220, 150][variant % 4]
  const far = wide ? 'M0 165 Q 250 95 500 150 T 1000 140 V250 H0 Z' : 'M0 215 Q 100 145 200 200 T 400 185 V300 H0 Z'
  const near = wide ? 'M0 210 Q 300 160 600 200 T 1000 190 V250 H0 Z' : 'M0 255 Q 120 200 240 245 T 400 235 V300 H0 Z'
  return (
    <svg viewBox={`0 0 ${w} ${h}`} preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false" className="block size-full">
      <rect width={w} height={h} style={{ fill: tint(scheme.primary, 12) }} />
      <circle cx={sunX} cy={wide ? 80 : 95} r={wide ? 38 : 40} style={{ fill: tint('#f59e0b', 70) }} />
      <path d={far} style={{ fill: tint(scheme.secondary, 40) }} />
      <path d={near} style={{ fill: tint(scheme.primary, 70) }} />
    </svg>
  )
}

/**
 * The visitor's website as the builder currently describes it. Pure rendering of the config (no
 * state), laid out with container queries so the same markup reflows at desktop, tablet and
 * mobile widths. Nothing in it is interactive: it is a picture of a site, not a second site.
 */
export function SitePreview({ config }: { config: BuilderConfig }) {
  const s = schemeOf(config)
  const cz = config.customizations
  const pad = sectionPadding(config)
  const name = config.businessName.trim() || 'Your Business Name'
  const pages = pageNames(config.pages)
  const services = previewServices(config)
  const hiddenServices = config.selectedServices.length - services.length
  const template = templatesFor(config.industry).find((t) => t.id === config.selectedTemplate)
  const industry = INDUSTRIES.find((i) => i.id === config.industry)?.label
  const features = (Object.keys(config.features) as (keyof BuilderFeatures)[]).filter((k) => config.features[k])
  const socials = Object.entries(config.socialLinks).filter(([, v]) => v.trim())
  const anim = animationClass(config)
  const radius = cz.borderRadius
  const sidebarLayout = cz.headerStyle === 'sidebar'

  const headingClass = {
    modern: 'font-extrabold tracking-tight',
    classic: 'font-bold border-b-2 pb-2',
    creative: 'font-black italic',
    luxury: 'font-light uppercase tracking-[0.2em]',
  }[config.layout]
  const sectionTitle = (text: string) => (
    <h4 className={`text-2xl ${headingClass}`} style={{ borderColor: s.primary }}>
      {text}
    </h4>
  )
  // How the template arranges the hero; without a template, the plain centred hero.
  const hero = template?.look.hero ?? 'centered'
  // A stand-in for the photography a real site would have (decorative).
  const picture = (size: string, variant = 0) => (
    <div
      aria-hidden="true"
      data-hero-picture=""
      className={`overflow-hidden ${size}`}
      style={{ borderRadius: hero === 'banner' ? 0 : radius }}
    >
      <Scene scheme={s} variant={variant} wide={hero === 'banner'} />
    </div>
  )
  const card: CSSProperties = { borderRadius: radius, border: `1px solid color-mix(in srgb, ${s.primary} 35%, transparent)` }
  const align =
    { left: 'text-left items-start', center: 'text-center items-center', right: 'text-right items-end' }[cz.ctaPlacement] ??
    'text-center items-center'

  // The badge keeps its size whatever the name's length; a long name is cut with an ellipsis
  // here (the hero below shows it in full).
  const logo = (
    <span className="flex max-w-full min-w-0 items-center gap-2 font-bold">
      <span
        aria-hidden="true"
        data-testid="logo-badge"
        className="inline-flex size-9 shrink-0 items-center justify-center text-sm"
        style={{ background: s.primary, color: textOnPrimary(s), borderRadius: Math.min(radius, 18) }}
      >
        {initialsOf(config.logo.trim() || name)}
      </span>
      <span data-testid="logo-name" className="min-w-0 truncate text-lg">
        {name}
      </span>
    </span>
  )

  const navLinks = (vertical: boolean) => (
    <ul className={vertical ? 'flex flex-col gap-2 text-sm' : 'flex flex-wrap gap-x-5 gap-y-1 text-sm'}>
      {pages.slice(0, 6).map((p, i) => (
        <li key={p} className={`flex items-center gap-1 ${i === 0 ? 'font-semibold underline underline-offset-4' : ''}`}>
          {p}
          {cz.navigationStyle === 'dropdown' && i > 0 && i < 3 && <Icon node={ChevronDown} aria-hidden="true" className="size-3" />}
        </li>
      ))}
      {pages.length > 6 && <li>+{pages.length - 6} more</li>}
    </ul>
  )
  const menuButton = (
    <span className="inline-flex items-center gap-1 text-sm font-medium">
      <Icon node={Menu} aria-hidden="true" className="size-5" /> Menu
    </span>
  )
  const nav =
    cz.navigationStyle === 'hamburger' ? (
      menuButton
    ) : (
      <>
        <span className="@2xl:hidden">{menuButton}</span>
        <span className="hidden @2xl:block">{navLinks(cz.navigationStyle === 'sidebar' && sidebarLayout)}</span>
      </>
    )

  const header = sidebarLayout ? (
    <div
      className="flex flex-col gap-4 p-5 @2xl:min-h-full @2xl:w-52 @2xl:shrink-0"
      style={{ background: s.secondary, color: readableOn(s.secondary) }}
    >
      {logo}
      <span className="@2xl:hidden">{menuButton}</span>
      <span className="hidden @2xl:block">{navLinks(true)}</span>
    </div>
  ) : (
    <div
      className={`flex gap-3 px-5 py-4 ${cz.headerStyle === 'centered' ? 'flex-col items-center text-center' : 'items-center justify-between'}`}
      style={cz.headerStyle === 'minimal' ? { borderBottom: `1px solid ${s.primary}` } : { background: s.primary, color: textOnPrimary(s) }}
    >
      {logo}
      <div className="flex shrink-0 items-center gap-4">
        {nav}
        {config.features.darkMode && (
          <span className="inline-flex items-center">
            <Icon node={Moon} aria-hidden="true" className="size-4" />
            <span className="sr-only">Dark mode switch</span>
          </span>
        )}
      </div>
    </div>
  )

  const body = (
    <div className="min-w-0 flex-1">
      {config.contentSections.hero && (
        <div
          data-section="hero"
          data-hero={hero}
          className={config.layout === 'creative' ? 'border-l-8' : ''}
          style={{ borderColor: s.primary }}
        >
          {hero === 'banner' && picture('h-40 @2xl:h-56')}
          <div
            className={`px-6 ${hero === 'split' ? 'grid items-center gap-8 @2xl:grid-cols-2' : ''}`}
            style={{ paddingBlock: hero === 'banner' ? pad : pad * 2 }}
          >
            <div className={`flex min-w-0 flex-col gap-4 ${align}`}>
              <h3 className={`max-w-full text-4xl break-words @2xl:text-5xl ${headingClass}`} style={{ borderColor: s.primary }}>
                {name}
              </h3>
              <p className="max-w-xl text-lg">{config.tagline.trim() || 'Your tagline goes here'}</p>
              <span className={anim} style={buttonStyle(config)}>
                {template?.look.cta ?? 'Get Started'}
              </span>
            </div>
            {hero === 'split' && picture('aspect-[4/3] w-full')}
          </div>
          {hero === 'grid' && (
            <ul aria-hidden="true" className="grid grid-cols-2 gap-3 px-6 @2xl:grid-cols-4" style={{ paddingBottom: pad * 2 }}>
              {['New in', 'Bestsellers', 'Gifts', 'Sale'].map((label, i) => (
                <li key={label} className="flex flex-col gap-2 text-sm font-semibold">
                  {picture('aspect-square w-full', i)}
                  {label}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {config.contentSections.about && (
        <div className="px-6" style={{ paddingBlock: pad }}>
          {sectionTitle('About Us')}
          <p className="mt-3 max-w-2xl">
            {config.description.trim() ||
              `Tell visitors who you are${industry ? ` and what makes your ${industry.toLowerCase()} business special` : ''}.`}
          </p>
        </div>
      )}
      {config.contentSections.services && (
        <div data-section="services" className="px-6" style={{ paddingBlock: pad }}>
          {sectionTitle('Our Services')}
          {services.length === 0 ? (
            <p className="mt-3">Select services to show them here.</p>
          ) : (
            <ul aria-label="Previewed services" className="mt-4 grid gap-3 @md:grid-cols-2 @4xl:grid-cols-4">
              {services.map((svc) => (
                <li key={svc} className={`p-4 font-semibold ${anim}`} style={card}>
                  {svc}
                </li>
              ))}
            </ul>
          )}
          {hiddenServices > 0 && (
            <p className="mt-2 text-sm">
              and {hiddenServices} more service{hiddenServices === 1 ? '' : 's'}
            </p>
          )}
        </div>
      )}
      {features.length > 0 && (
        <div data-section="features" className="px-6" style={{ paddingBlock: pad }}>
          {sectionTitle('Features')}
          <ul className="mt-3 flex flex-wrap gap-2">
            {features.map((f) => (
              <li key={f} className="px-3 py-1 text-sm" style={{ ...card, borderRadius: Math.max(radius, 4) }}>
                {FEATURE_LABELS[f]}
              </li>
            ))}
          </ul>
        </div>
      )}
      {EXTRA_SECTIONS.filter((x) => config.contentSections[x.id]).map((x) => (
        <div key={x.id} data-section={x.id} className="px-6" style={{ paddingBlock: pad }}>
          {sectionTitle(x.title)}
          <p className="mt-3">{x.text}</p>
        </div>
      ))}
      {config.contentSections.contact && (
        <div data-section="contact" className="px-6" style={{ paddingBlock: pad }}>
          {sectionTitle('Contact Us')}
          <ul className="mt-3 grid gap-2 @2xl:grid-cols-3">
            <li className="flex items-center gap-2">
              <Icon node={Phone} aria-hidden="true" className="size-4" /> {config.phone.trim() || '(555) 123-4567'}
            </li>
            <li className="flex items-center gap-2 break-all">
              <Icon node={Mail} aria-hidden="true" className="size-4" /> {config.email.trim() || 'hello@yourbusiness.com'}
            </li>
            <li className="flex items-center gap-2">
              <Icon node={MapPin} aria-hidden="true" className="size-4" /> {config.address.trim() || '123 Main Street'}
            </li>
          </ul>
        </div>
      )}
      <div data-section="footer" className="px-6 py-5 text-sm" style={{ borderTop: `1px solid ${s.primary}` }}>
        {cz.footerStyle === 'detailed' ? (
          <div className="grid gap-4 @2xl:grid-cols-3">
            <div>
              <p className="font-semibold">{name}</p>
              <p>{config.tagline.trim() || 'Your tagline goes here'}</p>
            </div>
            <div>
              <p className="font-semibold">Pages</p>
              <p>{pages.slice(0, 4).join(' · ')}</p>
            </div>
            <div>
              <p className="font-semibold">Follow us</p>
              <p>{socials.length ? socials.map(([k]) => SOCIAL_NAMES[k]).join(' · ') : 'Add your social links'}</p>
            </div>
          </div>
        ) : (
          <div className={cz.footerStyle === 'centered' ? 'text-center' : 'flex flex-wrap justify-between gap-2'}>
            <p>
              © {new Date().getFullYear()} {name}
            </p>
            {socials.length > 0 && <p>{socials.map(([k]) => SOCIAL_NAMES[k]).join(' · ')}</p>}
          </div>
        )}
      </div>
    </div>
  )

  return (
    <div
      data-testid="site-preview"
      className="@container"
      style={{ background: s.background, color: s.text, fontFamily: fontStack(config) }}
    >
      {sidebarLayout ? (
        <div className="flex flex-col @2xl:flex-row">
          {header}
          {body}
        </div>
      ) : (
        <>
          {header}
          {body}
        </>
      )}
    </div>
  )
}

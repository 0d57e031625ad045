import type { CSSProperties } from 'react'
import { COLOR_SCHEMES, FONTS, type ColorScheme } from '~/content/builder-options.ts'
import type { BuilderConfig } from '~/lib/builder.ts'

/** Pure styling rules of the live preview, kept apart from markup so they can be unit tested. */

export type Device = 'desktop' | 'tablet' | 'mobile'

/** Width (CSS px) at which each device is laid out; the preview scales it down to fit. */
export const DEVICE_WIDTHS: Readonly<Record<Device, number>> = { desktop: 1024, tablet: 768, mobile: 375 }

/**
 * CSS zoom that fits a frame `width` px wide into its size container (never enlarging it):
 * min(1, 100cqw / width). tan(atan2(a, b)) = a / b as a plain number, which CSS can compute from
 * two lengths everywhere container units work.
 */
export function previewZoom(width: number): string {
  return `min(1, tan(atan2(100cqw, ${width}px)))`
}

/** Page names for the preview navigation, in the order pages are added (4 by default). */
export const PAGE_NAMES = [
  'Home',
  'About',
  'Services',
  'Contact',
  'Portfolio',
  'Blog',
  'Gallery',
  'Team',
  'FAQ',
  'Pricing',
  'Testimonials',
  'Careers',
  'Events',
  'Menu',
  'Shop',
  'Locations',
  'News',
  'Partners',
  'Resources',
  'Support',
] as const

export function pageNames(count: number): string[] {
  return PAGE_NAMES.slice(0, Math.max(1, Math.min(PAGE_NAMES.length, count)))
}

export function schemeOf(config: BuilderConfig): ColorScheme {
  return COLOR_SCHEMES.find((s) => s.id === config.colorScheme) ?? COLOR_SCHEMES[0]
}

export function fontStack(config: BuilderConfig): string {
  return (FONTS.find((f) => f.id === config.customizations.fontFamily) ?? FONTS[0]).stack
}

function luminance(hex: string): number {
  const n = parseInt(hex.replace('#', ''), 16)
  const channel = (v: number) => {
    const s = v / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

/** Text colour readable on a filled background: white, or near-black when white is too faint (AA, 4.5:1). */
export function readableOn(background: string): string {
  return contrastRatio('#ffffff', background) >= 4.5 ? '#ffffff' : '#0f172a'
}

/** Text colour for a filled primary button or header. */
export function textOnPrimary(scheme: ColorScheme): string {
  return readableOn(scheme.primary)
}

const DENSITY: Record<string, number> = { compact: 0.75, comfortable: 1, spacious: 1.5 }

/** Vertical padding of a preview section: the spacing slider scaled by the layout density. */
export function sectionPadding(config: BuilderConfig): number {
  return Math.round(config.customizations.spacing * 1.5 * (DENSITY[config.customizations.layoutDensity] ?? 1))
}

/** Inline style of the preview's call-to-action for the chosen button style. */
export function buttonStyle(config: BuilderConfig): CSSProperties {
  const s = schemeOf(config)
  const r = config.customizations.borderRadius
  const base: CSSProperties = {
    display: 'inline-block',
    padding: '0.6em 1.4em',
    fontWeight: 600,
    borderRadius: r,
    background: s.primary,
    color: textOnPrimary(s),
    border: `2px solid ${s.primary}`,
  }
  switch (config.customizations.buttonStyle) {
    case 'square':
      return { ...base, borderRadius: 0 }
    case 'pill':
      return { ...base, borderRadius: 9999 }
    case 'gradient':
      return { ...base, background: `linear-gradient(135deg, ${s.primary}, ${s.secondary})` }
    case 'outline':
      return { ...base, background: 'transparent', color: s.text }
    case 'shadow':
      return { ...base, boxShadow: '0 8px 20px rgba(15, 23, 42, 0.35)' }
    default:
      return base
  }
}

/** Hover/transition class for the animation style (none, smooth, bouncy); reduced motion is respected. */
export function animationClass(config: BuilderConfig): string {
  switch (config.customizations.animationStyle) {
    case 'none':
      return ''
    case 'bouncy':
      return 'motion-safe:transition-transform motion-safe:duration-300 motion-safe:ease-[cubic-bezier(.34,1.56,.64,1)] motion-safe:hover:-translate-y-1 motion-safe:hover:scale-[1.03]'
    default:
      // Only the movement is animated: a colour fading between two schemes would pass through
      // pairs that are hard to read (white on a mid orange), and a checker reading it then fails.
      return 'motion-safe:transition-transform motion-safe:duration-300 motion-safe:hover:-translate-y-0.5'
  }
}

import { useLayoutEffect, useRef, useState } from 'react'
import type { BuilderConfig } from '~/lib/builder.ts'
import { previewZoom } from './preview-style.ts'
import { SitePreview } from './site-preview.tsx'

/**
 * Width the mini preview lays the site out at: still the phone layout (below 42rem), drawn a little
 * smaller than life so more of the page fits in the strip.
 */
const MINI_WIDTH = 480

/** The part of the site each tab changes most, so the mini preview shows it (top otherwise). */
const SECTION_OF_TAB: Readonly<Record<string, readonly string[]>> = {
  services: ['services'],
  features: ['features', 'portfolio', 'testimonials', 'blog', 'faq', 'team', 'pricing'],
  customize: ['footer'],
}

/**
 * On screens narrower than the two-column layout the options form is long and the live preview
 * sits below it, so this small copy stays stuck under the site header while the visitor edits.
 * A sticky strip rather than a Preview tab: a tab would hide the form, and the point is to see a
 * change while making it. It shows the phone layout, scrolled to the part the current tab
 * changes. It is a visual echo only (aria-hidden, not focusable): the accessible preview, the
 * device switch and the actions are in the "Live Preview" section, which the link jumps to.
 * The fold is a <details>, so it works before the page's script runs (issue 22).
 * On a short screen (`short:`) it is not stuck: 21 rem of strip would leave no room for the
 * focused field (WCAG 2.4.11), so it scrolls away with the page there.
 */
export function MiniPreview({ config, tab }: { config: BuilderConfig; tab: string }) {
  const [open, setOpen] = useState(true)
  const viewport = useRef<HTMLDivElement>(null)

  // Layout effect: the scroll position is set before the browser paints the change.
  useLayoutEffect(() => {
    const box = viewport.current
    if (!box || !open) return
    const wanted = SECTION_OF_TAB[tab] ?? []
    const target = wanted.map((id) => box.querySelector<HTMLElement>(`[data-section="${id}"]`)).find(Boolean)
    box.scrollTop = target ? box.scrollTop + target.getBoundingClientRect().top - box.getBoundingClientRect().top : 0
  }, [config, tab, open])

  return (
    <div
      data-testid="mini-preview"
      data-mini-preview=""
      className="sticky top-16 z-20 short:relative -mx-4 mb-4 border-b border-ink-200 bg-white px-4 py-2 shadow-sm sm:-mx-6 sm:px-6 xl:hidden"
    >
      {/* The summary sits at the top right, beside the link (absolute: a <summary> must be the
          first thing in its <details>, and a link inside it would be a control in a control). */}
      <div className="flex min-h-8 items-center justify-between gap-3 pr-28">
        <p className="text-sm font-semibold text-ink-900">Preview</p>
        <a
          href="#live-preview-heading"
          className="rounded-md px-2 py-1 text-sm font-medium text-primary-800 underline-offset-4 hover:underline"
        >
          Full preview
        </a>
      </div>
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="group">
        <summary className="absolute top-2 right-4 flex h-8 cursor-pointer list-none items-center rounded-md px-2 text-sm font-medium text-ink-800 hover:bg-ink-100 sm:right-6 [&::-webkit-details-marker]:hidden">
          <span className="group-open:hidden">Show preview</span>
          <span className="hidden group-open:inline">Hide preview</span>
        </summary>
        <div id="builder-mini-preview">
          <div
            ref={viewport}
            aria-hidden="true"
            className="mt-2 h-52 overflow-hidden rounded-lg border border-ink-300 [container-type:inline-size] sm:h-56"
          >
            <div className="mx-auto" style={{ width: MINI_WIDTH, zoom: previewZoom(MINI_WIDTH) }}>
              <SitePreview config={config} />
            </div>
          </div>
        </div>
      </details>
    </div>
  )
}

import { ExternalLink, MapPin } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { useEffect, useRef, useState } from 'react'

/**
 * A tiny image on Google's origin (its long-served 1×1 "clear dot"), fetched before the map frame:
 * a frame that cannot load (offline, blocked by a network or an extension) still fires `load` and
 * shows the browser's grey error page, whereas an image reports the failure. CSP img-src allows
 * https: images.
 */
const MAP_PROBE_URL = 'https://www.google.com/images/cleardot.gif'

type MapState = 'waiting' | 'probing' | 'map' | 'unavailable'

/**
 * An embedded Google map that loads only when it scrolls into view and Google can be reached;
 * until then, without JavaScript, and when the map cannot load, a static stand-in with the address
 * fills its place. A link below always opens the address in Google Maps.
 */
export function LazyMap({ query, title, address }: { query: string; title: string; address: string }) {
  const box = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<MapState>('waiting')

  useEffect(() => {
    const el = box.current
    if (!el) return
    let probe: HTMLImageElement | null = null
    const start = () => {
      setState('probing')
      probe = new Image()
      probe.referrerPolicy = 'no-referrer'
      probe.onload = () => setState('map')
      probe.onerror = () => setState('unavailable')
      probe.src = MAP_PROBE_URL
    }
    if (typeof IntersectionObserver === 'undefined') {
      start()
      return
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect()
          start()
        }
      },
      { rootMargin: '100px' },
    )
    io.observe(el)
    return () => {
      io.disconnect()
      if (probe) probe.onload = probe.onerror = null
    }
  }, [])

  const src = `https://www.google.com/maps?q=${encodeURIComponent(query)}&output=embed`
  const link = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
  return (
    <figure>
      <div ref={box} className="relative aspect-[4/3] w-full overflow-hidden rounded-xl border border-ink-200 bg-ink-100">
        {/* The stand-in: a street-grid pattern, a pin and the address. It also lies under the
            frame, so the box is never blank while the map loads. */}
        <div
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-6 text-center text-ink-700"
          data-map-placeholder={state === 'map' ? undefined : ''}
          style={{
            backgroundImage:
              'linear-gradient(var(--color-ink-200) 1px, transparent 1px), linear-gradient(90deg, var(--color-ink-200) 1px, transparent 1px)',
            backgroundSize: '2rem 2rem',
          }}
        >
          <Icon node={MapPin} aria-hidden="true" className="h-8 w-8 text-primary-700" />
          <p className="rounded bg-white/90 px-2 py-1 text-sm font-medium text-ink-900">{address}</p>
          {state === 'waiting' && <p className="rounded bg-white/90 px-2 text-xs">The map loads when you scroll here.</p>}
          {state === 'unavailable' && (
            <p className="rounded bg-white/90 px-2 text-xs">The map could not be loaded. Use the link below to open it in Google Maps.</p>
          )}
        </div>
        {state === 'map' && (
          <iframe
            src={src}
            title={title}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            className="absolute inset-0 h-full w-full border-0"
          />
        )}
      </div>
      <figcaption className="mt-2 text-sm">
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-semibold text-primary-800 hover:underline"
        >
          <Icon node={ExternalLink} aria-hidden="true" className="h-4 w-4" />
          Open in Google Maps<span className="sr-only">: {address} (opens in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  )
}

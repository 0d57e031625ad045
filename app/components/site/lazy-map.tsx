import { MapPin } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { useEffect, useRef, useState } from 'react'

/**
 * An embedded Google map that loads only when it scrolls into view; until then (and without
 * JavaScript) a static placeholder with the address stands in its place, same size.
 */
export function LazyMap({ query, title, address }: { query: string; title: string; address: string }) {
  const box = useRef<HTMLDivElement>(null)
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    const el = box.current
    if (!el) return
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true)
      return
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true)
          io.disconnect()
        }
      },
      { rootMargin: '100px' },
    )
    io.observe(el)
    return () => io.disconnect()
  }, [])

  const src = `https://www.google.com/maps?q=${encodeURIComponent(query)}&output=embed`
  return (
    <div ref={box} className="aspect-[4/3] w-full overflow-hidden rounded-xl border border-ink-200 bg-ink-100">
      {visible ? (
        <iframe src={src} title={title} loading="lazy" referrerPolicy="no-referrer-when-downgrade" className="h-full w-full border-0" />
      ) : (
        <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center text-ink-600" data-map-placeholder="">
          <Icon node={MapPin} aria-hidden="true" className="h-8 w-8 text-primary-700" />
          <p className="text-sm">{address}</p>
          <p className="text-xs">The map loads when you scroll here.</p>
        </div>
      )}
    </div>
  )
}

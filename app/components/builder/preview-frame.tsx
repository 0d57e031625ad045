import { Monitor, Smartphone, Tablet } from 'lucide'
import type { CSSProperties } from 'react'
import { Icon, type IconNode } from '~/components/ui/icon.tsx'
import type { BuilderConfig } from '~/lib/builder.ts'
import { DEVICE_WIDTHS, previewZoom, type Device } from './preview-style.ts'
import { SitePreview } from './site-preview.tsx'

const DEVICES: { id: Device; label: string; icon: IconNode }[] = [
  { id: 'desktop', label: 'Desktop', icon: Monitor },
  { id: 'tablet', label: 'Tablet', icon: Tablet },
  { id: 'mobile', label: 'Mobile', icon: Smartphone },
]

/**
 * The preview's width. With `name` its buttons submit the builder's form before the page's script
 * runs (the loader then draws the preview at that width); without, they are plain buttons.
 */
export function DeviceToggle({ device, onChange, name }: { device: Device; onChange: (d: Device) => void; name?: string }) {
  return (
    <div role="group" aria-label="Preview width" className="inline-flex max-w-full flex-wrap rounded-lg border border-ink-300 bg-white p-1">
      {DEVICES.map(({ id, label, icon }) => (
        <button
          key={id}
          type={name ? 'submit' : 'button'}
          name={name}
          value={name ? id : undefined}
          aria-pressed={device === id}
          onClick={() => onChange(id)}
          className={`inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ${
            device === id ? 'bg-primary-700 text-white' : 'text-ink-800 hover:bg-ink-100'
          }`}
        >
          <Icon node={icon} aria-hidden="true" className="size-4" />
          {label}
        </button>
      ))}
    </div>
  )
}

/** Smallest scale a preview is drawn at in a phone-sized column: its text stays readable. */
export const MIN_READABLE_ZOOM = 0.75

/**
 * Lays the preview out at the device's real width (so it reflows as that device would) and
 * zooms it down when the space on screen is narrower. The zoom is pure CSS: the outer box is a
 * size container and the frame's zoom is min(1, 100cqw / device width), written as
 * tan(atan2(a, b)) because CSS cannot divide a length by a length in older engines. So the
 * server-rendered first paint already fits, and nothing moves when the script runs or the
 * window is resized.
 *
 * In a column narrower than 36 rem (a phone) a desktop or tablet layout drawn to fit was a third
 * of its size and could not be read (issue 35): there it is drawn at 75% at least, and the region
 * scrolls sideways (`scroll`: the region itself is the scroller, focusable so a keyboard can move
 * it; without, whatever holds it scrolls, as the full-screen preview's area does, which is
 * focusable already). The page itself never scrolls sideways.
 */
export function PreviewFrame({
  config,
  device,
  label,
  scroll = true,
}: {
  config: BuilderConfig
  device: Device
  label: string
  scroll?: boolean
}) {
  const width = DEVICE_WIDTHS[device]
  const fitted = previewZoom(width)
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={scroll ? 0 : undefined}
      className={`w-full [container-type:inline-size] ${scroll ? 'overflow-x-auto overflow-y-hidden rounded-lg @xl:overflow-hidden' : ''}`}
    >
      <div
        data-device={device}
        data-testid="preview-frame"
        className={`mx-auto overflow-hidden border-ink-300 bg-white shadow-lg [zoom:var(--fit)] @max-xl:[zoom:var(--readable)] ${device === 'mobile' ? 'rounded-[1.75rem] border-8' : device === 'tablet' ? 'rounded-2xl border-8' : 'rounded-lg border'}`}
        style={{ width, '--fit': fitted, '--readable': `max(${MIN_READABLE_ZOOM}, ${fitted})` } as CSSProperties}
      >
        <SitePreview config={config} />
      </div>
    </div>
  )
}

import { Monitor, Smartphone, Tablet } from 'lucide'
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

/**
 * Lays the preview out at the device's real width (so it reflows as that device would) and
 * zooms it down when the space on screen is narrower. The zoom is pure CSS: the outer box is a
 * size container and the frame's zoom is min(1, 100cqw / device width), written as
 * tan(atan2(a, b)) because CSS cannot divide a length by a length in older engines. So the
 * server-rendered first paint already fits, and nothing moves when the script runs or the
 * window is resized.
 */
export function PreviewFrame({ config, device, label }: { config: BuilderConfig; device: Device; label: string }) {
  const width = DEVICE_WIDTHS[device]
  return (
    <div className="w-full overflow-hidden [container-type:inline-size]">
      <div
        role="region"
        aria-label={label}
        data-device={device}
        data-testid="preview-frame"
        className={`mx-auto overflow-hidden border-ink-300 bg-white shadow-lg ${device === 'mobile' ? 'rounded-[1.75rem] border-8' : device === 'tablet' ? 'rounded-2xl border-8' : 'rounded-lg border'}`}
        style={{ width, zoom: previewZoom(width) }}
      >
        <SitePreview config={config} />
      </div>
    </div>
  )
}

import { Eye, RotateCcw, Rocket, X } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { Dialog, Tabs } from 'radix-ui'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { BUILDER_STORAGE_KEY, createDefaultConfig, summarizeConfig, type BuilderConfig } from '~/lib/builder.ts'
import { DESIGN_PARAM, decodeDesign, encodeDesign } from '~/lib/proposal-source.ts'
import { BasicPanel, CustomizePanel, DesignPanel, FeaturesPanel, ServicesPanel, TemplatesPanel } from './builder-panels.tsx'
import { useBuilderFont } from './builder-fonts.ts'
import { MiniPreview } from './mini-preview.tsx'
import { DeviceToggle, PreviewFrame } from './preview-frame.tsx'
import type { Device } from './preview-style.ts'

const TABS = [
  { id: 'basic', label: 'Basic' },
  { id: 'services', label: 'Services' },
  { id: 'templates', label: 'Templates' },
  { id: 'design', label: 'Design' },
  { id: 'features', label: 'Features' },
  { id: 'customize', label: 'Customize' },
] as const
type TabId = (typeof TABS)[number]['id']

type Change = (c: BuilderConfig) => BuilderConfig

/**
 * The design saved in this browser, or null when there is none. The zod parser is loaded only
 * when there is something to parse, so zod stays out of the page's first bundle.
 * Throws when storage is unavailable or the parser cannot be loaded.
 */
async function readSavedConfig(): Promise<BuilderConfig | null> {
  // A design in the address (the lead desk's "reopen" link) comes first; it is then saved as usual.
  const linked = decodeDesign(new URLSearchParams(window.location.search).get(DESIGN_PARAM))
  if (typeof linked === 'object' && linked !== null) {
    const { parseBuilderConfig } = await import('~/lib/builder-config.ts')
    return parseBuilderConfig(linked)
  }
  const json = window.localStorage.getItem(BUILDER_STORAGE_KEY)
  if (json == null) return null
  const { parseStoredConfig } = await import('~/lib/builder-config.ts')
  return parseStoredConfig(json)
}

/** Builder state that survives reloads: restored after hydration (the server knows nothing of it). */
function usePersistentConfig() {
  const [config, setConfig] = useState<BuilderConfig>(createDefaultConfig)
  const [restored, setRestored] = useState(false)
  // Changes made while the saved design is still loading, replayed on top of it once it arrives.
  const early = useRef<Change[] | null>([])

  useEffect(() => {
    let cancelled = false
    readSavedConfig().then(
      (saved) => {
        if (cancelled) return
        const changes = early.current ?? []
        early.current = null
        if (saved) setConfig(changes.reduce((c, change) => change(c), saved))
        setRestored(true)
      },
      () => {
        // Storage unavailable, or the parser failed to load: the builder still works, it just
        // forgets on reload (and never overwrites a saved design it could not read).
        early.current = null
      },
    )
    return () => {
      cancelled = true
    }
  }, [])

  // Saved only once restored, so the defaults of the first render never overwrite a saved design.
  useEffect(() => {
    if (!restored) return
    try {
      window.localStorage.setItem(BUILDER_STORAGE_KEY, JSON.stringify(config))
    } catch {
      // Quota or privacy mode: nothing to do.
    }
  }, [config, restored])

  const update = useCallback((change: Change) => {
    early.current?.push(change)
    setConfig(change)
  }, [])
  return { config, update, reset: () => update(createDefaultConfig) }
}

/**
 * 'Super Advanced Website Builder' (spec sections 2, 3 and 5): six tabs of options on the left,
 * a live preview at desktop, tablet or mobile width on the right, both fed by one config.
 */
export function WebsiteBuilder() {
  const { config, update, reset } = usePersistentConfig()
  const [tab, setTab] = useState<TabId>('basic')
  const [device, setDevice] = useState<Device>('desktop')
  useBuilderFont(config.customizations.fontFamily)
  const proposalHref = `/proposal?${new URLSearchParams({ from: 'builder', summary: summarizeConfig(config), [DESIGN_PARAM]: encodeDesign(config) }).toString()}`

  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as TabId)} className="min-w-0">
        <MiniPreview config={config} tab={tab} />
        <h2 className="mb-3 text-xl font-semibold text-ink-900">Customize your website</h2>
        <Tabs.List aria-label="Builder sections" className="grid grid-cols-3 gap-1 rounded-lg bg-ink-100 p-1 sm:grid-cols-6 xl:grid-cols-3">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.id}
              value={t.id}
              className="rounded-md px-2 py-2 text-sm font-medium text-ink-800 hover:bg-white/70 data-[state=active]:bg-white data-[state=active]:text-primary-800 data-[state=active]:shadow"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* Below xl the mini preview is stuck under the header: app.css makes everything brought
            into view stop below both (WCAG 2.4.11). Every panel holds form fields, so Tab goes
            from the tab list straight to the first of them (tabIndex -1: no extra stop on the
            whole panel, which a phone cannot show at once). */}
        <div className="mt-4 rounded-xl border border-ink-200 bg-white p-4 sm:p-6">
          <Tabs.Content value="basic" tabIndex={-1}>
            <BasicPanel config={config} update={update} />
          </Tabs.Content>
          <Tabs.Content value="services" tabIndex={-1}>
            <ServicesPanel config={config} update={update} />
          </Tabs.Content>
          <Tabs.Content value="templates" tabIndex={-1}>
            <TemplatesPanel config={config} update={update} onChooseIndustry={() => setTab('basic')} />
          </Tabs.Content>
          <Tabs.Content value="design" tabIndex={-1}>
            <DesignPanel config={config} update={update} />
          </Tabs.Content>
          <Tabs.Content value="features" tabIndex={-1}>
            <FeaturesPanel config={config} update={update} />
          </Tabs.Content>
          <Tabs.Content value="customize" tabIndex={-1}>
            <CustomizePanel config={config} update={update} />
          </Tabs.Content>
        </div>
        <button
          type="button"
          onClick={reset}
          className="mt-3 inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900"
        >
          <Icon node={RotateCcw} aria-hidden="true" className="size-4" />
          Reset to defaults
        </button>
      </Tabs.Root>

      <section aria-labelledby="live-preview-heading" className="min-w-0 space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="live-preview-heading" className="text-xl font-semibold text-ink-900">
            Live Preview
          </h2>
          <DeviceToggle device={device} onChange={setDevice} />
        </div>
        <PreviewFrame config={config} device={device} label={`Website preview, ${device} width`} />
        <div className="flex flex-col gap-3 sm:flex-row">
          <FullScreenPreview config={config} device={device} onDeviceChange={setDevice} />
          <Link
            to={proposalHref}
            className={buttonClass({ size: 'lg', className: 'flex-1' })}
          >
            <Icon node={Rocket} aria-hidden="true" className="size-5" />
            Convert to Real Website
          </Link>
        </div>
      </section>
    </div>
  )
}

/** 'Generate Advanced Preview': the same live preview, full screen, in a modal dialog. */
function FullScreenPreview({ config, device, onDeviceChange }: { config: BuilderConfig; device: Device; onDeviceChange: (d: Device) => void }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className={buttonClass({ variant: 'outline', size: 'lg', className: 'flex-1' })}>
        <Icon node={Eye} aria-hidden="true" className="size-5" />
        Generate Advanced Preview
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink-950/80" />
        <Dialog.Content className="fixed inset-0 z-[71] flex flex-col bg-ink-100 focus:outline-none">
          {/* Close sits in its own column at the top right and the rest wraps beside it, so it stays
              on screen down to 320 px (WCAG 1.4.10). */}
          <div className="flex items-start justify-between gap-3 border-b border-ink-300 bg-white px-4 py-3">
            <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-3">
              <Dialog.Title className="min-w-0 text-lg font-semibold break-words text-ink-900">
                Advanced Preview: {config.businessName.trim() || 'Your Business Name'}
              </Dialog.Title>
              <Dialog.Description className="sr-only">A full-screen preview of the website you designed.</Dialog.Description>
              <DeviceToggle device={device} onChange={onDeviceChange} />
            </div>
            <Dialog.Close
              aria-label="Close preview"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md border border-ink-300 text-ink-800 hover:bg-ink-100"
            >
              <Icon node={X} aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {/* Focusable so keyboard users can scroll the preview (it holds no controls of its own). */}
          <div tabIndex={0} aria-label="Preview area" role="group" className="flex-1 overflow-auto p-4 sm:p-8">
            <PreviewFrame config={config} device={device} label={`Full-screen website preview, ${device} width`} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

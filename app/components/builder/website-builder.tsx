import { Eye, RotateCcw, Rocket, X } from 'lucide'
import { reportToolUse } from '~/components/site/page-view-beacon.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { Tabs } from 'radix-ui'
import { Suspense, lazy, startTransition, useCallback, useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { useHydrated } from '~/components/admin/use-hydrated.ts'
import { BUILDER_STORAGE_KEY, createDefaultConfig, type BuilderConfig } from '~/lib/builder.ts'
import { BUILDER, templatesFor } from './builder-model.ts'
import { BUILDER_TABS, F, builderHref, encodeCompactDesign, proposalHref, type BuilderTab } from '~/lib/builder-query.ts'
import { BasicPanel, CustomizePanel, DesignPanel, FeaturesPanel, ServicesPanel, type PanelProps } from './builder-panels.tsx'
import { TemplatesPanel } from './builder-templates-panel.tsx'
import { useBuilderFont } from './builder-fonts.ts'
import { MiniPreview } from './mini-preview.tsx'
import { DeviceToggle, PreviewFrame } from './preview-frame.tsx'
import type { Device } from './preview-style.ts'

type Change = (c: BuilderConfig) => BuilderConfig

/** Each tab's panel, and whether its fields need the apply button until the page is hydrated. */
const PANELS: Record<BuilderTab, { Panel: ComponentType<PanelProps & { onChooseIndustry: () => void }>; apply: boolean }> = {
  basic: { Panel: BasicPanel, apply: true },
  services: { Panel: ServicesPanel, apply: false },
  templates: { Panel: TemplatesPanel, apply: false },
  design: { Panel: DesignPanel, apply: false },
  features: { Panel: FeaturesPanel, apply: true },
  customize: { Panel: CustomizePanel, apply: true },
}

/** What the route's loader read from the address: the design (null when it carries none), the tab and the width. */
export type BuilderInitial = { config: BuilderConfig | null; tab: BuilderTab; device: Device; view: 'full' | null }

/**
 * The design saved in this browser, or null when there is none. The zod parser is loaded only
 * when there is something to parse, so zod stays out of the page's first bundle.
 * Throws when storage is unavailable or the parser cannot be loaded.
 */
async function readSavedConfig(): Promise<BuilderConfig | null> {
  const json = window.localStorage.getItem(BUILDER_STORAGE_KEY)
  if (json == null) return null
  const { parseStoredConfig } = await import('./stored-config.ts')
  return parseStoredConfig(json)
}

/** Keeps the design in this browser (where storage is full or turned off, it is simply not kept). */
function saveConfig(config: BuilderConfig) {
  try {
    window.localStorage.setItem(BUILDER_STORAGE_KEY, JSON.stringify(config))
  } catch {
    // The builder still works; it forgets on reload.
  }
}

/**
 * Builder state that survives reloads. A design in the address (the builder's own form, or the
 * lead desk's "reopen" link) was rendered by the server and comes first; without one the design
 * saved in this browser is restored after hydration (the server knows nothing of it). Either way
 * it is saved as it changes.
 */
function usePersistentConfig(initial: BuilderConfig | null) {
  const [config, setConfig] = useState<BuilderConfig>(() => initial ?? createDefaultConfig())
  // Saved only once restored, so the defaults of the first render never overwrite a saved design.
  // A ref, not state: with nothing saved, finding that out draws nothing again (issue 37).
  const restored = useRef(initial !== null)
  // Changes made while the saved design is still loading, replayed on top of it once it arrives.
  const early = useRef<Change[] | null>(initial ? null : [])

  useEffect(() => {
    if (early.current === null) return
    let cancelled = false
    readSavedConfig().then(
      (saved) => {
        if (cancelled) return
        const changes = early.current ?? []
        early.current = null
        restored.current = true
        const replay = (from: BuilderConfig) => changes.reduce((c, change) => change(c), from)
        // A transition: React draws the builder again in slices between the visitor's taps,
        // not in one long task just after the page loads (Lighthouse's blocking time, issue 37).
        // A change made meanwhile is applied on top, in order.
        if (saved) startTransition(() => setConfig(replay(saved)))
        // Nothing saved: the page shows the defaults with the visitor's changes, which are kept.
        else if (changes.length) saveConfig(replay(createDefaultConfig()))
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

  useEffect(() => {
    if (restored.current) saveConfig(config)
  }, [config])

  const update = useCallback((change: Change) => {
    reportToolUse('builder')
    early.current?.push(change)
    setConfig(change)
  }, [])
  return { config, update, reset: () => update(createDefaultConfig) }
}

/** Address writes allowed at once per 30 s: Safari refuses more than 100 history calls in 30 s. */
const WRITES_AT_ONCE = 50

/**
 * Keeps the address showing the builder's state once the page's script runs (the form's own
 * submissions write it before that), so a reload or a shared link shows the same design and tab.
 * Replaced, not pushed: a change is no page of its own. Each change is written at once, so a
 * reload right after a click keeps the click (the reloaded page reads the address first). Only
 * when changes come very fast (a slider dragged) does it wait for a 300 ms pause, as browsers
 * throttle frequent history calls.
 */
function useAddressInStep(config: BuilderConfig, tab: BuilderTab, device: Device) {
  const first = useRef(true)
  const writes = useRef<number[]>([])
  useEffect(() => {
    if (first.current) {
      // The first render shows what the address already says.
      first.current = false
      return
    }
    const write = () => {
      const href = builderHref(config, tab, device)
      // Once a link or Convert has pushed another page's address, the builder stays drawn until
      // that page has rendered (React Router renders in a transition): the address is no longer ours.
      if (window.location.pathname !== new URL(href, window.location.href).pathname) return
      window.history.replaceState(window.history.state, '', href + window.location.hash)
      writes.current.push(performance.now())
    }
    const now = performance.now()
    writes.current = writes.current.filter((t) => now - t < 30_000)
    if (writes.current.length < WRITES_AT_ONCE) return write()
    const timer = setTimeout(write, 300)
    return () => clearTimeout(timer)
  }, [config, tab, device])
}

/**
 * The demo builder, 'Website Builder Demo' (spec sections 2, 3 and 5; the spec's 'Super Advanced
 * Website Builder' heading is a departure listed in docs/decisions/064): six tabs of options on the left,
 * a live preview at desktop, tablet or mobile width on the right, both fed by one config.
 *
 * Everything is one GET form (issue 22): the tabs, choices, toggles, Reset and Convert are its
 * submit buttons, the fields are its fields, and hidden fields carry the design as drawn, so
 * before the script runs (or without it) every control works through the route's loader. Once
 * hydrated, each control changes the page at once and the form never submits.
 */
export function WebsiteBuilder({ initial }: { initial: BuilderInitial }) {
  const { config, update, reset } = usePersistentConfig(initial.config)
  const [tab, setTab] = useState<BuilderTab>(initial.tab)
  const [device, setDevice] = useState<Device>(initial.device)
  const navigate = useNavigate()
  const template = templatesFor(config.industry).find((t) => t.id === config.selectedTemplate)
  useBuilderFont(config.customizations.fontFamily)
  useAddressInStep(config, tab, device)

  return (
    <form
      method="get"
      action="/demo-builder"
      onSubmit={(e) => e.preventDefault()}
      className="grid gap-8 xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]"
    >
      {/* The form's default button, first so that Enter in a field applies the fields and stays on
          the tab (it would otherwise press the first tab). */}
      <button type="submit" hidden tabIndex={-1}>
        Update preview
      </button>
      <input type="hidden" name={F.design} value={encodeCompactDesign(config)} />
      <input type="hidden" name={F.panel} value={tab} />
      {/* The width shown; a width button pressed comes later in the form, and the last one counts. */}
      <input type="hidden" name={F.device} value={device} />
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as BuilderTab)} className="min-w-0">
        <MiniPreview config={config} tab={tab} />
        <h2 className="mb-3 text-xl font-semibold text-ink-900">Customize your website</h2>
        <Tabs.List aria-label="Builder sections" className="grid grid-cols-3 gap-1 rounded-lg bg-ink-100 p-1 sm:grid-cols-6 xl:grid-cols-3">
          {BUILDER_TABS.map((t) => (
            <Tabs.Trigger key={t.id} value={t.id} asChild>
              <button
                type="submit"
                name={F.tab}
                value={t.id}
                className="rounded-md px-2 py-2 text-sm font-medium text-ink-800 hover:bg-white/70 data-[state=active]:bg-white data-[state=active]:text-primary-800 data-[state=active]:shadow"
              >
                {t.label}
              </button>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* Below xl the mini preview is stuck under the header: app.css makes everything brought
            into view stop below both (WCAG 2.4.11). Every panel holds form fields, so Tab goes
            from the tab list straight to the first of them (tabIndex -1: no extra stop on the
            whole panel, which a phone cannot show at once). */}
        <div className="mt-4 rounded-xl border border-ink-200 bg-white p-4 sm:p-6">
          {BUILDER_TABS.map(({ id }) => {
            const { Panel, apply } = PANELS[id]
            return (
              <Tabs.Content key={id} value={id} tabIndex={-1}>
                <Panel config={config} update={update} onChooseIndustry={() => setTab('basic')} />
                {apply && <ApplyUntilHydrated />}
              </Tabs.Content>
            )
          })}
        </div>
        <button
          type="submit"
          name={F.reset}
          value="1"
          onClick={reset}
          className="mt-3 inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900"
        >
          <Icon node={RotateCcw} aria-hidden="true" className="size-4" />
          Reset to defaults
        </button>
      </Tabs.Root>

      <section aria-labelledby="live-preview-heading" className="min-w-0 space-y-4 @container">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="live-preview-heading" className="text-xl font-semibold text-ink-900">
              Live Preview
            </h2>
            {/* The template's name is the builder's word, said here, not inside the visitor's site (issue 35). */}
            {template && (
              <p data-testid="preview-template" className="text-sm text-ink-600">
                Template: {template.name}
              </p>
            )}
          </div>
          <DeviceToggle device={device} onChange={setDevice} name={F.device} />
        </div>
        {device !== 'mobile' && (
          <p data-testid="preview-scroll-hint" className="text-sm text-ink-600 @xl:hidden">
            Shown large enough to read: swipe the preview sideways to see the whole {device} layout.
          </p>
        )}
        <PreviewFrame config={config} device={device} label={`Website preview, ${device} width`} />
        <div className="flex flex-col gap-3 sm:flex-row">
          <FullScreenPreview config={config} tab={tab} device={device} onDeviceChange={setDevice} initialOpen={initial.view === 'full'} />
          {/* A submit button, not a link: before the script runs, the form carries what the
              visitor typed and chose since the page was drawn, and the loader sends it on. */}
          <button
            type="submit"
            name={F.convert}
            value="1"
            onClick={(e) => {
              e.preventDefault()
              void navigate(proposalHref(config, BUILDER))
            }}
            className={buttonClass({ size: 'lg', className: 'flex-1' })}
          >
            <Icon node={Rocket} aria-hidden="true" className="size-5" />
            Convert to Real Website
          </button>
        </div>
      </section>
    </form>
  )
}

/**
 * Applies the open tab's fields (text, choices, boxes, sliders), shown only until the page's
 * script runs: from then on every change shows at once.
 * NOTE: a component of its own so that hydration re-renders only this button (as in
 * app/components/admin/list-actions.tsx), never the fields beside it.
 */
function ApplyUntilHydrated(): ReactNode {
  return useHydrated() ? null : (
    <button type="submit" className={buttonClass({ variant: 'secondary', className: 'mt-6' })}>
      Update preview
    </button>
  )
}

type FullScreenProps = { config: BuilderConfig; tab: BuilderTab; device: Device; onDeviceChange: (d: Device) => void; initialOpen: boolean }

const loadFullScreenDialog = () => import('./full-screen-dialog.tsx')
const FullScreenDialog = lazy(loadFullScreenDialog)

/**
 * 'Generate Advanced Preview'. Its button submits the builder's form with `view=full`, so before
 * the page's script runs the server draws the full-screen preview itself (NoScriptFullScreen).
 * Once hydrated it opens the dialog instead, whose module is fetched when the visitor first
 * reaches for the button (pointer or focus), not with the page.
 */
function FullScreenPreview({ config, tab, device, onDeviceChange, initialOpen }: FullScreenProps) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(initialOpen)
  // Mounted from the first opening on: closing then goes through the dialog's own close, which gives focus back.
  const [wanted, setWanted] = useState(initialOpen)
  const opener = useRef<HTMLButtonElement>(null)
  const serverDrawn = <NoScriptFullScreen config={config} tab={tab} device={device} />
  return (
    <>
      <button
        ref={opener}
        type="submit"
        name={F.view}
        value="full"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={() => void loadFullScreenDialog()}
        onFocus={() => void loadFullScreenDialog()}
        onClick={(e) => {
          e.preventDefault()
          setWanted(true)
          setOpen(true)
        }}
        className={buttonClass({ variant: 'outline', size: 'lg', className: 'flex-1' })}
      >
        <Icon node={Eye} aria-hidden="true" className="size-5" />
        Generate Advanced Preview
      </button>
      {!hydrated
        ? initialOpen && serverDrawn
        : wanted && (
            <Suspense fallback={open && initialOpen ? serverDrawn : null}>
              <FullScreenDialog
                config={config}
                device={device}
                onDeviceChange={onDeviceChange}
                open={open}
                onClose={() => setOpen(false)}
                opener={opener}
              />
            </Suspense>
          )}
    </>
  )
}

/**
 * The full-screen preview as the server draws it for `view=full`, before (or without) the page's
 * script: a fixed layer over the page with the same header, whose width buttons keep it open and
 * whose Close is a link back to the builder as it was.
 */
function NoScriptFullScreen({ config, tab, device }: { config: BuilderConfig; tab: BuilderTab; device: Device }) {
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="fixed inset-0 z-[71] flex flex-col bg-ink-100">
      <input type="hidden" name={F.view} value="full" />
      <div className="flex items-start justify-between gap-3 border-b border-ink-300 bg-white px-4 py-3">
        <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-3">
          <h2 id={titleId} className="min-w-0 text-lg font-semibold break-words text-ink-900">
            Advanced Preview: {config.businessName.trim() || 'Your Business Name'}
          </h2>
          <DeviceToggle device={device} onChange={() => {}} name={F.device} />
        </div>
        <a
          href={builderHref(config, tab, device)}
          aria-label="Close preview"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-md border border-ink-300 text-ink-800 hover:bg-ink-100"
        >
          <Icon node={X} aria-hidden="true" className="size-5" />
        </a>
      </div>
      <div tabIndex={0} aria-label="Preview area" role="group" className="flex-1 overflow-auto p-4 sm:p-8">
        <PreviewFrame config={config} device={device} label={`Full-screen website preview, ${device} width`} scroll={false} />
      </div>
    </section>
  )
}

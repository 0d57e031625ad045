import { useRef, useState, type KeyboardEvent } from 'react'
import { Icon, type IconNode } from '~/components/ui/icon.tsx'

export type Tool = {
  key: string
  label: string
  icon: IconNode
  /** Shown after the icon (the HTML source switch); other tools are icons with an aria-label. */
  text?: string
  /** aria-pressed: a toggle reports its state; omitted for a button that only acts. */
  pressed?: boolean
  /** aria-disabled, not `disabled`: the button stays in the arrow-key order (APG toolbar) but does nothing. */
  disabled?: boolean
  /** The tool opens a dialog (aria-haspopup) and whether it is open now (aria-expanded). */
  opens?: { expanded: boolean }
  /** aria-keyshortcuts, e.g. "Control+B". */
  shortcut?: string
  /** Starts the group pushed to the end of the row. */
  end?: boolean
  run: () => void
}

/**
 * The formatting toolbar (WAI-ARIA APG "Toolbar"): one tab stop; Left/Right move between the
 * tools (wrapping), Home/End go to the first and last; the tab stop stays on the tool used last.
 * `controls` is the id of the element the tools act on: it must exist in every mode.
 */
export function EditorToolbar({ label, controls, tools }: { label: string; controls: string; tools: Tool[] }) {
  const ref = useRef<HTMLDivElement>(null)
  const [current, setCurrent] = useState<string | undefined>(tools[0]?.key)
  const stop = tools.some((t) => t.key === current) ? current : tools[0]?.key

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const buttons = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('button[data-tool]') ?? [])
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
    if (at < 0) return
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[e.key]
    if (next === undefined) return
    e.preventDefault()
    const target = buttons[(next + buttons.length) % buttons.length]!
    target.focus()
    setCurrent(target.dataset.tool)
  }

  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-1 border-b border-ink-200 p-1.5"
    >
      {tools.map((t) => (
        <button
          key={t.key}
          type="button"
          data-tool={t.key}
          tabIndex={t.key === stop ? 0 : -1}
          aria-label={t.text ? undefined : t.label}
          title={t.text ? undefined : t.label}
          aria-pressed={t.pressed}
          aria-disabled={t.disabled || undefined}
          aria-haspopup={t.opens ? 'dialog' : undefined}
          aria-expanded={t.opens?.expanded}
          aria-keyshortcuts={t.shortcut}
          onFocus={() => setCurrent(t.key)}
          // Keep the caret and selection in the text while a tool is clicked.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            setCurrent(t.key)
            if (!t.disabled) t.run()
          }}
          className={[
            'inline-flex items-center gap-1.5 rounded p-1.5 text-ink-800 hover:bg-ink-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent aria-pressed:bg-primary-100 aria-pressed:text-primary-900',
            t.text ? 'px-2 text-sm font-medium' : '',
            t.end ? 'ml-auto' : '',
          ].join(' ')}
        >
          <Icon node={t.icon} aria-hidden="true" className="size-4" />
          {t.text}
        </button>
      ))}
    </div>
  )
}

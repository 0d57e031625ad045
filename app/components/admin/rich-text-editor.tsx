import { Bold, Code, Heading2, Heading3, Image, Italic, Link2, List, ListOrdered, Quote, FileCode } from 'lucide'
import { Icon, type IconNode } from '~/components/ui/icon.tsx'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useHydrated } from './use-hydrated.ts'

type Props = { id: string; name: string; label: ReactNode; value: string; onChange: (html: string) => void; invalid?: boolean; describedBy?: string }

/**
 * A small rich-text editor: a contentEditable region driven by document.execCommand (still the
 * only built-in way to edit rich text and supported by every browser), with a toolbar and an
 * 'HTML source' view. Whatever it produces is sanitized by the server on save.
 *
 * The HTML goes with the form under `name`: from a hidden input kept in sync once the page runs in
 * the browser, and from the 'HTML source' textarea before that (no JavaScript: the post is
 * written as HTML, which the spec allows).
 */
export function RichTextEditor({ id, name, label, value, onChange, invalid, describedBy }: Props) {
  const areaRef = useRef<HTMLDivElement>(null)
  const hydrated = useHydrated()
  const [sourceChosen, setSource] = useState(false)
  const source = sourceChosen || !hydrated

  // Only push outside changes into the editable region: rewriting innerHTML on every keystroke
  // would move the caret.
  useEffect(() => {
    const el = areaRef.current
    if (el && !source && el.innerHTML !== value) el.innerHTML = value
  }, [value, source])

  function emit() {
    onChange(areaRef.current?.innerHTML ?? '')
  }

  function exec(command: string, arg?: string) {
    areaRef.current?.focus()
    document.execCommand(command, false, arg)
    emit()
  }

  const tools: { label: string; icon: IconNode; run: () => void }[] = [
    { label: 'Heading 2', icon: Heading2, run: () => exec('formatBlock', 'h2') },
    { label: 'Heading 3', icon: Heading3, run: () => exec('formatBlock', 'h3') },
    { label: 'Bold', icon: Bold, run: () => exec('bold') },
    { label: 'Italic', icon: Italic, run: () => exec('italic') },
    { label: 'Bulleted list', icon: List, run: () => exec('insertUnorderedList') },
    { label: 'Numbered list', icon: ListOrdered, run: () => exec('insertOrderedList') },
    {
      label: 'Link',
      icon: Link2,
      run: () => {
        const url = window.prompt('Link address (https://...)')
        if (url && /^(https?:\/\/|\/|mailto:)/i.test(url.trim())) exec('createLink', url.trim())
      },
    },
    {
      label: 'Image',
      icon: Image,
      run: () => {
        const url = window.prompt('Image address (https://... or /uploads/...)')
        if (url && /^(https?:\/\/|\/)/i.test(url.trim())) exec('insertImage', url.trim())
      },
    },
    { label: 'Code block', icon: Code, run: () => exec('formatBlock', 'pre') },
    { label: 'Quote', icon: Quote, run: () => exec('formatBlock', 'blockquote') },
  ]

  const labelId = `${id}-label`
  return (
    <div>
      <div id={labelId} className="block text-sm font-medium text-ink-800">
        {label}
      </div>
      <div className={`mt-1 rounded-md border bg-white ${invalid ? 'border-danger-700' : 'border-ink-400'}`}>
        <div role="toolbar" aria-label="Formatting" aria-controls={id} className="flex flex-wrap gap-1 border-b border-ink-200 p-1.5">
          {tools.map((t) => (
            <button
              key={t.label}
              type="button"
              aria-label={t.label}
              title={t.label}
              disabled={source}
              onMouseDown={(e) => e.preventDefault()}
              onClick={t.run}
              className="rounded p-1.5 text-ink-800 hover:bg-ink-100 disabled:opacity-40"
            >
              <Icon node={t.icon} aria-hidden="true" className="size-4" />
            </button>
          ))}
          <button
            type="button"
            aria-pressed={source}
            disabled={!hydrated}
            onClick={() => setSource((s) => !s)}
            className="ml-auto inline-flex items-center gap-1.5 rounded px-2 py-1.5 text-sm font-medium text-ink-800 hover:bg-ink-100"
          >
            <Icon node={FileCode} aria-hidden="true" className="size-4" /> HTML source
          </button>
        </div>
        {source ? (
          <>
            <label htmlFor={`${id}-source`} className="sr-only">
              HTML source
            </label>
            <textarea
              id={`${id}-source`}
              name={hydrated ? undefined : name}
              rows={20}
              value={value}
              onChange={(e) => onChange(e.target.value)}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className="block w-full resize-y rounded-b-md p-3 font-mono text-sm text-ink-900"
            />
          </>
        ) : (
          <div
            id={id}
            ref={areaRef}
            role="textbox"
            aria-multiline="true"
            aria-labelledby={labelId}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            contentEditable
            suppressContentEditableWarning
            onInput={emit}
            onBlur={emit}
            className="rte-content min-h-[28rem] space-y-3 p-3 text-ink-900 [&_blockquote]:border-l-4 [&_blockquote]:border-ink-300 [&_blockquote]:pl-3 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:rounded [&_pre]:bg-ink-100 [&_pre]:p-2 [&_ul]:list-disc [&_ul]:pl-6 [&_a]:text-primary-700 [&_a]:underline"
          />
        )}
      </div>
      {hydrated && <input type="hidden" name={name} value={value} />}
    </div>
  )
}

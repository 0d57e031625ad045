import { posToDOMRect, type Editor } from '@tiptap/core'
import { ExternalLink, Unlink } from 'lucide'
import { Popover } from 'radix-ui'
import { useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { FieldError, FieldHint, fieldAria, Label } from '~/components/ui/field.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { Input } from '~/components/ui/input.tsx'
import { isAllowedHref, normalizeHref } from './links.ts'

/**
 * The link form (a small non-modal dialog next to the selected text): the address, Apply, and for
 * a link already there Open (new tab) and Remove. Enter applies, Escape closes; focus goes back
 * to where it was when the form opened (the text or the toolbar).
 */
export function LinkPopover({
  editor,
  open,
  onOpenChange,
  returnFocus,
}: {
  editor: Editor
  open: boolean
  onOpenChange: (open: boolean) => void
  returnFocus: HTMLElement | null
}) {
  const titleId = useId()
  const done = useRef(false)

  // Where the form points: the selected text, measured when it opens.
  const anchor = useMemo(() => {
    if (!open) return { current: null }
    const { from, to } = editor.state.selection
    const rect = posToDOMRect(editor.view, from, to)
    return { current: { getBoundingClientRect: () => rect } }
  }, [open, editor])

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          aria-labelledby={titleId}
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          onCloseAutoFocus={(e) => {
            e.preventDefault()
            // After Apply/Remove the caret is back in the text; after Escape, go back where we were.
            // The text is focused at once (view.focus), not with Tiptap's focus command: that one
            // focuses again a frame later, which could take the focus from a form opened in the
            // meantime (Ctrl+K right after closing) and so close it.
            const toText = done.current || !returnFocus || returnFocus === editor.view.dom
            done.current = false
            if (toText) {
              editor.view.focus()
              editor.commands.scrollIntoView()
            } else returnFocus.focus()
          }}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-lg border border-ink-200 bg-white p-4 shadow-lg"
        >
          {/* Mounted only while open, so each opening starts from the link under the caret. */}
          <LinkForm
            editor={editor}
            titleId={titleId}
            onDone={() => {
              done.current = true
              onOpenChange(false)
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}

function LinkForm({ editor, titleId, onDone }: { editor: Editor; titleId: string; onDone: () => void }) {
  const inputId = useId()
  const [current] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '')
  const [href, setHref] = useState(current)
  const [error, setError] = useState<string | undefined>()

  function apply(e: FormEvent) {
    // The form sits in a portal inside the post's form: React would bubble the submit up to it.
    e.preventDefault()
    e.stopPropagation()
    const value = normalizeHref(href)
    if (!value) return setError('Enter the link address.')
    if (!isAllowedHref(value)) return setError('Use an address starting with https://, mailto: or / (a page of this site).')
    // No focus command here: the text gets the focus back when the form has closed (onCloseAutoFocus).
    const chain = editor.chain()
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs: { href: value } }] }).run()
    else chain.extendMarkRange('link').setLink({ href: value }).run()
    onDone()
  }

  function remove() {
    editor.chain().extendMarkRange('link').unsetLink().run()
    onDone()
  }

  const aria = fieldAria(inputId, { hint: true, error })
  return (
    <form onSubmit={apply} noValidate>
      <p id={titleId} className="mb-2 text-sm font-semibold text-ink-900">
        Link
      </p>
      <Label htmlFor={inputId}>Link address</Label>
      <Input
        {...aria}
        type="url"
        inputMode="url"
        className="mt-1"
        value={href}
        onChange={(e) => setHref(e.target.value)}
        placeholder="https://"
        autoComplete="off"
      />
      <FieldHint id={inputId}>A web address, mailto:, or a page of this site such as /pricing.</FieldHint>
      <FieldError id={inputId} message={error} />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm">
          Apply
        </Button>
        {current && (
          <>
            <a href={current} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              <Icon node={ExternalLink} aria-hidden="true" className="size-4" /> Open link
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <Button variant="danger-outline" size="sm" onClick={remove}>
              <Icon node={Unlink} aria-hidden="true" className="size-4" /> Remove link
            </Button>
          </>
        )}
      </div>
    </form>
  )
}

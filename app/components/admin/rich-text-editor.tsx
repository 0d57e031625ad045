import { createDocument, getHTMLFromFragment, isNodeSelection, type Editor } from '@tiptap/core'
import { Fragment, Slice, type Node as ProseMirrorNode } from '@tiptap/pm/model'
import { Selection } from '@tiptap/pm/state'
import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import { Bold, Code, FileCode, Heading2, Heading3, ImagePlus, Italic, Link2, List, ListOrdered, Quote, SquareCode } from 'lucide'
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { blogExtensions } from './editor/extensions.ts'
import { droppedElements, tidyHtml } from './editor/html.ts'
import { ImageDialog, type ImageRequest } from './editor/image-dialog.tsx'
import { LinkPopover } from './editor/link-popover.tsx'
import { EditorToolbar, type Tool } from './editor/toolbar.tsx'
import { useHydrated } from './use-hydrated.ts'

type Props = {
  id: string
  name: string
  label: ReactNode
  value: string
  onChange: (html: string) => void
  invalid?: boolean
  describedBy?: string
  /** The 'Insert image' tool (an upload, which needs the `uploads` permission): on for posts. */
  images?: boolean
  /** 'short' for a few paragraphs (a proposal's summary); 'tall' for a post. */
  size?: 'tall' | 'short'
}

/** The post as the editor would save it: tidied, '' when empty. */
function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : tidyHtml(editor.getHTML())
}

/** What `html` becomes once it has passed through the editor's schema (without touching the editor). */
function throughSchema(editor: Editor, html: string): string {
  return tidyHtml(getHTMLFromFragment(createDocument(html, editor.schema).content, editor.schema))
}

/** Drops pictures that carry no alt decision from pasted or dropped HTML; counts them. */
function withoutUndescribedImages(slice: Slice, dropped: { count: number }): Slice {
  const walk = (fragment: Fragment): Fragment => {
    const kept: ProseMirrorNode[] = []
    fragment.forEach((node) => {
      if (node.type.name === 'image' && node.attrs.alt == null) dropped.count++
      else kept.push(node.isLeaf ? node : node.copy(walk(node.content)))
    })
    return Fragment.fromArray(kept)
  }
  const content = walk(slice.content)
  // Closed ends: a removed first or last node would leave the open depths pointing at nothing.
  return dropped.count ? new Slice(content, 0, 0) : slice
}

const HEIGHT = { tall: 'min-h-[28rem]', short: 'min-h-[10rem]' }
const CONTENT_CLASS = [
  'space-y-3 rounded-b-md p-3 text-ink-900 whitespace-pre-wrap break-words',
  '[&_h1]:text-2xl [&_h1]:font-bold [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-ink-300 [&_blockquote]:pl-3 [&_blockquote]:italic',
  '[&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_a]:text-primary-700 [&_a]:underline',
  '[&_code]:rounded [&_code]:bg-ink-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-sm',
  '[&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-ink-100 [&_pre]:p-3 [&_pre_code]:p-0',
  '[&_img]:max-h-96 [&_img]:rounded-md [&_img.ProseMirror-selectednode]:outline-3 [&_img.ProseMirror-selectednode]:outline-primary-600',
  // A picture that came in through the HTML source without an alt decision stands out.
  '[&_img:not([alt])]:outline-2 [&_img:not([alt])]:outline-dashed [&_img:not([alt])]:outline-danger-700',
].join(' ')

/**
 * The rich-text editor of posts and of a proposal's summary, on TipTap (ProseMirror): paragraphs, H2/H3, bold, italic, inline
 * code, lists, quotes, code blocks, links (a small form, no prompt) and uploaded pictures with an
 * alt decision; an 'HTML source' view for the rest. What it writes is plain HTML on the
 * sanitizer's allow-list (docs/decisions/020-editor-library.md). Imported only by the back
 * office's editors (posts, proposals), so public pages never load it.
 *
 * The HTML goes with the form under `name`: from a hidden input kept in sync once the page runs in
 * the browser, and from the 'HTML source' textarea before that (no JavaScript: the post is
 * written as HTML, which the spec allows). `id` is always the content box on screen (the visual
 * one, or the source textarea), so focusing `#id` after a refused save lands where the admin types.
 */
export function RichTextEditor({ id, name, label, value, onChange, invalid, describedBy, images = true, size = 'tall' }: Props) {
  const hydrated = useHydrated()
  const labelId = `${id}-label`
  const [sourceChosen, setSourceChosen] = useState(false)
  const [lost, setLost] = useState<{ elements: string[]; on: 'open' | 'switch' } | null>(null)
  const [status, setStatus] = useState('')
  const [linkOpen, setLinkOpen] = useState(false)
  const [linkReturn, setLinkReturn] = useState<HTMLElement | null>(null)
  const [imageRequest, setImageRequest] = useState<ImageRequest | null>(null)
  // What the editor last reported, to tell its own echo from an outside change of `value`.
  const emitted = useRef(value)
  const latest = useRef({ onChange, openLink: () => {}, requestImage: (_r: ImageRequest) => {}, say: (_m: string) => {} })
  const [initial] = useState(value)
  const dragging = useRef(false)

  const extensions = useMemo(() => blogExtensions({ onLinkShortcut: () => latest.current.openLink() }), [])

  const editorProps = useMemo(
    () => ({
      attributes: {
        id: sourceChosen ? `${id}-visual` : id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-required': 'true',
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: `${HEIGHT[size]} ${CONTENT_CLASS}`,
      },
      // A picture file dropped or pasted opens the image dialog at that place; it is inserted once described.
      handleDrop: (view: Editor['view'], event: DragEvent, _slice: Slice, moved: boolean) => {
        const file = moved || !images ? undefined : Array.from(event.dataTransfer?.files ?? []).find((f) => f.type.startsWith('image/'))
        if (!file) return false
        event.preventDefault()
        latest.current.requestImage({ mode: 'insert', file, pos: view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos })
        return true
      },
      handlePaste: (view: Editor['view'], event: ClipboardEvent) => {
        const file = images ? Array.from(event.clipboardData?.files ?? []).find((f) => f.type.startsWith('image/')) : undefined
        if (!file) return false
        latest.current.requestImage({ mode: 'insert', file, pos: view.state.selection.from })
        return true
      },
      // A picture moved within the text keeps whatever it has: only what comes from outside is checked.
      handleDOMEvents: {
        dragstart: () => {
          dragging.current = true
          return false
        },
        dragend: () => {
          dragging.current = false
          return false
        },
      },
      transformPasted: (slice: Slice) => {
        if (dragging.current) return slice
        const dropped = { count: 0 }
        const kept = withoutUndescribedImages(slice, dropped)
        if (dropped.count) latest.current.say('Pictures without alt text were left out of what you pasted. Add them with Insert image.')
        return kept
      },
    }),
    [id, labelId, invalid, describedBy, sourceChosen, size, images],
  )

  const editor = useEditor({
    // The server and the hydration pass render the source textarea; the editor starts after.
    immediatelyRender: false,
    extensions,
    content: initial,
    editorProps,
    onCreate: ({ editor: e }) => {
      // A post holding what the visual editor cannot show (a table, say) opens in the HTML source,
      // so that the first keystroke does not silently drop it.
      const elements = droppedElements(initial, editorHtml(e))
      if (elements.length) {
        setSourceChosen(true)
        setLost({ elements, on: 'open' })
      }
    },
    onUpdate: ({ editor: e }) => {
      const html = editorHtml(e)
      emitted.current = html
      latest.current.onChange(html)
    },
  })

  const source = sourceChosen || !editor
  useLayoutEffect(() => {
    latest.current = {
      onChange,
      openLink: () => {
        setLinkReturn(document.activeElement instanceof HTMLElement ? document.activeElement : null)
        setLinkOpen(true)
      },
      requestImage: setImageRequest,
      say: setStatus,
    }
  }, [onChange])

  // A value changed from outside (the form reset after an answer): show it.
  useEffect(() => {
    if (!editor || source || value === emitted.current) return
    editor.commands.setContent(value, { emitUpdate: false })
    emitted.current = value
  }, [editor, value, source])

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e && {
        h2: e.isActive('heading', { level: 2 }),
        h3: e.isActive('heading', { level: 3 }),
        bold: e.isActive('bold'),
        italic: e.isActive('italic'),
        code: e.isActive('code'),
        bullet: e.isActive('bulletList'),
        ordered: e.isActive('orderedList'),
        quote: e.isActive('blockquote'),
        codeBlock: e.isActive('codeBlock'),
        image: isNodeSelection(e.state.selection) && e.state.selection.node.type.name === 'image',
      },
  })

  function toVisual() {
    if (!editor) return
    editor.commands.setContent(value, { emitUpdate: false })
    const html = editorHtml(editor)
    emitted.current = html
    if (html !== value) onChange(html)
    setSourceChosen(false)
    setLost(null)
  }

  function toggleSource() {
    if (!editor) return
    if (!source) {
      setSourceChosen(true)
      setStatus('')
      return
    }
    const elements = droppedElements(value, throughSchema(editor, value))
    if (elements.length) return setLost({ elements, on: 'switch' })
    toVisual()
  }

  function openImage() {
    if (!editor) return
    const { selection } = editor.state
    if (isNodeSelection(selection) && selection.node.type.name === 'image')
      setImageRequest({
        mode: 'describe',
        pos: selection.from,
        src: selection.node.attrs.src as string,
        alt: selection.node.attrs.alt as string | null,
      })
    else setImageRequest({ mode: 'insert' })
  }

  const run = (f: (e: Editor) => void) => () => editor && f(editor)
  const mark = (
    key: string,
    label: string,
    icon: Tool['icon'],
    pressed: boolean | undefined,
    act: (e: Editor) => void,
    shortcut?: string,
  ): Tool => ({
    key,
    label,
    icon,
    pressed: Boolean(pressed),
    disabled: source,
    shortcut,
    run: run(act),
  })
  const tools: Tool[] = [
    mark('h2', 'Heading 2', Heading2, state?.h2, (e) => e.chain().focus().toggleHeading({ level: 2 }).run()),
    mark('h3', 'Heading 3', Heading3, state?.h3, (e) => e.chain().focus().toggleHeading({ level: 3 }).run()),
    mark('bold', 'Bold', Bold, state?.bold, (e) => e.chain().focus().toggleBold().run(), 'Control+B'),
    mark('italic', 'Italic', Italic, state?.italic, (e) => e.chain().focus().toggleItalic().run(), 'Control+I'),
    mark('code', 'Inline code', Code, state?.code, (e) => e.chain().focus().toggleCode().run(), 'Control+E'),
    mark('bullet', 'Bulleted list', List, state?.bullet, (e) => e.chain().focus().toggleBulletList().run()),
    mark('ordered', 'Numbered list', ListOrdered, state?.ordered, (e) => e.chain().focus().toggleOrderedList().run()),
    mark('quote', 'Quote', Quote, state?.quote, (e) => e.chain().focus().toggleBlockquote().run()),
    mark('codeBlock', 'Code block', SquareCode, state?.codeBlock, (e) => e.chain().focus().toggleCodeBlock().run()),
    {
      key: 'link',
      label: 'Link',
      icon: Link2,
      disabled: source,
      opens: { expanded: linkOpen },
      shortcut: 'Control+K',
      run: () => latest.current.openLink(),
    },
    ...(images
      ? [
          {
            key: 'image',
            label: state?.image ? 'Describe image' : 'Insert image',
            icon: ImagePlus,
            disabled: source,
            opens: { expanded: imageRequest !== null },
            run: openImage,
          },
        ]
      : []),
    {
      key: 'source',
      label: 'HTML source',
      text: 'HTML source',
      icon: FileCode,
      pressed: source,
      disabled: !editor,
      end: true,
      run: toggleSource,
    },
  ]

  return (
    <div>
      <div
        id={labelId}
        className="block text-sm font-medium text-ink-800"
        onClick={() => (source ? document.getElementById(id)?.focus() : editor?.commands.focus())}
      >
        {label}
      </div>
      <div className={`mt-1 rounded-md border bg-white ${invalid ? 'border-danger-700' : 'border-ink-400'}`}>
        <EditorToolbar label="Formatting" controls={id} tools={tools} />
        {lost && (
          <div role="alert" className="border-b border-warning-300 bg-warning-50 p-3 text-sm text-warning-900">
            <p>
              {lost.on === 'open' ? 'This post opens in HTML source: the visual editor cannot show ' : 'The visual editor cannot show '}
              {lost.elements.map((t, i) => (
                <span key={t}>
                  {i > 0 && ', '}
                  {t === 'text' ? 'some of the text' : <code>{`<${t}>`}</code>}
                </span>
              ))}
              {lost.on === 'open' ? ', and editing there would drop it.' : '. Switching would drop it.'}
            </p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={toVisual}>
              Switch to the visual editor anyway
            </Button>
          </div>
        )}
        <p role="status" className="sr-only">
          {status}
        </p>
        {editor && <EditorContent editor={editor} hidden={source} />}
        {source && (
          <>
            <span id={`${id}-source-name`} className="sr-only">
              HTML source
            </span>
            <textarea
              id={id}
              name={hydrated ? undefined : name}
              rows={size === 'short' ? 8 : 20}
              // Uncontrolled: it starts from the post and only the admin changes it while it is shown, and
              // a re-render of the page from a native listener cannot reset what was just typed.
              defaultValue={value}
              onChange={(e) => onChange(e.target.value)}
              aria-labelledby={`${labelId} ${id}-source-name`}
              aria-required="true"
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className="block w-full resize-y rounded-b-md p-3 font-mono text-sm text-ink-900"
            />
          </>
        )}
      </div>
      {hydrated && <input type="hidden" name={name} value={value} />}
      {editor && (
        <>
          <LinkPopover editor={editor} open={linkOpen} onOpenChange={setLinkOpen} returnFocus={linkReturn} />
          <ImageDialog
            request={images ? imageRequest : null}
            onClose={() => setImageRequest(null)}
            focusText={() => editor.view.focus()}
            onInsert={(attrs, pos) => {
              const chain = editor.chain().focus()
              if (pos === undefined) chain.setImage(attrs).run()
              else chain.insertContentAt(pos, { type: 'image', attrs }).run()
              // Typing goes on after the picture rather than replacing it (insertion leaves it selected).
              const { selection, tr } = editor.state
              if (isNodeSelection(selection)) editor.view.dispatch(tr.setSelection(Selection.near(tr.doc.resolve(selection.to), 1)))
              setImageRequest(null)
            }}
            onDescribe={(alt, pos) => {
              editor.chain().focus().setNodeSelection(pos).updateAttributes('image', { alt }).run()
              setImageRequest(null)
            }}
          />
        </>
      )}
    </div>
  )
}

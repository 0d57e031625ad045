import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useCsrfToken } from '~/components/csrf-field.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Dialog, DialogClose, DialogCloseIcon, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog.tsx'
import { FieldError, FieldHint, fieldAria, Label } from '~/components/ui/field.tsx'
import { Textarea } from '~/components/ui/input.tsx'
import { IMAGE_TYPES, imageFileProblem, uploadImage } from '../upload-image.ts'

/**
 * What the dialog is asked: a new picture (from the toolbar with none chosen yet, or dropped or
 * pasted, then with its file), or the description of a picture already in the text.
 */
export type ImageRequest =
  { mode: 'insert'; file?: File; pos?: number } | { mode: 'describe'; pos: number; src: string; alt: string | null }

/**
 * Asks for the one decision an image needs before it goes into a post: what it shows (alt
 * text) or that it is decorative (alt=""). Nothing is inserted without it; Cancel inserts
 * nothing. A new picture is uploaded (POST /api/uploads) when the admin confirms.
 */
export function ImageDialog({
  request,
  onClose,
  onInsert,
  onDescribe,
  focusText,
}: {
  request: ImageRequest | null
  onClose: () => void
  onInsert: (image: { src: string; alt: string }, pos: number | undefined) => void
  onDescribe: (alt: string, pos: number) => void
  /** Puts the caret back in the text. */
  focusText: () => void
}) {
  // The dialog has no Radix trigger (the toolbar, a drop or a paste opens it), so Radix would
  // leave focus on <body> when it closes: remember where it was opened from instead.
  const opener = useRef<HTMLElement | null>(null)
  const done = useRef(false)
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        layout="wide"
        // Start at the first question (the file, or the alt text when the file came by drop or paste), not the close button.
        onOpenAutoFocus={(e) => {
          // Still the element focused before the dialog opened (Radix asks before it moves focus).
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
          done.current = false
          e.preventDefault()
          ;(e.currentTarget as HTMLElement).querySelector<HTMLElement>('[data-autofocus]')?.focus()
        }}
        // After Insert or Save the admin goes on typing; after Cancel, × or Escape, back where they were.
        onCloseAutoFocus={(e) => {
          e.preventDefault()
          const back = opener.current
          if (!done.current && back?.isConnected && back !== document.body) back.focus()
          else focusText()
        }}
      >
        {request && (
          <ImageForm
            request={request}
            onInsert={(image, pos) => {
              done.current = true
              onInsert(image, pos)
            }}
            onDescribe={(alt, pos) => {
              done.current = true
              onDescribe(alt, pos)
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function ImageForm({
  request,
  onInsert,
  onDescribe,
}: {
  request: ImageRequest
  onInsert: (image: { src: string; alt: string }, pos: number | undefined) => void
  onDescribe: (alt: string, pos: number) => void
}) {
  const id = useId()
  const fileId = `${id}-file`
  const altId = `${id}-alt`
  const decorativeId = `${id}-decorative`
  const csrfToken = useCsrfToken()
  const inserting = request.mode === 'insert'
  const [file, setFile] = useState<File | undefined>(inserting ? request.file : undefined)
  const [alt, setAlt] = useState(request.mode === 'describe' ? (request.alt ?? '') : '')
  const [decorative, setDecorative] = useState(request.mode === 'describe' && request.alt === '')
  const [errors, setErrors] = useState<{ file?: string; alt?: string }>(() => ({
    file: file ? (imageFileProblem(file) ?? undefined) : undefined,
  }))
  const [uploadError, setUploadError] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const [preview, setPreview] = useState<string | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const altInput = useRef<HTMLTextAreaElement>(null)

  // A local preview of the chosen file, so the admin can describe what they are about to insert.
  useEffect(() => {
    if (!file || imageFileProblem(file)) return setPreview(null)
    const url = URL.createObjectURL(file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [file])

  function chooseFile(next: File | undefined) {
    setFile(next)
    setUploadError(null)
    setErrors((e) => ({ ...e, file: next ? (imageFileProblem(next) ?? undefined) : undefined }))
  }

  async function submit(e: FormEvent) {
    // The dialog is portalled out of the post's form in the DOM, not in React: stop the bubbling.
    e.preventDefault()
    e.stopPropagation()
    const text = alt.trim()
    const next = {
      file: inserting ? (!file ? 'Choose an image file.' : (imageFileProblem(file) ?? undefined)) : undefined,
      alt: decorative || text ? undefined : 'Describe the image, or mark it as decorative.',
    }
    setErrors(next)
    if (next.file) return fileInput.current?.focus()
    if (next.alt) return altInput.current?.focus()
    const value = decorative ? '' : text
    if (request.mode === 'describe') return onDescribe(value, request.pos)
    setUploading(true)
    setUploadError(null)
    try {
      const src = await uploadImage(file!, csrfToken)
      onInsert({ src, alt: value }, request.pos)
    } catch (err) {
      setUploadError((err as Error).message)
      setUploading(false)
    }
  }

  const shown = inserting ? preview : request.src
  const altAria = fieldAria(altId, { hint: true, error: errors.alt })
  return (
    <form onSubmit={submit} noValidate>
      <div className="flex items-start justify-between gap-4">
        <DialogTitle>{inserting ? 'Insert image' : 'Describe image'}</DialogTitle>
        <DialogCloseIcon />
      </div>
      <DialogDescription>
        {inserting
          ? 'Choose a picture and say what it shows for readers who cannot see it, or mark it as decorative.'
          : 'Say what the picture shows for readers who cannot see it, or mark it as decorative.'}
      </DialogDescription>

      <div className="mt-4 space-y-4">
        {inserting && (
          <div>
            <Label htmlFor={fileId}>Image file</Label>
            <input
              ref={fileInput}
              data-autofocus={file ? undefined : true}
              {...fieldAria(fileId, { hint: true, error: errors.file })}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              disabled={uploading}
              onChange={(e) => chooseFile(e.target.files?.[0] ?? file)}
              className="mt-1 block w-full text-sm text-ink-800 file:mr-3 file:rounded-md file:border file:border-ink-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-ink-800 hover:file:bg-ink-50"
            />
            <FieldHint id={fileId}>{file ? `Chosen: ${file.name}. ` : ''}JPEG, PNG or WebP, up to 5 MB.</FieldHint>
            <FieldError id={fileId} message={errors.file} />
          </div>
        )}
        {shown && <img src={shown} alt="" className="max-h-40 rounded-md border border-ink-200 object-contain" />}

        <div>
          <Label htmlFor={altId}>Alt text</Label>
          <Textarea
            ref={altInput}
            data-autofocus={!inserting || file ? true : undefined}
            {...altAria}
            rows={2}
            className="mt-1"
            value={alt}
            disabled={decorative || uploading}
            onChange={(e) => {
              setAlt(e.target.value)
              if (e.target.value.trim()) setErrors((er) => ({ ...er, alt: undefined }))
            }}
          />
          <FieldHint id={altId}>What the picture shows, in a sentence; not &ldquo;image of&rdquo;.</FieldHint>
          <FieldError id={altId} message={errors.alt} />
        </div>
        <div className="flex items-start gap-2">
          <input
            id={decorativeId}
            type="checkbox"
            checked={decorative}
            disabled={uploading}
            onChange={(e) => {
              setDecorative(e.target.checked)
              if (e.target.checked) setErrors((er) => ({ ...er, alt: undefined }))
            }}
            className="mt-0.5 size-4 accent-primary-700"
          />
          <label htmlFor={decorativeId} className="text-sm text-ink-800">
            Decorative: it adds nothing a reader needs, so screen readers skip it (alt=&quot;&quot;)
          </label>
        </div>
        {uploadError && (
          <p role="alert" className="text-sm font-medium text-danger-700">
            {uploadError}
          </p>
        )}
      </div>

      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={uploading}>
          {inserting ? (uploading ? 'Uploading...' : 'Insert image') : 'Save description'}
        </Button>
      </div>
    </form>
  )
}

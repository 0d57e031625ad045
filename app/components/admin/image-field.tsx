import { Upload } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { useId, useRef, useState } from 'react'
import { useCsrfToken } from '~/components/csrf-field.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { Field, FieldError, fieldAria, Label } from '~/components/ui/field.tsx'
import { Input } from '~/components/ui/input.tsx'
import { imageFileProblem, uploadImage } from './upload-image.ts'
import { useHydrated } from './use-hydrated.ts'

/** The picture's alt text field and its "decorative" checkbox, posted with the form. */
export type ImageAltProps = {
  /** The alt text input's id (`{editor}-imageAlt`, so a refused value gets the focus). */
  id: string
  name: string
  decorativeName: string
  defaultValue: string
  defaultDecorative: boolean
  error?: string
}

/**
 * The alt text of an editor's cover (`imageAlt`, `imageDecorative`: the schemas' coverAltFields),
 * from the editor's starting values and refusals; `idPrefix` is the editor's (`post`, `item`).
 */
export function coverAlt(
  idPrefix: string,
  start: { imageAlt: string; imageDecorative: boolean },
  errors: { imageAlt?: string },
): ImageAltProps {
  return {
    id: `${idPrefix}-imageAlt`,
    name: 'imageAlt',
    decorativeName: 'imageDecorative',
    defaultValue: start.imageAlt,
    defaultDecorative: start.imageDecorative,
    error: errors.imageAlt,
  }
}

/**
 * An image URL field (posted with its form under `name`) that also takes an uploaded JPEG, PNG or
 * WebP file (stored on our server, resized, and its URL put in the field), with a preview of the
 * current picture. The upload needs JavaScript, so it appears once the page is hydrated; without
 * it the URL is typed in. With `alt`, the picture's alt text sits beside it: required while there
 * is a picture, unless it is marked decorative (the schema checks it; see COVER_ALT_REQUIRED).
 */
export function ImageField({
  id,
  name,
  label,
  defaultValue,
  onChange,
  required,
  error,
  alt,
}: {
  id: string
  name: string
  label: string
  defaultValue: string
  onChange?: (url: string) => void
  required?: boolean
  error?: string
  alt?: ImageAltProps
}) {
  const fileId = useId()
  const input = useRef<HTMLInputElement>(null)
  const csrfToken = useCsrfToken()
  const hydrated = useHydrated()
  const [value, setValue] = useState(defaultValue)
  const [uploading, setUploading] = useState(false)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const [decorative, setDecorative] = useState(alt?.defaultDecorative ?? false)
  const message = uploadError ?? error

  function update(url: string) {
    setValue(url)
    onChange?.(url)
  }

  async function onFile(file: File | undefined) {
    if (!file) return
    setUploadError(null)
    const problem = imageFileProblem(file)
    if (problem) return setUploadError(problem)
    setUploading(true)
    try {
      const url = await uploadImage(file, csrfToken)
      if (input.current) input.current.value = url
      update(url)
    } catch (err) {
      setUploadError((err as Error).message)
    } finally {
      setUploading(false)
    }
  }

  return (
    <div>
      <Label htmlFor={id} required={required} className="mb-1">
        {label}
      </Label>
      <Input
        {...fieldAria(id, { error: message ?? undefined })}
        ref={input}
        name={name}
        type="text"
        inputMode="url"
        defaultValue={defaultValue}
        onChange={(e) => update(e.target.value)}
        placeholder={hydrated ? 'https://example.com/image.jpg or upload a file' : 'https://example.com/image.jpg'}
        aria-required={required || undefined}
      />
      {hydrated && (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <label
            htmlFor={fileId}
            className={buttonClass({
              variant: 'secondary',
              size: 'sm',
              className: 'cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary-600',
            })}
          >
            <Icon node={Upload} aria-hidden="true" className="size-4" />
            {uploading ? 'Uploading...' : 'Upload image'}
            <input
              id={fileId}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              disabled={uploading}
              onChange={(e) => {
                void onFile(e.target.files?.[0])
                e.target.value = ''
              }}
            />
          </label>
          <span className="text-xs text-ink-600">JPEG, PNG or WebP, up to 5 MB</span>
        </div>
      )}
      {/* role="alert": an upload's refusal arrives while the admin looks at the file picker. */}
      <FieldError id={id} message={message} role="alert" />
      {value && /^(\/|https?:\/\/)/i.test(value) && (
        <img
          src={value}
          alt={`Preview of ${label.toLowerCase()}`}
          className="mt-3 max-h-48 rounded-md border border-ink-200 object-cover"
        />
      )}
      {alt && (
        <div className="mt-4 space-y-2">
          <Field
            id={alt.id}
            label="Image alt text"
            required={Boolean(value) && !decorative}
            hint="What the picture shows, in a sentence, for people who cannot see it."
            error={alt.error}
          >
            {/* Disabled only once hydrated: without JavaScript the checkbox cannot enable it again (the server ignores it when decorative). */}
            <Input
              name={alt.name}
              defaultValue={alt.defaultValue}
              disabled={hydrated && decorative}
              aria-required={(Boolean(value) && !decorative) || undefined}
            />
          </Field>
          <div className="flex items-start gap-2">
            <input
              id={`${alt.id}-decorative`}
              type="checkbox"
              name={alt.decorativeName}
              value="true"
              defaultChecked={alt.defaultDecorative}
              onChange={(e) => setDecorative(e.target.checked)}
              className="mt-0.5 size-4 accent-primary-700"
            />
            <label htmlFor={`${alt.id}-decorative`} className="text-sm text-ink-800">
              Decorative: it adds nothing a reader needs, so screen readers skip it (alt=&quot;&quot;)
            </label>
          </div>
        </div>
      )}
    </div>
  )
}

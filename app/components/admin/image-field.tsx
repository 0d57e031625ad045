import { Upload } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { useId, useState } from 'react'
import { inputClass, labelClass, RequiredMark } from './ui.tsx'

const TYPES = ['image/jpeg', 'image/png', 'image/webp']
const MAX_BYTES = 5 * 1024 * 1024

function csrfCookie(): string | undefined {
  const m = document.cookie.match(/(?:^|;\s*)csrf=([^;]+)/)
  return m ? decodeURIComponent(m[1]) : undefined
}

/** Sends one picture to POST /api/uploads as the raw body; resolves to its public URL. */
export async function uploadImage(file: File): Promise<string> {
  let token = csrfCookie()
  if (!token) {
    const s = await fetch('/api/auth/session', { credentials: 'same-origin' })
    token = ((await s.json()) as { csrfToken: string }).csrfToken
  }
  const res = await fetch('/api/uploads', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': file.type, 'x-csrf-token': token, accept: 'application/json' },
    body: file,
  })
  const body = (await res.json().catch(() => ({}))) as { url?: string; error?: string; fields?: Record<string, string> }
  if (!res.ok || !body.url) throw new Error(body.fields?.file ?? body.error ?? `Upload failed (${res.status})`)
  return body.url
}

/**
 * An image URL field that also takes an uploaded JPEG, PNG or WebP file (stored on our server,
 * resized, and its URL put in the field), with a preview of the current picture.
 */
export function ImageField({
  id,
  label,
  value,
  onChange,
  required,
  error,
}: {
  id: string
  label: string
  value: string
  onChange: (url: string) => void
  required?: boolean
  error?: string
}) {
  const fileId = useId()
  const [uploading, setUploading] = useState(false)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const message = uploadError ?? error

  async function onFile(file: File | undefined) {
    if (!file) return
    setUploadError(null)
    if (!TYPES.includes(file.type)) return setUploadError('Choose a JPEG, PNG or WebP image.')
    if (file.size > MAX_BYTES) return setUploadError('The image is larger than 5 MB.')
    setUploading(true)
    try {
      onChange(await uploadImage(file))
    } catch (err) {
      setUploadError((err as Error).message)
    } finally {
      setUploading(false)
    }
  }

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required && <RequiredMark />}
      </label>
      <input
        id={id}
        type="text"
        inputMode="url"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="https://example.com/image.jpg or upload a file"
        aria-required={required || undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        className={inputClass}
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <label
          htmlFor={fileId}
          className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-blue-600"
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
        <span className="text-xs text-slate-600">JPEG, PNG or WebP, up to 5 MB</span>
      </div>
      {message && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {message}
        </p>
      )}
      {value && /^(\/|https?:\/\/)/i.test(value) && <img src={value} alt={`Preview of ${label.toLowerCase()}`} className="mt-3 max-h-48 rounded-md border border-slate-200 object-cover" />}
    </div>
  )
}

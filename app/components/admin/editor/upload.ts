import { CSRF_HEADER } from '~/lib/csrf.ts'

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp']
const MAX_BYTES = 5 * 1024 * 1024

/** Why this file cannot be uploaded (the same limits as POST /api/uploads), or null. */
export function imageFileProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'Choose a JPEG, PNG or WebP image.'
  if (file.size > MAX_BYTES) return 'The image is larger than 5 MB.'
  return null
}

/**
 * Sends one picture to POST /api/uploads as the raw body (the cover-image field does the same,
 * see image-field.tsx for why the upload is an API call); resolves to its public URL.
 */
export async function uploadEditorImage(file: File, csrfToken: string): Promise<string> {
  const res = await fetch('/api/uploads', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': file.type, [CSRF_HEADER]: csrfToken, accept: 'application/json' },
    body: file,
  })
  const body = (await res.json().catch(() => ({}))) as { url?: string; error?: string; fields?: Record<string, string> }
  if (!res.ok || !body.url) throw new Error(body.fields?.file ?? body.error ?? `Upload failed (${res.status})`)
  return body.url
}

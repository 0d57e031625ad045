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
 * Sends one picture to POST /api/uploads as the raw body; resolves to its public URL. Used by the
 * cover-image field and the blog editor.
 * NOTE: the one admin write that does not go through a route action, on purpose: a multipart
 * upload through the editor's action would need the back-office form limit raised from 2 MB to
 * the picture's 5 MB (server/request-guards.ts BODY_LIMITS), and the API already checks, resizes
 * and stores it. The editor's form then carries only the URL. The CSRF token is the root
 * loader's (useCsrfToken), sent in the header.
 */
export async function uploadImage(file: File, csrfToken: string): Promise<string> {
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

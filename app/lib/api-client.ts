/**
 * Browser-side calls to our REST API: sends cookies and the CSRF token on writes, reads JSON,
 * and turns a non-2xx answer into an ApiError carrying the status and any field messages.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message)
  }
}

let csrfToken: string | undefined

function csrfFromCookie(): string | undefined {
  const m = document.cookie.match(/(?:^|;\s*)csrf=([^;]+)/)
  return m ? decodeURIComponent(m[1]) : undefined
}

async function getCsrfToken(): Promise<string> {
  csrfToken ??= csrfFromCookie()
  if (!csrfToken) {
    const res = await fetch('/api/auth/session', { credentials: 'same-origin' })
    csrfToken = ((await res.json()) as { csrfToken: string }).csrfToken
  }
  return csrfToken
}

export async function api<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? 'GET'
  const headers: Record<string, string> = { accept: 'application/json' }
  if (method !== 'GET') headers['x-csrf-token'] = await getCsrfToken()
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await res.text()
  const json = text ? (JSON.parse(text) as unknown) : undefined
  if (!res.ok) {
    const body = (json ?? {}) as { error?: string; fields?: Record<string, string> }
    throw new ApiError(res.status, body.error ?? `${res.status}: ${res.statusText}`, body.fields)
  }
  return json as T
}

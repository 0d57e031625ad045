// What a failing database looks like, apart from the database code, so the HTTP layers can
// answer 503 for it without reaching into the database module.

/**
 * The database cannot be reached (stopped, restarting, unreachable, out of connections): the
 * request may succeed if sent again shortly. Answered 503 with Retry-After (docs/decisions/028).
 */
export class DatabaseUnavailableError extends Error {
  readonly retryAfterSeconds = 5
  constructor(cause?: unknown) {
    super('The database is unavailable; please try again in a few seconds.', { cause })
  }
}

// PostgreSQL's connection exceptions (class 08), operator intervention (57P01 admin_shutdown,
// 57P02 crash_shutdown, 57P03 cannot_connect_now: starting up or shutting down) and
// too_many_connections; and the pg driver's own ways of saying the same.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/
const UNAVAILABLE_MESSAGE = /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly/i
// The socket's, which other clients (SMTP, say) and the file system share: only what the pg
// driver throws is read this way.
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOENT',
])

/** A failure that only pg reports, whatever threw it. */
function isPgOutage(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false
  const { code, message } = err as { code?: unknown; message?: unknown }
  return (typeof code === 'string' && UNAVAILABLE_SQLSTATE.test(code)) || (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message))
}

/** What the pg driver threw means the server cannot be reached. */
export function isConnectionError(err: unknown): boolean {
  if (isPgOutage(err)) return true
  const { code, errors } = (err ?? {}) as { code?: unknown; errors?: unknown }
  if (typeof code === 'string' && UNAVAILABLE_ERRNO.has(code)) return true
  // Node tries every address of a host name in turn and reports all the failures together.
  return Array.isArray(errors) && errors.length > 0 && errors.every(isConnectionError)
}

/**
 * Whether `err` means the database cannot be reached right now (rather than that the query or
 * its data is wrong): a DatabaseUnavailableError (the pool's driver throws one for every such
 * failure), or a raw error only pg reports that way. A bare ECONNREFUSED is not taken for one:
 * it may come from the mail server.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return err instanceof DatabaseUnavailableError || isPgOutage(err)
}

import { isDatabaseUnavailable } from '~/db/database-unavailable.ts'
import {
  DatabaseUnavailableError,
  DomainValidationError,
  ForbiddenError,
  InvalidCredentialsError,
  NotFoundError,
  RateLimitedError,
  SudoRequiredError,
  UnauthorizedError,
} from '~/infra/errors.server.ts'

/** A 400 carrying one message per bad field (the API's body checks; a service says DomainValidationError). */
export class BadRequestError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super('Validation failed')
  }
}

/**
 * What a refused request is told, whoever answers it (the API as JSON, a page's action as its
 * form's errors, every loader and action through server/route-refusals.ts): the one map from
 * an error to its answer (issue 34). `kind` says which refusal, for the few answers that differ.
 */
export type Refusal = {
  kind: 'malformed' | 'invalid' | 'unauthorized' | 'not-found' | 'sudo' | 'forbidden' | 'rate-limited' | 'unavailable'
  status: number
  message: string
  /** One message per refused field (invalid only; empty otherwise). */
  fields: Record<string, string>
  /** Seconds to wait (rate-limited, unavailable), also sent as Retry-After. */
  retryAfter?: number
  headers: Record<string, string>
}

/**
 * The refusal an error stands for, or undefined for anything else (a bug: the caller throws it on,
 * and it is logged and answered 500 without its message). A 4xx status on the error itself comes
 * from Express's body parsers (malformed JSON, too large): the client's fault.
 */
export function refusalOf(err: unknown): Refusal | undefined {
  const refusal = (kind: Refusal['kind'], status: number, message: string, more: Partial<Refusal> = {}): Refusal => ({
    kind,
    status,
    message,
    fields: {},
    headers: {},
    ...more,
  })
  const waitFor = (seconds: number) => ({ retryAfter: seconds, headers: { 'Retry-After': String(seconds) } })
  const status = (err as { status?: unknown } | null | undefined)?.status
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return refusal(
      'malformed',
      status,
      (err as { type?: string }).type === 'entity.too.large' ? 'Request body is too large' : 'Malformed request body',
    )
  }
  if (err instanceof BadRequestError || err instanceof DomainValidationError)
    return refusal('invalid', 400, 'Validation failed', { fields: err.fields })
  if (err instanceof InvalidCredentialsError || err instanceof UnauthorizedError) return refusal('unauthorized', 401, err.message)
  if (err instanceof NotFoundError) return refusal('not-found', 404, err.message)
  if (err instanceof SudoRequiredError) return refusal('sudo', 403, err.message)
  if (err instanceof ForbiddenError) return refusal('forbidden', 403, err.message)
  if (err instanceof RateLimitedError) return refusal('rate-limited', 429, err.message, waitFor(err.retryAfterSeconds))
  if (isDatabaseUnavailable(err)) {
    // A lost connection: the request did not happen and may be sent again (docs/decisions/028).
    const down = err instanceof DatabaseUnavailableError ? err : new DatabaseUnavailableError(err)
    return refusal('unavailable', 503, down.message, waitFor(down.retryAfterSeconds))
  }
  return undefined
}

/** A refusal as a page's form shows it: one message per field beside its field, or one for the whole form. */
export type FormRefusal = {
  kind: Refusal['kind']
  status: number
  fields: Record<string, string>
  formError?: string
  headers: Record<string, string>
}

/**
 * For a page's action: the refusal a person can act on (a field to correct, a password to type,
 * a limit to wait out, a thing gone), or undefined for the rest, which the action throws on: a
 * forbidden role and an outage are answered by server/route-refusals.ts, a bug by the error page.
 */
export function formRefusal(err: unknown): FormRefusal | undefined {
  const refusal = refusalOf(err)
  if (!refusal || refusal.kind === 'forbidden' || refusal.kind === 'unavailable' || refusal.kind === 'malformed') return undefined
  const { kind, status, fields, message, headers } = refusal
  return kind === 'invalid' ? { kind, status, fields, headers } : { kind, status, fields: {}, formError: message, headers }
}

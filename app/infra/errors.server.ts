/** Typed domain errors; the HTTP layer maps each to a status code. */
export class NotFoundError extends Error {
  constructor(what = 'Not found') {
    super(what)
  }
}
export class UnauthorizedError extends Error {
  constructor(message = 'Authentication required') {
    super(message)
  }
}
export class InvalidCredentialsError extends Error {
  constructor() {
    super('Invalid credentials. Please try again.')
  }
}
export class RateLimitedError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message)
  }
}
/** A rule about the input that only the service can check (e.g. the current password). */
export class DomainValidationError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(Object.values(fields)[0] ?? 'Invalid input')
  }
}
/**
 * Sudo mode (docs/decisions/027): a change to how the admin signs in, or to where security notices
 * go, needs the password entered within the last few minutes on this session. The page asks for
 * it in place; the API answers 403 `{ "error": "Confirm your password", "sudo": true }`.
 */
export class SudoRequiredError extends Error {
  constructor() {
    super('Confirm your password')
  }
}
/**
 * The acting person's role does not include what they asked for (app/lib/permissions.ts): the
 * API answers 403 JSON, pages the forbidden page.
 */
export class ForbiddenError extends Error {
  constructor(
    readonly permission: string,
    message = 'Your role does not allow this.',
  ) {
    super(message)
  }
}

// Thrown by the database layer, which depends on nothing above it.
export { DatabaseUnavailableError } from '~/db/database-unavailable.ts'

import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { z } from 'zod'
import type { AppContext } from '~/http/context.server.ts'
import { BadRequestError, refusalOf } from '~/http/refusal.server.ts'
import { SESSION_COOKIE, readCookie } from '~/http/cookies.server.ts'
import { fieldErrors } from '~/lib/schemas.ts'
import { setActingPerson } from '~/infra/acting-context.server.ts'
import { requireSession } from '~/services/auth.server.ts'
import { refuseApiToken, type Admin } from '~/services/actor.server.ts'
import { setUpBefore } from '~/services/people.server.ts'
import { authenticateApiToken } from '~/services/api-tokens.server.ts'
import { forbiddenMessage } from '~/lib/forbidden.ts'
import { API_RULES, PUBLIC, mayOpen } from '~/lib/permissions.ts'
import { ForbiddenError, NotFoundError, UnauthorizedError } from '~/infra/errors.server.ts'

export { BadRequestError }

export const ctx = (req: Request): AppContext => req.app.locals.ctx as AppContext

/** Validates a JSON body against a zod schema or throws a 400 with field messages. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new BadRequestError({ _body: 'Expected a JSON object' })
  }
  const result = schema.safeParse(body)
  if (!result.success) throw new BadRequestError(fieldErrors(result.error))
  return result.data
}

/** Route ids are positive integers; anything else cannot exist, so it is a 404. */
export function parseId(raw: string | string[] | undefined): number {
  const s = Array.isArray(raw) ? raw[0] : raw
  if (!s || !/^\d{1,9}$/.test(s) || Number(s) === 0) throw new NotFoundError()
  return Number(s)
}

export function queryString(req: Request, name: string, max = 200): string | undefined {
  const v = req.query[name]
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : undefined
}

/** `v` when it is one of `list` (a query's filter), else undefined: an unknown filter shows all. */
export const oneOf = <T extends string>(list: readonly T[], v: string | undefined): T | undefined =>
  v && (list as readonly string[]).includes(v) ? (v as T) : undefined

/** `?limit=` (at most 500) and `?offset=` of a list, when they are positive integers. */
export function paging(req: Request): { limit?: number; offset?: number } {
  const limit = Number(queryString(req, 'limit'))
  const offset = Number(queryString(req, 'offset'))
  return {
    limit: Number.isInteger(limit) && limit > 0 ? Math.min(limit, 500) : undefined,
    offset: Number.isInteger(offset) && offset > 0 ? offset : undefined,
  }
}

/** Answers that hold a person's data are never stored by a cache. */
export const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store')

/**
 * The session cookie, unless the request has an `Authorization` header: then it is never read
 * (issue 33). Such a request skips the CSRF token check (server/http.ts), so a cookie used with it
 * would be a session used without CSRF.
 */
export function sessionToken(req: Request): string | undefined {
  if (req.get('authorization') !== undefined) return undefined
  return readCookie(req.headers.cookie, SESSION_COOKIE)
}

/** `Authorization: Bearer <token>`: a person's API token; undefined for any other header or none. */
export function bearerToken(req: Request): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')
  return m?.[1]
}

/**
 * The person behind the request: with an `Authorization` header, the API token it holds (any
 * other header, `Bearer a b` say, is a 401 as a wrong token is); without one, the session cookie.
 */
async function authenticate(req: Request): Promise<Admin> {
  if (req.get('authorization') === undefined) return requireSession(ctx(req).db, sessionToken(req))
  const bearer = bearerToken(req)
  if (bearer === undefined) throw new UnauthorizedError('Unreadable Authorization header: send "Authorization: Bearer" and one API token.')
  const admin = await authenticateApiToken(ctx(req).db, bearer)
  if (!admin) throw new UnauthorizedError('Invalid, expired or revoked API token')
  return admin
}

/** This call as API_RULES names it: `METHOD /path` below /api, from the route that matched. */
export function apiRuleKey(req: Request): string {
  const path = `${req.baseUrl.replace(/^\/api/, '')}${req.route?.path ?? req.path}`.replace(/(.)\/$/, '$1')
  return `${req.method} ${path}`
}

/**
 * The signed-in person, allowed this call by their role (app/lib/permissions.ts, API_RULES):
 * 401 without a valid session or token, 403 JSON when the role lacks the call's permission or
 * the person must first replace a one-time password or add a second factor.
 */
export async function requireAdmin(req: Request): Promise<Admin> {
  const admin = actingAs(await authenticate(req))
  const key = apiRuleKey(req)
  const rule = API_RULES[key]
  if (!mayOpen(admin.role, rule)) throw new ForbiddenError(String(rule), forbiddenMessage(admin.role, rule))
  if (key.startsWith('POST /auth/')) refuseApiToken(admin)
  if (rule !== PUBLIC) {
    const needed = await setUpBefore(ctx(req).db, admin, 'api', key)
    if (needed === 'password')
      throw new ForbiddenError('set-up', 'Choose your own password first (POST /api/auth/password or Settings > Security).')
    if (needed)
      throw new ForbiddenError('set-up', 'The owner requires two-step sign-in or a passkey: add one in Settings > Security first.')
  }
  return admin
}

/**
 * For public reads that show a signed-in person more: the person when their role allows the
 * call, else null (they get the public answer, as a visitor would).
 */
export async function optionalAdmin(req: Request): Promise<Admin | null> {
  if (!sessionToken(req) && req.get('authorization') === undefined) return null
  return requireAdmin(req).catch(() => null)
}

/** The activity log's "who" for the rest of this request (docs/decisions/044). */
function actingAs(admin: Admin): Admin {
  setActingPerson({ id: admin.id, name: admin.username })
  return admin
}

/**
 * Wraps an async handler: whatever it throws goes to the app's one error handler (server/http.ts),
 * which answers through errorAnswer below.
 */
export function route(fn: (req: Request, res: Response) => Promise<unknown>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch(next)
  }
}

/** What a thrown error answers: status, JSON body and extra headers; `unexpected` ones get logged. */
export type ErrorAnswer = {
  status: number
  body: { error: string } & Record<string, unknown>
  headers: Record<string, string>
  unexpected: boolean
}

/**
 * The API's JSON for any error, from the one map of refusals (app/http/refusal.server.ts), for
 * the API and every answer server/http.ts gives outside React Router. Anything that is not a
 * refusal is a 500 that hides its message.
 */
export function errorAnswer(err: unknown): ErrorAnswer {
  const refusal = refusalOf(err)
  if (!refusal) return { status: 500, body: { error: 'Internal server error' }, headers: {}, unexpected: true }
  const { kind, status, message, fields, retryAfter, headers } = refusal
  const more =
    kind === 'invalid'
      ? { fields }
      : kind === 'sudo'
        ? { sudo: true }
        : kind === 'forbidden'
          ? { forbidden: true }
          : retryAfter !== undefined
            ? { retryAfter }
            : {}
  return { status, body: { error: message, ...more }, headers, unexpected: false }
}

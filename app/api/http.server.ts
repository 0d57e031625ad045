import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { z } from 'zod'
import type { AppContext } from '~/http/context.server.ts'
import { SESSION_COOKIE, readCookie } from '~/http/cookies.server.ts'
import { fieldErrors } from '~/lib/schemas.ts'
import { requireSession, type Admin } from '~/services/auth.server.ts'
import { DomainValidationError, InvalidCredentialsError, NotFoundError, RateLimitedError, UnauthorizedError } from '~/services/errors.server.ts'

/** A 400 carrying one message per bad field. */
export class BadRequestError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super('Validation failed')
  }
}

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

export function sessionToken(req: Request): string | undefined {
  return readCookie(req.headers.cookie, SESSION_COOKIE)
}

export function requireAdmin(req: Request): Promise<Admin> {
  return requireSession(ctx(req).db, sessionToken(req))
}

export async function optionalAdmin(req: Request): Promise<Admin | null> {
  const token = sessionToken(req)
  if (!token) return null
  return requireSession(ctx(req).db, token).catch(() => null)
}

/** Wraps an async handler so thrown domain errors become the right status and JSON body. */
export function route(fn: (req: Request, res: Response) => Promise<unknown>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch((err: unknown) => sendError(req, res, next, err))
  }
}

export function sendError(req: Request, res: Response, next: NextFunction, err: unknown): void {
  if (res.headersSent) return next(err)
  res.setHeader('Cache-Control', 'no-store')
  if (err instanceof BadRequestError || err instanceof DomainValidationError) {
    res.status(400).json({ error: 'Validation failed', fields: err.fields })
  } else if (err instanceof InvalidCredentialsError) {
    res.status(401).json({ error: err.message })
  } else if (err instanceof UnauthorizedError) {
    res.status(401).json({ error: err.message })
  } else if (err instanceof NotFoundError) {
    res.status(404).json({ error: err.message })
  } else if (err instanceof RateLimitedError) {
    res.setHeader('Retry-After', String(err.retryAfterSeconds))
    res.status(429).json({ error: err.message, retryAfter: err.retryAfterSeconds })
  } else {
    next(err)
  }
}

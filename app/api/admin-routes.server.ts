import type { Request, Router } from 'express'
import type { z } from 'zod'
import type { AppContext } from '~/http/context.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { ctx, noStore, parseBody, parseId, requireAdmin, route } from './http.server.ts'

type Db = AppContext['db']

/**
 * `GET path` for staff only (`requireAdmin`), never stored by a cache: answers with what `read`
 * returns, as JSON.
 */
export function adminGet(api: Router, path: string, read: (req: Request, db: Db, admin: Admin) => Promise<unknown>): void {
  api.get(
    path,
    route(async (req, res) => {
      const admin = await requireAdmin(req)
      noStore(res)
      res.json(await read(req, ctx(req).db, admin))
    }),
  )
}

/**
 * The writes of one kind of content the admin manages: `POST path` creates (201), `PUT path/:id`
 * changes and `DELETE path/:id` removes, each behind `requireAdmin` and its schema.
 */
export function adminWrites<C extends z.ZodType, P extends z.ZodType>(
  api: Router,
  path: string,
  ops: {
    createSchema: C
    patchSchema: P
    create: (db: Db, admin: Admin, input: z.infer<C>) => Promise<unknown>
    update: (db: Db, admin: Admin, id: number, patch: z.infer<P>) => Promise<unknown>
    remove: (db: Db, admin: Admin, id: number) => Promise<void>
  },
) {
  api.post(
    path,
    route(async (req, res) => {
      const admin = await requireAdmin(req)
      res.status(201).json(await ops.create(ctx(req).db, admin, parseBody(ops.createSchema, req.body)))
    }),
  )
  api.put(
    `${path}/:id`,
    route(async (req, res) => {
      const admin = await requireAdmin(req)
      const id = parseId(req.params.id)
      res.json(await ops.update(ctx(req).db, admin, id, parseBody(ops.patchSchema, req.body)))
    }),
  )
  api.delete(
    `${path}/:id`,
    route(async (req, res) => {
      const admin = await requireAdmin(req)
      await ops.remove(ctx(req).db, admin, parseId(req.params.id))
      res.json({ ok: true })
    }),
  )
}

import type { Router } from 'express'
import type { z } from 'zod'
import type { AppContext } from '~/http/context.server.ts'
import { PUBLIC_CACHE_CONTROL } from '~/http/cache.ts'
import { BLOG_STATUSES, PORTFOLIO_STATUSES } from '~/lib/constants.ts'
import { BlogPostPatchSchema, BlogPostSchema, PortfolioItemPatchSchema, PortfolioItemSchema } from '~/lib/schemas.ts'
import type { Admin } from '~/services/actor.server.ts'
import { countsAsRead } from '~/services/analytics.server.ts'
import * as blog from '~/services/blog.server.ts'
import * as portfolio from '~/services/portfolio.server.ts'
import { ctx, noStore, oneOf, optionalAdmin, paging, parseBody, parseId, queryString, requireAdmin, route } from './http.server.ts'

type Db = AppContext['db']

/**
 * The writes of one kind of content the admin manages: `POST path` creates (201), `PUT path/:id`
 * changes and `DELETE path/:id` removes, each behind `requireAdmin` and its schema.
 */
function adminWrites<C extends z.ZodType, P extends z.ZodType>(
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

/**
 * The site's content in the API (SPEC.md section 7): portfolio items and blog posts, read by
 * anyone (published ones only, cached) or by the admin (all of them), written by the admin.
 * Added to the API's own router (no sub-router), so the paths and their order stay the API's.
 */
export function addContentRoutes(api: Router): void {
  // --- portfolio -------------------------------------------------------------------------
  api.get(
    '/portfolio',
    route(async (req, res) => {
      const admin = await optionalAdmin(req)
      if (!admin) return res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL).json(await portfolio.listPublicPortfolio(ctx(req).db))
      noStore(res)
      const { items } = await portfolio.listPortfolio(ctx(req).db, admin, {
        status: oneOf(PORTFOLIO_STATUSES, queryString(req, 'status')),
        category: queryString(req, 'category'),
        q: queryString(req, 'q'),
      })
      res.json(items)
    }),
  )
  api.get(
    '/portfolio/:id',
    route(async (req, res) => {
      const admin = await optionalAdmin(req)
      if (admin) noStore(res)
      res.json(await portfolio.getPortfolioItem(ctx(req).db, admin, parseId(req.params.id)))
    }),
  )
  adminWrites(api, '/portfolio', {
    createSchema: PortfolioItemSchema,
    patchSchema: PortfolioItemPatchSchema,
    create: portfolio.createPortfolioItem,
    update: portfolio.updatePortfolioItem,
    remove: portfolio.deletePortfolioItem,
  })

  // --- blog ------------------------------------------------------------------------------
  api.get(
    '/blogs',
    route(async (req, res) => {
      const admin = await optionalAdmin(req)
      if (!admin || queryString(req, 'published') === 'true') {
        if (!admin) res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL)
        return res.json(await blog.listPublishedPosts(ctx(req).db))
      }
      noStore(res)
      const { posts } = await blog.listPosts(ctx(req).db, admin, {
        status: oneOf(BLOG_STATUSES, queryString(req, 'status')),
        q: queryString(req, 'q'),
        ...paging(req),
      })
      res.json(posts)
    }),
  )
  api.get(
    '/blogs/:id',
    route(async (req, res) => {
      const admin = await optionalAdmin(req)
      noStore(res)
      const counted = countsAsRead(req.get('user-agent') ?? '', req.get('dnt') === '1' || req.get('sec-gpc') === '1')
      res.json(await blog.readPost(ctx(req).db, admin, parseId(req.params.id), ctx(req).views, counted))
    }),
  )
  adminWrites(api, '/blogs', {
    createSchema: BlogPostSchema,
    patchSchema: BlogPostPatchSchema,
    create: blog.createPost,
    update: blog.updatePost,
    remove: blog.deletePost,
  })
  api.get(
    '/blog/stats',
    route(async (req, res) => {
      const admin = await requireAdmin(req)
      noStore(res)
      res.json(await blog.getBlogStats(ctx(req).db, admin))
    }),
  )
}

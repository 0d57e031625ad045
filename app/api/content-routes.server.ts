import type { Router } from 'express'
import { PUBLIC_CACHE_CONTROL } from '~/http/cache.ts'
import { BLOG_STATUSES, PORTFOLIO_STATUSES } from '~/lib/constants.ts'
import { BlogPostPatchSchema, BlogPostSchema, PortfolioItemPatchSchema, PortfolioItemSchema } from '~/lib/schemas.ts'
import { countsAsRead } from '~/services/analytics.server.ts'
import * as blog from '~/services/blog.server.ts'
import * as portfolio from '~/services/portfolio.server.ts'
import { adminGet, adminWrites } from './admin-routes.server.ts'
import { ctx, noStore, oneOf, optionalAdmin, paging, parseId, queryString, route } from './http.server.ts'

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
  adminGet(api, '/blog/stats', (_req, db, admin) => blog.getBlogStats(db, admin))
}

import express from 'express'
import { z } from '~/lib/zod.ts'
import { renderEstimatePdf } from '~/services/estimate.server.ts'
import { BadRequestError, ctx, route } from './http.server.ts'

/**
 * Query of GET /api/estimate/pdf. The client sends only its choices, never a price: the service
 * prices them again with the same estimate() the browser uses (STYLE.md 14).
 */
const EstimateQuerySchema = z.object({
  type: z.string({ error: 'Choose a website type' }).min(1, 'Choose a website type').max(40),
  pages: z.coerce.number({ error: 'Pages must be a number' }).int('Pages must be a whole number'),
  addons: z
    .string()
    .max(500)
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    ),
  urgency: z.string().max(40).optional(),
})

/** GET /api/estimate/pdf?type=business&pages=5&addons=seo,cms&urgency=rush: the estimate as a PDF download. */
export function createEstimateRouter() {
  const router = express.Router()
  router.get(
    '/pdf',
    route(async (req, res) => {
      const parsed = EstimateQuerySchema.safeParse(req.query)
      if (!parsed.success) {
        const fields: Record<string, string> = {}
        for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? '_query')] ??= issue.message
        throw new BadRequestError(fields)
      }
      const q = parsed.data
      const { db, config } = ctx(req)
      const pdf = await renderEstimatePdf(
        db,
        { websiteType: q.type, pages: q.pages, addons: q.addons, urgency: q.urgency || null },
        { siteUrl: config.siteUrl },
      )
      res.setHeader('Content-Type', 'application/pdf')
      res.setHeader('Content-Disposition', 'attachment; filename="estimate.pdf"')
      res.setHeader('Cache-Control', 'no-store')
      res.send(pdf)
    }),
  )
  return router
}

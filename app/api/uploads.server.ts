import express, { type NextFunction, type Request, type Response } from 'express'
import { MAX_UPLOAD_BYTES, uploadImage } from '~/services/uploads.server.ts'
import { BadRequestError, ctx, requireAdmin, route } from './http.server.ts'

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp']

/**
 * POST /api/uploads: the admin sends one picture as the raw request body with its image
 * Content-Type (no multipart parsing needed). Answers 201 { url, width, height }; the image is
 * stored in the database and served at that url by server/uploads.ts. The type is checked again
 * from the bytes, so a mislabelled file is refused.
 */
export function createUploadsRouter() {
  const router = express.Router()
  router.post(
    '/',
    // Authorize before reading up to 5 MB from a stranger.
    (req: Request, _res: Response, next: NextFunction) => {
      requireAdmin(req).then(() => next(), next)
    },
    express.raw({ type: IMAGE_TYPES, limit: MAX_UPLOAD_BYTES }),
    route(async (req, res) => {
      res.setHeader('Cache-Control', 'no-store')
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) {
        throw new BadRequestError({ file: 'Send a JPEG, PNG or WebP image as the request body with its image Content-Type.' })
      }
      const stored = await uploadImage(ctx(req).db, ctx(req).images, await requireAdmin(req), req.body)
      res.status(201).json(stored)
    }),
  )
  return router
}

import type { RequestHandler } from 'express'
import type { AppContext } from '~/http/context.server.ts'
import { getSettings } from '~/services/settings.server.ts'
import { escapeHtml } from './escape-html.ts'

const PAGE = (siteName: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Down for maintenance | ${siteName}</title><meta name="robots" content="noindex">
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.75rem}</style>
</head><body><main><h1>We'll be right back</h1><p>${siteName} is undergoing scheduled maintenance. Please check back in a little while.</p></main></body></html>`

/** While maintenance mode is on, public pages answer 503; the admin, its API and assets keep working. */
export function maintenanceMode(ctx: AppContext, contentVersion: () => string): RequestHandler {
  const adminPrefix = `/${ctx.config.adminPath}`
  // Settings change only through the admin, which bumps the content version: re-read them then.
  let known: { version: string; on: boolean; siteName: string } | undefined
  return async (req, res, next) => {
    const p = req.path
    if (
      p.startsWith('/api/') ||
      p === adminPrefix ||
      p.startsWith(`${adminPrefix}/`) ||
      p.startsWith('/assets/') ||
      p.startsWith('/uploads/') ||
      /\.(js|css|map|svg|png|jpe?g|webp|ico|woff2?|txt|xml)$/.test(p)
    ) {
      return next()
    }
    try {
      const version = contentVersion()
      if (!known || known.version !== version || version === '?') {
        const settings = await getSettings(ctx.db)
        known = { version, on: settings.maintenanceMode, siteName: settings.siteName }
      }
      if (!known.on) return next()
      res
        .status(503)
        .setHeader('Retry-After', '3600')
        .setHeader('Cache-Control', 'no-store')
        .type('html')
        .send(PAGE(escapeHtml(known.siteName)))
    } catch (err) {
      next(err)
    }
  }
}

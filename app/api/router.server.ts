import express from 'express'
import { getTraffic, isTrafficPeriod, TRAFFIC_TABLES, trafficCsv } from '~/services/traffic.server.ts'
import { clearSessionCookie, sessionCookie } from '~/http/cookies.server.ts'
import { csrfCookieToken } from '~/http/csrf.server.ts'
import { PROPOSAL_STATUSES } from '~/lib/constants.ts'
import { proposalsCsv } from '~/lib/csv.ts'
import { readerZone } from '~/services/clock.server.ts'
import { DEFAULT_AGENCY_ZONE } from '~/content/site.ts'
import {
  LoginSchema,
  PageViewSchema,
  PasswordChangeSchema,
  ProposalSchema,
  ProposalStatusSchema,
  settingsPatchSchema,
} from '~/lib/schemas.ts'
import { recordPageView, recordToolUse } from '~/services/analytics.server.ts'
import { countryOf } from '~/infra/geoip.server.ts'
import * as auth from '~/services/auth.server.ts'
import { getDashboard } from '~/services/dashboard.server.ts'
import * as proposals from '~/services/proposals.server.ts'
import { getSettings } from '~/services/settings.server.ts'
import { updateSettings } from '~/services/settings-update.server.ts'
import { confirmSudo, sudoState } from '~/services/sudo.server.ts'
import { CurrentPasswordSchema } from '~/lib/security-schemas.ts'
import { NotFoundError } from '~/infra/errors.server.ts'
import { createEstimateRouter } from './estimate.server.ts'
import { createUploadsRouter } from './uploads.server.ts'
import { addContentRoutes } from './content-routes.server.ts'
import { adminGet } from './admin-routes.server.ts'
import {
  ctx,
  noStore,
  oneOf,
  optionalAdmin,
  paging,
  parseBody,
  parseId,
  queryString,
  requireAdmin,
  route,
  sessionToken,
} from './http.server.ts'

/** A settings change's check, its wrong time zone answered with the default one as the example. */
const SettingsPatchSchema = settingsPatchSchema(DEFAULT_AGENCY_ZONE)

/** The REST API of SPEC.md section 7 plus the session, settings, analytics and export calls. */
export function createApiRouter() {
  const api = express.Router()

  // --- session -------------------------------------------------------------------------
  api.get(
    '/auth/session',
    route(async (req, res) => {
      noStore(res)
      const csrfToken = csrfCookieToken(req.headers.cookie, ctx(req).config, (cookie) => res.append('Set-Cookie', cookie))
      const state = await auth.getSession(ctx(req).db, sessionToken(req))
      res.json(
        state.admin
          ? { authenticated: true, username: state.admin.username, expiresAt: state.admin.expiresAt, csrfToken }
          : { authenticated: false, expired: state.expired, csrfToken },
      )
    }),
  )

  api.post(
    '/auth/login',
    route(async (req, res) => {
      noStore(res)
      const input = parseBody(LoginSchema, req.body)
      const { token, expiresAt } = await auth.login(ctx(req).db, { ...input, ip: req.ip ?? 'unknown' })
      // A fresh token at every login; an old cookie from before is simply replaced.
      await auth.logout(ctx(req).db, sessionToken(req))
      res.append('Set-Cookie', sessionCookie(ctx(req).config, token, expiresAt))
      res.json({ ok: true, username: input.username, expiresAt })
    }),
  )

  api.post(
    '/auth/logout',
    route(async (req, res) => {
      noStore(res)
      await auth.logout(ctx(req).db, sessionToken(req))
      res.append('Set-Cookie', clearSessionCookie(ctx(req).config))
      res.json({ ok: true })
    }),
  )

  // Sudo mode (docs/decisions/027): `{ currentPassword }` confirms the password for the next
  // 10 minutes of this session. Calls that need it answer 403 `{ error, sudo: true }` without it.
  api.post(
    '/auth/sudo',
    route(async (req, res) => {
      noStore(res)
      const admin = await requireAdmin(req)
      const { currentPassword } = parseBody(CurrentPasswordSchema, req.body)
      await confirmSudo(ctx(req).db, admin, currentPassword)
      res.json({ ok: true, ...(await sudoState(ctx(req).db, admin)) })
    }),
  )

  api.post(
    '/auth/password',
    route(async (req, res) => {
      const admin = await requireAdmin(req)
      const input = parseBody(PasswordChangeSchema, req.body)
      await auth.changePassword(ctx(req).db, admin, input)
      res.json({ ok: true })
    }),
  )

  // --- portfolio and blog (content-routes.server.ts) -------------------------------------
  addContentRoutes(api)

  // --- proposals -------------------------------------------------------------------------
  api.post(
    '/proposals',
    route(async (req, res) => {
      noStore(res)
      const input = parseBody(ProposalSchema, req.body)
      const { db, config } = ctx(req)
      const saved = await proposals.submitProposal(
        db,
        input,
        { ip: req.ip ?? 'unknown', userAgent: req.get('user-agent') ?? '' },
        Date.now(),
        config.proposalRateLimitPerHour,
      )
      res.status(201).json({ ok: true, id: saved.id })
    }),
  )
  adminGet(api, '/proposals', async (req, db, admin) => {
    const { proposals: list } = await proposals.listProposals(db, admin, {
      status: oneOf(PROPOSAL_STATUSES, queryString(req, 'status')),
      q: queryString(req, 'q'),
      ...paging(req),
    })
    return list
  })
  adminGet(api, '/proposals/stats', (_req, db, admin) => proposals.getProposalStats(db, admin))
  api.get(
    '/proposals/export.csv',
    route(async (req, res) => {
      const admin = await requireAdmin(req)
      const list = await proposals.exportProposals(ctx(req).db, admin, {
        status: oneOf(PROPOSAL_STATUSES, queryString(req, 'status')),
        q: queryString(req, 'q'),
      })
      noStore(res)
      res.setHeader('Content-Type', 'text/csv; charset=utf-8')
      res.setHeader('Content-Disposition', 'attachment; filename="proposals.csv"')
      res.send(proposalsCsv(list, (await readerZone(ctx(req).db, admin)).id))
    }),
  )
  adminGet(api, '/proposals/:id', (req, db, admin) => proposals.getProposal(db, admin, parseId(req.params.id)))
  api.put(
    '/proposals/:id',
    route(async (req, res) => {
      const admin = await requireAdmin(req)
      const id = parseId(req.params.id)
      const { status } = parseBody(ProposalStatusSchema, req.body)
      res.json(await proposals.setProposalStatus(ctx(req).db, admin, id, status))
    }),
  )
  api.delete(
    '/proposals/:id',
    route(async (req, res) => {
      const admin = await requireAdmin(req)
      await proposals.deleteProposal(ctx(req).db, admin, parseId(req.params.id))
      res.json({ ok: true })
    }),
  )

  // --- settings, dashboard, analytics -----------------------------------------------------
  adminGet(api, '/settings', (_req, db) => getSettings(db))
  api.put(
    '/settings',
    route(async (req, res) => {
      const admin = await requireAdmin(req)
      // A new contact email needs sudo mode: `currentPassword` in the same body confirms it.
      const isObject = req.body !== null && typeof req.body === 'object' && !Array.isArray(req.body)
      const { currentPassword, ...body } = isObject ? (req.body as Record<string, unknown>) : { currentPassword: undefined }
      const patch = parseBody(SettingsPatchSchema, isObject ? body : req.body)
      if (currentPassword !== undefined)
        await confirmSudo(ctx(req).db, admin, parseBody(CurrentPasswordSchema, { currentPassword }).currentPassword)
      res.json(
        await updateSettings(ctx(req).db, admin, patch, { origin: { ip: req.ip ?? 'unknown', userAgent: req.get('user-agent') ?? null } }),
      )
    }),
  )
  adminGet(api, '/dashboard', (_req, db, admin) => getDashboard(db, admin))
  // The dashboard's traffic figures: ?period=7d|30d|90d|365d (30d by default).
  adminGet(api, '/dashboard/traffic', (req, db, admin) => {
    const period = queryString(req, 'period')
    return getTraffic(db, admin, isTrafficPeriod(period) ? period : '30d')
  })
  // Each traffic table of the dashboard as CSV: ?table=pages|sources|campaigns|funnel&period=7d|30d|90d|365d
  api.get(
    '/dashboard/traffic.csv',
    route(async (req, res) => {
      const admin = await requireAdmin(req)
      const table = oneOf(TRAFFIC_TABLES, queryString(req, 'table')) ?? 'sources'
      const period = queryString(req, 'period')
      const traffic = await getTraffic(ctx(req).db, admin, isTrafficPeriod(period) ? period : '30d')
      noStore(res)
      res.setHeader('Content-Type', 'text/csv; charset=utf-8')
      res.setHeader('Content-Disposition', `attachment; filename="traffic-${table}-${traffic.period}.csv"`)
      res.send(trafficCsv(traffic, table))
    }),
  )
  api.post(
    '/pageviews',
    route(async (req, res) => {
      // Do Not Track and Global Privacy Control are honoured on the server too.
      if (req.get('dnt') === '1' || req.get('sec-gpc') === '1') return res.status(204).end()
      const body = parseBody(PageViewSchema, req.body)
      // The administrator's own visits are not counted: the beacon sends the session cookie for this.
      if (await optionalAdmin(req)) return res.status(204).end()
      const { db, config } = ctx(req)
      const ip = req.ip ?? 'unknown'
      const userAgent = req.get('user-agent') ?? ''
      if (body.tool) await recordToolUse(db, body.tool, { ip, userAgent })
      else {
        await recordPageView(db, body.path, ip, new Date(), {
          userAgent,
          referrer: body.referrer,
          utmSource: body.utm_source,
          utmMedium: body.utm_medium,
          utmCampaign: body.utm_campaign,
          ref: body.ref,
          country: await countryOf(config.geoipDb, ip),
          ownHosts: [req.hostname, new URL(config.siteUrl).hostname],
        })
      }
      res.status(204).end()
    }),
  )

  api.use('/estimate', createEstimateRouter())

  api.use('/uploads', createUploadsRouter())

  api.use(
    route(async () => {
      throw new NotFoundError('Unknown API endpoint')
    }),
  )
  return api
}

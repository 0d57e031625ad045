import os from 'node:os'
import { z } from '~/lib/zod.ts'

/** Environment as DESIGN.md lists it; validated once at start so a typo stops the server. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .min(1)
    .refine(
      (v) => /^postgres(ql)?:\/\/.+/.test(v) || !/^[a-z][a-z0-9+.-]*:\/\//i.test(v),
      'must be a postgres:// URL, file:PATH or a file path',
    )
    .optional(),
  ADMIN_PATH: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be lowercase letters, digits and dashes (e.g. admin)')
    .refine((v) => v !== 'api' && v !== 'blog', 'must not clash with a public route')
    .default('admin'),
  ADMIN_USERNAME: z.string().min(1).max(64).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(256).optional(),
  ADMIN_EMAIL: z.email('must be an email address').max(254).optional(),
  SITE_URL: z.url('must be an absolute http(s) URL').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d{1,2}|(\s*(loopback|uniquelocal|linklocal|[0-9a-f.:]+(\/\d{1,3})?)\s*)(,(\s*(loopback|uniquelocal|linklocal|[0-9a-f.:]+(\/\d{1,3})?)\s*))*)$/i,
      "must be false, true (one proxy), a number of proxy hops, or the proxies' addresses (e.g. 10.0.0.2,10.0.0.3 or loopback)",
    )
    .default('false'),
  PAGE_CACHE: z.enum(['on', 'off']).default('on'),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  PROPOSAL_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(5),
  GEOIP_DB: z.string().trim().min(1).optional(),
  SECRET_KEY: z
    .string()
    .refine(
      (v) => decodeSecretKey(v) !== undefined,
      'must be at least 32 random bytes written as hex (64 characters) or base64url (43 characters); make one with `openssl rand -hex 32`',
    )
    .optional(),
})

export type Config = {
  port: number
  host: string
  databaseUrl: string
  dialect: 'sqlite' | 'postgres'
  adminPath: string
  adminUsername: string
  adminPassword: string | undefined
  /** The first owner's own email (security notices, reset links); unset: the contact email at first start. */
  adminEmail: string | undefined
  siteUrl: string
  secureCookies: boolean
  smtpUrl: string | undefined
  mailFrom: string
  nodeEnv: 'development' | 'production' | 'test'
  logLevel: string
  dataDir: string
  /**
   * Which proxies in front may say who the client is (Express's `trust proxy`): false, a number of
   * hops, or their addresses. Never `true`: Express would then believe the left-most
   * X-Forwarded-For entry, which the client writes.
   */
  trustProxy: false | number | string[]
  /** In-memory cache of rendered public pages (production only). */
  pageCache: boolean
  /** Worker processes sharing the port (node:cluster); 1 runs everything in this process. */
  webConcurrency: number
  /** How long a stopping process lets requests in flight finish before it exits anyway (10 s). */
  shutdownGraceSeconds: number
  /** Proposal requests accepted per client address per hour (5 by default; the e2e server raises it). */
  proposalRateLimitPerHour: number
  /** A MaxMind country database (.mmdb) for visits' country; unset: no country (issue 25). */
  geoipDb: string | undefined
  /**
   * SECRET_KEY, decoded: the key every instance seals the admin's authenticator secret with
   * (docs/decisions/029). Unset: DATA_DIR/sign-in.key, made at first start (one instance).
   */
  secretKey: Buffer | undefined
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one line naming the variable and the problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = EnvSchema.safeParse(cleaned)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`)
  }
  const e = parsed.data
  const databaseUrl = e.DATABASE_URL ?? `${e.DATA_DIR.replace(/\/$/, '')}/site.db`
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl,
    dialect: /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgres' : 'sqlite',
    adminPath: e.ADMIN_PATH,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    adminEmail: e.ADMIN_EMAIL,
    siteUrl,
    secureCookies: siteUrl.startsWith('https://'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Launchpad Web Studio <no-reply@${new URL(siteUrl).hostname}>`,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    dataDir: e.DATA_DIR,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    pageCache: e.PAGE_CACHE === 'on',
    // Production uses every core unless told otherwise; development stays one process (Vite).
    webConcurrency: e.WEB_CONCURRENCY ?? (e.NODE_ENV === 'production' ? Math.min(os.availableParallelism(), 64) : 1),
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    proposalRateLimitPerHour: e.PROPOSAL_RATE_LIMIT_PER_HOUR,
    geoipDb: e.GEOIP_DB,
    secretKey: e.SECRET_KEY === undefined ? undefined : decodeSecretKey(e.SECRET_KEY),
  }
}

/**
 * SECRET_KEY's bytes: hex when it is all hex digits (`openssl rand -hex 32`), otherwise base64url
 * or base64 (`openssl rand -base64 32`). At least 32 bytes, and not a placeholder such as 64
 * zeros (fewer than 8 different byte values); undefined when it is none of these.
 */
export function decodeSecretKey(value: string): Buffer | undefined {
  const v = value.trim()
  let bytes: Buffer
  if (/^[0-9a-f]+$/i.test(v)) {
    if (v.length % 2) return undefined
    bytes = Buffer.from(v, 'hex')
  } else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(v)) bytes = Buffer.from(v, 'base64')
  else return undefined
  return bytes.length >= 32 && new Set(bytes).size >= 8 ? bytes : undefined
}

function parseTrustProxy(v: string): Config['trustProxy'] {
  if (v === 'false') return false
  if (v === 'true') return 1
  if (/^\d+$/.test(v)) return Number(v) || false
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

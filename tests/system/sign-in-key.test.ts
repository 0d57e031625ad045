import { execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Secret, TOTP } from 'otpauth'
import { afterAll, describe, expect, it } from 'vitest'
import { resetPostgres, type Client } from '../helpers/app.ts'
import { ADMIN, BUILD_DIR, freePort, postForm, startServer, tempDir, type RunningServer } from './server.ts'

/**
 * The key that seals the authenticator secret (issue 21, docs/decisions/029): SECRET_KEY shared by
 * instances on one PostgreSQL database, an instance with another key refused at start, and the
 * key carried by backup and restore.
 */
const SECURITY = '/admin/settings/security'
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at })
const newKey = () => randomBytes(32).toString('hex')
const STEP = 30_000
/** The last time step used per secret: a code works once, so the next sign-in waits for a later one. */
const usedSteps = new Map<string, number>()

/** A code the server takes: the next step's (within its ±1 window), later than any used yet. */
async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const step = Math.floor(Date.now() / STEP) + 1
    if (step > (usedSteps.get(secret) ?? -1)) {
      usedSteps.set(secret, step)
      return codeAt(secret, step * STEP)
    }
    await new Promise((r) => setTimeout(r, 500))
  }
}

/**
 * Turns two-step sign-in on through the Security page's forms, as a browser without JavaScript
 * does (the password goes along for sudo mode); returns the secret the page showed.
 */
async function enableTwoStep(s: RunningServer): Promise<string> {
  const admin = await s.client().login(ADMIN.username, ADMIN.password)
  const started = await postForm(admin, SECURITY, { intent: 'totp-start', sudoPassword: ADMIN.password })
  expect(started.status).toBe(200)
  const page = await (await admin.get(SECURITY)).text()
  const secret = /data-testid="totp-secret"[^>]*>\s*([A-Z2-7]{32})\s*</.exec(page)?.[1]
  expect(secret, 'the page shows the new secret').toBeDefined()
  const now = Date.now()
  usedSteps.set(secret!, Math.floor(now / STEP))
  const confirmed = await postForm(admin, SECURITY, { intent: 'totp-confirm', code: codeAt(secret!, now), sudoPassword: ADMIN.password })
  expect(confirmed.status).toBe(200)
  expect(await confirmed.text()).toContain('Two-step sign-in is on.')
  return secret!
}

/** The login page's two steps over HTTP; answers the code step's response. */
async function signInWithCode(s: RunningServer, secret: string): Promise<{ res: Response; client: Client }> {
  const client = s.client()
  await client.session()
  const password = await postForm(client, '/admin/login', { username: ADMIN.username, password: ADMIN.password })
  expect(password.status).toBe(303)
  expect(password.headers.get('location')).toMatch(/^\/admin\/login\?/)
  const res = await postForm(client, '/admin/login', { intent: 'code', code: await freshCode(secret) })
  return { res, client }
}

async function expectSignedIn(s: RunningServer, secret: string) {
  const { res, client } = await signInWithCode(s, secret)
  expect(res.status).toBe(303)
  expect(res.headers.get('location')).toBe('/admin/dashboard')
  expect(await client.session()).toMatchObject({ authenticated: true, username: ADMIN.username })
}

/** `node server.js` expected to refuse to start: its exit code and what it printed. */
async function refusedStart(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const port = await freePort()
  const proc = spawn(process.execPath, ['server.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      BUILD_DIR,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  proc.stdout.on('data', (d) => (stdout += d))
  proc.stderr.on('data', (d) => (stderr += d))
  const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000)
  const code = await new Promise<number | null>((r) => proc.once('exit', (c) => r(c)))
  clearTimeout(timer)
  return { code, stdout, stderr }
}

function run(script: string, args: string[], env: Record<string, string | undefined>): Promise<{ status: number; out: string }> {
  const vars = Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, v]) => v !== undefined)) as Record<string, string>
  return new Promise((resolve) => {
    execFile('node', [`scripts/${script}.js`, ...args], { env: vars }, (err, stdout, stderr) =>
      resolve({ status: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    )
  })
}

describe('two instances on one PostgreSQL database with one SECRET_KEY', () => {
  const servers: RunningServer[] = []
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
  })

  it('two-step sign-in turned on through A signs in through B; another key refuses to start with one line', async () => {
    const url = process.env.TEST_PG_URL
    if (!url) throw new Error('TEST_PG_URL is not set: run the tests with `npm test`')
    await resetPostgres(url)
    const env = { DATABASE_URL: url, SECRET_KEY: newKey() }
    // Each with its own data folder, as separate machines have.
    const a = await startServer({ ...env, DATA_DIR: tempDir() })
    servers.push(a)
    const b = await startServer({ ...env, DATA_DIR: tempDir() })
    servers.push(b)

    const secret = await enableTwoStep(a)
    await expectSignedIn(b, secret)
    expect(b.output()).not.toContain('SECRET_KEY is not set')

    const other = await refusedStart({ DATABASE_URL: url, DATA_DIR: tempDir(), SECRET_KEY: newKey() })
    expect(other.code).toBe(1)
    expect(other.stderr).toMatch(/^SECRET_KEY does not match the key this database was set up with: [^\n]+\n$/)
    // Without SECRET_KEY, its own key file is not the database's key either.
    const noKey = await refusedStart({ DATABASE_URL: url, DATA_DIR: tempDir() })
    expect(noKey.code).toBe(1)
    expect(noKey.stderr).toMatch(/^DATA_DIR\/sign-in\.key \([^)]+\) does not match the key this database was set up with: [^\n]+\n$/)

    // The instances with the right key still start.
    const c = await startServer({ ...env, DATA_DIR: tempDir() })
    servers.push(c)
    await expectSignedIn(c, secret)
  })
})

describe('instances from before SECRET_KEY, each with its own key file', () => {
  const servers: RunningServer[] = []
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
  })

  it('start (with a warning) while nothing is sealed; B refuses to set up two-step and answers its code step without a 500', async () => {
    const url = process.env.TEST_PG_URL!
    await resetPostgres(url)
    const a = await startServer({ DATABASE_URL: url, DATA_DIR: tempDir() })
    servers.push(a)
    const b = await startServer({ DATABASE_URL: url, DATA_DIR: tempDir() })
    servers.push(b)
    expect(b.output()).toContain('SECRET_KEY is not set')
    expect(b.output()).toContain('is not the key this database was set up with')

    // Set up through B, the secret would be sealed under a key A cannot open: refused, said plainly.
    const onB = await b.client().login(ADMIN.username, ADMIN.password)
    const refused = await postForm(onB, SECURITY, { intent: 'totp-start', sudoPassword: ADMIN.password })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('the same SECRET_KEY on every instance')

    const secret = await enableTwoStep(a)
    const { res } = await signInWithCode(b, secret)
    expect(res.status).toBe(503)
    expect(await res.text()).toContain('it has a different SECRET_KEY from the one two-step sign-in was set up with')
    await expectSignedIn(a, secret)
  })
})

describe('backup and restore carry the sign-in key (SQLite, without SECRET_KEY)', () => {
  let s: RunningServer | undefined
  afterAll(async () => {
    await s?.stop()
  })

  it('restores into an empty data folder with the key file, and sign-in with a code works there', async () => {
    const dir = tempDir()
    const env = { DATABASE_URL: path.join(dir, 'site.db'), DATA_DIR: dir }
    s = await startServer(env)
    const secret = await enableTwoStep(s)
    const backupFile = path.join(tempDir('backups-'), 'snapshot.db')
    const backup = await run('backup', [backupFile], { ...env, SECRET_KEY: undefined })
    expect(backup.status, backup.out).toBe(0)
    expect(backup.out).toContain(`Sign-in key written to ${backupFile}.key (mode 0600)`)
    expect(fs.readFileSync(`${backupFile}.key`)).toEqual(fs.readFileSync(path.join(dir, 'sign-in.key')))
    expect(fs.statSync(`${backupFile}.key`).mode & 0o777).toBe(0o600)
    await s.stop()
    s = undefined

    // A key that is not the backup's: refused, naming SECRET_KEY, nothing written.
    const elsewhere = tempDir()
    const wrongEnv = { DATABASE_URL: path.join(elsewhere, 'site.db'), DATA_DIR: elsewhere }
    const wrong = await run('restore', [backupFile], { ...wrongEnv, SECRET_KEY: newKey() })
    expect(wrong.status).toBe(1)
    expect(wrong.out).toMatch(/sealed under a key that is not here: set SECRET_KEY to the key it was made with/)
    expect(fs.existsSync(path.join(elsewhere, 'site.db'))).toBe(false)
    // Without the key file beside it, the same.
    const bare = path.join(tempDir('backups-'), 'bare.db')
    fs.copyFileSync(backupFile, bare)
    const keyless = await run('restore', [bare], { ...wrongEnv, SECRET_KEY: undefined })
    expect(keyless.status).toBe(1)
    expect(keyless.out).toContain('SECRET_KEY')
    expect(fs.existsSync(path.join(elsewhere, 'site.db'))).toBe(false)

    const fresh = tempDir()
    const freshEnv = { DATABASE_URL: path.join(fresh, 'site.db'), DATA_DIR: fresh }
    const restore = await run('restore', [backupFile], { ...freshEnv, SECRET_KEY: undefined })
    expect(restore.status, restore.out).toBe(0)
    expect(restore.out).toContain(`Restored the sign-in key ${path.join(fresh, 'sign-in.key')}`)
    expect(fs.statSync(path.join(fresh, 'sign-in.key')).mode & 0o777).toBe(0o600)
    s = await startServer(freshEnv)
    await expectSignedIn(s, secret)
    await s.stop()
    s = undefined

    // The key file as hex is the same key as SECRET_KEY: a move from the file to SECRET_KEY.
    const asHex = fs.readFileSync(path.join(fresh, 'sign-in.key')).toString('hex')
    fs.rmSync(path.join(fresh, 'sign-in.key'))
    s = await startServer({ ...freshEnv, SECRET_KEY: asHex })
    await expectSignedIn(s, secret)
  })
})

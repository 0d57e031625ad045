import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetPostgres, type Client } from '../helpers/app.ts'
import { adminCreate } from './people-helpers.ts'
import { ADMIN, postForm, startServer, tempDir, type RunningServer } from './server.ts'

const PG = process.env.TEST_PG_URL

/**
 * Issue 23: suspending or removing a person ends their sessions at once on every instance. Two
 * production servers on one PostgreSQL behind no balancer: the owner acts on one, the person is
 * signed in on the other.
 */
describe.skipIf(!PG)('removing a person across two instances on PostgreSQL', () => {
  let a: RunningServer | undefined
  let b: RunningServer | undefined
  let env: Record<string, string>
  beforeAll(async () => {
    await resetPostgres(PG!)
    env = { DATABASE_URL: PG!, SECRET_KEY: randomBytes(32).toString('hex') }
    a = await startServer({ ...env, DATA_DIR: tempDir() })
    b = await startServer({ ...env, DATA_DIR: tempDir() })
  })
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
  })

  /** The person signs in on instance B with a one-time password from admin:create and chooses their own. */
  async function personOnB(username: string): Promise<Client> {
    const made = await adminCreate(env, username, 'editor')
    expect(made.code).toBe(0)
    const c = await b!.client().login(username, made.password!)
    expect(
      (
        await c.post('/api/auth/password', {
          currentPassword: made.password,
          newPassword: 'editor-password',
          confirmPassword: 'editor-password',
        })
      ).status,
    ).toBe(200)
    expect((await c.get('/admin/blogs')).status).toBe(200)
    return c
  }

  /** The owner on instance A: Settings > People, in sudo mode (the password in the form). */
  async function ownerActs(owner: Client, intent: 'suspend' | 'restore' | 'remove', id: string) {
    const res = await postForm(owner, '/admin/settings/people', { intent, id, sudoPassword: ADMIN.password })
    expect(res.status).toBe(200)
  }

  it('ends a suspended, then a removed person’s sessions on the other instance at once', async () => {
    const owner = await a!.client().login(ADMIN.username, ADMIN.password)
    const person = await personOnB('wren')
    const page = await (await owner.get('/admin/settings/people')).text()
    const id = /name="id" value="(\d+)"/.exec(page)?.[1]
    expect(id).toBeDefined()

    await ownerActs(owner, 'suspend', id!)
    const refused = await person.get('/admin/blogs')
    expect(refused.status).toBe(302)
    expect(refused.headers.get('location')).toMatch(/^\/admin\/login\?redirectTo=/)
    expect((await person.get('/api/blog/stats')).status).toBe(401)
    expect((await person.session()).authenticated).toBe(false)
    expect((await b!.client().post('/api/auth/login', { username: 'wren', password: 'editor-password' })).status).toBe(401)

    await ownerActs(owner, 'restore', id!)
    const again = await b!.client().login('wren', 'editor-password')
    expect((await again.get('/admin/blogs')).status).toBe(200)
    await ownerActs(owner, 'remove', id!)
    expect((await again.get('/admin/blogs')).status).toBe(302)
    expect((await again.session()).authenticated).toBe(false)
    expect(await (await owner.get('/admin/settings/people')).text()).not.toContain('wren')
  })
})

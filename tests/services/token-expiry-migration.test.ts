import { Migrator } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/db/db.server.ts'
import { migrationProvider } from '~/db/migrations/index.ts'
import { hashToken } from '~/services/actor.server.ts'
import { authenticateApiToken } from '~/services/api-tokens.server.ts'
import { dialects, resetPostgres } from '../helpers/app.ts'

const DAY = 24 * 60 * 60_000

/**
 * Upgrading a site made before issue 33: its API tokens had no expiry and its owner no email of
 * their own. After the upgrade every token works 30 more days, and the owner's security notices
 * go to the contact email the site had (docs/decisions/052).
 */
describe.each(dialects())('the token expiry and notice email upgrade on %s', (_name, url) => {
  let h: DatabaseHandle | undefined
  afterEach(async () => {
    await h?.close()
  })

  it('gives every existing token 30 days from the upgrade, and the owner the contact email as it was; a person made from the shell keeps none', async () => {
    const dbUrl = url()
    if (dbUrl.startsWith('postgres')) await resetPostgres(dbUrl)
    h = openDatabase(dbUrl)
    const { error } = await new Migrator({ db: h.db, provider: migrationProvider }).migrateTo('2026_11_27_submission_keys')
    expect(error).toBeUndefined()
    const now = new Date().toISOString()
    const person = (username: string, role: string) =>
      h!.db
        .insertInto('adminUsers')
        .values({ username, passwordHash: 'x', createdAt: now, updatedAt: now, role, mustChangePassword: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    const owner = await person('admin', 'owner')
    const shell = await person('shelly', 'editor')
    await h.db
      .insertInto('settings')
      .values({ key: 'contactEmail', value: JSON.stringify('office@studio.example') })
      .execute()
    // As the old code wrote it: no expiry column at all.
    await h.db
      .insertInto('apiTokens')
      .values({ userId: owner.id, name: 'Old script', tokenHash: hashToken('lws_old'), createdAt: now } as never)
      .execute()

    const before = Date.now()
    await migrateToLatest(h.db)
    const token = await h.db.selectFrom('apiTokens').selectAll().executeTakeFirstOrThrow()
    const expires = Date.parse(token.expiresAt!)
    expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY)
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY)
    expect(await authenticateApiToken(h.db, 'lws_old')).toMatchObject({ id: owner.id, via: 'token' })
    expect(await authenticateApiToken(h.db, 'lws_old', expires + 1000)).toBeUndefined()

    const emails = await h.db.selectFrom('adminUsers').select(['id', 'email']).orderBy('id').execute()
    expect(emails).toEqual([
      { id: owner.id, email: 'office@studio.example' },
      { id: shell.id, email: null },
    ])
  })
})

import { sql } from 'kysely'
import { addColumns, dropColumns, dropIndexes, type NamedMigration } from './shared.ts'

/**
 * Issue 33: every API token expires (those made before this get 30 days from the upgrade);
 * security notices go to each person's own email (the owner's is the contact email of the
 * site at the upgrade); a username is unique in any letter case, so two invitations accepted
 * at once with "Sam" and "sam" cannot both get in (only added where no such pair exists yet).
 */
export default {
  name: '2026_11_28_a_token_expiry_and_notice_email',
  async up(db) {
    await addColumns(db, 'api_tokens', ['expires_at text'])
    await db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() + 30 * 24 * 60 * 60_000).toISOString() })
      .where('expires_at', 'is', null)
      .execute()
    const stored = await db.selectFrom('settings').select('value').where('key', '=', 'contactEmail').executeTakeFirst()
    let contactEmail = 'hello@launchpad-web.example'
    try {
      const parsed: unknown = stored ? JSON.parse(stored.value as string) : undefined
      if (typeof parsed === 'string' && parsed.includes('@')) contactEmail = parsed
    } catch {
      // A value that is not JSON: keep the default contact email, as the site shows it.
    }
    await db.updateTable('admin_users').set({ email: contactEmail }).where('role', '=', 'owner').where('email', 'is', null).execute()
    const clash = await db
      .selectFrom('admin_users')
      .select(sql<string>`lower(username)`.as('name'))
      .groupBy(sql`lower(username)`)
      .having(sql`count(*)`, '>', 1)
      .executeTakeFirst()
    if (!clash)
      await db.schema
        .createIndex('admin_users_username_lower_uq')
        .ifNotExists()
        .unique()
        .on('admin_users')
        .expression(sql`lower(username)`)
        .execute()
  },
  async down(db) {
    await dropIndexes(db, ['admin_users_username_lower_uq'])
    await dropColumns(db, 'api_tokens', ['expires_at'])
  },
} satisfies NamedMigration

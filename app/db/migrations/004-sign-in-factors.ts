import { withId, type NamedMigration } from './shared.ts'

/**
 * passkeys, authenticator codes, recovery codes, sessions (issue 11)
 */
export default {
  name: '2026_11_24_001_sign_in_factors',
  async up(db) {
    // Two-step sign-in: the TOTP secret (AES-256-GCM, docs/decisions/019) and the last time step
    // accepted, so each code is used once.
    await db.schema.alterTable('admin_users').addColumn('totp_secret', 'text').execute()
    await db.schema.alterTable('admin_users').addColumn('totp_enabled_at', 'text').execute()
    await db.schema.alterTable('admin_users').addColumn('totp_last_step', 'integer').execute()
    // What the Security page lists for each session.
    await db.schema.alterTable('sessions').addColumn('ip', 'text').execute()
    await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute()
    await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute()

    await withId(db, 'passkeys')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
      .addColumn('credential_id', 'text', (c) => c.notNull().unique())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('transports', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .execute()
    await db.schema.createIndex('passkeys_user_idx').ifNotExists().on('passkeys').column('user_id').execute()

    await withId(db, 'recovery_codes')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('recovery_codes_user_idx').ifNotExists().on('recovery_codes').columns(['user_id', 'code_hash']).execute()

    // Short-lived server-side state between two requests: a password accepted and waiting for a
    // code, a WebAuthn challenge, an authenticator being set up. The browser holds only a token.
    await withId(db, 'auth_challenges')
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('admin_users.id').onDelete('cascade'))
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute()
  },
  async down(db) {
    for (const t of ['auth_challenges', 'recovery_codes', 'passkeys']) await db.schema.dropTable(t).ifExists().execute()
    for (const c of ['ip', 'user_agent', 'last_seen_at']) await db.schema.alterTable('sessions').dropColumn(c).execute()
    for (const c of ['totp_secret', 'totp_enabled_at', 'totp_last_step']) await db.schema.alterTable('admin_users').dropColumn(c).execute()
  },
} satisfies NamedMigration

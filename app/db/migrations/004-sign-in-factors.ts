import { addColumns, createIndex, createTable, dropColumns, dropTables, type NamedMigration } from './shared.ts'

/** passkeys, authenticator codes, recovery codes, sessions (issue 11) */
export default {
  name: '2026_11_24_001_sign_in_factors',
  async up(db) {
    // Two-step sign-in: the TOTP secret (AES-256-GCM, docs/decisions/019) and the last time step
    // accepted, so each code is used once.
    await addColumns(db, 'admin_users', ['totp_secret text', 'totp_enabled_at text', 'totp_last_step integer'])
    // What the Security page lists for each session.
    await addColumns(db, 'sessions', ['ip text', 'user_agent text', 'last_seen_at text'])

    await createTable(db, 'passkeys', [
      'id',
      'user_id integer not null references admin_users.id on delete cascade',
      'credential_id text not null unique',
      'public_key text not null',
      'counter integer not null default 0',
      'transports text',
      'name text not null',
      'created_at text not null',
      'last_used_at text',
    ])
    await createIndex(db, 'passkeys_user_idx on passkeys (user_id)')

    await createTable(db, 'recovery_codes', [
      'id',
      'user_id integer not null references admin_users.id on delete cascade',
      'code_hash text not null',
      'used_at text',
      'created_at text not null',
    ])
    await createIndex(db, 'recovery_codes_user_idx on recovery_codes (user_id, code_hash)')

    // Short-lived server-side state between two requests: a password accepted and waiting for a
    // code, a WebAuthn challenge, an authenticator being set up. The browser holds only a token.
    await createTable(db, 'auth_challenges', [
      'id',
      'token_hash text not null unique',
      'kind text not null',
      'user_id integer references admin_users.id on delete cascade',
      'data text not null',
      'created_at text not null',
      'expires_at text not null',
    ])
  },
  async down(db) {
    await dropTables(db, ['auth_challenges', 'recovery_codes', 'passkeys'])
    await dropColumns(db, 'sessions', ['ip', 'user_agent', 'last_seen_at'])
    await dropColumns(db, 'admin_users', ['totp_secret', 'totp_enabled_at', 'totp_last_step'])
  },
} satisfies NamedMigration

import { addColumns, createIndex, createTable, dropColumns, dropIndexes, dropTables, type NamedMigration } from './shared.ts'

/**
 * People and roles (issue 23): the existing administrator becomes the owner; invitations,
 * per-person API tokens, leads assigned to a person, a post's author as a person.
 */
export default {
  name: '2026_11_27_people_roles',
  async up(db) {
    await addColumns(db, 'admin_users', [
      "role text not null default 'owner'",
      "display_name text not null default ''",
      'email text',
      "picture text not null default ''",
    ])
    // 'active' | 'suspended' | 'removed' (a removed person's row stays: their posts name them).
    await addColumns(db, 'admin_users', ["status text not null default 'active'", 'must_change_password boolean not null default false'])
    await createTable(db, 'invitations', [
      'id',
      'token_hash text not null unique',
      'email text not null',
      'role text not null',
      "display_name text not null default ''",
      'invited_by integer not null',
      'created_at text not null',
      'expires_at text not null',
      'used_at text',
      'revoked_at text',
    ])
    await createTable(db, 'api_tokens', [
      'id',
      'user_id integer not null references admin_users.id on delete cascade',
      'name text not null',
      'token_hash text not null unique',
      'created_at text not null',
      'last_used_at text',
    ])
    await createIndex(db, 'api_tokens_user_idx on api_tokens (user_id)')
    await addColumns(db, 'proposals', ['assigned_to integer'])
    await createIndex(db, 'proposals_assigned_idx on proposals (assigned_to)')
    await addColumns(db, 'blog_posts', ['author_id integer'])
  },
  async down(db) {
    await dropColumns(db, 'blog_posts', ['author_id'])
    await dropIndexes(db, ['proposals_assigned_idx'])
    await dropColumns(db, 'proposals', ['assigned_to'])
    await dropTables(db, ['api_tokens', 'invitations'])
    await dropColumns(db, 'admin_users', ['must_change_password', 'status', 'picture', 'email', 'display_name', 'role'])
  },
} satisfies NamedMigration

import { withId, type NamedMigration } from './shared.ts'

/**
 * People and roles (issue 23): the existing administrator becomes the owner; invitations,
 * per-person API tokens, leads assigned to a person, a post's author as a person.
 */
export default {
  name: '2026_11_27_people_roles',
  async up(db) {
    await db.schema
      .alterTable('admin_users')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('owner'))
      .execute()
    await db.schema
      .alterTable('admin_users')
      .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
    await db.schema.alterTable('admin_users').addColumn('email', 'text').execute()
    await db.schema
      .alterTable('admin_users')
      .addColumn('picture', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
    // 'active' | 'suspended' | 'removed' (a removed person's row stays: their posts name them).
    await db.schema
      .alterTable('admin_users')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
      .execute()
    await db.schema
      .alterTable('admin_users')
      .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute()
    await withId(db, 'invitations')
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('invited_by', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute()
    await withId(db, 'api_tokens')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .execute()
    await db.schema.createIndex('api_tokens_user_idx').ifNotExists().on('api_tokens').column('user_id').execute()
    await db.schema.alterTable('proposals').addColumn('assigned_to', 'integer').execute()
    await db.schema.createIndex('proposals_assigned_idx').ifNotExists().on('proposals').column('assigned_to').execute()
    await db.schema.alterTable('blog_posts').addColumn('author_id', 'integer').execute()
  },
  async down(db) {
    await db.schema.alterTable('blog_posts').dropColumn('author_id').execute()
    await db.schema.dropIndex('proposals_assigned_idx').ifExists().execute()
    await db.schema.alterTable('proposals').dropColumn('assigned_to').execute()
    await db.schema.dropTable('api_tokens').ifExists().execute()
    await db.schema.dropTable('invitations').ifExists().execute()
    for (const c of ['must_change_password', 'status', 'picture', 'email', 'display_name', 'role'])
      await db.schema.alterTable('admin_users').dropColumn(c).execute()
  },
} satisfies NamedMigration

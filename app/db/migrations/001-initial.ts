import { withId, type NamedMigration } from './shared.ts'

export default {
  name: '2026_11_22_001_initial',
  async up(db) {
    await withId(db, 'portfolio_items')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('technologies', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('is_live', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('live_url', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('portfolio_items_status_idx').ifNotExists().on('portfolio_items').column('status').execute()

    await withId(db, 'blog_posts')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('subheading', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('excerpt', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('author', 'text', (c) => c.notNull().defaultTo('Admin'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
      .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('read_time', 'text', (c) => c.notNull().defaultTo('5 min read'))
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('blog_posts_status_date_idx').ifNotExists().on('blog_posts').columns(['status', 'date']).execute()

    await withId(db, 'proposals')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('business_type', 'text', (c) => c.notNull())
      .addColumn('budget', 'text', (c) => c.notNull())
      .addColumn('requirements', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('date', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('proposals_status_date_idx').ifNotExists().on('proposals').columns(['status', 'date']).execute()
    await db.schema.createIndex('proposals_date_idx').ifNotExists().on('proposals').column('date').execute()

    await db.schema
      .createTable('settings')
      .ifNotExists()
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute()

    await withId(db, 'admin_users')
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()

    await withId(db, 'sessions')
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('sessions_user_idx').ifNotExists().on('sessions').column('user_id').execute()

    await withId(db, 'rate_events')
      .addColumn('bucket', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('rate_events_lookup_idx').ifNotExists().on('rate_events').columns(['bucket', 'key', 'created_at']).execute()

    await db.schema
      .createTable('page_views')
      .ifNotExists()
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('page_views_pk', ['day', 'path'])
      .execute()

    await withId(db, 'mail_outbox')
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .execute()
    await db.schema.createIndex('mail_outbox_due_idx').ifNotExists().on('mail_outbox').columns(['status', 'next_attempt_at']).execute()
  },
  async down(db) {
    for (const t of [
      'mail_outbox',
      'page_views',
      'rate_events',
      'sessions',
      'admin_users',
      'settings',
      'proposals',
      'blog_posts',
      'portfolio_items',
    ]) {
      await db.schema.dropTable(t).ifExists().execute()
    }
  },
} satisfies NamedMigration

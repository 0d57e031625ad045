import { createIndex, createTable, dropTables, type NamedMigration } from './shared.ts'

export default {
  name: '2026_11_22_001_initial',
  async up(db) {
    await createTable(db, 'portfolio_items', [
      'id',
      'title text not null',
      'description text not null',
      'category text not null',
      'image text not null',
      "technologies text not null default '[]'",
      "features text not null default '[]'",
      'is_live boolean not null default true',
      'live_url text',
      "status text not null default 'active'",
      'created_at text not null',
      'updated_at text not null',
    ])
    await createIndex(db, 'portfolio_items_status_idx on portfolio_items (status)')

    await createTable(db, 'blog_posts', [
      'id',
      'title text not null',
      "subheading text not null default ''",
      'excerpt text not null',
      'content text not null',
      'category text not null',
      "author text not null default 'Admin'",
      "status text not null default 'draft'",
      "image text not null default ''",
      "read_time text not null default '5 min read'",
      'date text not null',
      'views integer not null default 0',
      'created_at text not null',
      'updated_at text not null',
    ])
    await createIndex(db, 'blog_posts_status_date_idx on blog_posts (status, date)')

    await createTable(db, 'proposals', [
      'id',
      'name text not null',
      'email text not null',
      'phone text',
      'business_type text not null',
      'budget text not null',
      'requirements text not null',
      "status text not null default 'pending'",
      'date text not null',
    ])
    await createIndex(db, 'proposals_status_date_idx on proposals (status, date)')
    await createIndex(db, 'proposals_date_idx on proposals (date)')

    await createTable(db, 'settings', ['key text primary key', 'value text not null'])

    await createTable(db, 'admin_users', [
      'id',
      'username text not null unique',
      'password_hash text not null',
      'created_at text not null',
      'updated_at text not null',
    ])

    await createTable(db, 'sessions', [
      'id',
      'token_hash text not null unique',
      'user_id integer not null references admin_users.id on delete cascade',
      'created_at text not null',
      'expires_at text not null',
    ])
    await createIndex(db, 'sessions_user_idx on sessions (user_id)')

    await createTable(db, 'rate_events', ['id', 'bucket text not null', 'key text not null', 'created_at text not null'])
    await createIndex(db, 'rate_events_lookup_idx on rate_events (bucket, key, created_at)')

    await createTable(db, 'page_views', [
      'day text not null',
      'path text not null',
      'count integer not null default 0',
      'constraint page_views_pk primary key (day, path)',
    ])

    await createTable(db, 'mail_outbox', [
      'id',
      'to_address text not null',
      'subject text not null',
      'body text not null',
      "status text not null default 'pending'",
      'attempts integer not null default 0',
      'next_attempt_at text not null',
      'last_error text',
      'created_at text not null',
      'sent_at text',
    ])
    await createIndex(db, 'mail_outbox_due_idx on mail_outbox (status, next_attempt_at)')
  },
  async down(db) {
    await dropTables(db, [
      'mail_outbox',
      'page_views',
      'rate_events',
      'sessions',
      'admin_users',
      'settings',
      'proposals',
      'blog_posts',
      'portfolio_items',
    ])
  },
} satisfies NamedMigration

import { PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider, type CreateTableBuilder } from 'kysely'
// Frozen data (never edited once shipped), so the migration keeps writing what it wrote.
import { SAMPLE_CASES, SAMPLES_AS_FIRST_SEEDED } from './sample-cases.ts'

/** The one dialect branch: an auto-incrementing integer key. */
function withId(db: Kysely<any>, table: string): CreateTableBuilder<string, 'id'> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
  return db.schema
    .createTable(table)
    .ifNotExists()
    .addColumn('id', 'integer', (c) => (isPostgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
}

/**
 * Migrations live in code (not files) so they survive bundling into build/server.
 * Kysely runs them sorted by name, and refuses a database that ran a later one than a new one:
 * so a new migration is added at the end with a name that sorts after every other (a test checks
 * the order written is the order run). Never edit one that has shipped, add a new one.
 */
const migrations: Record<string, Migration> = {
  '2026_11_22_001_initial': {
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
      await db.schema
        .createIndex('rate_events_lookup_idx')
        .ifNotExists()
        .on('rate_events')
        .columns(['bucket', 'key', 'created_at'])
        .execute()

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
  },
  /** Rate limits as one counter row per key, checked and counted in one atomic statement. */
  '2026_11_23_001_rate_limits': {
    async up(db) {
      await db.schema
        .createTable('rate_limits')
        .ifNotExists()
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('rate_limits_expires_idx').ifNotExists().on('rate_limits').column('expires_at').execute()
      await db.schema.dropTable('rate_events').ifExists().execute()
    },
    async down(db) {
      await db.schema.dropTable('rate_limits').ifExists().execute()
    },
  },
  /** Uploaded images move from DATA_DIR/uploads into the database (docs/decisions/011). */
  '2026_11_23_002_uploads': {
    async up(db) {
      const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
      await db.schema
        .createTable('uploads')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('bytes', isPostgres ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
    },
    async down(db) {
      await db.schema.dropTable('uploads').ifExists().execute()
    },
  },
  // passkeys, authenticator codes, recovery codes, sessions (issue 11)
  '2026_11_24_001_sign_in_factors': {
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
      for (const c of ['totp_secret', 'totp_enabled_at', 'totp_last_step'])
        await db.schema.alterTable('admin_users').dropColumn(c).execute()
    },
  },
  // slugs, scheduling, revisions (issue 12)
  '2026_11_24_002_publishing': {
    async up(db) {
      // Readable addresses: every post gets a slug (filled in below for existing rows), unique.
      await db.schema.alterTable('blog_posts').addColumn('slug', 'text').execute()
      // When a `scheduled` post goes public (ISO UTC); the scheduler flips due posts (docs/decisions/021).
      await db.schema.alterTable('blog_posts').addColumn('publish_at', 'text').execute()
      const rows = await db.selectFrom('blog_posts').select(['id', 'title']).orderBy('id').execute()
      const taken = new Set<string>()
      for (const row of rows as { id: number; title: string }[]) {
        const base = migrationSlug(row.title)
        let slug = base
        for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
        taken.add(slug)
        await db.updateTable('blog_posts').set({ slug }).where('id', '=', row.id).execute()
      }
      await db.schema.createIndex('blog_posts_slug_uq').ifNotExists().unique().on('blog_posts').column('slug').execute()
      await db.schema
        .createIndex('blog_posts_status_publish_idx')
        .ifNotExists()
        .on('blog_posts')
        .columns(['status', 'publish_at'])
        .execute()

      // Every slug a post has had, current and old: the primary key reserves an address for its
      // post forever, so an old link keeps answering 301 to the post's current address.
      await db.schema
        .createTable('blog_slugs')
        .ifNotExists()
        .addColumn('slug', 'text', (c) => c.primaryKey())
        .addColumn('post_id', 'integer', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('blog_slugs_post_idx').ifNotExists().on('blog_slugs').column('post_id').execute()
      const now = new Date().toISOString()
      const slugged = await db.selectFrom('blog_posts').select(['id', 'slug']).execute()
      for (const row of slugged as { id: number; slug: string }[]) {
        await db.insertInto('blog_slugs').values({ slug: row.slug, post_id: row.id, created_at: now }).execute()
      }

      // Revisions: one row per save (the last 50 kept per post) and at most one autosave per post.
      await withId(db, 'blog_revisions')
        .addColumn('post_id', 'integer', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('blog_revisions_post_idx').ifNotExists().on('blog_revisions').columns(['post_id', 'kind', 'id']).execute()
    },
    async down(db) {
      await db.schema.dropTable('blog_revisions').ifExists().execute()
      await db.schema.dropTable('blog_slugs').ifExists().execute()
      await db.schema.dropIndex('blog_posts_status_publish_idx').ifExists().execute()
      await db.schema.dropIndex('blog_posts_slug_uq').ifExists().execute()
      await db.schema.alterTable('blog_posts').dropColumn('publish_at').execute()
      await db.schema.alterTable('blog_posts').dropColumn('slug').execute()
    },
  },
  // proposal notes, history, replies (issue 12)
  '2026_11_24_003_lead_desk': {
    async up(db) {
      // Where a request started (estimator or builder) and what was chosen there, to show it and reopen it.
      await db.schema.alterTable('proposals').addColumn('source', 'text').execute()
      await db.schema.alterTable('proposals').addColumn('source_data', 'text').execute()
      // One timeline per proposal: notes, status changes, replies sent (kind says which).
      await withId(db, 'proposal_events')
        .addColumn('proposal_id', 'integer', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('body', 'text')
        .addColumn('from_status', 'text')
        .addColumn('to_status', 'text')
        .addColumn('subject', 'text')
        .addColumn('to_address', 'text')
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('proposal_events_proposal_idx')
        .ifNotExists()
        .on('proposal_events')
        .columns(['proposal_id', 'created_at'])
        .execute()
    },
    async down(db) {
      await db.schema.dropTable('proposal_events').ifExists().execute()
      for (const c of ['source', 'source_data']) await db.schema.alterTable('proposals').dropColumn(c).execute()
    },
  },
  // contact form messages (issue 13)
  '2026_11_24_004_contact_messages': {
    async up(db) {
      await withId(db, 'contact_messages')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('contact_messages_created_idx').ifNotExists().on('contact_messages').column('created_at').execute()
    },
    async down(db) {
      await db.schema.dropTable('contact_messages').ifExists().execute()
    },
  },
  // responsive image widths and cover alt text (issue 12)
  '2026_11_24_005_image_variants': {
    async up(db) {
      // Each upload's smaller widths and AVIF copies are rows of `uploads` too (served the same
      // way); `variant_of` names the original. Width and height of every row, so pages can give
      // <img> its size; NULL on an original means its variants are not made yet (docs/decisions/022).
      await db.schema.alterTable('uploads').addColumn('width', 'integer').execute()
      await db.schema.alterTable('uploads').addColumn('height', 'integer').execute()
      await db.schema.alterTable('uploads').addColumn('variant_of', 'text').execute()
      await db.schema.createIndex('uploads_variant_of_idx').ifNotExists().on('uploads').column('variant_of').execute()
      // Cover alt text. '' is a decorative cover. Existing rows keep what the pages said so far:
      // posts showed their cover as decorative, projects as 'Screenshot of <title>'.
      await db.schema
        .alterTable('blog_posts')
        .addColumn('image_alt', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await db.schema
        .alterTable('portfolio_items')
        .addColumn('image_alt', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await db
        .updateTable('portfolio_items')
        .set({ image_alt: sql<string>`'Screenshot of ' || title` })
        .execute()
    },
    async down(db) {
      await db.schema.alterTable('portfolio_items').dropColumn('image_alt').execute()
      await db.schema.alterTable('blog_posts').dropColumn('image_alt').execute()
      await db.schema.dropIndex('uploads_variant_of_idx').ifExists().execute()
      await db.deleteFrom('uploads').where('variant_of', 'is not', null).execute()
      for (const c of ['variant_of', 'height', 'width']) await db.schema.alterTable('uploads').dropColumn(c).execute()
    },
  },
  // sudo mode: when this session last confirmed the password; tries at a waiting code step (issue 21)
  '2026_11_25_discovery_call_bookings': {
    async up(db) {
      await withId(db, 'bookings')
        .addColumn('start_at', 'text', (c) => c.notNull())
        .addColumn('end_at', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('booked'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('proposal_id', 'integer', (c) => c.references('proposals.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('bookings_status_start_idx').ifNotExists().on('bookings').columns(['status', 'start_at']).execute()
      // One row per 5-minute cell a live call and its buffer hold: the primary key is what makes a
      // second booking of any overlapping time fail, on every instance (docs/decisions/038).
      await db.schema
        .createTable('booking_cells')
        .ifNotExists()
        .addColumn('cell_at', 'text', (c) => c.primaryKey())
        .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
        .execute()
      await db.schema.createIndex('booking_cells_booking_idx').ifNotExists().on('booking_cells').column('booking_id').execute()
      // At most two future calls per email: seat 1 or 2, unique per email.
      await db.schema
        .createTable('booking_seats')
        .ifNotExists()
        .addColumn('email_key', 'text', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('booking_seats_pk', ['email_key', 'seat'])
        .execute()
      await db.schema.createIndex('booking_seats_booking_idx').ifNotExists().on('booking_seats').column('booking_id').execute()
      // An invitation (.ics) sent with a mail; NULL for plain mail.
      await db.schema.alterTable('mail_outbox').addColumn('ics', 'text').execute()
    },
    async down(db) {
      await db.schema.alterTable('mail_outbox').dropColumn('ics').execute()
      await db.schema.dropTable('booking_seats').ifExists().execute()
      await db.schema.dropTable('booking_cells').ifExists().execute()
      await db.schema.dropTable('bookings').ifExists().execute()
    },
  },
  // where leads come from: cookie-free visits, daily rollups and each lead's attribution (issue 25)
  '2026_11_25_lead_sources': {
    async up(db) {
      // Today's salt for the visitor hash; older days' salts are deleted (docs/decisions/042).
      await db.schema
        .createTable('visit_salts')
        .ifNotExists()
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('salt', 'text', (c) => c.notNull())
        .execute()
      // One row per visitor and day: the first touch (source, campaign, landing page, device,
      // country), the tools used in order, the funnel steps reached (bits) and the views counted.
      await db.schema
        .createTable('visits')
        .ifNotExists()
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('visitor', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('medium', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('campaign', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('referrer', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('landing_path', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('tools', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('funnel', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('visits_pk', ['day', 'visitor'])
        .execute()
      // Daily rollups the dashboard reads (updated in the transaction that counts the view or lead).
      await db.schema
        .createTable('visit_sources_daily')
        .ifNotExists()
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('campaign', 'text', (c) => c.notNull())
        .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('leads', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('visit_sources_daily_pk', ['day', 'source', 'campaign'])
        .execute()
      await db.schema
        .createTable('visit_facets_daily')
        .ifNotExists()
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('facet', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('visit_facets_daily_pk', ['day', 'facet', 'value'])
        .execute()
      await db.schema
        .createTable('funnel_daily')
        .ifNotExists()
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('step', 'integer', (c) => c.notNull())
        .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('funnel_daily_pk', ['day', 'step'])
        .execute()
      // Each lead's attribution: the visit's source, campaign, landing page and the tools used first.
      for (const table of ['proposals', 'contact_messages', 'bookings']) {
        for (const column of ['visit_source', 'visit_campaign', 'landing_path', 'first_tools']) {
          await db.schema.alterTable(table).addColumn(column, 'text').execute()
        }
      }
    },
    async down(db) {
      for (const table of ['proposals', 'contact_messages', 'bookings']) {
        for (const column of ['visit_source', 'visit_campaign', 'landing_path', 'first_tools'])
          await db.schema.alterTable(table).dropColumn(column).execute()
      }
      for (const t of ['funnel_daily', 'visit_facets_daily', 'visit_sources_daily', 'visits', 'visit_salts'])
        await db.schema.dropTable(t).ifExists().execute()
    },
  },
  // A post's tags (a JSON array of names), kept from a WordPress or Ghost import and written back
  // by the export; the site itself files posts under one category.
  '2026_11_25_sudo_mode': {
    async up(db) {
      await db.schema.alterTable('sessions').addColumn('sudo_at', 'text').execute()
      await db.schema
        .alterTable('auth_challenges')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
    async down(db) {
      await db.schema.alterTable('auth_challenges').dropColumn('attempts').execute()
      await db.schema.alterTable('sessions').dropColumn('sudo_at').execute()
    },
  },
  // discovery-call bookings: the calls, the time cells each holds, the two seats per email (issue 26)
  '2026_11_26_blog_post_tags': {
    async up(db) {
      await db.schema
        .alterTable('blog_posts')
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute()
    },
    async down(db) {
      await db.schema.alterTable('blog_posts').dropColumn('tags').execute()
    },
  },
  // The activity log (issue 23, docs/decisions/044): every change in the back office, who made it,
  // from which address and device. Kept for the configured days, then pruned.
  '2026_11_27_activity_log': {
    async up(db) {
      await withId(db, 'activity_log')
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('person_id', 'integer')
        .addColumn('person_name', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('item_type', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text')
        .addColumn('item_label', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('ip', 'text')
        .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await db.schema.createIndex('activity_log_at_idx').ifNotExists().on('activity_log').column('at').execute()
      await db.schema.createIndex('activity_log_person_idx').ifNotExists().on('activity_log').columns(['person_id', 'at']).execute()
    },
    async down(db) {
      await db.schema.dropTable('activity_log').ifExists().execute()
    },
  },
  // People and roles (issue 23): the existing administrator becomes the owner; invitations,
  // per-person API tokens, leads assigned to a person, a post's author as a person.
  '2026_11_27_people_roles': {
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
  },
  // A public form posted twice stores one item (docs/decisions/045).
  '2026_11_27_submission_keys': {
    async up(db) {
      await db.schema
        .createTable('submission_keys')
        .ifNotExists()
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('item_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('submission_keys_created_idx').ifNotExists().on('submission_keys').column('created_at').execute()
    },
    async down(db) {
      await db.schema.dropTable('submission_keys').ifExists().execute()
    },
  },
  // Issue 33: every API token expires (those made before this get 30 days from the upgrade);
  // security notices go to each person's own email (the owner's is the contact email of the
  // site at the upgrade); a username is unique in any letter case, so two invitations accepted
  // at once with "Sam" and "sam" cannot both get in (only added where no such pair exists yet).
  '2026_11_28_a_token_expiry_and_notice_email': {
    async up(db) {
      await db.schema.alterTable('api_tokens').addColumn('expires_at', 'text').execute()
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
      await db.schema.dropIndex('admin_users_username_lower_uq').ifExists().execute()
      await db.schema.alterTable('api_tokens').dropColumn('expires_at').execute()
    },
  },
  // Issue 33: one site import at a time across instances, and the images of one that fails or
  // dies removed (docs/decisions/051).
  '2026_11_28_d_import_lock': {
    async up(db) {
      await db.schema
        .createTable('import_lock')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('heartbeat_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('import_lock_uploads')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('import_lock_uploads_holder_idx').ifNotExists().on('import_lock_uploads').column('holder').execute()
    },
    async down(db) {
      await db.schema.dropTable('import_lock_uploads').ifExists().execute()
      await db.schema.dropTable('import_lock').ifExists().execute()
    },
  },
  // Issue 36 §4: an outbox row is waiting, delivered or failed, never 'sent' for mail that did not
  // leave. The server's answer to the last try is kept (docs/decisions/054). Rows the old code
  // marked 'sent' are settled at start, where the configuration is known (settleLegacySentMail).
  '2026_11_28_g_mail_states': {
    async up(db) {
      await db.schema.alterTable('mail_outbox').addColumn('server_answer', 'text').execute()
      await db.schema.alterTable('mail_outbox').addColumn('tried_at', 'text').execute()
      // Never tried: waiting. Tried and refused (the old code kept it 'pending' to retry): failed, with its error.
      await db.updateTable('mail_outbox').set({ status: 'waiting' }).where('status', '=', 'pending').where('attempts', '=', 0).execute()
      await db
        .updateTable('mail_outbox')
        .set({ status: 'failed', server_answer: sql`last_error` })
        .where((eb) => eb.or([eb('status', '=', 'failed'), eb.and([eb('status', '=', 'pending'), eb('attempts', '>', 0)])]))
        .execute()
      await db.schema.createIndex('mail_outbox_created_idx').ifNotExists().on('mail_outbox').column('created_at').execute()
    },
    async down(db) {
      await db.schema.dropIndex('mail_outbox_created_idx').ifExists().execute()
      await db.updateTable('mail_outbox').set({ status: 'pending' }).where('status', 'in', ['waiting', 'failed']).execute()
      await db.updateTable('mail_outbox').set({ status: 'sent' }).where('status', '=', 'delivered').execute()
      await db.schema.alterTable('mail_outbox').dropColumn('tried_at').execute()
      await db.schema.alterTable('mail_outbox').dropColumn('server_answer').execute()
    },
  },
  // Issue 35 §5: each project tells its case on a page of its own, /portfolio/{slug}: the
  // problem, what was built, results (a JSON list of { figure, label }), the client's words and
  // name, before and after. Slugs like the blog's (docs/decisions/021): unique, with a history
  // so an old address answers 301. The four sample projects, if still exactly as seeded, get
  // their cases and client-facing tags (docs/decisions/067).
  '2026_11_28_h_converted_visitors': {
    async up(db) {
      await db.schema
        .alterTable('visit_sources_daily')
        .addColumn('converted', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db
        .updateTable('visits')
        .set({ funnel: sql`funnel | 16` })
        .where(sql<boolean>`(funnel & 8) <> 0`)
        .execute()
      await db
        .updateTable('visit_sources_daily')
        .set({
          converted: sql`(select count(*) from visits v where v.day = visit_sources_daily.day and v.source = visit_sources_daily.source and v.campaign = visit_sources_daily.campaign and (v.funnel & 16) <> 0)`,
        })
        .execute()
    },
    async down(db) {
      await db.schema.alterTable('visit_sources_daily').dropColumn('converted').execute()
    },
  },
  // Issue 36 §1: one lead desk for proposals, messages and calls (docs/decisions/069-b). A lead's
  // kind (a call starts a proposal row of its own), its value (the estimate, in cents), its next
  // step and when staff first opened it (null: unread); messages get the triage proposals have,
  // and a history of their own (replies, status changes, assignments).
  '2026_11_28_k_booking_office': {
    async up(db) {
      await db.schema.alterTable('bookings').addColumn('office_id', 'text').execute()
    },
    async down(db) {
      await db.schema.alterTable('bookings').dropColumn('office_id').execute()
    },
  },
  // Issue 38: a proposal document written for a lead, sent as a link (/p/<token>, only the token's
  // SHA-256 kept) and accepted or declined there; each sent version frozen with the SHA-256 of its
  // canonical content (docs/decisions/068-signed-proposals.md).
  '2026_11_28_l_portfolio_cases': {
    async up(db) {
      await db.schema.alterTable('portfolio_items').addColumn('slug', 'text').execute()
      for (const c of ['problem', 'solution', 'quote', 'quote_author', 'quote_role', 'before_text', 'after_text']) {
        await db.schema
          .alterTable('portfolio_items')
          .addColumn(c, 'text', (col) => col.notNull().defaultTo(''))
          .execute()
      }
      await db.schema
        .alterTable('portfolio_items')
        .addColumn('results', 'text', (col) => col.notNull().defaultTo('[]'))
        .execute()
      const rows = (await db
        .selectFrom('portfolio_items')
        .select(['id', 'title', 'description', 'technologies'])
        .orderBy('id')
        .execute()) as {
        id: number
        title: string
        description: string
        technologies: string
      }[]
      const taken = new Set<string>()
      for (const row of rows) {
        const sample = SAMPLES_AS_FIRST_SEEDED[row.title]
        const unchanged =
          sample &&
          sample.description === row.description &&
          sample.technologies.join('\n') === (JSON.parse(row.technologies) as string[]).join('\n')
        const story = unchanged ? SAMPLE_CASES[row.title] : undefined
        const base = story?.slug ?? migrationSlug(row.title).replace(/^post$/, 'project')
        let slug = base
        for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
        taken.add(slug)
        await db
          .updateTable('portfolio_items')
          .set({
            slug,
            ...(story && {
              technologies: JSON.stringify(story.technologies),
              problem: story.problem,
              solution: story.solution,
              results: JSON.stringify(story.results),
              quote: story.quote,
              quote_author: story.quoteAuthor,
              quote_role: story.quoteRole,
              before_text: story.beforeText,
              after_text: story.afterText,
            }),
          })
          .where('id', '=', row.id)
          .execute()
      }
      await db.schema.createIndex('portfolio_items_slug_uq').ifNotExists().unique().on('portfolio_items').column('slug').execute()
      await db.schema
        .createTable('portfolio_slugs')
        .ifNotExists()
        .addColumn('slug', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'integer', (c) => c.notNull().references('portfolio_items.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('portfolio_slugs_project_idx').ifNotExists().on('portfolio_slugs').column('project_id').execute()
      const now = new Date().toISOString()
      const slugged = (await db.selectFrom('portfolio_items').select(['id', 'slug']).execute()) as { id: number; slug: string }[]
      for (const row of slugged)
        await db.insertInto('portfolio_slugs').values({ slug: row.slug, project_id: row.id, created_at: now }).execute()
    },
    async down(db) {
      await db.schema.dropTable('portfolio_slugs').ifExists().execute()
      await db.schema.dropIndex('portfolio_items_slug_uq').ifExists().execute()
      for (const c of ['slug', 'problem', 'solution', 'results', 'quote', 'quote_author', 'quote_role', 'before_text', 'after_text']) {
        await db.schema.alterTable('portfolio_items').dropColumn(c).execute()
      }
    },
  },
  // Issue 36 §3: conversion counts visitors who sent a lead (at most one per visitor and day), so
  // it can never pass 100%. Days before this counted only proposals (the funnel's 'sent' bit).
  '2026_11_29_a_signed_proposals': {
    async up(db) {
      await withId(db, 'proposal_documents')
        .addColumn('proposal_id', 'integer', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        // The editor's fields as JSON (summary HTML sanitized, line items as chosen): priced again on every save.
        .addColumn('draft', 'text', (c) => c.notNull())
        .addColumn('total_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('valid_until', 'text', (c) => c.notNull())
        // draft | sent | viewed | accepted | declined | expired
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('draft'))
        // The newest frozen version (0 while a draft): the link shows it, an accept names it.
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('token_hash', 'text', (c) => c.unique())
        .addColumn('sent_at', 'text')
        .addColumn('first_viewed_at', 'text')
        .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('decided_at', 'text')
        .addColumn('signer_name', 'text')
        .addColumn('signer_consent', 'boolean')
        .addColumn('signed_hash', 'text')
        .addColumn('signer_ip', 'text')
        .addColumn('signer_user_agent', 'text')
        .addColumn('decline_reason', 'text')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()
      // One document per lead (issue 38's first slice).
      await db.schema
        .createIndex('proposal_documents_proposal_idx')
        .ifNotExists()
        .unique()
        .on('proposal_documents')
        .column('proposal_id')
        .execute()
      await withId(db, 'proposal_document_versions')
        .addColumn('document_id', 'integer', (c) => c.notNull().references('proposal_documents.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('proposal_document_versions_idx')
        .ifNotExists()
        .unique()
        .on('proposal_document_versions')
        .columns(['document_id', 'version'])
        .execute()
      // Deposit invoices, numbered without gaps: the counter row is taken in the transaction of
      // the acceptance that makes the invoice, so a number exists exactly when its invoice does.
      await db.schema
        .createTable('invoice_counters')
        .ifNotExists()
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('last', 'integer', (c) => c.notNull())
        .execute()
      await db.insertInto('invoice_counters').values({ key: 'invoice', last: 0 }).execute()
      await withId(db, 'invoices')
        .addColumn('number', 'integer', (c) => c.notNull().unique())
        .addColumn('document_id', 'integer', (c) => c.notNull().references('proposal_documents.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
    },
    async down(db) {
      await db.schema.dropTable('invoices').ifExists().execute()
      await db.schema.dropTable('invoice_counters').ifExists().execute()
      await db.schema.dropTable('proposal_document_versions').ifExists().execute()
      await db.schema.dropTable('proposal_documents').ifExists().execute()
    },
  },
  '2026_11_29_b_lead_desk': {
    async up(db) {
      await db.schema
        .alterTable('proposals')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('proposal'))
        .execute()
      await db.schema.alterTable('proposals').addColumn('value_cents', 'integer').execute()
      await db.schema.alterTable('proposals').addColumn('next_step', 'text').execute()
      await db.schema.alterTable('proposals').addColumn('opened_at', 'text').execute()
      // A call with no earlier request started its proposal row at the call's own creation time.
      await db
        .updateTable('proposals')
        .set({ kind: 'call' })
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('bookings as b')
              .select(sql`1`.as('one'))
              .whereRef('b.proposal_id', '=', 'proposals.id')
              .whereRef('b.created_at', '=', 'proposals.date'),
          ),
        )
        .execute()
      await db.schema
        .alterTable('contact_messages')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .execute()
      await db.schema.alterTable('contact_messages').addColumn('assigned_to', 'integer').execute()
      await db.schema.alterTable('contact_messages').addColumn('next_step', 'text').execute()
      await db.schema.alterTable('contact_messages').addColumn('opened_at', 'text').execute()
      // A message already marked read was opened by someone: it is not counted unread.
      await db
        .updateTable('contact_messages')
        .set({ opened_at: sql`created_at` })
        .where(sql<boolean>`is_read`)
        .execute()
      await withId(db, 'contact_message_events')
        .addColumn('message_id', 'integer', (c) => c.notNull().references('contact_messages.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('body', 'text')
        .addColumn('from_status', 'text')
        .addColumn('to_status', 'text')
        .addColumn('subject', 'text')
        .addColumn('to_address', 'text')
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('contact_message_events_message_idx')
        .ifNotExists()
        .on('contact_message_events')
        .columns(['message_id', 'created_at'])
        .execute()
      // The desk sorts by the time received and counts the unread; the next call is looked up per lead.
      await db.schema.createIndex('proposals_date_idx').ifNotExists().on('proposals').columns(['date', 'id']).execute()
      await db.schema.createIndex('proposals_opened_idx').ifNotExists().on('proposals').column('opened_at').execute()
      await db.schema.createIndex('contact_messages_opened_idx').ifNotExists().on('contact_messages').column('opened_at').execute()
      await db.schema
        .createIndex('bookings_proposal_start_idx')
        .ifNotExists()
        .on('bookings')
        .columns(['proposal_id', 'status', 'start_at'])
        .execute()
    },
    async down(db) {
      for (const i of ['bookings_proposal_start_idx', 'contact_messages_opened_idx', 'proposals_opened_idx', 'proposals_date_idx'])
        await db.schema.dropIndex(i).ifExists().execute()
      await db.schema.dropTable('contact_message_events').ifExists().execute()
      for (const c of ['opened_at', 'next_step', 'assigned_to', 'status'])
        await db.schema.alterTable('contact_messages').dropColumn(c).execute()
      for (const c of ['opened_at', 'next_step', 'value_cents', 'kind']) await db.schema.alterTable('proposals').dropColumn(c).execute()
    },
  },
  // Issue 35 §3: a call says which office takes it (its host and where it happens are that
  // office's, in the booking hours); calls booked before are matched to an office by their time.
  // Issue 36 §2: a person may read the back office in their own zone (Settings > Profile); empty
  // (null) reads it in the agency's, settings.timeZone (docs/decisions/070).
  '2026_11_29_c_person_time_zone': {
    async up(db) {
      await db.schema.alterTable('admin_users').addColumn('time_zone', 'text').execute()
    },
    async down(db) {
      await db.schema.alterTable('admin_users').dropColumn('time_zone').execute()
    },
  },
  // Issue 38: a mail in the outbox may carry files (the signed proposal and the deposit invoice
  // on acceptance), kept beside it and deleted with it (docs/decisions/074-mail-attachments.md).
  '2026_11_30_a_outbox_attachments': {
    async up(db) {
      const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter
      await withId(db, 'mail_outbox_attachments')
        .addColumn('mail_id', 'integer', (c) => c.notNull().references('mail_outbox.id').onDelete('cascade'))
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('bytes', isPostgres ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('mail_outbox_attachments_mail_idx')
        .ifNotExists()
        .on('mail_outbox_attachments')
        .column('mail_id')
        .execute()
    },
    async down(db) {
      await db.schema.dropTable('mail_outbox_attachments').ifExists().execute()
    },
  },
  // Issue 38 (docs/decisions/075): "Write a proposal" on a contact message makes a proposal
  // request from it, once: the key makes a second one for the same message impossible, on any
  // instance. Deleting the message keeps the lead (and its proposal), unlinked.
  '2026_11_30_b_proposals_from_messages': {
    async up(db) {
      await db.schema
        .alterTable('proposals')
        .addColumn('from_message_id', 'integer', (c) => c.references('contact_messages.id').onDelete('set null'))
        .execute()
      await db.schema.createIndex('proposals_from_message_uq').ifNotExists().unique().on('proposals').column('from_message_id').execute()
    },
    async down(db) {
      await db.schema.dropIndex('proposals_from_message_uq').ifExists().execute()
      await db.schema.alterTable('proposals').dropColumn('from_message_id').execute()
    },
  },
  // Issue 38 (docs/decisions/068, "Left for later"): the proposal editor's revisions and
  // autosaves, as posts have them. Keyed by the lead, since work is autosaved before the first
  // save makes the document; an autosave belongs to one person (one each per lead), a save is
  // kept with who made it, its total and the version it made (0 for a draft).
  '2026_11_30_c_proposal_revisions': {
    async up(db) {
      await withId(db, 'proposal_document_revisions')
        .addColumn('proposal_id', 'integer', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
        // save | autosave
        .addColumn('kind', 'text', (c) => c.notNull())
        // Who: their id (null for a save made before revisions were kept) and their name as it was.
        .addColumn('person_id', 'integer')
        .addColumn('person_name', 'text', (c) => c.notNull())
        .addColumn('total_cents', 'integer')
        .addColumn('version', 'integer')
        // A save: the draft's JSON (DocumentDraft); an autosave: the editor's fields as typed.
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('proposal_document_revisions_idx')
        .ifNotExists()
        .on('proposal_document_revisions')
        .columns(['proposal_id', 'kind', 'id'])
        .execute()
      // Each document saved before this migration starts its list with what it holds now.
      // One-word aliases: the app's Kysely renames multi-word columns (CamelCasePlugin), a bare one does not.
      const docs = (await db
        .selectFrom('proposal_documents')
        .select(['proposal_id as lead', 'draft', 'total_cents as total', 'version', 'created_by as author', 'updated_at as at'])
        .execute()) as { lead: number; draft: string; total: number; version: number; author: string; at: string }[]
      for (const d of docs) {
        await db
          .insertInto('proposal_document_revisions')
          .values({
            proposal_id: d.lead,
            kind: 'save',
            person_id: null,
            person_name: d.author,
            total_cents: d.total,
            version: d.version,
            data: d.draft,
            created_at: d.at,
          })
          .execute()
      }
    },
    async down(db) {
      await db.schema.dropTable('proposal_document_revisions').ifExists().execute()
    },
  },
}

/**
 * The slug rule as it stood when the publishing migration ran (a migration must not change when
 * app code does): lowercase ASCII words joined by hyphens.
 */
function migrationSlug(title: string): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
  const slug = ascii
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
  if (!slug) return 'post'
  return /^\d+$/.test(slug) ? `post-${slug}` : slug
}

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations
  },
}

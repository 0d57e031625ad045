import type { NamedMigration } from './shared.ts'

/**
 * where leads come from: cookie-free visits, daily rollups and each lead's attribution (issue 25)
 */
export default {
  name: '2026_11_25_lead_sources',
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
} satisfies NamedMigration

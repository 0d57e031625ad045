import { addColumns, createTable, dropColumns, dropTables, type NamedMigration } from './shared.ts'

/** where leads come from: cookie-free visits, daily rollups and each lead's attribution (issue 25) */
export default {
  name: '2026_11_25_lead_sources',
  async up(db) {
    // Today's salt for the visitor hash; older days' salts are deleted (docs/decisions/042).
    await createTable(db, 'visit_salts', ['day text primary key', 'salt text not null'])
    // One row per visitor and day: the first touch (source, campaign, landing page, device,
    // country), the tools used in order, the funnel steps reached (bits) and the views counted.
    await createTable(db, 'visits', [
      'day text not null',
      'visitor text not null',
      'source text not null',
      "medium text not null default ''",
      "campaign text not null default ''",
      "referrer text not null default ''",
      'landing_path text not null',
      'device text not null',
      "country text not null default ''",
      "tools text not null default ''",
      'funnel integer not null default 1',
      'views integer not null default 0',
      'constraint visits_pk primary key (day, visitor)',
    ])
    // Daily rollups the dashboard reads (updated in the transaction that counts the view or lead).
    await createTable(db, 'visit_sources_daily', [
      'day text not null',
      'source text not null',
      'campaign text not null',
      'visits integer not null default 0',
      'leads integer not null default 0',
      'constraint visit_sources_daily_pk primary key (day, source, campaign)',
    ])
    await createTable(db, 'visit_facets_daily', [
      'day text not null',
      'facet text not null',
      'value text not null',
      'visits integer not null default 0',
      'constraint visit_facets_daily_pk primary key (day, facet, value)',
    ])
    await createTable(db, 'funnel_daily', [
      'day text not null',
      'step integer not null',
      'visitors integer not null default 0',
      'constraint funnel_daily_pk primary key (day, step)',
    ])
    // Each lead's attribution: the visit's source, campaign, landing page and the tools used first.
    for (const table of ['proposals', 'contact_messages', 'bookings'])
      await addColumns(db, table, ['visit_source text', 'visit_campaign text', 'landing_path text', 'first_tools text'])
  },
  async down(db) {
    for (const table of ['proposals', 'contact_messages', 'bookings'])
      await dropColumns(db, table, ['visit_source', 'visit_campaign', 'landing_path', 'first_tools'])
    await dropTables(db, ['funnel_daily', 'visit_facets_daily', 'visit_sources_daily', 'visits', 'visit_salts'])
  },
} satisfies NamedMigration

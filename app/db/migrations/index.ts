import type { MigrationProvider } from 'kysely'
import type { NamedMigration } from './shared.ts'
import m001 from './001-initial.ts'
import m002 from './002-rate-limits.ts'
import m003 from './003-uploads.ts'
import m004 from './004-sign-in-factors.ts'
import m005 from './005-publishing.ts'
import m006 from './006-lead-desk.ts'
import m007 from './007-contact-messages.ts'
import m008 from './008-image-variants.ts'
import m009 from './009-discovery-call-bookings.ts'
import m010 from './010-lead-sources.ts'
import m011 from './011-sudo-mode.ts'
import m012 from './012-blog-post-tags.ts'
import m013 from './013-activity-log.ts'
import m014 from './014-people-roles.ts'
import m015 from './015-submission-keys.ts'
import m016 from './016-token-expiry-and-notice-email.ts'
import m017 from './017-import-lock.ts'
import m018 from './018-mail-states.ts'
import m019 from './019-converted-visitors.ts'
import m020 from './020-booking-office.ts'
import m021 from './021-portfolio-cases.ts'
import m022 from './022-signed-proposals.ts'
import m023 from './023-lead-desk.ts'
import m024 from './024-person-time-zone.ts'
import m025 from './025-outbox-attachments.ts'
import m026 from './026-proposals-from-messages.ts'
import m027 from './027-proposal-revisions.ts'

/**
 * Every migration, in the order they run: one file each in this folder, numbered in that order.
 * They live in code (not read from disk) so they survive bundling into build/server.
 *
 * Kysely runs migrations sorted by the name each records (`name`, kept in its migration table),
 * not by file, and refuses a database that ran a later one than a new one. So a new migration is
 * a new file with the next number, listed last here, with a name that sorts after every other
 * (tests/unit/migrations-order.test.ts checks all three). Never edit or rename one that has
 * shipped: add a new one.
 */
export const migrations: readonly NamedMigration[] = [
  m001,
  m002,
  m003,
  m004,
  m005,
  m006,
  m007,
  m008,
  m009,
  m010,
  m011,
  m012,
  m013,
  m014,
  m015,
  m016,
  m017,
  m018,
  m019,
  m020,
  m021,
  m022,
  m023,
  m024,
  m025,
  m026,
  m027,
]

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return Object.fromEntries(migrations.map((m) => [m.name, m]))
  },
}

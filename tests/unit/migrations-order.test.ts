import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Migrator, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { migrationProvider, migrations } from '~/db/migrations/index.ts'
import { dialects } from '../helpers/app.ts'
import { emptyDatabase } from '../services/db.ts'

const FOLDER = fileURLToPath(new URL('../../app/db/migrations/', import.meta.url))

/**
 * The names every database deployed so far recorded in Kysely's migration table, in the order
 * they ran. Written out here, not read from the code: a shipped migration renamed, dropped or
 * moved would make every existing site run it again or refuse to start.
 */
const SHIPPED = [
  '2026_11_22_001_initial',
  '2026_11_23_001_rate_limits',
  '2026_11_23_002_uploads',
  '2026_11_24_001_sign_in_factors',
  '2026_11_24_002_publishing',
  '2026_11_24_003_lead_desk',
  '2026_11_24_004_contact_messages',
  '2026_11_24_005_image_variants',
  '2026_11_25_discovery_call_bookings',
  '2026_11_25_lead_sources',
  '2026_11_25_sudo_mode',
  '2026_11_26_blog_post_tags',
  '2026_11_27_activity_log',
  '2026_11_27_people_roles',
  '2026_11_27_submission_keys',
  '2026_11_28_a_token_expiry_and_notice_email',
  '2026_11_28_d_import_lock',
  '2026_11_28_g_mail_states',
  '2026_11_28_h_converted_visitors',
  '2026_11_28_k_booking_office',
  '2026_11_28_l_portfolio_cases',
  '2026_11_29_a_signed_proposals',
  '2026_11_29_b_lead_desk',
  '2026_11_29_c_person_time_zone',
  '2026_11_30_a_outbox_attachments',
  '2026_11_30_b_proposals_from_messages',
  '2026_11_30_c_proposal_revisions',
]

describe('migrations', () => {
  it('are written in the order they run: by name, each new one after every one before it', async () => {
    // Kysely runs migrations sorted by name and refuses to start on a database that ran a later
    // one than a new migration: a new name that sorts earlier than a shipped one (a helper's
    // `2026_11_28_b_...` after `2026_11_28_l_...`) would stop every existing site from starting.
    const names = Object.keys(await migrationProvider.getMigrations())
    expect(names).toEqual([...names].sort())
    expect(names).toEqual(migrations.map((m) => m.name))
    expect(new Set(names).size).toBe(names.length)
  })

  it('are one file each, numbered 001, 002, ... in the order they run, every file listed in that order', async () => {
    const files = fs.readdirSync(FOLDER).sort()
    const numbered = files.filter((f) => /^\d{3}-[a-z0-9-]+\.ts$/.test(f))
    // Nothing else in the folder: a migration file named another way would never run.
    expect(files).toEqual([...numbered, 'index.ts', 'shared.ts'])
    expect(numbered.map((f) => Number(f.slice(0, 3)))).toEqual(numbered.map((_, i) => i + 1))
    const fromFiles = await Promise.all(numbered.map(async (f) => ((await import(`${FOLDER}${f}`)) as { default: unknown }).default))
    expect(fromFiles.length).toBe(migrations.length)
    fromFiles.forEach((m, i) => expect(m, numbered[i]).toBe(migrations[i]))
  })

  it('keep the names an existing database holds, and a new one sorts after every shipped one', () => {
    const names = migrations.map((m) => m.name)
    expect(names.slice(0, SHIPPED.length)).toEqual(SHIPPED)
    for (const name of names.slice(SHIPPED.length)) expect(name > SHIPPED.at(-1)!, name).toBe(true)
  })
})

describe.each(dialects())('a database migrated before the migrations were one file each, on %s', (_name, url) => {
  let h: DatabaseHandle | undefined
  afterEach(async () => {
    await h?.close()
  })

  it('has recorded exactly the shipped names, and needs only the migrations added since', async () => {
    h = await emptyDatabase(url())
    const migrator = new Migrator({ db: h.db, provider: migrationProvider })
    const upToShipped = await migrator.migrateTo(SHIPPED.at(-1)!)
    expect(upToShipped.error).toBeUndefined()
    const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(h.db)
    expect(recorded.rows.map((r) => r.name)).toEqual(SHIPPED)

    const rest = await migrator.migrateToLatest()
    expect(rest.error).toBeUndefined()
    expect((rest.results ?? []).map((r) => r.migrationName)).toEqual(migrations.map((m) => m.name).filter((n) => !SHIPPED.includes(n)))
    const again = await migrator.migrateToLatest()
    expect(again.results).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { migrationProvider } from '~/db/migrations.ts'

describe('migrations', () => {
  it('are written in the order they run: by name, each new one after every one before it', async () => {
    // Kysely runs migrations sorted by name and refuses to start on a database that ran a later
    // one than a new migration: a new name that sorts earlier than a shipped one (a helper's
    // `2026_11_28_b_...` after `2026_11_28_l_...`) would stop every existing site from starting.
    const names = Object.keys(await migrationProvider.getMigrations())
    expect(names).toEqual([...names].sort())
  })
})

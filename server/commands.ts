/**
 * What the shell commands run (scripts/*.js, through the server build): each opens the configured
 * database, migrates it, does its one job from the shell (so the activity log says so) and closes it.
 * Modules load on first use, so that starting the server pays nothing for them.
 */
/** The shell commands' changes are recorded in the activity log as from the shell (docs/decisions/044). */
const fromShell = <T>(command: string, fn: () => Promise<T>) =>
  import('~/infra/acting-context.server.ts').then(({ runFromShell }) => runFromShell(command, fn))

/** For `npm run db:migrate`: migrate the configured database and close it. */
export async function migrate(config: import('~/config.server.ts').Config): Promise<string[]> {
  const { openDatabase, migrateToLatest } = await import('~/db/db.server.ts')
  const handle = openDatabase(config.databaseUrl)
  try {
    return await migrateToLatest(handle.db)
  } finally {
    await handle.close()
  }
}

/**
 * For `npm run admin:reset`: a new password (returned once), two-step sign-in off, every
 * passkey removed and every API token revoked. With no authenticator secret left, the database also forgets its sign-in
 * key, so the next start takes the key it is given (docs/decisions/029).
 */
export async function resetAdmin(
  config: import('~/config.server.ts').Config,
  username: string,
): Promise<{ password: string; passkeysRemoved: number; tokensRevoked: number } | undefined> {
  const { openDatabase, migrateToLatest } = await import('~/db/db.server.ts')
  const { resetAdminAccess } = await import('~/services/auth.server.ts')
  const { forgetUnusedKeyCheck } = await import('~/infra/secret-key.server.ts')
  const handle = openDatabase(config.databaseUrl)
  try {
    await migrateToLatest(handle.db)
    const result = await fromShell('npm run admin:reset', () => resetAdminAccess(handle.db, username))
    if (result) await forgetUnusedKeyCheck(handle.db)
    return result
  } finally {
    await handle.close()
  }
}

/**
 * For `npm run import`: a WordPress or Ghost export into the configured database (migrated
 * first), its images into the image store. Returns the report the command prints.
 */
export async function importSiteFile(
  config: import('~/config.server.ts').Config,
  file: Buffer,
  options: import('~/services/site-import/import-site.server.ts').ImportOptions,
): Promise<import('~/services/site-import/import-site.server.ts').ImportReport> {
  const { importSite } = await import('~/services/site-import/import-site.server.ts')
  const { createImageStore } = await import('~/services/image-store.server.ts')
  return withMigratedDatabase(config, (db) => fromShell('npm run import', () => importSite(db, createImageStore(db), file, options)))
}

/** The configured database, migrated, for one command; closed after it. */
async function withMigratedDatabase<T>(
  config: import('~/config.server.ts').Config,
  run: (db: import('~/db/db.server.ts').Db) => Promise<T>,
): Promise<T> {
  const { openDatabase, migrateToLatest } = await import('~/db/db.server.ts')
  const handle = openDatabase(config.databaseUrl)
  try {
    await migrateToLatest(handle.db)
    return await run(handle.db)
  } finally {
    await handle.close()
  }
}
export { ImportFileError, ImportRunningError } from '~/services/site-import/import-site.server.ts'
export { MAX_IMPORT_BYTES } from '~/services/site-import/types.ts'

/** For `npm run export`: everything the configured site holds, written into `dir` (docs/EXPORT.md). */
export async function exportSiteTo(config: import('~/config.server.ts').Config, dir: string, onProgress?: (what: string) => void) {
  const { exportSite } = await import('~/services/site-export/export-site.server.ts')
  return withMigratedDatabase(config, (db) => fromShell('npm run export', () => exportSite(db, dir, config.siteUrl, onProgress)))
}

/** For `npm run admin:create`: a person with a role, their own email and a one-time password (returned to print once). */
export async function createPerson(
  config: import('~/config.server.ts').Config,
  username: string,
  role: string,
  email: string,
): Promise<{ password: string }> {
  const { createPersonFromShell } = await import('~/services/people.server.ts')
  const { isRole } = await import('~/lib/permissions.ts')
  const { NoticeEmailSchema } = await import('~/lib/people-schemas.ts')
  if (!isRole(role)) throw new Error(`Unknown role "${role}": use owner, administrator, editor, author or sales.`)
  if (!NoticeEmailSchema.safeParse({ email }).success)
    throw new Error(`"${email}" is not an email address: --email takes the address their security notices go to.`)
  return withMigratedDatabase(config, (db) =>
    fromShell('npm run admin:create', () => createPersonFromShell(db, username, role, email.trim())),
  )
}

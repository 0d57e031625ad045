// Resolves the SQLite file the site uses, with the same rules as the server's configuration.
import path from 'node:path'

export function sqlitePath(env = process.env) {
  const url = env.DATABASE_URL || path.join(env.DATA_DIR || './data', 'site.db')
  if (/^postgres(ql)?:\/\//.test(url)) {
    console.error('DATABASE_URL is PostgreSQL: back up with pg_dump (see README, "Backups").')
    process.exit(2)
  }
  return url.replace(/^file:/, '')
}

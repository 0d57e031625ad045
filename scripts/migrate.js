// `npm run db:migrate`: brings the configured database to the latest schema and exits.
// The server also does this at every start; this script is for deploy pipelines.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

if (!existsSync('build/server/index.js')) {
  const r = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
const { loadConfig, ConfigError, migrate } = await import('../build/server/index.js')
try {
  const config = loadConfig(process.env)
  const applied = await migrate(config)
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database already up to date.')
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `Migration failed: ${err.message}`)
  process.exit(1)
}

// `npm start`: production server; builds first when there is no build yet.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

if (!existsSync('build/server/index.js')) {
  console.log('No build found: building the site first (about a minute)...')
  const r = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
process.env.NODE_ENV ??= 'production'
await import('../server.js')

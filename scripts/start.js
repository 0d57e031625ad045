// `npm start`: production server; builds first when there is no build yet.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'

// The build server.js reads (BUILD_DIR, as react-router.config.ts writes it), not always build/.
if (!existsSync(path.join(process.env.BUILD_DIR ?? 'build', 'server/index.js'))) {
  console.log('No build found: building the site first (about a minute)...')
  const r = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
process.env.NODE_ENV ??= 'production'
await import('../server.js')

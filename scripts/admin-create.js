// `npm run admin:create -- --username NAME --role ROLE --email ADDRESS`: makes a person from the
// shell (a lost owner, or a scripted set-up). Prints a one-time password once; the person must
// choose their own at first sign-in. Their security notices go to ADDRESS (issue 33). Roles: owner, administrator, editor, author, sales (docs/SECURITY.md). Uses the
// same environment as the server (DATABASE_URL / DATA_DIR).
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: { username: { type: 'string', short: 'u' }, role: { type: 'string', short: 'r' }, email: { type: 'string', short: 'e' } },
  strict: true,
})
if (!values.username || !values.role || !values.email) {
  console.error('Usage: npm run admin:create -- --username NAME --role owner|administrator|editor|author|sales --email ADDRESS')
  console.error('ADDRESS is their own email: their security notices and password reset links go there.')
  process.exit(1)
}
const buildDir = process.env.BUILD_DIR ?? 'build'
if (!existsSync(path.join(buildDir, 'server/index.js'))) {
  const r = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
const { loadConfig, ConfigError, createPerson } = await import(path.resolve(buildDir, 'server/index.js'))
try {
  const config = loadConfig(process.env)
  const result = await createPerson(config, values.username, values.role, values.email)
  console.log(
    `Person "${values.username}" created with the role ${values.role}; their security notices go to ${values.email.trim()}. They must choose their own password when they first sign in.`,
  )
  console.log(`One-time password (shown only now): ${result.password}`)
} catch (err) {
  const message = err?.fields ? Object.values(err.fields)[0] : err.message
  console.error(err instanceof ConfigError ? err.message : `Create failed: ${message}`)
  process.exit(1)
}

// `npm run admin:reset -- --username admin`: a way back in for whoever runs the server (a lost
// password, a lost phone with the recovery codes, or a stolen session that added its own passkey).
// Sets a new random password, printed once, turns two-step sign-in off, removes every passkey,
// revokes every API token and ends every session. Uses the same environment as the server
// (DATABASE_URL / DATA_DIR).
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'

const { values } = parseArgs({ options: { username: { type: 'string', short: 'u' } }, strict: true })
const buildDir = process.env.BUILD_DIR ?? 'build'
if (!existsSync(path.join(buildDir, 'server/index.js'))) {
  const r = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
const { loadConfig, ConfigError, resetAdmin } = await import(path.resolve(buildDir, 'server/index.js'))
try {
  const config = loadConfig(process.env)
  const username = values.username ?? config.adminUsername
  const result = await resetAdmin(config, username)
  if (!result) {
    console.error(`No admin named "${username}".`)
    process.exit(1)
  }
  console.log(
    `Password for "${username}" reset. Two-step sign-in is off, every passkey is removed (${result.passkeysRemoved}), every API token is revoked (${result.tokensRevoked}) and every session has ended.`,
  )
  console.log(`New password (shown only now): ${result.password}`)
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `Reset failed: ${err.message}`)
  process.exit(1)
}

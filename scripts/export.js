// `npm run export -- DIR`: everything the site holds into DIR (docs/EXPORT.md), with the
// server's environment (DATABASE_URL / DATA_DIR; SITE_URL makes image addresses in
// wordpress.xml absolute, so WordPress can fetch them).
import { existsSync, mkdirSync, readdirSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'

const { positionals } = parseArgs({ options: {}, allowPositionals: true, strict: true })
if (positionals.length !== 1) {
  console.error('Usage: npm run export -- DIR')
  process.exit(2)
}
const dir = path.resolve(positionals[0])
const buildDir = process.env.BUILD_DIR ?? 'build'
if (!existsSync(path.join(buildDir, 'server/index.js'))) {
  const r = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
const { loadConfig, ConfigError, exportSiteTo } = await import(path.resolve(buildDir, 'server/index.js'))
try {
  // An export never mixes with an older one's files.
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new ConfigError(`${dir} is not empty: export into a new or empty folder.`)
  mkdirSync(dir, { recursive: true })
  const config = loadConfig(process.env)
  const summary = await exportSiteTo(config, dir, (what) => console.log(`Exporting ${what}...`))
  console.log(
    `Exported ${summary.posts} post${summary.posts === 1 ? '' : 's'} and ${summary.images} image${summary.images === 1 ? '' : 's'} (${summary.files} files) into ${dir}, with wordpress.xml for WordPress.`,
  )
} catch (err) {
  console.error(err instanceof ConfigError ? `Export refused: ${err.message}` : `Export failed: ${err.message}`)
  process.exit(1)
}

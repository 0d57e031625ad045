// `npm run import -- FILE [--images DIR] [--allow-host HOST[:PORT]] [--dry-run]`: a WordPress
// (WXR) or Ghost (JSON) export into this site, with the server's environment (DATABASE_URL /
// DATA_DIR). Prints a progress line and what was imported, skipped and why.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'

const { values, positionals } = parseArgs({
  options: { images: { type: 'string' }, 'allow-host': { type: 'string', multiple: true }, 'dry-run': { type: 'boolean' } },
  allowPositionals: true,
  strict: true,
})
if (positionals.length !== 1) {
  console.error('Usage: npm run import -- FILE [--images DIR] [--allow-host HOST[:PORT]] [--dry-run]')
  process.exit(2)
}
const file = positionals[0]
const buildDir = process.env.BUILD_DIR ?? 'build'
if (!existsSync(path.join(buildDir, 'server/index.js'))) {
  const r = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
const { loadConfig, ConfigError, importSiteFile, ImportFileError, ImportRunningError, MAX_IMPORT_BYTES } = await import(
  path.resolve(buildDir, 'server/index.js')
)
try {
  if (!existsSync(file) || !statSync(file).isFile()) throw new ImportFileError(`${file}: no such file.`)
  // Refused before reading: a 500 MB file is not loaded into memory to be told it is too big.
  const size = statSync(file).size
  if (size > MAX_IMPORT_BYTES)
    throw new ImportFileError(
      `${file} is ${Math.round(size / 1024 / 1024)} MB: exports up to ${MAX_IMPORT_BYTES / 1024 / 1024} MB are imported (WordPress can export one category or date range at a time).`,
    )
  if (values.images && !existsSync(values.images)) throw new ImportFileError(`--images ${values.images}: no such folder.`)
  const config = loadConfig(process.env)
  const tty = process.stdout.isTTY
  const report = await importSiteFile(config, readFileSync(file), {
    fileName: path.basename(file),
    imagesDir: values.images,
    allowHosts: values['allow-host'] ?? [],
    dryRun: values['dry-run'] ?? false,
    onProgress: (done, total, what) => {
      const line = `[${done}/${total}] ${what}`
      if (tty) process.stdout.write(`\r\x1b[K${line}`)
      else console.log(line)
    },
  })
  if (tty) process.stdout.write('\n')
  const from = report.source === 'wordpress' ? 'WordPress' : 'Ghost'
  console.log(report.dryRun ? `Dry run of a ${from} import: nothing was written.` : `${from} import done.`)
  for (const p of report.posts)
    console.log(
      `  ${report.dryRun && p.action === 'import' ? 'would import' : p.action === 'import' ? 'imported' : 'already imported'}: "${p.title}" (${p.status}, ${p.images} image${p.images === 1 ? '' : 's'}, old addresses ${p.oldPaths.join(' ') || 'none'})`,
    )
  for (const s of report.skipped) console.log(`  skipped ${s.kind}: "${s.title}": ${s.reason}`)
  for (const w of report.warnings) console.log(`  warning: ${w}`)
  const would = report.posts.length - report.alreadyImported
  console.log(
    report.dryRun
      ? `${would} post${would === 1 ? '' : 's'} would be imported, ${report.alreadyImported} already imported, ${report.skipped.length} item${report.skipped.length === 1 ? '' : 's'} skipped.`
      : `${report.imported} post${report.imported === 1 ? '' : 's'} imported with ${report.images} image${report.images === 1 ? '' : 's'}, ${report.alreadyImported} already imported, ${report.skipped.length} item${report.skipped.length === 1 ? '' : 's'} skipped.`,
  )
} catch (err) {
  // Another import running (here, in the back office or on another instance) is a refusal too.
  const refused = err instanceof ConfigError || err instanceof ImportFileError || err instanceof ImportRunningError
  console.error(refused ? `Import refused: ${err.message}` : `Import failed, nothing was imported: ${err.message}`)
  process.exit(1)
}

import { parseGhost } from '~/services/site-import/ghost.server.ts'
import { ImportFileError, MAX_IMPORT_BYTES, importTooLargeMessage, type ParsedSite } from '~/services/site-import/types.ts'
import { parseWxr } from '~/services/site-import/wxr.server.ts'

export * from '~/services/site-import/types.ts'

/** A WordPress WXR or Ghost JSON export, told apart by its first character. */
export function parseExport(bytes: Buffer | string, name = 'the file'): ParsedSite {
  const size = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length
  if (size > MAX_IMPORT_BYTES) throw new ImportFileError(importTooLargeMessage(name, size))
  if (size === 0) throw new ImportFileError(`${name} is empty.`)
  const text = typeof bytes === 'string' ? bytes : bytes.toString('utf8')
  const start = text.replace(/^\uFEFF/, '').trimStart()
  if (start.startsWith('{')) return parseGhost(start)
  if (start.startsWith('<')) return parseWxr(start)
  throw new ImportFileError(`${name} is neither XML (a WordPress export) nor JSON (a Ghost export).`)
}

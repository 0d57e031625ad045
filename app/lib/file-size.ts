/**
 * A file's size as people say it: '812 bytes', '24 KB', '1.4 MB' (1 KB = 1,024 bytes, as file
 * managers count). Used where the back office lists a mail's files (docs/decisions/074).
 */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
  const kb = Math.round(bytes / 1024)
  if (kb < 1024) return `${kb} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

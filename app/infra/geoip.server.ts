import maxmind, { type CountryResponse, type Reader } from 'maxmind'

const readers = new Map<string, Promise<Reader<CountryResponse> | null>>()

/**
 * The visitor's country (ISO code) from the configured MaxMind file, or '' without one. The file
 * is opened once per path; a file that cannot be read means no country rather than no count.
 */
export async function countryOf(dbPath: string | undefined, ip: string): Promise<string> {
  if (!dbPath || !maxmind.validate(ip)) return ''
  let reader = readers.get(dbPath)
  if (!reader) {
    reader = maxmind.open<CountryResponse>(dbPath).catch(() => null)
    readers.set(dbPath, reader)
  }
  return (await reader)?.get(ip)?.country?.iso_code ?? ''
}

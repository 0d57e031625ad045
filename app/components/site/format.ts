// One formatter for the process (and the page): toLocaleDateString with options builds a new
// Intl.DateTimeFormat on every call, which was 4% of an uncached page's CPU (docs/BENCHMARKS.md).
const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/** "June 4, 2026" from yyyy-mm-dd, the same on server and browser (UTC, en-US). */
export function formatDate(day: string): string {
  const d = new Date(day.length === 10 ? `${day}T00:00:00Z` : day)
  if (Number.isNaN(d.getTime())) return day
  return LONG_DATE.format(d)
}

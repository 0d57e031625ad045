/** "June 4, 2026" from yyyy-mm-dd, the same on server and browser (UTC, en-US). */
export function formatDate(day: string): string {
  const d = new Date(day.length === 10 ? `${day}T00:00:00Z` : day)
  if (Number.isNaN(d.getTime())) return day
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
}

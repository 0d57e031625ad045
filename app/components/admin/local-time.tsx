import { formatPublishTime } from '~/lib/publishing.ts'
import { useHydrated } from './use-hydrated.ts'

/** The browser's time zone ("Europe/Paris"); UTC on the server, which cannot know it. */
export function useTimeZone(): string {
  const hydrated = useHydrated()
  return hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' : 'UTC'
}

/**
 * A moment in the admin's time zone, naming the zone. The server renders it in UTC (and says so);
 * once the page runs in the browser it shows the browser's zone.
 */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const zone = useTimeZone()
  return (
    <time dateTime={iso} className={className}>
      {formatPublishTime(iso, zone)} <span className="text-ink-600">({zone.replace(/_/g, ' ')})</span>
    </time>
  )
}

import { useSite } from '~/components/site/use-site.ts'
import { formatPublishTime, readableZone } from '~/lib/publishing.ts'
import { useHydrated } from './use-hydrated.ts'

/** The agency's time zone (Settings): `id` 'America/Los_Angeles', `name` 'Pacific Time' ('' if it has none). */
export function useAgencyZone(): { id: string; name: string } {
  return useSite().timeZone
}

/** 'America/Los Angeles (Pacific Time)'. */
export const zoneLabel = ({ id, name }: { id: string; name: string }) => (name ? `${readableZone(id)} (${name})` : readableZone(id))

/** The browser's time zone ("Europe/Paris"); null on the server and until hydration, which cannot know it. */
export function useBrowserZone(): string | null {
  const hydrated = useHydrated()
  return hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone || null : null
}

/**
 * A moment in the agency's time zone (Settings), naming the zone. The same on the server and in
 * the browser, so what is shown before the page's script runs does not change after it.
 */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const zone = useAgencyZone().id
  return (
    <time dateTime={iso} className={className}>
      {formatPublishTime(iso, zone)} <span className="text-ink-600">({readableZone(zone)})</span>
    </time>
  )
}

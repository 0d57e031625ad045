import { useRouteLoaderData } from 'react-router'
import type { loader as layoutLoader } from '~/routes/admin/layout.tsx'
import { useSite } from '~/components/site/use-site.ts'
import { formatPublishTime, readableZone } from '~/lib/publishing.ts'
import { formatZonedDate } from '~/lib/agency-time.ts'
import { useHydrated } from './use-hydrated.ts'

/**
 * The zone the signed-in person reads the back office in (docs/decisions/070): their own from
 * Settings > Profile, else the agency's (Settings). `id` 'America/Los_Angeles', `name` 'Pacific
 * Time' ('' if it has none), `title` 'Pacific Time (Los Angeles)', `own` whether it is their own.
 */
export function useAgencyZone(): { id: string; name: string; title: string; own: boolean } {
  const reader = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.timeZone
  const agency = useSite().timeZone
  return (
    reader ?? {
      ...agency,
      title: agency.name ? `${agency.name} (${readableZone(agency.id.split('/').pop() ?? agency.id)})` : readableZone(agency.id),
      own: false,
    }
  )
}

/** 'America/Los Angeles (Pacific Time)'. */
export const zoneLabel = ({ id, name }: { id: string; name: string }) => (name ? `${readableZone(id)} (${name})` : readableZone(id))

/** The browser's time zone ("Europe/Paris"); null on the server and until hydration, which cannot know it. */
export function useBrowserZone(): string | null {
  const hydrated = useHydrated()
  return hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone || null : null
}

/**
 * A moment in the reader's zone, without naming it: the screen names it once (<TimesIn />). The
 * same on the server and in the browser, so what is shown before the page's script runs does not
 * change after it.
 */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const zone = useAgencyZone().id
  return (
    <time dateTime={iso} className={className}>
      {formatPublishTime(iso, zone)}
    </time>
  )
}

/** "Times in Pacific Time (Los Angeles).": the one place a screen names the zone its times are in. */
export function TimesIn({ className = 'text-sm text-ink-600' }: { className?: string }) {
  const zone = useAgencyZone()
  return (
    <p className={className} data-testid="times-in">
      {`Times in ${zone.title}${zone.own ? ', your own zone (Settings > Profile)' : ''}.`}
    </p>
  )
}

/** The day a moment falls on in the reader's zone ('Jan 5, 2026'), for lists that show dates. */
export function useReaderDay(): (iso: string) => string {
  const zone = useAgencyZone().id
  return (iso: string) => formatZonedDate(iso, zone)
}

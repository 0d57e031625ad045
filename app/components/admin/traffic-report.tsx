import { Download } from 'lucide'
import type { ReactNode } from 'react'
import { Definition } from '~/components/admin/definition.tsx'
import { FilterLinks } from '~/components/admin/ui.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { METRICS } from '~/lib/metric-definitions.ts'

type Leads = { total: number; proposals: number; messages: number; calls: number; tracked: number }
type Totals = { visitors: number; pageViews: number; leads: Leads; converted: number; conversion: number | null }
type SourceRow = { source: string; campaign: string; visitors: number; leads: number; conversion: number | null }
type Days = { from: string; to: string; words: string }
export type TrafficView = {
  period: string
  current: Days
  previous: Days
  zone: { name: string; words: string }
  minVisitorsForConversion: number
  totals: Totals
  previousTotals: Totals
  pages: { path: string; views: number }[]
  sources: SourceRow[]
  campaigns: SourceRow[]
  funnel: { step: string; visitors: number; share: number | null }[]
  devices: { value: string; visitors: number }[]
  countries: { value: string; visitors: number }[]
}

const PERIOD_LABELS: Record<string, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '365d': 'Last 12 months',
}
const num = (n: number) => n.toLocaleString('en-US')
const pct = (v: number | null) => (v === null ? '–' : `${v}%`)

/** "+12% on the previous period", or "new" / "same", in words a screen reader reads well. */
function change(now: number | null, before: number | null, unit = '%'): string {
  if (now === null || before === null) return 'no comparison'
  if (now === before) return 'same as the period before'
  if (unit === 'points') {
    const d = Math.round((now - before) * 10) / 10
    return `${d > 0 ? '+' : ''}${d} points on the period before`
  }
  if (before === 0) return 'up from 0 in the period before'
  const d = Math.round(((now - before) / before) * 100)
  return `${d > 0 ? '+' : ''}${d}% on the period before`
}

const plural = (n: number, one: string, many: string) => `${num(n)} ${n === 1 ? one : many}`

/** One figure: its name with its definition ("?"), the value, and notes (the split, the change). */
function Figure({ label, value, notes, definition }: { label: string; value: string; notes: string[]; definition: string }) {
  return (
    <div className="relative rounded-lg border border-ink-200 bg-white p-4 shadow-sm">
      <dt className="flex items-center justify-between gap-2 text-sm font-medium text-ink-700">
        {label}
        <Definition term={label}>{definition}</Definition>
      </dt>
      <dd className="mt-1 text-2xl font-bold text-ink-900">{value}</dd>
      {notes.map((n) => (
        <dd key={n} className="mt-1 text-xs text-ink-600">
          {n}
        </dd>
      ))}
    </div>
  )
}

function Table({ title, csv, head, rows, empty }: { title: string; csv?: string; head: string[]; rows: ReactNode[][]; empty: string }) {
  return (
    <section className="min-w-0 rounded-lg border border-ink-200 bg-white p-4 shadow-sm" aria-label={title}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-ink-900">{title}</h3>
        {csv && (
          <a href={csv} download className="inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline">
            <Icon node={Download} aria-hidden="true" className="size-4" /> CSV<span className="sr-only"> of {title}</span>
          </a>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="py-3 text-sm text-ink-600">{empty}</p>
      ) : (
        // A narrow screen scrolls the table sideways: the box takes focus (arrow keys scroll it) and is named.
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${title} (table)`}>
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-ink-200 text-left text-ink-700">
                {head.map((h, i) => (
                  <th key={h} scope="col" className={`py-1.5 pr-3 font-medium ${i > 0 ? 'text-right' : ''}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} className="border-b border-ink-100 last:border-0">
                  {r.map((c, j) =>
                    j === 0 ? (
                      <th key={j} scope="row" className="max-w-[14rem] py-1.5 pr-3 text-left font-normal break-words text-ink-900">
                        {c}
                      </th>
                    ) : (
                      <td key={j} className="py-1.5 pr-3 text-right text-ink-900 tabular-nums">
                        {c}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

/**
 * Where visitors and leads come from, for a chosen period against the one before: the figures,
 * top pages, sources and campaigns with their leads, the funnel, devices and countries; each
 * table also as CSV.
 */
export function TrafficReport({
  t,
  base,
  csvBase,
  countryConfigured,
}: {
  t: TrafficView
  base: string
  csvBase: string
  countryConfigured: boolean
}) {
  const p = t.previousTotals
  const csv = (table: string) => `${csvBase}?table=${table}&period=${t.period}`
  return (
    <section aria-labelledby="traffic-title" className="mt-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="traffic-title" className="text-lg font-semibold text-ink-900">
          Visitors and leads
        </h2>
        <FilterLinks
          label="Period"
          items={Object.entries(PERIOD_LABELS).map(([key, label]) => ({ label, href: `${base}?period=${key}`, current: key === t.period }))}
        />
      </div>
      <p className="mb-3 text-sm text-ink-600" data-testid="traffic-period">
        {t.current.words}, compared with {t.previous.words}. Days run midnight to midnight, {t.zone.words}.
      </p>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label="Visitors"
          value={num(t.totals.visitors)}
          notes={[change(t.totals.visitors, p.visitors)]}
          definition={METRICS.visitors}
        />
        <Figure
          label="Page views"
          value={num(t.totals.pageViews)}
          notes={[change(t.totals.pageViews, p.pageViews)]}
          definition={METRICS.pageViews}
        />
        <Figure
          label="Leads"
          value={num(t.totals.leads.total)}
          notes={[
            `${plural(t.totals.leads.proposals, 'proposal', 'proposals')}, ${plural(t.totals.leads.messages, 'message', 'messages')}, ${plural(t.totals.leads.calls, 'call', 'calls')}`,
            change(t.totals.leads.total, p.leads.total),
          ]}
          definition={METRICS.leads}
        />
        <Figure
          label="Conversion"
          value={t.totals.conversion === null ? 'Not enough visits yet' : pct(t.totals.conversion)}
          notes={
            t.totals.conversion === null
              ? [`${plural(t.totals.visitors, 'visitor', 'visitors')} so far; a rate shows from ${t.minVisitorsForConversion}`]
              : [
                  `${num(t.totals.converted)} of ${plural(t.totals.visitors, 'visitor', 'visitors')} sent a lead`,
                  change(t.totals.conversion, p.conversion, 'points'),
                ]
          }
          definition={METRICS.conversion(t.minVisitorsForConversion)}
        />
      </dl>
      <details className="mt-2 text-sm text-ink-700">
        <summary className="cursor-pointer font-medium text-primary-800 hover:underline">How the tables below count</summary>
        <p className="mt-1 max-w-prose">{METRICS.sourceTable(t.minVisitorsForConversion)}</p>
      </details>
      <div className="mt-4 grid gap-4 xl:grid-cols-2">
        <Table
          title="Funnel"
          csv={csv('funnel')}
          head={['Step', 'Visitors', 'Of landed']}
          rows={t.funnel.map((f) => [f.step, num(f.visitors), pct(f.share)])}
          empty="No visits in this period."
        />
        <Table
          title="Top sources"
          csv={csv('sources')}
          head={['Source', 'Visitors', 'Leads', 'Conversion']}
          rows={t.sources.map((s) => [s.source, num(s.visitors), num(s.leads), pct(s.conversion)])}
          empty="No visits in this period."
        />
        <Table
          title="Campaigns"
          csv={csv('campaigns')}
          head={['Campaign', 'Visitors', 'Leads', 'Conversion']}
          rows={t.campaigns.map((s) => [`${s.campaign} (${s.source})`, num(s.visitors), num(s.leads), pct(s.conversion)])}
          empty="No visits with a utm_campaign tag in this period."
        />
        <Table
          title="Top pages"
          csv={csv('pages')}
          head={['Page', 'Page views']}
          rows={t.pages.map((x) => [x.path, num(x.views)])}
          empty="No page views in this period."
        />
        <Table
          title="Devices"
          head={['Device', 'Visitors']}
          rows={t.devices.map((d) => [d.value, num(d.visitors)])}
          empty="No visits in this period."
        />
        {countryConfigured ? (
          <Table
            title="Countries"
            head={['Country', 'Visitors']}
            rows={t.countries.map((d) => [d.value, num(d.visitors)])}
            empty="No visits with a known country in this period."
          />
        ) : (
          <section className="rounded-lg border border-ink-200 bg-white p-4 text-sm text-ink-700 shadow-sm" aria-label="Countries">
            <h3 className="mb-1 text-base font-semibold text-ink-900">Countries</h3>
            Not set up: the site does not look up visitors' countries. Whoever runs the server can add a country database.
          </section>
        )}
      </div>
    </section>
  )
}

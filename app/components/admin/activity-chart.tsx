import { DateTime } from 'luxon'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'

type Day = { day: string; proposals: number; views: number }
type Conversion = { proposals: number; views: number; per100: number | null }

/** Height and margins in CSS pixels: the SVG is drawn at its real width, so text is never scaled down. */
const H = 260
const M = { top: 36, right: 44, bottom: 30, left: 48 }
const TICKS = 4
/** Width before the first measurement (the server's HTML, no JavaScript). */
const FALLBACK_WIDTH = 640

/** The smallest 'nice' whole step (1, 2, 2.5, 5 x 10^k; at least 1) that fits `peak` in TICKS steps. */
export function niceStep(peak: number): number {
  const raw = Math.max(1, peak) / TICKS
  const magnitude = 10 ** Math.floor(Math.log10(raw))
  for (const m of [1, 2, 2.5, 5, 10]) {
    const step = m * magnitude
    if (step >= raw && Number.isInteger(step)) return step
  }
  return Math.ceil(raw)
}

const number = new Intl.NumberFormat('en-US')
/** A 'YYYY-MM-DD' day in the chart's words (luxon's English tables: the server's HTML and the browser's agree). */
const dayText = (format: string) => (day: string) => {
  const d = DateTime.fromISO(day, { zone: 'utc' }).setLocale('en-US')
  return d.isValid ? d.toFormat(format) : day
}
/** 'Nov 27'. */
const shortDay = dayText('LLL d')
/** 'Fri, Nov 27'. */
const longDay = dayText('ccc, LLL d')

/** The wrapper's width, measured after hydration and on every resize. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(FALLBACK_WIDTH)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => setWidth(Math.max(280, Math.round(el.getBoundingClientRect().width)))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  return { ref, width }
}

/**
 * Proposal requests and page views per day (UTC days, last 30) in one chart with two y-axes:
 * page views on the left, requests on the right. Why two axes rather than one shared scale: a
 * site sees tens or hundreds of views for each request, so on a shared scale the requests line
 * would lie flat on zero. Both axes have the same number of steps, so the gridlines belong to
 * both, and each axis is titled with its line's name and colour, once (issue 36: a second name at
 * each line's end read as two 'Requests' labels). The lines differ by more than colour: views are
 * a solid line with round markers, requests a dashed line with square markers, as in the legend. A pointer or the arrow keys show one day's figures;
 * the same figures are a table (for screen readers, and on the page with 'Show the figures').
 */
export function ActivityChart({ data, conversion, zoneWords = 'UTC' }: { data: Day[]; conversion?: Conversion; zoneWords?: string }) {
  const uid = useId()
  const { ref, width: W } = useWidth()
  const [active, setActive] = useState<number | null>(null)
  const [tableShown, setTableShown] = useState(false)

  const n = data.length
  const stepV = niceStep(Math.max(0, ...data.map((d) => d.views)))
  const stepP = niceStep(Math.max(0, ...data.map((d) => d.proposals)))
  const maxV = stepV * TICKS
  const maxP = stepP * TICKS
  const plotW = W - M.left - M.right
  const plotH = H - M.top - M.bottom
  const x = (i: number) => M.left + (n <= 1 ? plotW / 2 : (i * plotW) / (n - 1))
  const yV = (v: number) => M.top + plotH - (v / maxV) * plotH
  const yP = (v: number) => M.top + plotH - (v / maxP) * plotH
  const path = (y: (v: number) => number, key: 'views' | 'proposals') =>
    data.map((d, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(d[key]).toFixed(1)}`).join(' ')

  // A date label every 7 days on a phone, every 5 otherwise, counted back from today so the last day is always labelled.
  const every = W < 520 ? 7 : 5
  const labelled = data.map((_, i) => (n - 1 - i) % every === 0)

  const totalP = data.reduce((a, d) => a + d.proposals, 0)
  const totalV = data.reduce((a, d) => a + d.views, 0)
  const conv = conversion ?? {
    proposals: totalP,
    views: totalV,
    per100: totalV ? Math.round((totalP / totalV) * 1000) / 10 : null,
  }

  function pick(e: PointerEvent<SVGSVGElement>) {
    if (!n) return
    const box = e.currentTarget.getBoundingClientRect()
    const px = ((e.clientX - box.left) / box.width) * W
    setActive(Math.min(n - 1, Math.max(0, Math.round(((px - M.left) / plotW) * (n - 1)))))
  }
  function onKey(e: KeyboardEvent<HTMLDivElement>) {
    if (!n) return
    const moves: Record<string, (i: number) => number> = {
      ArrowLeft: (i) => Math.max(0, i - 1),
      ArrowRight: (i) => Math.min(n - 1, i + 1),
      Home: () => 0,
      End: () => n - 1,
    }
    const move = moves[e.key]
    if (!move) return
    e.preventDefault()
    setActive((i) => move(i ?? n - 1))
  }

  const a = active !== null ? data[active] : null
  const activeText = a ? `${longDay(a.day)}: ${number.format(a.views)} page views, ${number.format(a.proposals)} proposal requests` : ''

  return (
    <div>
      <p className="mb-3 text-sm text-ink-800" data-testid="conversion-rate">
        {/* Not called conversion: that is the share of visitors who sent a lead (docs/METRICS.md). */}
        <span className="font-semibold">Requests per 100 page views: </span>
        {conv.per100 === null ? (
          'no page views yet in this period'
        ) : (
          <>
            <span className="text-lg font-bold text-ink-900">
              {conv.per100.toLocaleString('en-US', {
                maximumFractionDigits: 1,
              })}
            </span>{' '}
            ({number.format(conv.proposals)} requests, {number.format(conv.views)} page views in the last 30 days)
          </>
        )}
      </p>
      <figure>
        <figcaption className="mb-2 flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-ink-700">
          <span className="flex items-center gap-2">
            <svg width="28" height="10" aria-hidden="true" focusable="false">
              <line x1="0" x2="28" y1="5" y2="5" className="stroke-accent-700" strokeWidth="2.5" />
              <circle cx="14" cy="5" r="3.5" className="fill-accent-700" />
            </svg>
            Page views, left axis ({number.format(totalV)} in total)
          </span>
          <span className="flex items-center gap-2">
            <svg width="28" height="10" aria-hidden="true" focusable="false">
              <line x1="0" x2="28" y1="5" y2="5" className="stroke-primary-700" strokeWidth="2.5" strokeDasharray="6 4" />
              <rect x="10.5" y="1.5" width="7" height="7" className="fill-primary-700" />
            </svg>
            Proposal requests, right axis ({number.format(totalP)} in total)
          </span>
        </figcaption>

        <div
          ref={ref}
          className="relative rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
          tabIndex={n ? 0 : undefined}
          role="group"
          aria-label="Chart of page views and proposal requests per day. Use the left and right arrow keys to read each day."
          onKeyDown={onKey}
          onBlur={() => setActive(null)}
        >
          <svg
            viewBox={`0 0 ${W} ${H}`}
            width="100%"
            height={H}
            preserveAspectRatio="none"
            className="block touch-pan-y overflow-visible"
            aria-hidden="true"
            focusable="false"
            onPointerMove={pick}
            onPointerDown={pick}
            onPointerLeave={(e) => {
              // A finger lifts (and 'leaves') right after the tap that showed the day: keep it until the next tap or blur.
              if (e.pointerType === 'mouse') setActive(null)
            }}
            data-testid="activity-chart"
          >
            {/* Axis titles above each axis. */}
            <text x={M.left - 8} y={14} fontSize="12" fontWeight="600" className="fill-accent-800" textAnchor="start">
              Page views
            </text>
            <text x={W - M.right + 8} y={14} fontSize="12" fontWeight="600" className="fill-primary-800" textAnchor="end">
              Requests
            </text>
            {/* Gridlines shared by both axes, with each axis' value at each line. */}
            {Array.from({ length: TICKS + 1 }, (_, t) => {
              const gy = M.top + plotH - (t / TICKS) * plotH
              return (
                <g key={t} data-testid="gridline">
                  <line
                    x1={M.left}
                    x2={W - M.right}
                    y1={gy}
                    y2={gy}
                    className={t === 0 ? 'stroke-ink-400' : 'stroke-ink-200'}
                    strokeWidth="1"
                  />
                  <text x={M.left - 6} y={gy + 4} fontSize="12" textAnchor="end" className="fill-ink-700" data-axis="views">
                    {number.format(t * stepV)}
                  </text>
                  <text x={W - M.right + 6} y={gy + 4} fontSize="12" textAnchor="start" className="fill-ink-700" data-axis="requests">
                    {number.format(t * stepP)}
                  </text>
                </g>
              )
            })}
            {/* Day labels. */}
            {data.map((d, i) =>
              labelled[i] ? (
                <g key={d.day}>
                  <line x1={x(i)} x2={x(i)} y1={M.top + plotH} y2={M.top + plotH + 4} className="stroke-ink-400" />
                  <text x={x(i)} y={H - 8} fontSize="12" textAnchor="middle" className="fill-ink-700" data-testid="day-label">
                    {shortDay(d.day)}
                  </text>
                </g>
              ) : null,
            )}
            {active !== null && (
              <line x1={x(active)} x2={x(active)} y1={M.top} y2={M.top + plotH} className="stroke-ink-500" strokeDasharray="2 3" />
            )}
            {/* Page views: solid, round markers. */}
            <path d={path(yV, 'views')} fill="none" className="stroke-accent-700" strokeWidth="2.5" strokeLinejoin="round" />
            {data.map((d, i) => (
              <circle key={d.day} cx={x(i)} cy={yV(d.views)} r={active === i ? 5 : 3} className="fill-accent-700" />
            ))}
            {/* Requests: dashed, square markers. */}
            <path
              d={path(yP, 'proposals')}
              fill="none"
              className="stroke-primary-700"
              strokeWidth="2.5"
              strokeDasharray="6 4"
              strokeLinejoin="round"
            />
            {data.map((d, i) => {
              const s = active === i ? 9 : 6
              return <rect key={d.day} x={x(i) - s / 2} y={yP(d.proposals) - s / 2} width={s} height={s} className="fill-primary-700" />
            })}
          </svg>
          {a && active !== null && (
            <div
              data-testid="chart-tooltip"
              className="pointer-events-none absolute top-1 z-10 max-w-[14rem] -translate-x-1/2 rounded-md border border-ink-300 bg-white px-3 py-2 text-xs text-ink-900 shadow-md"
              style={{
                left: `${Math.min(Math.max((x(active) / W) * 100, 18), 82)}%`,
              }}
            >
              <p className="font-semibold">{longDay(a.day)}</p>
              <p>{number.format(a.views)} page views</p>
              <p>{number.format(a.proposals)} proposal requests</p>
            </div>
          )}
          <p className="sr-only" aria-live="polite">
            {activeText}
          </p>
        </div>
        <p className="mt-2 text-xs text-ink-600">
          Days run midnight to midnight, {zoneWords}. Page views are counted as on the figures above (no bots, no one signed in).
        </p>

        <button
          type="button"
          aria-expanded={tableShown}
          aria-controls={`${uid}-table`}
          onClick={() => setTableShown((v) => !v)}
          className="mt-2 text-sm font-medium text-primary-700 underline hover:text-primary-800"
        >
          {tableShown ? 'Hide the figures' : 'Show the figures'}
        </button>
        {/* NOTE: a table ignores a 1px width, so the sr-only box is a div around it. Screen readers always have it. */}
        <div
          id={`${uid}-table`}
          // Shown, it scrolls: keyboard users reach it with Tab.
          tabIndex={tableShown ? 0 : undefined}
          role={tableShown ? 'region' : undefined}
          aria-label={tableShown ? 'Figures per day' : undefined}
          className={tableShown ? 'mt-2 max-h-80 overflow-auto rounded-md border border-ink-200' : 'sr-only'}
        >
          <table className="w-full text-sm">
            <caption className="sr-only">Proposals and page views per day over the last 30 days</caption>
            <thead className="bg-ink-50 text-left">
              <tr>
                <th scope="col" className="px-3 py-1.5">
                  Day
                </th>
                <th scope="col" className="px-3 py-1.5 text-right">
                  Proposals
                </th>
                <th scope="col" className="px-3 py-1.5 text-right">
                  Page views
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((d) => (
                <tr key={d.day} className="border-t border-ink-100">
                  <th scope="row" className="px-3 py-1 text-left font-normal">
                    {longDay(d.day)}
                  </th>
                  <td className="px-3 py-1 text-right tabular-nums">{d.proposals}</td>
                  <td className="px-3 py-1 text-right tabular-nums">{d.views}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
    </div>
  )
}

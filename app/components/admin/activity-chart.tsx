type Day = { day: string; proposals: number; views: number }

const W = 600
const H = 180
const PAD = 24

/**
 * Proposals and page views per day, last 30 days, as two lines over a shared day axis, each
 * scaled to its own maximum. Screen readers get the same figures as a table.
 */
export function ActivityChart({ data }: { data: Day[] }) {
  const peakP = Math.max(0, ...data.map((d) => d.proposals))
  const peakV = Math.max(0, ...data.map((d) => d.views))
  const maxP = Math.max(1, peakP)
  const maxV = Math.max(1, peakV)
  const x = (i: number) => PAD + (i * (W - 2 * PAD)) / Math.max(1, data.length - 1)
  const y = (v: number, max: number) => H - PAD - (v / max) * (H - 2 * PAD)
  const line = (key: 'proposals' | 'views', max: number) => data.map((d, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(d[key], max).toFixed(1)}`).join(' ')
  const totalP = data.reduce((a, d) => a + d.proposals, 0)
  const totalV = data.reduce((a, d) => a + d.views, 0)
  return (
    <figure>
      <figcaption className="mb-3 flex flex-wrap items-center gap-4 text-sm text-ink-700">
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-1 w-5 rounded bg-primary-700" /> Proposals ({totalP}, peak {peakP}/day)
        </span>
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-1 w-5 rounded bg-accent-700" /> Page views ({totalV}, peak {peakV}/day)
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" aria-hidden="true" focusable="false">
        <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} stroke="#cbd5e1" />
        <path d={line('views', maxV)} fill="none" stroke="#047857" strokeWidth="2.5" />
        <path d={line('proposals', maxP)} fill="none" stroke="#1d4ed8" strokeWidth="2.5" />
        {data.length > 0 && (
          <>
            <text x={PAD} y={H - 6} fontSize="11" fill="#475569">
              {data[0].day.slice(5)}
            </text>
            <text x={W - PAD} y={H - 6} fontSize="11" fill="#475569" textAnchor="end">
              {data[data.length - 1].day.slice(5)}
            </text>
          </>
        )}
      </svg>
      {/* NOTE: a table ignores a 1px width, so the sr-only box is a div around it. */}
      <div className="sr-only">
      <table>
        <caption>Proposals and page views per day over the last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Proposals</th>
            <th scope="col">Page views</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td>{d.proposals}</td>
              <td>{d.views}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  )
}

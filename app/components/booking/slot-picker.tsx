import { useEffect, type ReactNode } from 'react'
import { Form, Link, useNavigate } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { Select } from '~/components/ui/input.tsx'

export type PickerSlot = { start: string; label: string; when: string }
/** A month of /book's calendar: weeks of days (null before the 1st and after the last). */
export type MonthCalendar = {
  key: string
  label: string
  weeks: ({ day: string; n: number; count: number; label: string } | null)[][]
  prev: string | null
  next: string | null
}
export type Picker = {
  tz: string
  /** Whether `?tz=` named the zone (otherwise it is the default, and the browser may know better). */
  tzChosen: boolean
  zones: string[]
  days: { day: string; label: string; count: number }[]
  day: string | null
  dayLabel: string
  slots: PickerSlot[]
}

/**
 * The visitor's time zone: a GET form (works without JavaScript). Once hydrated, a page whose
 * zone was not chosen switches to the browser's own, in place of the default.
 */
export function ZoneForm({ picker, day, extra = {} }: { picker: Picker; day?: string | null; extra?: Record<string, string> }) {
  const navigate = useNavigate()
  useEffect(() => {
    if (picker.tzChosen) return
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (browserZone && browserZone !== picker.tz && picker.zones.includes(browserZone)) {
      // The page's other parameters (the month, "change the time") stay.
      const params = new URLSearchParams(window.location.search)
      params.set('tz', browserZone)
      void navigate(`?${params}`, { replace: true, preventScrollReset: true })
    }
  }, [picker.tzChosen, picker.tz, picker.zones, navigate])
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" preventScrollReset>
      {day && <input type="hidden" name="day" value={day} />}
      {Object.entries(extra).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div>
        <label htmlFor="booking-tz" className="mb-1 block text-sm font-medium text-ink-800">
          Your time zone
        </label>
        <Select id="booking-tz" size="md" name="tz" defaultValue={picker.tz} key={picker.tz}>
          {picker.zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="secondary" size="md">
        Show times
      </Button>
    </Form>
  )
}

/** Radio buttons for times (name `start`), inside the page's POST form. */
export function SlotRadios({
  legend,
  slots,
  checked,
  error,
  showDay = false,
  autoFocus = false,
}: {
  legend: string
  slots: PickerSlot[]
  checked?: string
  error?: string
  showDay?: boolean
  /** The first time takes focus on load (a refused time, without JavaScript). */
  autoFocus?: boolean
}) {
  return (
    <fieldset aria-describedby={error ? 'start-error' : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 font-semibold text-ink-900">{legend}</legend>
      {error && (
        <p id="start-error" className="mb-2 text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {slots.map((s, i) => (
          <li key={s.start}>
            <label className="flex cursor-pointer items-center gap-2 rounded-lg border border-ink-300 px-3 py-2 has-[:checked]:border-primary-700 has-[:checked]:bg-primary-50">
              <input
                type="radio"
                name="start"
                value={s.start}
                required
                defaultChecked={s.start === checked}
                autoFocus={autoFocus && i === 0}
              />
              <span>{showDay ? s.when : s.label}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const

/**
 * The one picker of free times (issue 35): a month of days (days with free times are links, the
 * others plain), the months before and after, and the chosen day's times as links (`?start=`) to
 * the next step (/book's details, or confirming a move). Plain links with `?tz=&month=&day=`:
 * it works the same without JavaScript. `extra` are the page's own parameters every link keeps;
 * `anchor` is the element each link scrolls to, for a picker lower on its page.
 */
/** A link to the previous or next month, or an empty cell that keeps the title centred where there is none. */
function MonthLink({ month, to, label }: { month: string | null; to: (over: Record<string, string>) => string; label: string }) {
  if (!month) return <span />
  return (
    <Link
      to={to({ month })}
      preventScrollReset
      className="rounded-md px-2 py-1 text-sm font-medium text-primary-800 underline hover:bg-primary-50"
    >
      {label}
    </Link>
  )
}

export function MonthPicker({
  picker,
  month,
  extra = {},
  anchor,
  empty = 'There are no free times in the next weeks. Please write to us instead.',
}: {
  picker: Picker
  month: MonthCalendar
  extra?: Record<string, string>
  anchor?: string
  empty?: string
}) {
  const q = (over: Record<string, string>) => `?${new URLSearchParams({ ...extra, tz: picker.tz, ...over })}${anchor ? `#${anchor}` : ''}`
  if (!picker.days.length) return <p className="text-ink-700">{empty}</p>
  return (
    <div className="grid gap-6 md:grid-cols-[1fr_14rem]">
      <div>
        <div className="mb-3 flex items-center justify-between gap-2">
          <MonthLink month={month.prev} to={q} label="Previous month" />
          <h3 id="month-title" className="font-semibold text-ink-900">
            {month.label}
          </h3>
          <MonthLink month={month.next} to={q} label="Next month" />
        </div>
        <table aria-labelledby="month-title" className="w-full table-fixed border-collapse text-center">
          <thead>
            <tr>
              {WEEKDAYS.map(([short, long]) => (
                <th key={short} scope="col" className="pb-1 text-xs font-medium text-ink-600">
                  <abbr title={long} className="no-underline">
                    {short}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {month.weeks.map((week, w) => (
              <tr key={w}>
                {week.map((d, i) => (
                  <td key={i} className="p-0.5">
                    {d && d.count > 0 ? (
                      <Link
                        to={q({ month: month.key, day: d.day })}
                        preventScrollReset
                        aria-label={`${d.label}: ${d.count === 1 ? '1 free time' : `${d.count} free times`}`}
                        aria-current={d.day === picker.day ? 'date' : undefined}
                        className={`flex h-10 items-center justify-center rounded-lg font-semibold ${d.day === picker.day ? 'bg-primary-700 text-white' : 'bg-primary-50 text-primary-900 hover:bg-primary-100'}`}
                      >
                        {d.n}
                      </Link>
                    ) : (
                      d && <span className="flex h-10 items-center justify-center text-ink-500">{d.n}</span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {picker.day && (
        <nav aria-label={`Times on ${picker.dayLabel}`}>
          <h3 className="mb-2 font-semibold text-ink-900">{picker.dayLabel.split(',').slice(0, 2).join(',')}</h3>
          <ul className="grid max-h-96 grid-cols-2 gap-2 overflow-y-auto md:grid-cols-1">
            {picker.slots.map((s) => (
              <li key={s.start}>
                <Link
                  to={q({ month: month.key, day: picker.day ?? '', start: s.start })}
                  className="block rounded-lg border border-primary-300 px-3 py-2 text-center font-semibold text-primary-900 hover:border-primary-700 hover:bg-primary-50"
                >
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  )
}

/** The time chosen in the picker, sent with the form (`start`), what it is, and the link back to choose again. */
export function ChosenTime({
  slot,
  back,
  change,
  testId,
  children,
}: {
  slot: PickerSlot
  back: string
  change: string
  testId: string
  children: ReactNode
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg bg-primary-50 p-4" data-testid={testId}>
      <p className="text-ink-900">{children}</p>
      <Link to={back} className="text-sm font-medium text-primary-800 underline">
        {change}
      </Link>
      <input type="hidden" name="start" value={slot.start} />
    </div>
  )
}

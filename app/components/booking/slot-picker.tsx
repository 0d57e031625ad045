import { useEffect } from 'react'
import { Form, Link, useNavigate } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { Select } from '~/components/ui/input.tsx'

export type PickerSlot = { start: string; label: string; when: string }
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

/** The days with free times, as links (`?day=`), the chosen one marked. */
export function DayLinks({ picker, extra = {} }: { picker: Picker; extra?: Record<string, string> }) {
  if (!picker.days.length) return <p className="text-ink-700">There are no free times in the next weeks. Please write to us instead.</p>
  return (
    <nav aria-label="Days with free times">
      <ul className="flex gap-2 overflow-x-auto pb-2">
        {picker.days.map((d) => {
          const current = d.day === picker.day
          return (
            <li key={d.day} className="shrink-0">
              <Link
                to={`?${new URLSearchParams({ ...extra, tz: picker.tz, day: d.day })}`}
                preventScrollReset
                aria-current={current ? 'date' : undefined}
                className={`block rounded-lg border px-3 py-2 text-sm ${current ? 'border-primary-700 bg-primary-700 text-white' : 'border-ink-300 text-ink-900 hover:border-primary-600'}`}
              >
                <span className="block font-semibold">{d.label.split(',').slice(0, 2).join(',')}</span>
                <span className="block">{d.count === 1 ? '1 time' : `${d.count} times`}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
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
              <input type="radio" name="start" value={s.start} required defaultChecked={s.start === checked} autoFocus={autoFocus && i === 0} />
              <span>{showDay ? s.when : s.label}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

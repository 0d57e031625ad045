import { Check } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { useId, type ReactNode } from 'react'
import type { BuilderOption } from '~/content/builder-options.ts'
import { Field } from '~/components/ui/field.tsx'
import { Input, Options, Select, Textarea } from '~/components/ui/input.tsx'

/** Small form controls of the builder: every one labelled, keyboard operable, no drag-only input. */

export function PanelSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div>
        <h3 id={id} className="text-base font-semibold text-ink-900">
          {title}
        </h3>
        {description && <p className="text-sm text-ink-600">{description}</p>}
      </div>
      {children}
    </section>
  )
}

/** What every field of the builder takes: its label, its name and its value, and what a change does. */
type BuilderFieldProps<V> = {
  label: string
  /** The field's name in the builder's GET form (app/lib/builder-query.ts). */
  name: string
  value: V
  onChange: (value: V) => void
}

type TextFieldProps = BuilderFieldProps<string> & {
  type?: 'text' | 'email' | 'tel' | 'url'
  required?: boolean
  placeholder?: string
  autoComplete?: string
  multiline?: boolean
}

export function TextField({ label, name, value, onChange, type = 'text', required, placeholder, autoComplete, multiline }: TextFieldProps) {
  const id = useId()
  return (
    <Field id={id} label={label} required={required}>
      {multiline ? (
        <Textarea size="md" rows={3} name={name} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Input
          size="md"
          type={type}
          name={name}
          value={value}
          placeholder={placeholder}
          autoComplete={autoComplete ?? 'off'}
          aria-required={required || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  )
}

type SelectFieldProps = BuilderFieldProps<string> & {
  options: readonly BuilderOption[]
  placeholder?: string
}

export function SelectField({ label, name, value, onChange, options, placeholder }: SelectFieldProps) {
  const id = useId()
  return (
    <Field id={id} label={label}>
      <Select size="md" name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        <Options items={options} value={(o) => o.id} label={(o) => o.label} />
      </Select>
    </Field>
  )
}

type RangeFieldProps = BuilderFieldProps<number> & {
  min: number
  max: number
  step: number
  unit?: string
}

/** A native range input: arrow keys, Page Up/Down, Home/End all work; the value is always shown. */
export function RangeField({ label, name, value, min, max, step, unit = '', onChange }: RangeFieldProps) {
  const id = useId()
  const text = `${value}${unit}`
  return (
    <div>
      <div className="flex items-center justify-between">
        <label htmlFor={id} className="text-sm font-medium text-ink-800">
          {label}
        </label>
        <output htmlFor={id} className="rounded bg-ink-100 px-2 py-0.5 text-sm font-semibold text-ink-900">
          {text}
        </output>
      </div>
      <input
        id={id}
        type="range"
        name={name}
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={text}
        onChange={(e) => onChange(Number(e.target.value))}
        className="mt-2 w-full accent-primary-700"
      />
      <div aria-hidden="true" className="flex justify-between text-xs text-ink-600">
        <span>
          {min}
          {unit}
        </span>
        <span>
          {max}
          {unit}
        </span>
      </div>
    </div>
  )
}

/** Each option is a submit button of the builder's form: `name=option id`. */
type ChoiceGroupProps = BuilderFieldProps<string> & {
  options: readonly (BuilderOption & { hint?: string; swatch?: string[] })[]
  columns?: string
}

/**
 * Single choice shown as pressable cards (aria-pressed), so every option is visible at once. Each
 * card submits the builder's form before the page's script runs; after, the form never submits.
 */
export function ChoiceGroup({ label, name, options, value, onChange, columns = 'grid-cols-2 sm:grid-cols-3' }: ChoiceGroupProps) {
  const id = useId()
  return (
    <div role="group" aria-labelledby={id}>
      <p id={id} className="text-sm font-medium text-ink-800">
        {label}
      </p>
      <div className={`mt-2 grid gap-2 ${columns}`}>
        {options.map((o) => {
          const selected = o.id === value
          return (
            <button
              key={o.id}
              type="submit"
              name={name}
              value={o.id}
              aria-pressed={selected}
              onClick={() => onChange(o.id)}
              className={`relative flex items-start gap-2 rounded-lg border px-3 py-2 text-left text-sm transition ${
                selected
                  ? 'border-primary-700 bg-primary-50 text-primary-950 ring-1 ring-primary-700'
                  : 'border-ink-300 bg-white text-ink-800 hover:border-ink-400'
              }`}
            >
              {o.swatch && (
                <span aria-hidden="true" className="mt-0.5 flex shrink-0 overflow-hidden rounded-full border border-ink-300">
                  {o.swatch.map((c) => (
                    <span key={c} className="block size-4" style={{ background: c }} />
                  ))}
                </span>
              )}
              <span className="min-w-0 flex-1 break-words">
                <span className="block font-medium">{o.label}</span>
                {o.hint && <span className="block text-xs text-ink-600">{o.hint}</span>}
              </span>
              {/* A badge on the corner, outside the text: in a narrow card ("Horizontal" in four
                  columns) a mark beside the label crossed it or the border. */}
              {selected && (
                <span
                  aria-hidden="true"
                  data-testid="choice-check"
                  className="absolute -top-2 -right-2 flex size-5 items-center justify-center rounded-full bg-primary-700 text-white ring-2 ring-white"
                >
                  <Icon node={Check} aria-hidden="true" className="size-3.5" />
                </span>
              )}
            </button>
          )
        })}
      </div>
    </div>
  )
}

type CheckListProps<K extends string> = {
  label: string
  /** The boxes' name in the builder's form; each sends its id when ticked. */
  name: string
  items: readonly { id: K; label: string }[]
  values: Readonly<Record<K, boolean>>
  onToggle: (id: K, checked: boolean) => void
}

export function CheckList<K extends string>({ label, name, items, values, onToggle }: CheckListProps<K>) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink-800">{label}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {items.map((item) => (
          <label
            key={item.id}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-ink-200 bg-white px-3 py-2 text-sm text-ink-800 has-[:checked]:border-primary-700 has-[:checked]:bg-primary-50"
          >
            <input
              type="checkbox"
              name={name}
              value={item.id}
              checked={values[item.id]}
              onChange={(e) => onToggle(item.id, e.target.checked)}
              className="size-4 accent-primary-700"
            />
            {item.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

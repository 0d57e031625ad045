import type { ComponentProps, ReactNode } from 'react'

/**
 * Input, Textarea and Select share one control class. `sm` is the back office's form control;
 * `md` the public forms' (larger text, a focus ring); `inline` and `compact` sit in a row of buttons. An invalid control (aria-invalid, set by
 * <Field>) gets the danger border. No outer margin: <Field> spaces the label.
 */
const SIZES = {
  sm: 'block w-full border-ink-400 px-3 py-2 text-sm',
  md: 'block w-full border-ink-300 px-3 py-2 text-base shadow-sm focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 focus:outline-none',
  /** Only as wide as its content, beside a md button (a list's filter). */
  inline: 'border-ink-400 px-2 py-2 text-sm',
  /** Only as wide as its content, beside sm buttons (a card's status). */
  compact: 'border-ink-400 px-2 py-1.5 text-sm',
}

export type ControlSize = keyof typeof SIZES
type ControlStyle = { size?: ControlSize; className?: string }

export function controlClass({ size = 'sm', className }: ControlStyle = {}): string {
  const base = 'rounded-md border bg-white text-ink-900 placeholder:text-ink-500 aria-[invalid=true]:border-danger-700'
  return [base, SIZES[size], className].filter(Boolean).join(' ')
}

export function Input({ size, className, ...props }: Omit<ComponentProps<'input'>, 'size'> & ControlStyle) {
  return <input className={controlClass({ size, className })} {...props} />
}

export function Textarea({ size, className, ...props }: ComponentProps<'textarea'> & ControlStyle) {
  return <textarea className={controlClass({ size, className })} {...props} />
}

export function Select({ size, className, ...props }: Omit<ComponentProps<'select'>, 'size'> & ControlStyle) {
  return <select className={controlClass({ size, className })} {...props} />
}

/**
 * A <Select>'s choices, one <option> per item: its value (the item itself by default) and what the
 * reader sees (the value by default).
 */
export function Options<T>({
  items,
  value = String,
  label,
}: {
  items: readonly T[]
  value?: (item: T) => string
  label?: (item: T) => ReactNode
}) {
  return (
    <>
      {items.map((item) => (
        <option key={value(item)} value={value(item)}>
          {label ? label(item) : value(item)}
        </option>
      ))}
    </>
  )
}

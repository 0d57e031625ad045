import type { ComponentProps } from 'react'

/**
 * The site's buttons, in one place (shadcn's habit): every button and every link styled as one
 * takes its classes from `buttonClass`, so a change of look is made here.
 */
const VARIANTS = {
  primary: 'bg-primary-700 text-white hover:bg-primary-800',
  secondary: 'border border-ink-300 bg-white text-ink-800 hover:bg-ink-50',
  /** The second call to action beside a primary one (the tools' preview and PDF). */
  outline: 'border border-primary-700 bg-white text-primary-800 hover:bg-primary-50',
  danger: 'bg-danger-700 text-white hover:bg-danger-800',
  /** The quieter destructive action beside others (a card's delete icon). */
  'danger-outline': 'border border-danger-300 bg-white text-danger-700 hover:bg-danger-50',
  ghost: 'text-ink-700 hover:bg-ink-100 hover:text-ink-900',
}

const SIZES = {
  /** The default: forms, page actions. */
  md: 'gap-2 px-4 py-2 text-sm font-medium',
  /** Compact: the actions of a card or a table row. */
  sm: 'gap-1.5 px-2.5 py-1.5 text-sm font-medium',
  /** The public forms' call to action. */
  lg: 'gap-2 px-6 py-3 text-base font-semibold',
  /** An icon alone (it carries an aria-label). */
  icon: 'p-1',
}

export type ButtonVariant = keyof typeof VARIANTS
export type ButtonSize = keyof typeof SIZES
type ButtonStyle = {
  variant?: ButtonVariant
  size?: ButtonSize
  className?: string
}

/** The classes of a button: for <Button>, and for a <Link>, <a> or Radix trigger that looks like one. */
export function buttonClass({ variant = 'primary', size = 'md', className }: ButtonStyle = {}): string {
  const base = 'inline-flex items-center justify-center rounded-md disabled:cursor-not-allowed disabled:opacity-60'
  return [base, VARIANTS[variant], SIZES[size], className].filter(Boolean).join(' ')
}

/** A <button>, `type="button"` unless told otherwise (a stray submit is the classic form bug). */
export function Button({ variant, size, className, type = 'button', ...props }: ComponentProps<'button'> & ButtonStyle) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />
}

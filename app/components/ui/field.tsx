import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react'

/** What <Field> gives its control: the label's target and the wiring to its hint and error. */
export type FieldAria = {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/**
 * The wiring of a control to its hint (`{id}-hint`) and error (`{id}-error`): `aria-invalid`
 * only while there is an error, `aria-describedby` naming what is shown. For controls <Field>
 * cannot wrap (a rich-text editor, a field of its own layout).
 */
export function fieldAria(id: string, { hint, error }: { hint?: boolean; error?: string | undefined }): FieldAria {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  }
}

export const labelClass = 'block text-sm font-medium text-ink-800'

/** The asterisk after a required field's label (the control itself carries `required` or `aria-required`). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-danger-700">
      *
    </span>
  )
}

export function Label({
  htmlFor,
  required,
  className,
  children,
}: {
  htmlFor: string
  required?: boolean
  className?: string
  children: ReactNode
}) {
  return (
    <label htmlFor={htmlFor} className={className ? `${labelClass} ${className}` : labelClass}>
      {children}
      {required && <RequiredMark />}
    </label>
  )
}

/** A field's error message, referenced by the control's aria-describedby. */
export function FieldError({ id, message, role }: { id: string; message: string | null | undefined; role?: 'alert' }) {
  return message ? (
    <p id={`${id}-error`} role={role} className="mt-1 text-sm font-medium text-danger-700">
      {message}
    </p>
  ) : null
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={`${id}-hint`} className="mt-1 text-sm text-ink-600">
      {children}
    </p>
  )
}

type FieldProps = {
  id: string
  label: ReactNode
  hint?: ReactNode
  error?: string
  required?: boolean
  className?: string
  /** The control, given `id`, `aria-invalid` and `aria-describedby`; or a function of them when the control sits inside other markup. */
  children: ReactElement<Partial<FieldAria>> | ((aria: FieldAria) => ReactNode)
}

/**
 * A labelled control with its optional hint and error message, wired for assistive technology
 * (shadcn's Field; Epic Stack's ErrorList). The one way the site's forms wire a field.
 */
export function Field({ id, label, hint, error, required, className, children }: FieldProps) {
  const aria = fieldAria(id, { hint: Boolean(hint), error })
  return (
    <div className={className}>
      <Label htmlFor={id} required={required} className="mb-1">
        {label}
      </Label>
      {typeof children === 'function' ? children(aria) : isValidElement(children) ? cloneElement(children, aria) : null}
      {hint && <FieldHint id={id}>{hint}</FieldHint>}
      <FieldError id={id} message={error} />
    </div>
  )
}

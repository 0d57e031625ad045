import type { ComponentProps } from 'react'

const ON = {
  primary: 'peer-checked:bg-primary-700',
  success: 'peer-checked:bg-success-700',
}

/**
 * A real checkbox drawn as a switch (role="switch"): it is sent when on, with or without
 * JavaScript. Label it with a <label htmlFor>.
 */
export function Switch({
  tone = 'primary',
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'role'> & {
  tone?: keyof typeof ON
}) {
  return (
    <span className={['relative inline-flex shrink-0', className].filter(Boolean).join(' ')}>
      <input type="checkbox" role="switch" className="peer absolute inset-0 size-full cursor-pointer opacity-0" {...props} />
      <span
        aria-hidden="true"
        className={`pointer-events-none block h-6 w-11 rounded-full bg-ink-400 ${ON[tone]} peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-600`}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-0.5 left-0.5 block size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
      />
    </span>
  )
}

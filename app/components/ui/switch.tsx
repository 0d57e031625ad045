import type { ComponentProps } from 'react'

/**
 * The one look of an on/off switch in the admin: the track is primary-700 when on and ink-400 when
 * off on every screen. Exported for switches that cannot be a checkbox (e.g. a submit button with
 * role="switch" that posts the new state).
 */
export function switchTrackClass(on: boolean): string {
  return on ? 'bg-primary-700' : 'bg-ink-400'
}

/**
 * A real checkbox drawn as a switch (role="switch"): it is sent when on, with or without
 * JavaScript. Label it with a <label htmlFor>.
 */
export function Switch({
  tone: _tone,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'role'> & {
  /** @deprecated Ignored: every switch has the same colours (see switchTrackClass). */
  tone?: 'primary' | 'success'
}) {
  return (
    <span className={['relative inline-flex shrink-0', className].filter(Boolean).join(' ')}>
      <input type="checkbox" role="switch" className="peer absolute inset-0 size-full cursor-pointer opacity-0" {...props} />
      <span
        aria-hidden="true"
        data-switch-track=""
        className={`pointer-events-none block h-6 w-11 rounded-full ${switchTrackClass(false)} peer-checked:bg-primary-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-600`}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-0.5 left-0.5 block size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
      />
    </span>
  )
}

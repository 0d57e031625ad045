import { X } from 'lucide'
import { AlertDialog as AlertPrimitive, Dialog as DialogPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { Icon } from './icon.tsx'

/**
 * The site's one styled dialog, over Radix (focus trapped and returned, Escape closes, the page
 * behind made inert). NOTE: Radix is about 13 KB gzipped: import this only from the back office
 * or from a lazily loaded chunk, never from a public page's first load (tests/e2e/budget.spec.ts).
 */
const LAYOUTS = {
  /** Centred, for a question or a short record. */
  center:
    'top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl',
  /** Centred and wider. */
  wide: 'top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl',
  /** Almost the whole window (a page preview). */
  sheet: 'inset-2 z-50 overflow-y-auto rounded-lg bg-white shadow-xl sm:inset-8',
  /** A side menu from the left. */
  drawer: 'inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-ink-900 p-4 text-white shadow-xl',
  /** The public site's invitation: above the chat launcher, rounder. Scrolls inside when the screen is short (320×256). */
  promo:
    'top-1/2 left-1/2 z-[61] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none sm:p-8',
}
const OVERLAYS: Record<DialogLayout, string> = {
  center: 'z-50 bg-ink-900/50',
  wide: 'z-50 bg-ink-900/50',
  sheet: 'z-50 bg-ink-900/50',
  drawer: 'z-50 bg-ink-900/60',
  promo: 'z-[60] bg-ink-900/60',
}

export type DialogLayout = keyof typeof LAYOUTS
type Layout = { layout?: DialogLayout }
const contentClass = (layout: DialogLayout, className?: string) => ['fixed', LAYOUTS[layout], className].filter(Boolean).join(' ')

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

/** The dialog's panel, in a portal over a dimmed page. */
export function DialogContent({
  layout = 'center',
  className,
  onFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & Layout) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={`fixed inset-0 ${OVERLAYS[layout]}`} />
      <DialogPrimitive.Content
        className={contentClass(layout, className)}
        onFocus={(e) => {
          // Radix moves focus without scrolling (on opening, and when Tab goes round from the last
          // control to the first): in a dialog that scrolls on a short screen, bring it into view.
          if (e.target !== e.currentTarget) e.target.scrollIntoView({ block: 'nearest' })
          onFocus?.(e)
        }}
        {...props}
      />
    </DialogPrimitive.Portal>
  )
}

const TITLE = 'text-lg font-semibold text-ink-900'
const DESCRIPTION = 'mt-2 text-sm text-ink-700'

/** The dialog's accessible name. `className` replaces the default look (a title is styled as a whole). */
export function DialogTitle({ className = TITLE, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={className} {...props} />
}

/** The dialog's accessible description. `className` replaces the default look. */
export function DialogDescription({ className = DESCRIPTION, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={className} {...props} />
}

/** The × in a dialog's corner. */
export function DialogCloseIcon({ label = 'Close', className }: { label?: string; className?: string }) {
  return (
    <DialogPrimitive.Close
      aria-label={label}
      className={['rounded p-1 text-ink-700 hover:bg-ink-100 hover:text-ink-900', className].filter(Boolean).join(' ')}
    >
      <Icon node={X} aria-hidden="true" className="size-5" />
    </DialogPrimitive.Close>
  )
}

/** A dialog that asks before something that cannot be undone (role alertdialog; no close on outside click). */
export const AlertDialog = AlertPrimitive.Root
export const AlertDialogTrigger = AlertPrimitive.Trigger
export const AlertDialogCancel = AlertPrimitive.Cancel

export function AlertDialogContent({ layout = 'center', className, ...props }: ComponentProps<typeof AlertPrimitive.Content> & Layout) {
  return (
    <AlertPrimitive.Portal>
      <AlertPrimitive.Overlay className={`fixed inset-0 ${OVERLAYS[layout]}`} />
      <AlertPrimitive.Content className={contentClass(layout, className)} {...props} />
    </AlertPrimitive.Portal>
  )
}

export function AlertDialogTitle({ className = TITLE, ...props }: ComponentProps<typeof AlertPrimitive.Title>) {
  return <AlertPrimitive.Title className={className} {...props} />
}

export function AlertDialogDescription({ className = DESCRIPTION, ...props }: ComponentProps<typeof AlertPrimitive.Description>) {
  return <AlertPrimitive.Description className={className} {...props} />
}

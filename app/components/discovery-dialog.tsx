import { CalendarCheck } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { Dialog, DialogClose, DialogCloseIcon, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog.tsx'
import { useRef } from 'react'
import { useNavigate } from 'react-router'
import { focusPageStart } from './route-announcer.tsx'

/** The popup's dialog, in its own chunk: it loads only when the popup is about to open. */
export default function DiscoveryDialog({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const navigate = useNavigate()
  // What had focus when the dialog opened (the popup opens only on an untouched page, so usually
  // nothing), and whether we are leaving for /proposal (the next page places focus itself).
  const returnTo = useRef<Element | null>(typeof document === 'undefined' ? null : document.activeElement)
  const leaving = useRef(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        layout="promo"
        onCloseAutoFocus={(e) => {
          // Radix would focus <body> (there is no trigger): put focus back where it was, or at the
          // top of the page's content, so the next Tab continues from there.
          e.preventDefault()
          if (leaving.current) return
          const target = returnTo.current
          if (target instanceof HTMLElement && target.isConnected && target !== document.body) target.focus({ preventScroll: true })
          else focusPageStart()
        }}
      >
        <Icon node={CalendarCheck} aria-hidden="true" className="size-10 text-primary-700" />
        <DialogTitle className="mt-4 text-2xl font-bold text-ink-900">Book a free discovery call</DialogTitle>
        <DialogDescription className="mt-2 text-ink-700">
          Tell a developer about your business in a 15-minute call. You get honest advice and a fixed-price proposal within 24 hours, with
          no obligation.
        </DialogDescription>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            onClick={() => {
              leaving.current = true
              setOpen(false)
              navigate('/book')
            }}
            className={buttonClass({ size: 'lg', className: 'flex-1' })}
          >
            Book a free call
          </button>
          <DialogClose className={buttonClass({ variant: 'secondary', size: 'lg', className: 'flex-1' })}>Maybe later</DialogClose>
        </div>
        <DialogCloseIcon className="absolute top-3 right-3" />
      </DialogContent>
    </Dialog>
  )
}

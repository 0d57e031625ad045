import { CalendarCheck, X } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { Dialog } from 'radix-ui'
import { useNavigate } from 'react-router'

/** The popup's dialog, in its own chunk: it loads only when the popup is about to open. */
export default function DiscoveryDialog({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const navigate = useNavigate()
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink-900/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[61] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none sm:p-8">
          <Icon node={CalendarCheck} aria-hidden="true" className="size-10 text-primary-700" />
          <Dialog.Title className="mt-4 text-2xl font-bold text-ink-900">Book a free discovery call</Dialog.Title>
          <Dialog.Description className="mt-2 text-ink-700">
            Tell a developer about your business in a 15-minute call. You get honest advice and a fixed-price proposal within 24 hours,
            with no obligation.
          </Dialog.Description>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              onClick={() => {
                setOpen(false)
                navigate('/proposal')
              }}
              className="inline-flex flex-1 items-center justify-center rounded-md bg-primary-700 px-4 py-3 font-semibold text-white hover:bg-primary-800"
            >
              Hire a Developer
            </button>
            <Dialog.Close className="inline-flex flex-1 items-center justify-center rounded-md border border-ink-300 px-4 py-3 font-semibold text-ink-800 hover:bg-ink-50">
              Maybe later
            </Dialog.Close>
          </div>
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded-md p-1 text-ink-600 hover:bg-ink-100 hover:text-ink-900"
          >
            <Icon node={X} aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

import { X } from 'lucide'
import { Dialog } from 'radix-ui'
import type { RefObject } from 'react'
import { Icon } from '~/components/ui/icon.tsx'
import type { BuilderConfig } from '~/lib/builder.ts'
import { DeviceToggle, PreviewFrame } from './preview-frame.tsx'
import type { Device } from './preview-style.ts'

export type FullScreenDialogProps = {
  config: BuilderConfig
  device: Device
  onDeviceChange: (d: Device) => void
  open: boolean
  onClose: () => void
  /** The button that opened it, focused again on close (it is no Dialog.Trigger: see website-builder.tsx). */
  opener: RefObject<HTMLButtonElement | null>
}

/**
 * 'Generate Advanced Preview': the live preview full screen, in a modal dialog. A module of its own,
 * loaded when the visitor first reaches for its button: the dialog's machinery (focus trap, scroll
 * lock, layers) is most of the builder's Radix code, and most visits never open it (issue 37).
 */
export default function FullScreenDialog({ config, device, onDeviceChange, open, onClose, opener }: FullScreenDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink-950/80" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault()
            opener.current?.focus()
          }}
          className="fixed inset-0 z-[71] flex flex-col bg-ink-100 focus:outline-none"
        >
          {/* Close sits in its own column at the top right and the rest wraps beside it, so it stays
              on screen down to 320 px (WCAG 1.4.10). */}
          <div className="flex items-start justify-between gap-3 border-b border-ink-300 bg-white px-4 py-3">
            <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-3">
              <Dialog.Title className="min-w-0 text-lg font-semibold break-words text-ink-900">
                Advanced Preview: {config.businessName.trim() || 'Your Business Name'}
              </Dialog.Title>
              <Dialog.Description className="sr-only">A full-screen preview of the website you designed.</Dialog.Description>
              <DeviceToggle device={device} onChange={onDeviceChange} />
            </div>
            <Dialog.Close
              aria-label="Close preview"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md border border-ink-300 text-ink-800 hover:bg-ink-100"
            >
              <Icon node={X} aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {/* Focusable so keyboard users can scroll the preview (it holds no controls of its own). */}
          <div tabIndex={0} aria-label="Preview area" role="group" className="flex-1 overflow-auto p-4 sm:p-8">
            <PreviewFrame config={config} device={device} label={`Full-screen website preview, ${device} width`} scroll={false} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

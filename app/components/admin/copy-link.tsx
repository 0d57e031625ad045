import { useId, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { useHydrated } from './use-hydrated.ts'

/**
 * A link shown once (an invitation's, issue 36) in a read-only field, with a Copy button once the
 * page's script runs; without it the field's text is selected on focus and copied by hand.
 */
export function CopyLink({ label, link, buttonLabel }: { label: string; link: string; buttonLabel: string }) {
  const id = useId()
  const hydrated = useHydrated()
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  async function copy() {
    try {
      await navigator.clipboard.writeText(link)
      setCopied('yes')
    } catch {
      setCopied('no')
    }
  }
  return (
    <div className="mt-3 space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-ink-800">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-ink-300 bg-ink-50 px-3 py-2 font-mono text-xs text-ink-900"
        />
        {hydrated && (
          <Button type="button" variant="outline" size="sm" onClick={copy}>
            {buttonLabel}
          </Button>
        )}
      </div>
      <p role="status" className="text-sm text-ink-700">
        {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'The browser did not allow copying: select the link and copy it.' : ''}
      </p>
    </div>
  )
}

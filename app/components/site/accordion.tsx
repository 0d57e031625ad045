import { ChevronDown } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { useId } from 'react'

export type AccordionItem = { question: string; answer: string; category?: string }

/**
 * Question-and-answer accordion with at most one item open. The parent owns the open index so
 * each page can choose its rules (home: starts with the first open; clicking the open one closes it).
 */
export function Accordion({
  items,
  openIndex,
  onToggle,
  headingLevel = 3,
  showCategory = false,
}: {
  items: readonly AccordionItem[]
  openIndex: number | null
  onToggle: (index: number) => void
  headingLevel?: 2 | 3
  showCategory?: boolean
}) {
  const base = useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="divide-y divide-ink-200 rounded-2xl border border-ink-200 bg-white">
      {items.map((item, i) => {
        const open = i === openIndex
        const id = `${base}-${i}`
        return (
          <div key={item.question}>
            <Heading className="text-base font-semibold">
              <button
                type="button"
                id={`${id}-q`}
                aria-expanded={open}
                aria-controls={`${id}-a`}
                onClick={() => onToggle(i)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left hover:bg-ink-50"
              >
                <span>
                  {showCategory && item.category && (
                    <span className="mb-1 block text-xs font-semibold tracking-wide text-primary-800 uppercase">{item.category}</span>
                  )}
                  {item.question}
                </span>
                <Icon node={ChevronDown} aria-hidden="true" className={`h-5 w-5 shrink-0 text-ink-500 transition-transform ${open ? 'rotate-180' : ''}`} />
              </button>
            </Heading>
            <div id={`${id}-a`} role="region" aria-labelledby={`${id}-q`} hidden={!open} className="px-5 pb-5 leading-7 text-ink-700">
              {item.answer}
            </div>
          </div>
        )
      })}
    </div>
  )
}

import { ChevronDown } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'

export type AccordionItem = { question: string; answer: string; category?: string }

/**
 * Question-and-answer accordion with at most one item open, the first open to begin with. It is
 * the browser's own exclusive accordion (`<details name>`): it opens, closes and keeps one item
 * open before the page's scripts run, or without them (issue 22). The question is a heading inside
 * the summary, so the page's outline keeps it.
 *
 * NOTE: React sets `open` only when the prop changes (a new first item after a search), so what
 * the visitor opened or closed stays as they left it.
 */
export function Accordion({
  items,
  name,
  headingLevel = 3,
  showCategory = false,
}: {
  items: readonly AccordionItem[]
  /** The group's name, one per accordion on the page: opening one item closes the others. */
  name: string
  headingLevel?: 2 | 3
  showCategory?: boolean
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="divide-y divide-ink-200 rounded-2xl border border-ink-200 bg-white">
      {items.map((item, i) => (
        <details key={item.question} name={name} open={i === 0} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left hover:bg-ink-50 [&::-webkit-details-marker]:hidden">
            <Heading className="text-base font-semibold">
              {showCategory && item.category && (
                <span className="mb-1 block text-xs font-semibold tracking-wide text-primary-800 uppercase">{item.category}</span>
              )}
              {item.question}
            </Heading>
            <Icon
              node={ChevronDown}
              aria-hidden="true"
              className="h-5 w-5 shrink-0 text-ink-500 transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="px-5 pb-5 leading-7 text-ink-700">{item.answer}</div>
        </details>
      ))}
    </div>
  )
}

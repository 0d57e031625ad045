import type { ReactNode } from 'react'
import { dayLabel, money, type DocumentContent } from '~/lib/proposal-document.ts'

const HTML_CLASS =
  'text-base leading-7 text-ink-800 [&_a]:text-primary-800 [&_a]:underline [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:font-bold [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6'

/** The price table's columns and how each sits (figures to the right, a gap before the next). */
const PRICE_COLUMNS = [
  ['Item', 'pr-3'],
  ['Quantity', 'pr-3 text-right'],
  ['Price', 'pr-3 text-right'],
  ['Amount', 'text-right'],
] as const

/**
 * A proposal document as the client reads it (issue 38): the same component draws the public
 * page /p/<token> and the back office's preview, so the preview is exactly what the client sees.
 * Printing keeps the document and drops the forms (they carry `print:hidden`).
 */
export function ProposalDocumentView({ content, sha256 }: { content: DocumentContent; sha256?: string }) {
  const { priced } = content
  return (
    <article aria-labelledby="proposal-title" className="space-y-8 print:space-y-5">
      <header className="border-b border-ink-200 pb-6">
        <p className="text-sm font-semibold tracking-wide text-primary-800 uppercase">{content.agency}</p>
        <h1 id="proposal-title" className="mt-2 text-3xl font-bold text-ink-900 sm:text-4xl">
          {content.title}
        </h1>
        <p className="mt-3 text-ink-700">
          For {content.client.name} ({content.client.business}) · Open until {dayLabel(content.validUntil)}
        </p>
      </header>

      <DocSection id="proposal-summary" title="Summary">
        {/* Sanitized on save and again when the version was frozen (the posts' allow-list). */}
        <div className={HTML_CLASS} dangerouslySetInnerHTML={{ __html: content.summaryHtml }} />
      </DocSection>

      {content.scope.length > 0 && (
        <DocSection id="proposal-scope" title="Scope">
          {content.scope.map((s, i) => (
            <div key={i} className="mt-4 break-inside-avoid">
              <h3 className="font-semibold text-ink-900">{s.heading}</h3>
              <p className="mt-1 break-words whitespace-pre-wrap text-ink-800">{s.body}</p>
            </div>
          ))}
        </DocSection>
      )}

      <DocSection id="proposal-price" title="Price" avoidBreak>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">What is included and what it costs, in US dollars</caption>
            <thead>
              <tr className="border-b border-ink-300 text-ink-700">
                {PRICE_COLUMNS.map(([label, align]) => (
                  <th key={label} scope="col" className={`py-2 font-semibold ${align}`}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {priced.lines.map((l, i) => (
                <tr key={i} className="border-b border-ink-100">
                  <th scope="row" className="py-2 pr-3 font-normal text-ink-900">
                    {l.label}
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums">{l.quantity}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(l.unitCents)}</td>
                  <td className="py-2 text-right tabular-nums">{money(l.amountCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              {priced.discountCents > 0 && (
                <>
                  <tr>
                    <th scope="row" colSpan={3} className="pt-2 pr-3 text-right font-normal">
                      Subtotal
                    </th>
                    <td className="pt-2 text-right tabular-nums">{money(priced.subtotalCents)}</td>
                  </tr>
                  <tr>
                    <th scope="row" colSpan={3} className="pr-3 text-right font-normal">
                      Discount
                    </th>
                    <td className="text-right tabular-nums">−{money(priced.discountCents)}</td>
                  </tr>
                </>
              )}
              <tr className="text-base font-bold text-ink-900">
                <th scope="row" colSpan={3} className="pt-2 pr-3 text-right">
                  Total
                </th>
                <td className="pt-2 text-right tabular-nums" data-testid="proposal-total">
                  {money(priced.totalCents)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      </DocSection>

      <div className="grid gap-8 sm:grid-cols-2 print:grid-cols-2">
        <DocSection id="proposal-timeline" title="Timeline" avoidBreak>
          <ol className="mt-3 space-y-2">
            {content.milestones.map((m, i) => (
              <li key={i} className="flex justify-between gap-3 border-b border-ink-100 pb-2">
                <span>{m.label}</span>
                <span className="text-ink-700">{m.date ? dayLabel(m.date) : 'Date to agree'}</span>
              </li>
            ))}
          </ol>
        </DocSection>
        <DocSection id="proposal-payments" title="Payments" avoidBreak>
          <ol className="mt-3 space-y-2">
            {priced.payments.map((p, i) => (
              <li key={i} className="flex justify-between gap-3 border-b border-ink-100 pb-2">
                <span>
                  {p.percent}% {p.label.toLowerCase()}
                </span>
                <span className="tabular-nums">{money(p.amountCents)}</span>
              </li>
            ))}
          </ol>
        </DocSection>
      </div>

      <DocSection id="proposal-terms" title="Terms" avoidBreak>
        <p className="mt-3 break-words whitespace-pre-wrap text-ink-800">{content.terms}</p>
      </DocSection>

      {content.version > 0 && (
        <p className="border-t border-ink-200 pt-4 text-xs break-all text-ink-600">
          Version {content.version}
          {sha256 ? ` · SHA-256 of this version: ${sha256}` : ''}
        </p>
      )}
    </article>
  )
}

/** A part of the document under its heading; `avoidBreak` keeps it on one printed page. */
function DocSection({ id, title, avoidBreak, children }: { id: string; title: string; avoidBreak?: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={avoidBreak ? 'break-inside-avoid' : undefined}>
      <h2 id={id} className="text-xl font-bold text-ink-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

import { COMPANY } from '~/content/site.ts'
import { fillContact, type LegalDocument } from '~/content/legal.ts'
import { formatDate } from './format.ts'
import { useSite } from './use-site.ts'

/** Privacy policy and terms: headed sections of plain paragraphs. */
export function LegalPage({ doc }: { doc: LegalDocument }) {
  const { site } = useSite()
  const contact = { legalName: COMPANY.legalName, address: site.address, email: site.contactEmail, phone: site.contactPhone }
  return (
    <main id="main-content" className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1 className="text-4xl font-extrabold tracking-tight text-ink-900">{doc.title}</h1>
      <p className="mt-3 text-sm text-ink-600">
        Last updated <time dateTime={doc.updated}>{formatDate(doc.updated)}</time>
      </p>
      {doc.sections.map((s) => (
        <section key={s.heading} className="mt-10">
          <h2 className="text-2xl font-bold text-ink-900">{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p.slice(0, 32)} className="mt-4 leading-7 text-ink-700">
              {fillContact(p, contact)}
            </p>
          ))}
        </section>
      ))}
    </main>
  )
}

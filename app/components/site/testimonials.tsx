import { Link } from 'react-router'

export type TestimonialItem = { quote: string; author: string; role: string; project: string; slug: string }

/**
 * Clients' words with their names (issue 35 §5), on the home page and /services: taken from the
 * active projects' quotes (one source, edited with the project), each linking to its case page.
 */
export function Testimonials({ items, tone = 'grey' }: { items: readonly TestimonialItem[]; tone?: 'grey' | 'white' }) {
  const id = 'testimonials-title'
  if (items.length === 0) return null
  return (
    <section aria-labelledby={id} className={tone === 'grey' ? 'bg-ink-50' : 'border-t border-ink-200 bg-white'}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id={id} className="text-center text-3xl font-bold text-ink-900">
          What our clients say
        </h2>
        <ul aria-label="Client testimonials" className="mt-10 grid gap-6 md:grid-cols-2">
          {items.map((t) => (
            <li key={t.slug} className="flex">
              <figure className="flex flex-1 flex-col rounded-2xl border border-ink-200 bg-white p-6 shadow-sm">
                <blockquote className="flex-1 text-lg leading-8 text-ink-800">
                  <p>
                    <span aria-hidden="true">“</span>
                    {t.quote}
                    <span aria-hidden="true">”</span>
                  </p>
                </blockquote>
                <figcaption className="mt-5">
                  <span className="block font-semibold text-ink-900">{t.author}</span>
                  {t.role && <span className="block text-sm text-ink-600">{t.role}</span>}
                  <Link to={`/portfolio/${t.slug}`} className="mt-3 inline-block text-sm font-semibold text-primary-800 underline hover:no-underline">
                    Read the {t.project} story
                  </Link>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

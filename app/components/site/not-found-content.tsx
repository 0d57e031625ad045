import { Link } from 'react-router'

const LINKS = [
  { to: '/', label: 'Back to Home' },
  { to: '/services', label: 'Services' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
]

/** '404 Page Not Found' with a way back; shown for unknown paths (status 404). */
export function NotFoundContent() {
  return (
    <main id="main-content" className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      {/* "404" once: drawn large as the first line of the heading, which reads "404 Page Not Found". */}
      <h1 className="text-3xl font-bold text-ink-900 sm:text-4xl">
        <span className="block text-6xl font-extrabold text-primary-700">404</span> <span className="mt-4 block">Page Not Found</span>
      </h1>
      <p className="mt-4 text-lg text-ink-600">The page you are looking for does not exist or has moved.</p>
      <nav aria-label="Helpful links" className="mt-8">
        <ul className="flex flex-wrap justify-center gap-3">
          {LINKS.map((l, i) => (
            <li key={l.to}>
              <Link
                to={l.to}
                className={
                  i === 0
                    ? 'inline-flex rounded-lg bg-primary-700 px-5 py-3 font-semibold text-white hover:bg-primary-800'
                    : 'inline-flex rounded-lg border border-ink-300 px-5 py-3 font-semibold text-ink-800 hover:border-primary-700 hover:text-primary-800'
                }
              >
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  )
}

import type { Route } from './+types/home'
import { listPublicPortfolio } from '~/services/portfolio.server.ts'

export function meta() {
  return [{ title: 'Launchpad Web Studio' }]
}

export async function loader({ context }: Route.LoaderArgs) {
  return { items: await listPublicPortfolio(context.app.db) }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="text-4xl font-bold">Launchpad Web Studio</h1>
      <ul>
        {loaderData.items.map((i) => (
          <li key={i.id}>{i.title}</li>
        ))}
      </ul>
    </main>
  )
}

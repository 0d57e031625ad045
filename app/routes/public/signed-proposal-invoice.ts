import type { Route } from './+types/signed-proposal-invoice'
import { NotFoundError } from '~/infra/errors.server.ts'
import { invoicePdf } from '~/services/proposal-document-client.server.ts'

/** /p/<token>/invoice.pdf (issue 38): the deposit invoice of an accepted proposal; private like the page. */
export async function loader({ context, params }: Route.LoaderArgs) {
  try {
    const { pdf, filename } = await invoicePdf(context.app.db, params.token)
    return new Response(new Uint8Array(pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
        'X-Robots-Tag': 'noindex, nofollow',
      },
    })
  } catch (err) {
    if (err instanceof NotFoundError)
      throw new Response('Not found', {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
      })
    throw err
  }
}

import type { Route } from './+types/signed-proposal-pdf'
import { NotFoundError } from '~/infra/errors.server.ts'
import { documentPdf } from '~/services/proposal-document-client.server.ts'

/**
 * /p/<token>/proposal.pdf (issue 38): the client's proposal as a tagged PDF, with the certificate
 * page once accepted. Private like the page (server/request-guards.ts adds the same headers).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  try {
    const { pdf, filename } = await documentPdf(context.app.db, params.token)
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

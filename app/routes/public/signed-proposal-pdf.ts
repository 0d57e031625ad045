import type { Route } from './+types/signed-proposal-pdf'
import { documentPdf } from '~/services/proposal-document-client.server.ts'
import { privatePdf } from './+shared/private-pdf.server.ts'

/**
 * /p/<token>/proposal.pdf (issue 38): the client's proposal as a tagged PDF, with the certificate
 * page once accepted. Private like the page (server/request-guards.ts adds the same headers).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  return privatePdf(() => documentPdf(context.app.db, params.token))
}

import type { Route } from './+types/signed-proposal-invoice'
import { invoicePdf } from '~/services/proposal-document-client.server.ts'
import { privatePdf } from './+shared/private-pdf.server.ts'

/** /p/<token>/invoice.pdf (issue 38): the deposit invoice of an accepted proposal; private like the page. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return privatePdf(() => invoicePdf(context.app.db, params.token))
}

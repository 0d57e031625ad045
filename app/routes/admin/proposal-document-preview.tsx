import { Link } from 'react-router'
import type { Route } from './+types/proposal-document-preview'
import { adminMeta } from '~/components/admin/meta.ts'
import { ProposalDocumentView } from '~/components/proposal/proposal-document-view.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { previewDocument } from '~/services/proposal-drafts.server.ts'
import { requireRowId } from './+shared/content-actions.server.ts'

/**
 * The proposal as the client will see it (issue 38): the same component as /p/<token>, given
 * the same content: once sent, the version the link shows with its SHA-256; while a draft, the
 * version 1 sending it would freeze. Opening it counts no view.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const id = requireRowId(params.id)
  const { content, sha256, leadName } = await previewDocument(context.app.db, admin, id)
  return { adminPath: context.app.config.adminPath, leadId: id, leadName, content, sha256 }
}

export const meta: Route.MetaFunction = ({ data: d }) => adminMeta(d ? `Preview: proposal for ${d.leadName}` : 'Preview')

export default function ProposalPreview({ loaderData }: Route.ComponentProps) {
  const { adminPath, leadId, content, sha256 } = loaderData
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary-200 bg-primary-50 p-4">
        <p className="text-sm text-ink-900">
          Preview: this is the proposal exactly as the client will read it (without the accept, decline and question forms under it).
        </p>
        <Link to={`/${adminPath}/proposals/${leadId}/document`} className={buttonClass({ variant: 'secondary' })}>
          Back to the editor
        </Link>
      </div>
      <div className="mx-auto max-w-3xl rounded-lg border border-ink-200 bg-white p-4 sm:p-8">
        <ProposalDocumentView content={content} sha256={sha256} />
      </div>
    </>
  )
}

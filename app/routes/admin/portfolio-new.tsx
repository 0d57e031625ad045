import type { Route } from './+types/portfolio-new'
import { adminMeta } from '~/components/admin/meta.ts'
import { SAVED_PARAM } from '~/components/admin/notice.tsx'
import { PortfolioEditor } from '~/components/admin/portfolio-editor.tsx'
import { EMPTY_ITEM, PORTFOLIO_SAVE_FAILED, readPortfolioForm } from '~/components/admin/portfolio-form.ts'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readForm } from '~/http/forms.server.ts'
import { serverActionOr } from '~/lib/client-action.ts'
import { PortfolioItemSchema } from '~/lib/schemas.ts'
import { createPortfolioItem, listPortfolio } from '~/services/portfolio.server.ts'
import { saveEditor } from './+shared/content-actions.server.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { categories } = await listPortfolio(context.app.db, admin).catch(() => ({ categories: [] as string[] }))
  return { adminPath: context.app.config.adminPath, categories }
}

/**
 * Creates the project: the editor's form, checked with PortfolioItemSchema (as POST
 * /api/portfolio checks JSON), then createPortfolioItem, then back to the list, which shows
 * 'Portfolio Created' (?saved=created). A refused form answers 400 (403 without the CSRF token)
 * with the messages and what was typed.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  return saveEditor(context, await readForm(request), {
    values: readPortfolioForm,
    schema: PortfolioItemSchema,
    save: (item) => createPortfolioItem(context.app.db, admin, item),
    failed: PORTFOLIO_SAVE_FAILED,
    done: `/${context.app.config.adminPath}/portfolio?${SAVED_PARAM}=created`,
  })
}

/** A save whose answer is not the action's own (connection lost, a proxy's error page) shows the spec's failure notice and keeps what was typed. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return serverActionOr(serverAction, { ok: false as const, formError: PORTFOLIO_SAVE_FAILED, fields: {} })
}

export const meta: Route.MetaFunction = () => adminMeta('New Project')

export default function PortfolioNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PortfolioEditor
      adminPath={loaderData.adminPath}
      initial={EMPTY_ITEM}
      categories={loaderData.categories}
      schema={PortfolioItemSchema}
      result={actionData}
    />
  )
}

import { redirect } from 'react-router'
import type { Route } from './+types/portfolio-new'
import { adminMeta } from '~/components/admin/meta.ts'
import { SAVED_PARAM } from '~/components/admin/notice.tsx'
import { PortfolioEditor } from '~/components/admin/portfolio-editor.tsx'
import { EMPTY_ITEM, PORTFOLIO_SAVE_FAILED, readPortfolioForm } from '~/components/admin/portfolio-form.ts'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { formFailure, readForm, validate } from '~/http/forms.server.ts'
import { serverActionOr } from '~/lib/client-action.ts'
import { PortfolioItemSchema } from '~/lib/schemas.ts'
import { createPortfolioItem, listPortfolio } from '~/services/portfolio.server.ts'
import { saveFailed } from './+shared/content-actions.server.ts'

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
  const read = await readForm(request)
  if (!read.ok) return formFailure(read.failure, read.form && readPortfolioForm(read.form))
  const values = readPortfolioForm(read.form)
  const checked = validate(PortfolioItemSchema, values)
  if (!checked.ok) return formFailure(checked.failure, values)
  try {
    await createPortfolioItem(context.app.db, admin, checked.data)
  } catch (err) {
    return saveFailed(context, err, PORTFOLIO_SAVE_FAILED, values)
  }
  return redirect(`/${context.app.config.adminPath}/portfolio?${SAVED_PARAM}=created`, 303)
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

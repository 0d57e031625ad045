import type { Route } from './+types/portfolio-edit'
import { adminMeta } from '~/components/admin/meta.ts'
import { SAVED_PARAM } from '~/components/admin/notice.tsx'
import { PortfolioEditor } from '~/components/admin/portfolio-editor.tsx'
import { PORTFOLIO_SAVE_FAILED, readPortfolioForm } from '~/components/admin/portfolio-form.ts'
import { ItemNotFound } from '~/components/admin/ui.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readForm } from '~/http/forms.server.ts'
import { serverActionOr } from '~/lib/client-action.ts'
import { PortfolioItemPatchSchema, type PortfolioItemPatch } from '~/lib/schemas.ts'
import { getPortfolioItem, listPortfolio, updatePortfolioItem } from '~/services/portfolio.server.ts'
import { loadForEdit, requireRowId, saveEditor } from './+shared/content-actions.server.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const adminPath = context.app.config.adminPath
  const { categories } = await listPortfolio(context.app.db, admin).catch(() => ({ categories: [] as string[] }))
  return loadForEdit(context, params.id, 'portfolio item', { adminPath, categories, item: null }, async (id) => ({
    adminPath,
    categories,
    item: id ? await getPortfolioItem(context.app.db, admin, id) : null,
  }))
}

/**
 * Saves the project: the editor's form, checked with PortfolioItemPatchSchema (as PUT
 * /api/portfolio/{id} checks JSON; the features, not in the form, stay as they are), then
 * updatePortfolioItem, then back to the list, which shows 'Portfolio Updated' (?saved=updated).
 * A refused form answers 400 (403 without the CSRF token) with the messages and what was typed;
 * a project deleted meanwhile answers 404 with the spec's failure notice.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const id = requireRowId(params.id)
  const saved = `/${context.app.config.adminPath}/portfolio?${SAVED_PARAM}=updated`
  const save = (patch: PortfolioItemPatch) => updatePortfolioItem(context.app.db, admin, id, patch)
  return saveEditor(context, await readForm(request), {
    values: readPortfolioForm,
    schema: PortfolioItemPatchSchema,
    save,
    failed: PORTFOLIO_SAVE_FAILED,
    done: saved,
  })
}

/** A save whose answer is not the action's own (connection lost, a proxy's error page) shows the spec's failure notice and keeps what was typed. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return serverActionOr(serverAction, {
    ok: false as const,
    formError: PORTFOLIO_SAVE_FAILED,
    fields: {},
  })
}

export const meta: Route.MetaFunction = () => adminMeta('Edit Project')

export default function PortfolioEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { adminPath, item, categories } = loaderData
  if (!item) {
    return (
      <ItemNotFound
        title="Project Not Found"
        text="This portfolio item does not exist or was deleted."
        listHref={`/${adminPath}/portfolio`}
        back="Back to Portfolio"
      />
    )
  }
  return (
    <PortfolioEditor
      key={item.id}
      adminPath={adminPath}
      id={item.id}
      categories={categories}
      // The editor reads its fields from the saved project (the rest it ignores).
      initial={{ ...item, imageDecorative: item.image !== '' && item.imageAlt === '', liveUrl: item.liveUrl ?? '' }}
      schema={PortfolioItemPatchSchema}
      result={actionData}
    />
  )
}

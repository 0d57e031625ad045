import { data, redirect } from 'react-router'
import type { Route } from './+types/import-export-archive'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readForm } from '~/http/forms.server.ts'
import { SUDO_FIELD } from '~/lib/sudo.ts'
import { DomainValidationError, RateLimitedError, SudoRequiredError } from '~/services/errors.server.ts'
import { exportArchive } from '~/services/site-import-job.server.ts'
import { confirmSudo } from '~/services/sudo.server.ts'

/** Nothing to show: the archive is a POST (sudo mode), from Settings > Import and export. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context, params.adminPath)
  return redirect(`/${params.adminPath}/settings/import-export`)
}

/**
 * The whole site as one .tar.gz download (docs/EXPORT.md). It holds every lead, so it needs sudo
 * mode (docs/decisions/027): without a recent password the page comes back asking for it.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const read = await readForm(request)
  if (!read.ok) throw data(read.failure.formError ?? null, { status: read.failure.status })
  const { db, config } = context.app
  const back = (ask: string) => redirect(`/${params.adminPath}/settings/import-export?export=${ask}`, 303)
  const typed = String(read.form.get(SUDO_FIELD) ?? '')
  try {
    if (typed) await confirmSudo(db, admin, typed)
    const stream = await exportArchive(db, admin, config.siteUrl)
    const day = new Date().toISOString().slice(0, 10)
    return new Response(stream, {
      headers: { 'Content-Type': 'application/gzip', 'Content-Disposition': `attachment; filename="site-export-${day}.tar.gz"`, 'Cache-Control': 'no-store' },
    })
  } catch (err) {
    if (err instanceof SudoRequiredError) return back('sudo')
    if (err instanceof DomainValidationError) return back('wrong')
    if (err instanceof RateLimitedError) return back('limited')
    throw err
  }
}

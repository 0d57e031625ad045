import { data, redirect } from 'react-router'
import type { Route } from './+types/import-export-archive'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readForm } from '~/http/forms.server.ts'
import { SUDO_FIELD } from '~/lib/sudo.ts'
import { PasswordAsked, withSudo } from '~/http/sudo-form.server.ts'
import { exportArchive } from '~/services/site-import/job.server.ts'

/** Nothing to show: the archive is a POST (sudo mode), from Settings > Import and export. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context, params.adminPath)
  return redirect(`/${params.adminPath}/settings/import-export`)
}

/** Where the page is sent back to ask for the password: none given, a wrong one, too many tries. */
const ASKED = { 403: 'sudo', 400: 'wrong', 429: 'limited' } as const

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
  const stream = await withSudo(db, admin, read.form.get(SUDO_FIELD), () => exportArchive(db, admin, config.siteUrl))
  if (stream instanceof PasswordAsked) return back(ASKED[stream.status])
  const day = new Date().toISOString().slice(0, 10)
  return new Response(stream, {
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="site-export-${day}.tar.gz"`,
      'Cache-Control': 'no-store',
    },
  })
}

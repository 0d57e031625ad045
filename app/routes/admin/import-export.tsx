import { useEffect, useState, type FormEvent } from 'react'
import { data, Form, useNavigation, useParams, useRevalidator } from 'react-router'
import type { Route } from './+types/import-export'
import { adminMeta } from '~/components/admin/meta.ts'
import { PageHeader } from '~/components/admin/ui.tsx'
import { Button } from '~/components/ui/button.tsx'
import { SectionCard } from '~/components/ui/card.tsx'
import { Field } from '~/components/ui/field.tsx'
import { Input } from '~/components/ui/input.tsx'
import { CsrfField } from '~/components/csrf-field.tsx'
import { SudoPassword } from '~/components/admin/security-parts.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { readForm } from '~/http/forms.server.ts'
import { SUDO_FIELD, SUDO_PROMPT, WRONG_PASSWORD } from '~/lib/sudo.ts'
import { PasswordAsked, withSudo } from '~/http/sudo-form.server.ts'
import { DomainValidationError } from '~/infra/errors.server.ts'
import { previewImport, readImportJob, startImport, type ImportJob } from '~/services/site-import/job.server.ts'
import { ImportFileError, ImportRunningError, type ImportReport } from '~/services/site-import/import-site.server.ts'
import { MAX_IMPORT_BYTES, importTooLargeMessage } from '~/services/site-import/types.ts'

export const meta = () => adminMeta('Import and Export')

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  // The archive route sends the admin back here when it needs the password (?export=sudo|wrong).
  const ask = new URL(request.url).searchParams.get('export') ?? ''
  const exportAsk = ask in EXPORT_ASK ? (ask as keyof typeof EXPORT_ASK) : null
  return { job: await readImportJob(context.app.db, admin), exportAsk }
}

type Result = { intent: string; error?: string; sudo?: boolean; report?: ImportReport; started?: boolean }
const INTENTS = ['dry-run', 'import'] as const

/**
 * The dry run lists what an export file would give; the import runs in the background with its
 * progress in the database; the export answers the archive. Import and export need sudo mode
 * (docs/decisions/027): the refused form comes back asking for the password, in place.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const read = await readForm(request)
  const intent = String(read.form?.get('intent') ?? '')
  if (!(INTENTS as readonly string[]).includes(intent)) throw data(null, { status: 400 })
  const refuse = (status: number, error: string, sudo = false) => data({ intent, error, sudo } satisfies Result, { status })
  if (!read.ok) return refuse(read.failure.status, read.failure.formError ?? 'The form could not be read.')
  const form = read.form
  const { db, images, logger } = context.app
  const allowHosts = String(form.get('allowHost') ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
  try {
    const file = form.get('file')
    if (!(file instanceof File) || file.size === 0) return refuse(400, 'Choose a WordPress (.xml) or Ghost (.json) export file.')
    const upload = { file: Buffer.from(await file.arrayBuffer()), fileName: file.name, allowHosts }
    if (intent === 'dry-run') return { intent, report: await previewImport(db, images, admin, upload) } satisfies Result
    const started = await withSudo(db, admin, form.get(SUDO_FIELD), () => startImport(db, images, admin, upload, logger))
    if (started instanceof PasswordAsked) return refuse(started.status, started.message, true)
    return { intent, started: true } satisfies Result
  } catch (err) {
    if (err instanceof ImportFileError) return refuse(400, err.message)
    // Another import holds the lock, on this instance, another or in the shell.
    if (err instanceof ImportRunningError) return refuse(409, err.message)
    if (err instanceof DomainValidationError) return refuse(400, Object.values(err.fields)[0] ?? err.message)
    throw err
  }
}

const EXPORT_ASK = { sudo: SUDO_PROMPT, wrong: WRONG_PASSWORD, limited: 'Too many wrong passwords: try again in a few minutes.' } as const

function ReportList({ report, testId }: { report: ImportReport; testId: string }) {
  return (
    <div className="mt-4 space-y-3 text-sm" data-testid={testId}>
      <ul className="list-disc pl-5">
        {report.posts.map((p) => (
          <li key={p.slug + p.title}>
            {report.dryRun
              ? p.action === 'import'
                ? 'Will import'
                : 'Already imported'
              : p.action === 'import'
                ? 'Imported'
                : 'Already imported'}
            : <strong>{p.title}</strong> ({p.status}, {p.images} image
            {p.images === 1 ? '' : 's'})
          </li>
        ))}
      </ul>
      {report.skipped.length > 0 && (
        <ul className="list-disc pl-5">
          {report.skipped.map((s, i) => (
            <li key={i}>
              Skipped {s.kind} “{s.title}”: {s.reason}
            </li>
          ))}
        </ul>
      )}
      {report.warnings.length > 0 && (
        <ul className="list-disc pl-5 text-danger-700">
          {report.warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

function JobProgress({ job }: { job: ImportJob }) {
  const percent = job.total ? Math.round((job.done / job.total) * 100) : 0
  return (
    <div className="mt-4" data-testid="import-job">
      {job.state === 'running' && (
        <>
          {/* Without JavaScript the page reloads itself while the import runs. */}
          <noscript>
            <meta httpEquiv="refresh" content="2" />
          </noscript>
          <label className="block text-sm font-medium text-ink-800" htmlFor="import-progress">
            Importing {job.file}: {job.what} ({percent}%)
          </label>
          <progress id="import-progress" className="mt-2 w-full" max={job.total || 1} value={job.done} />
        </>
      )}
      {job.state === 'done' && job.report && (
        <p role="status" className="text-sm font-medium text-ink-900">
          Import of {job.file} done: {job.report.imported} posts imported with {job.report.images} images, {job.report.alreadyImported}{' '}
          already imported, {job.report.skipped.length} items skipped.
        </p>
      )}
      {job.state === 'failed' && (
        <p role="alert" className="text-sm font-medium text-danger-700">
          Import of {job.file} failed, nothing of it was saved: {job.error}
        </p>
      )}
      {job.state === 'done' && job.report && <ReportList report={job.report} testId="import-job-report" />}
    </div>
  )
}

export default function ImportExport({ loaderData, actionData }: Route.ComponentProps) {
  const { job, exportAsk } = loaderData
  const { adminPath } = useParams()
  const answered = actionData as Result | undefined
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  const running = job?.state === 'running'
  // With JavaScript the progress is read again every second while the import runs.
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => revalidator.state === 'idle' && void revalidator.revalidate(), 1000)
    return () => clearInterval(timer)
  }, [running, revalidator])
  const busy = navigation.state === 'submitting'
  const sudoField = (intent: string) =>
    answered?.sudo && answered.intent === intent ? <SudoPassword id={`sudo-${intent}`} error={answered.error} /> : null
  const importError = answered && !answered.sudo && answered.intent !== 'export' ? answered.error : undefined
  // A file over the limit is named at once, before its upload (the server refuses it as well).
  const [tooLarge, setTooLarge] = useState<string>()
  const checkSize = (e: FormEvent<HTMLFormElement>) => {
    const file = (e.currentTarget.elements.namedItem('file') as HTMLInputElement | null)?.files?.[0]
    const message = file && file.size > MAX_IMPORT_BYTES ? importTooLargeMessage(file.name, file.size) : undefined
    setTooLarge(message)
    if (message) {
      e.preventDefault()
      document.getElementById('import-file')?.focus()
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Import and Export"
        description="Bring posts over from WordPress or Ghost, or take everything the site holds with you."
      />
      <SectionCard
        id="import-title"
        title="Import from WordPress or Ghost"
        description="A WordPress export (Tools > Export, .xml) or a Ghost export (Settings > Labs > Export, .json). Posts, drafts and scheduled posts come with their pictures; their old addresses redirect here."
      >
        <Form method="post" encType="multipart/form-data" className="space-y-4" onSubmit={checkSize}>
          <CsrfField />
          <Field id="import-file" label="Export file" error={tooLarge ?? importError}>
            <Input name="file" type="file" accept=".xml,.json,application/xml,text/xml,application/json" required />
          </Field>
          <Field id="import-allow-host" label="Old site on your own network (optional: host or host:port whose pictures may be fetched)">
            <Input name="allowHost" type="text" placeholder="old-site.lan:8080" />
          </Field>
          {sudoField('import')}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="dry-run" variant="outline" disabled={busy}>
              Dry run
            </Button>
            <Button type="submit" name="intent" value="import" disabled={busy || running}>
              Import
            </Button>
          </div>
        </Form>
        {answered?.report && <ReportList report={answered.report} testId="dry-run-report" />}
        {answered?.report && (
          <p role="status" className="mt-2 text-sm">
            Dry run: {answered.report.posts.length - answered.report.alreadyImported} posts would be imported,{' '}
            {answered.report.alreadyImported} already imported, {answered.report.skipped.length} items skipped. Nothing was written.
          </p>
        )}
        {job && <JobProgress job={job} />}
      </SectionCard>
      <SectionCard
        id="export-title"
        title="Export everything"
        description="One .tar.gz archive: posts as Markdown and HTML, pictures, portfolio, settings, proposals, messages and bookings as CSV and JSON, the slug history, and wordpress.xml for WordPress."
      >
        {/* A plain form to the archive route: the browser downloads the answer. */}
        <form method="post" action={`/${adminPath}/settings/import-export/archive`} className="space-y-4">
          <CsrfField />
          {exportAsk && (
            <Field id="sudo-export" label="Your password, to confirm" error={EXPORT_ASK[exportAsk]}>
              <Input name={SUDO_FIELD} type="password" autoComplete="current-password" />
            </Field>
          )}
          <Button type="submit" name="intent" value="export">
            Download the export
          </Button>
        </form>
      </SectionCard>
    </div>
  )
}

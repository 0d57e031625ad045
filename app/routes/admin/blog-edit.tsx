import { data, redirect } from 'react-router'
import { diffWords } from 'diff'
import type { Route } from './+types/blog-edit'
import { BlogEditor } from '~/components/admin/blog-editor.tsx'
import { useAgencyZone } from '~/components/admin/local-time.tsx'
import { BLOG_FIELDS, BLOG_SAVE_FAILED, readBlogForm, toBlogInput, type BlogForm } from '~/components/admin/blog-form.ts'
import { adminMeta } from '~/components/admin/meta.ts'
import { SAVED_PARAM } from '~/components/admin/notice.tsx'
import { AutosaveOffer, ComparePanel, RevisionsPanel, type Comparison } from '~/components/admin/post-history.tsx'
import { ItemNotFound } from '~/components/admin/ui.tsx'
import { useLoadErrorToast } from '~/components/admin/use-load-error.ts'
import { readerZone } from '~/services/clock.server.ts'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { formFailure, readForm } from '~/http/forms.server.ts'
import { serverActionOr } from '~/lib/client-action.ts'
import { parseTags } from '~/lib/blog-list.ts'
import { tagsText } from '~/lib/post-tags.ts'
import { textOf, utcIsoToZoned } from '~/lib/publishing.ts'
import { BlogPostPatchSchema } from '~/lib/schemas.ts'
import { readPost, updatePost } from '~/services/blog.server.ts'
import {
  autosavePost,
  discardAutosave,
  listRevisions,
  readAutosave,
  readRevision,
  restoreRevision,
  type RevisionData,
} from '~/services/post-revisions.server.ts'
import { loadForEdit, requireRowId, saveFailed, saveEditor } from './+shared/content-actions.server.ts'

/** The text a comparison reads: title, subheading, excerpt and the content's words, one block each. */
const comparable = (p: Pick<RevisionData, 'title' | 'subheading' | 'excerpt' | 'content'>) =>
  [p.title, p.subheading, p.excerpt, textOf(p.content)].join('\n\n')

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const { adminPath, siteUrl } = context.app.config
  const db = context.app.db
  const sp = new URL(request.url).searchParams
  return loadForEdit(context, params.id, 'blog post', { adminPath, siteUrl, post: null }, async (id) => {
    // The admin's read never counts a view.
    const post = id ? await readPost(db, admin, id, context.app.views) : null
    if (!post) return { adminPath, siteUrl, post: null }
    const [revisions, autosave] = await Promise.all([listRevisions(db, admin, id), readAutosave(db, admin, id)])
    let comparison: Comparison | null = null
    const compareId = Number(sp.get('compare'))
    if (Number.isSafeInteger(compareId) && compareId > 0) {
      const rev = await readRevision(db, admin, id, compareId).catch(() => null)
      if (rev)
        comparison = {
          id: rev.id,
          createdAt: rev.createdAt,
          parts: diffWords(comparable(rev.data), comparable(post)).map(({ value, added, removed }) => ({ value, added, removed })),
        }
    }
    return {
      adminPath,
      siteUrl,
      post,
      revisions,
      autosave: autosave && { savedAt: autosave.savedAt, data: sp.get('draft') === 'autosave' ? autosave.data : null },
      comparison,
      restored: sp.get('restored') === '1',
    }
  })
}

/**
 * The editor's writes, each a plain POST (without JavaScript too):
 * - save (no intent): the form, checked with BlogPostPatchSchema (as PUT /api/blogs/{id} checks
 *   JSON), then updatePost, then back to the list, which shows 'Blog Updated' (?saved=updated).
 *   A refused form answers 400 (403 without the CSRF token) with the messages and what was
 *   typed; a post deleted meanwhile answers 404 with the spec's failure notice.
 * - `autosave` (the editor's fetcher): a copy of the form kept beside the post, not published.
 * - `restore`: a revision's text put back (a save of its own), then the editor again.
 * - `discard-autosave`: drops the autosaved copy.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const id = requireRowId(params.id)
  const db = context.app.db
  const read = await readForm(request)
  // A publish time posted without its zone is in the reader's (their own, else the agency's: docs/decisions/070).
  const zone = (await readerZone(db, admin)).id
  if (!read.ok) return formFailure(read.failure, read.form && readBlogForm(read.form, zone))
  const intent = read.form.get('intent')
  const editUrl = `/${context.app.config.adminPath}/blogs/edit/${id}`
  if (intent === 'autosave') {
    const values = readBlogForm(read.form, zone)
    const copy: Record<string, string> = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]))
    if (copy.content.length > 200_000) return data({ formError: 'the content is too long' }, { status: 400 })
    try {
      return { autosaved: await autosavePost(db, admin, id, copy) }
    } catch (err) {
      context.app.logger.warn({ err: (err as Error).message, id }, 'autosave failed')
      return data({ formError: 'the server could not keep the copy' }, { status: 500 })
    }
  }
  if (intent === 'restore' || intent === 'discard-autosave') {
    const revision = Number(read.form.get('revision'))
    try {
      if (intent === 'restore') await restoreRevision(db, admin, id, revision)
      else await discardAutosave(db, admin, id)
    } catch (err) {
      return saveFailed(
        context,
        err,
        intent === 'restore' ? 'Failed to restore the revision. Please try again.' : BLOG_SAVE_FAILED,
        undefined,
      )
    }
    return redirect(intent === 'restore' ? `${editUrl}?restored=1` : editUrl, 303)
  }
  return saveEditor(context, read, {
    values: (form) => readBlogForm(form, zone),
    schema: BlogPostPatchSchema,
    input: toBlogInput,
    save: (patch) => updatePost(db, admin, id, patch),
    failed: BLOG_SAVE_FAILED,
    done: `/${context.app.config.adminPath}/blogs?${SAVED_PARAM}=updated`,
    fieldsBeside: true,
  })
}

/** A save whose answer is not the action's own (connection lost, a proxy's error page) shows the spec's failure notice and keeps what was typed. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return serverActionOr(serverAction, {
    ok: false as const,
    formError: BLOG_SAVE_FAILED,
    fields: {},
  })
}

/** An autosave changes nothing the page shows: no reload of the post after it. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: { formData?: FormData; defaultShouldRevalidate: boolean }) {
  return formData?.get('intent') === 'autosave' ? false : defaultShouldRevalidate
}

export const meta: Route.MetaFunction = () => adminMeta('Edit Blog Post')

export default function BlogEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { adminPath, siteUrl, post } = loaderData
  const zone = useAgencyZone().id
  useLoadErrorToast(!post, 'Failed to load blog post.')
  if (!post || !('revisions' in loaderData)) {
    return (
      <ItemNotFound
        title="Post Not Found"
        text="This blog post does not exist or was deleted."
        listHref={`/${adminPath}/blogs`}
        back="Back to Blogs"
      />
    )
  }
  const { revisions, autosave, comparison, restored } = loaderData
  const editUrl = `/${adminPath}/blogs/edit/${post.id}`
  const { title, subheading, excerpt, content, status, author, category, readTime, image, imageAlt } = post
  const tags = tagsText(parseTags(post.tags))
  const initial: BlogForm = {
    title,
    slug: post.slug,
    subheading,
    excerpt,
    content,
    status,
    author,
    category,
    tags,
    tagsShown: tags,
    readTime,
    image,
    imageAlt,
    imageDecorative: image !== '' && imageAlt === '',
    publishAt: post.publishAt ? utcIsoToZoned(post.publishAt, zone) : '',
    timeZone: zone,
  }
  // Autosaved work the admin chose to restore (`?draft=autosave`): its text over the saved post's.
  const restoring = autosave?.data ?? null
  if (restoring)
    // The text comes back; the status and the publishing time stay as saved.
    for (const k of BLOG_FIELDS.filter((f) => f !== 'status' && f !== 'publishAt'))
      if (typeof restoring[k] === 'string') initial[k] = restoring[k]
  const result = actionData && 'fields' in actionData ? actionData : undefined
  const formError = actionData && 'formError' in actionData && !('fields' in actionData) ? actionData.formError : undefined
  return (
    <>
      {restored && (
        <p role="status" className="mb-4 rounded-lg border border-success-300 bg-success-50 p-4 text-sm text-ink-900">
          Revision restored: the post now has that text (and the restore is a revision of its own).
        </p>
      )}
      {formError && (
        <p role="alert" className="mb-4 rounded-md border border-danger-300 bg-danger-50 p-3 text-sm text-danger-800">
          {formError}
        </p>
      )}
      {autosave && (
        <AutosaveOffer
          savedAt={autosave.savedAt}
          restoreHref={`${editUrl}?draft=autosave`}
          showing={Boolean(restoring)}
          editHref={editUrl}
        />
      )}
      <BlogEditor
        key={`${post.id}:${restoring ? 'autosave' : post.updatedAt}`}
        adminPath={adminPath}
        siteUrl={siteUrl}
        initial={initial}
        saved={{ id: post.id, status: post.status, date: post.date, slug: post.slug }}
        schema={BlogPostPatchSchema}
        result={result}
        initiallyDirty={Boolean(restoring)}
      />
      {comparison && <ComparePanel comparison={comparison} closeHref={editUrl} />}
      <RevisionsPanel revisions={revisions} compareHref={(rev) => `${editUrl}?compare=${rev}`} comparing={comparison?.id} />
    </>
  )
}

import type { Db } from '~/db/db.server.ts'
import type { BlogPostPatch } from '~/lib/schemas.ts'
import * as model from '~/models/blog.server.ts'
import type { BlogPost } from '~/models/blog.server.ts'
import { requirePermission, type Admin } from './actor.server.ts'
import { ForbiddenError, NotFoundError } from '~/infra/errors.server.ts'
import { can, ROLE_LABELS } from '~/lib/permissions.ts'
import { sanitizeBlogHtml } from '~/infra/sanitize.server.ts'
import { mayEdit, requireEditablePost, updatePostAsRestore } from './blog.server.ts'

/**
 * A post's revisions and autosave: each save is kept as a revision (blog.server.ts, REVISIONS_KEPT),
 * listed and read here and put back by a restore; the editor's work in progress is kept beside the
 * post as one autosave.
 */

/** The editor's text fields a revision keeps and a restore puts back. */
export const REVISION_FIELDS = ['title', 'subheading', 'excerpt', 'content'] as const
export type RevisionData = Record<(typeof REVISION_FIELDS)[number], string> & Record<string, string>

export type RevisionSummary = { id: number; title: string; createdAt: string }

export async function listRevisions(db: Db, admin: Admin, postId: number): Promise<RevisionSummary[]> {
  await requireEditablePost(db, admin, postId)
  const rows = await model.findRevisions(db, postId, 'save')
  return rows.map(({ id, title, createdAt }) => ({ id, title, createdAt }))
}

function parseData(data: string): RevisionData {
  const parsed = JSON.parse(data) as Record<string, unknown>
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : ''])) as RevisionData
}

export async function readRevision(
  db: Db,
  admin: Admin,
  postId: number,
  revisionId: number,
): Promise<RevisionSummary & { data: RevisionData }> {
  await requireEditablePost(db, admin, postId)
  const rev = await model.findRevision(db, postId, revisionId)
  if (!rev || rev.kind !== 'save') throw new NotFoundError('Revision not found')
  return { id: rev.id, title: rev.title, createdAt: rev.createdAt, data: parseData(rev.data) }
}

/**
 * Puts a revision's title, subheading, excerpt and content back (itself a save, so a new revision).
 * Like any save it changes only a post the person may edit, and a published or scheduled one only
 * with `posts.publish` (an author saves it as a draft first): ForbiddenError says which.
 */
export async function restoreRevision(db: Db, admin: Admin, postId: number, revisionId: number): Promise<BlogPost> {
  const post = await model.findBlogPost(db, postId)
  if (!post) throw new NotFoundError('Post not found')
  mayEdit(admin, post)
  if (post.status !== 'draft' && !can(admin.role, 'posts.publish')) {
    throw new ForbiddenError(
      'posts.publish',
      `Restoring a revision changes this ${post.status} post, which needs an editor: your role (${ROLE_LABELS[admin.role]}) changes only drafts. Save the post as a draft first, or ask an editor to restore it.`,
    )
  }
  const { data } = await readRevision(db, admin, postId, revisionId)
  const patch = {} as BlogPostPatch
  for (const k of REVISION_FIELDS) if (data[k]) patch[k] = data[k]
  return updatePostAsRestore(db, admin, postId, patch)
}

/**
 * The editor's work in progress, kept beside the post (never over it, so a published post does
 * not change until the admin saves): one autosave per post, replaced each time.
 */
export async function autosavePost(db: Db, admin: Admin, postId: number, values: Record<string, string>): Promise<string> {
  const post = await model.findBlogPost(db, postId)
  if (!post) throw new NotFoundError('Post not found')
  mayEdit(admin, post)
  const data: Record<string, string> = { ...values }
  if (typeof data.content === 'string') data.content = sanitizeBlogHtml(data.content)
  await model.insertRevision(db, { postId, kind: 'autosave', title: data.title || post.title, data: JSON.stringify(data) }, 1)
  return new Date().toISOString()
}

/** The autosave, when it is newer than the post's last save (else it is stale and not offered). */
export async function readAutosave(db: Db, admin: Admin, postId: number): Promise<{ savedAt: string; data: RevisionData } | null> {
  requirePermission(admin, 'posts.write')
  const [post, rev] = await Promise.all([model.findBlogPost(db, postId), model.findAutosave(db, postId)])
  if (post) mayEdit(admin, post)
  if (!post || !rev || rev.createdAt <= post.updatedAt) return null
  return { savedAt: rev.createdAt, data: parseData(rev.data) }
}

/** Drops the post's autosave: only someone who may edit the post (issue 33: an author could drop anyone's). */
export async function discardAutosave(db: Db, admin: Admin, postId: number): Promise<void> {
  const post = await model.findBlogPost(db, postId)
  if (!post) throw new NotFoundError('Post not found')
  mayEdit(admin, post)
  await model.deleteAutosave(db, postId)
}

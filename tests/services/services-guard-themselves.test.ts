import { describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { can, ROLES, type Permission, type Role } from '~/lib/permissions.ts'
import type { Admin } from '~/services/actor.server.ts'
import * as activity from '~/services/activity-log.server.ts'
import * as blog from '~/services/blog.server.ts'
import * as postRevisions from '~/services/post-revisions.server.ts'
import * as bookings from '~/services/bookings.server.ts'
import * as messages from '~/services/contact-messages.server.ts'
import { getDashboard } from '~/services/dashboard.server.ts'
import { ForbiddenError } from '~/infra/errors.server.ts'
import * as portfolio from '~/services/portfolio.server.ts'
import * as proposals from '~/services/proposals.server.ts'
import * as drafts from '~/services/proposal-drafts.server.ts'
import { previewImport, readImportJob } from '~/services/site-import/job.server.ts'
import { getTraffic } from '~/services/traffic.server.ts'
import { createImageStore } from '~/services/image-store.server.ts'
import { uploadImage } from '~/services/uploads.server.ts'
import { dialects } from '../helpers/app.ts'
import { seededDatabaseWithAdmin } from './db.ts'

/**
 * Issue 34: the services check the permissions table themselves, so a caller that skips the page
 * and API guards (a command, a job, the next feature) gets the same answer. Each call is tried as
 * every role, as a person who wrote none of the posts: refused with ForbiddenError exactly when
 * the role lacks the permission; any other outcome (an answer, "not found", a refused file) means
 * the door was open.
 */
type Call = { name: string; needs: (role: Role) => boolean; run: (h: DatabaseHandle, as: Admin, postId: number) => Promise<unknown> }
const needs = (p: Permission) => (role: Role) => can(role, p)

const CALLS: Call[] = [
  { name: 'blog.nextScheduledPost', needs: needs('dashboard'), run: (h, as) => blog.nextScheduledPost(h.db, as) },
  { name: 'blog.getBlogStats', needs: needs('posts.all'), run: (h, as) => blog.getBlogStats(h.db, as) },
  // Someone else's post: its revisions and autosave are as private as the post.
  { name: 'blog.listRevisions', needs: needs('posts.all'), run: (h, as, id) => postRevisions.listRevisions(h.db, as, id) },
  { name: 'blog.readRevision', needs: needs('posts.all'), run: (h, as, id) => postRevisions.readRevision(h.db, as, id, 999_999) },
  { name: 'blog.readAutosave', needs: needs('posts.all'), run: (h, as, id) => postRevisions.readAutosave(h.db, as, id) },
  { name: 'portfolio.listPortfolio', needs: needs('portfolio'), run: (h, as) => portfolio.listPortfolio(h.db, as) },
  {
    name: 'portfolio.updatePortfolioItem',
    needs: needs('portfolio'),
    run: (h, as) => portfolio.updatePortfolioItem(h.db, as, 999_999, {} as Parameters<typeof portfolio.updatePortfolioItem>[3]),
  },
  { name: 'portfolio.deletePortfolioItem', needs: needs('portfolio'), run: (h, as) => portfolio.deletePortfolioItem(h.db, as, 999_999) },
  { name: 'activity.listActivity', needs: needs('activity'), run: (h, as) => activity.listActivity(h.db, as) },
  { name: 'activity.exportActivity', needs: needs('activity'), run: (h, as) => activity.exportActivity(h.db, as) },
  { name: 'getDashboard', needs: needs('dashboard'), run: (h, as) => getDashboard(h.db, as) },
  { name: 'getTraffic', needs: needs('dashboard'), run: (h, as) => getTraffic(h.db, as, '30d') },
  {
    name: 'uploadImage',
    needs: needs('uploads'),
    run: (h, as) => uploadImage(h.db, createImageStore(h.db), as, Buffer.from('not a picture')),
  },
  { name: 'readImportJob', needs: needs('import-export'), run: (h, as) => readImportJob(h.db, as) },
  {
    name: 'previewImport',
    needs: needs('import-export'),
    run: (h, as) =>
      previewImport(h.db, createImageStore(h.db), as, { file: Buffer.from('not an export'), fileName: 'x.xml', allowHosts: [] }),
  },
  {
    name: 'bookings.saveAvailability',
    needs: needs('settings'),
    run: (h, as) => bookings.saveAvailability(h.db, as, {} as Parameters<typeof bookings.saveAvailability>[2]),
  },
  { name: 'bookings.listCalls', needs: needs('leads'), run: (h, as) => bookings.listCalls(h.db, as, 0, Date.now()) },
  { name: 'bookings.getCall', needs: needs('leads'), run: (h, as) => bookings.getCall(h.db, as, 999_999) },
  { name: 'bookings.callsForProposal', needs: needs('leads'), run: (h, as) => bookings.callsForProposal(h.db, as, 999_999) },
  { name: 'messages.listContactMessages', needs: needs('messages'), run: (h, as) => messages.listContactMessages(h.db, as) },
  { name: 'messages.countUnreadMessages', needs: needs('messages'), run: (h, as) => messages.countUnreadMessages(h.db, as) },
  {
    name: 'messages.setContactMessageRead',
    needs: needs('messages'),
    run: (h, as) => messages.setContactMessageRead(h.db, as, 999_999, true),
  },
  { name: 'messages.deleteContactMessage', needs: needs('messages'), run: (h, as) => messages.deleteContactMessage(h.db, as, 999_999) },
  { name: 'proposals.listProposals', needs: needs('leads'), run: (h, as) => proposals.listProposals(h.db, as) },
  { name: 'proposals.exportProposals', needs: needs('leads'), run: (h, as) => proposals.exportProposals(h.db, as) },
  { name: 'proposals.getProposal', needs: needs('leads'), run: (h, as) => proposals.getProposal(h.db, as, 999_999) },
  { name: 'proposals.deleteProposal', needs: needs('leads'), run: (h, as) => proposals.deleteProposal(h.db, as, 999_999) },
  { name: 'proposals.getProposalStats', needs: needs('leads'), run: (h, as) => proposals.getProposalStats(h.db, as) },
  // A proposal's autosave, revisions and preview (issue 38) are as private as the proposal.
  { name: 'drafts.autosaveDocument', needs: needs('proposals.write'), run: (h, as) => drafts.autosaveDocument(h.db, as, 999_999, {}) },
  { name: 'drafts.readDocumentAutosave', needs: needs('proposals.write'), run: (h, as) => drafts.readDocumentAutosave(h.db, as, 999_999) },
  {
    name: 'drafts.discardDocumentAutosave',
    needs: needs('proposals.write'),
    run: (h, as) => drafts.discardDocumentAutosave(h.db, as, 999_999),
  },
  {
    name: 'drafts.listDocumentRevisions',
    needs: needs('proposals.write'),
    run: (h, as) => drafts.listDocumentRevisions(h.db, as, 999_999),
  },
  {
    name: 'drafts.restoreDocumentRevision',
    needs: needs('proposals.write'),
    run: (h, as) => drafts.restoreDocumentRevision(h.db, as, 999_999, 1),
  },
  { name: 'drafts.previewDocument', needs: needs('proposals.write'), run: (h, as) => drafts.previewDocument(h.db, as, 999_999) },
]

async function outcome(p: Promise<unknown>): Promise<'forbidden' | 'open'> {
  try {
    await p
    return 'open'
  } catch (err) {
    return err instanceof ForbiddenError ? 'forbidden' : 'open'
  }
}

describe.each(dialects())('services check the permissions table themselves on %s', (_name, url) => {
  let h: DatabaseHandle
  let owner: Admin
  seededDatabaseWithAdmin(url, (handle, admin) => {
    h = handle
    owner = admin
  })

  it.each(CALLS.map((c) => [c.name, c] as const))('%s answers each role as the table says', async (_n, call) => {
    const [post] = (await blog.listPosts(h.db, owner)).posts
    expect(post, 'the sample content has a post').toBeDefined()
    const seen: Record<string, string> = {}
    const expected: Record<string, string> = {}
    for (const role of ROLES) {
      // Not the author of any post (the sample posts are the owner's).
      const as: Admin = { ...owner, id: owner.id + 1000, role }
      seen[role] = await outcome(call.run(h, as, post!.id))
      expected[role] = call.needs(role) ? 'open' : 'forbidden'
    }
    expect(seen).toEqual(expected)
  })
})

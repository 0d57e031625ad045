import fs from 'node:fs/promises'
import path from 'node:path'
import type { Db } from '~/db/db.server.ts'
import { readTimeFor, slugify, numberedSlug } from '~/lib/publishing.ts'
import { SEEDED_KEY } from '~/db/seed.server.ts'
import * as model from '~/models/blog.server.ts'
import { findSettingValues, upsertSettingValues } from '~/models/settings.server.ts'
import { REVISIONS_KEPT } from '~/services/blog.server.ts'
import { announceContentChange } from '~/infra/content-events.server.ts'
import { recordActivity } from '~/services/activity-log.server.ts'
import { DEFAULT_FETCH_RULES, safeFetch, type FetchRules } from '~/infra/safe-fetch.server.ts'
import { imageSources } from '~/services/site-import/clean-html.server.ts'
import { parseExport, type ImportedPost, type ParsedSite, type SkippedItem } from '~/services/site-import/parse.server.ts'
import { type ImageStore } from '~/services/image-store.server.ts'
import { storeImage } from '~/services/uploads.server.ts'
import { DomainValidationError } from '~/infra/errors.server.ts'
import { acquireImportLock, type ImportLock } from '~/services/import-lock.server.ts'

export { ImportFileError } from '~/services/site-import/parse.server.ts'
export { ImportRunningError } from '~/services/import-lock.server.ts'

export type ImportOptions = {
  /** The old site's uploads folder (wp-content/uploads, Ghost's content/images): images are read here first. */
  imagesDir?: string
  /** Hosts ('host' or 'host:port') whose private or loopback addresses may be fetched. */
  allowHosts?: readonly string[]
  dryRun?: boolean
  /** How messages name the file ('the file' when not given). */
  fileName?: string
  fetchRules?: Partial<FetchRules>
  onProgress?: (done: number, total: number, what: string) => void
  /** The lock, when the caller took it (the back office takes it before answering); else the import takes it. */
  lock?: ImportLock
}

export type PlannedPost = {
  title: string
  slug: string
  status: string
  images: number
  oldPaths: string[]
  action: 'import' | 'already imported'
}

export type ImportReport = {
  source: ParsedSite['source']
  dryRun: boolean
  posts: PlannedPost[]
  imported: number
  alreadyImported: number
  images: number
  skipped: SkippedItem[]
  /** What was imported with a loss (an image that could not be read, an old address another post holds). */
  warnings: string[]
}

/** Where an image address lands in an uploads folder: the part after wp-content/uploads or content/images, else its name. */
async function readFromDir(dir: string, url: string): Promise<Buffer | null> {
  let pathname: string
  try {
    pathname = decodeURIComponent(new URL(url, 'http://old.invalid').pathname)
  } catch {
    return null
  }
  const marker = /\/(?:wp-content\/uploads|content\/images)\/(.+)$/.exec(pathname)
  const root = path.resolve(dir)
  for (const rel of [marker?.[1], path.posix.basename(pathname)]) {
    if (!rel) continue
    const file = path.resolve(root, rel)
    if (!file.startsWith(root + path.sep)) continue // no ../ out of the folder
    try {
      return await fs.readFile(file)
    } catch {
      /* try the next place */
    }
  }
  return null
}

/**
 * Imports a WordPress (WXR) or Ghost (JSON) export: new posts only (a post already imported,
 * known by its source key in the slug history, is left alone), their images into the image
 * store, their old addresses into the slug history so they answer 301. One import runs at a
 * time (the lock, docs/decisions/051: ImportRunningError otherwise). Every post is written in one
 * transaction, and a failure removes the images stored before it: it leaves nothing. `dryRun`
 * reads and plans, and writes nothing (and takes no lock).
 */
export async function importSite(db: Db, images: ImageStore, file: Buffer | string, options: ImportOptions = {}): Promise<ImportReport> {
  const site = parseExport(file, options.fileName)
  if (options.dryRun) return (await plan(db, site, true)).report
  const lock = options.lock ?? (await acquireImportLock(db, images, options.fileName ?? `${site.source} export`))
  let report: ImportReport
  try {
    // Read under the lock: no other import can add the same posts in between.
    const planned = await plan(db, site, false)
    report = planned.report
    if (planned.fresh.length === 0) {
      await lock.release()
      return report
    }
    await writeImport(db, trackedStore(images, lock), lock, site, planned.fresh, report, options)
  } catch (err) {
    await lock.release().catch(() => undefined) // what it leaves, the next import removes
    throw err
  }
  await announceContentChange(db)
  return report
}

async function plan(db: Db, site: ParsedSite, dryRun: boolean): Promise<{ report: ImportReport; fresh: ImportedPost[] }> {
  const report: ImportReport = {
    source: site.source,
    dryRun,
    posts: [],
    imported: 0,
    alreadyImported: 0,
    images: 0,
    skipped: site.skipped,
    warnings: [],
  }
  const fresh: ImportedPost[] = []
  for (const post of site.posts) {
    const known = (await model.findSlugOwner(db, post.sourceKey)) !== undefined
    const sources = imageSources(post.html)
    report.posts.push({
      title: post.title,
      slug: post.slug,
      status: post.status,
      images: sources.length + (post.coverUrl ? 1 : 0),
      oldPaths: post.oldPaths,
      action: known ? 'already imported' : 'import',
    })
    if (known) report.alreadyImported++
    else fresh.push(post)
  }
  return { report, fresh }
}

/** The store, with each image noted beside the lock before it is stored (by its original's name: variants go with it). */
function trackedStore(images: ImageStore, lock: ImportLock): ImageStore {
  return {
    ...images,
    async put(name, bytes, contentType, meta) {
      await lock.noteUpload(name.replace(/(-\d+)?\.(webp|avif)$/, '.webp'))
      return images.put(name, bytes, contentType, meta)
    },
  }
}

async function writeImport(
  db: Db,
  images: ImageStore,
  lock: ImportLock,
  site: ParsedSite,
  fresh: ImportedPost[],
  report: ImportReport,
  options: ImportOptions,
): Promise<void> {
  const rules: FetchRules = {
    ...DEFAULT_FETCH_RULES,
    ...options.fetchRules,
    allowHosts: options.allowHosts ?? options.fetchRules?.allowHosts ?? [],
  }
  const stored = new Map<string, string>()
  const total = fresh.length * 2
  let done = 0
  const copy = async (url: string): Promise<string> => {
    const hit = stored.get(url)
    if (hit) return hit
    const own = site.ownExport ? ownStaticPath(url, site.siteUrl) : null
    if (own) return own
    let bytes: Buffer
    try {
      bytes = (options.imagesDir ? await readFromDir(options.imagesDir, url) : null) ?? (await fetchImage(url, rules))
    } catch (err) {
      report.warnings.push(`Image ${url} not imported: ${(err as Error).message}`)
      stored.set(url, url)
      return url
    }
    try {
      const saved = await storeImage(images, bytes)
      stored.set(url, saved.url)
      report.images++
      return saved.url
    } catch (err) {
      // A picture that cannot be read is left at its old address; the lock or the database failing ends the import.
      if (!(err instanceof DomainValidationError)) throw err
      report.warnings.push(`Image ${url} not imported: ${err.message}`)
      stored.set(url, url)
      return url
    }
  }
  const ready: ImportedPost[] = []
  for (const post of fresh) {
    lock.check()
    options.onProgress?.(done, total, `images of "${post.title}"`)
    let html = post.html
    for (const src of imageSources(html)) {
      const ours = await copy(src)
      if (ours !== src) html = html.split(`src="${src}"`).join(`src="${ours}"`)
    }
    const coverUrl = post.coverUrl ? await copy(post.coverUrl) : ''
    ready.push({ ...post, html, coverUrl })
    options.onProgress?.(++done, total, `images of "${post.title}"`)
  }

  await db.transaction().execute(async (trx) => {
    // A site that starts from an import wants its own posts, not the sample ones a first start adds.
    if (!(await findSettingValues(trx))[SEEDED_KEY]) await upsertSettingValues(trx, { [SEEDED_KEY]: new Date().toISOString() })
    for (const post of ready) {
      options.onProgress?.(done, total, `"${post.title}"`)
      await writePost(trx, post, report)
      report.imported++
      options.onProgress?.(++done, total, `"${post.title}"`)
    }
    await recordActivity(trx, {
      action: 'site.import',
      itemType: 'site',
      itemLabel: options.fileName ?? `${site.source} export`,
      detail: `${report.imported} posts and ${report.images} images imported from ${site.source}.`,
    })
    await lock.commit(trx)
  })
}

/** In this site's own export, an image among the site's static files (not an upload) is the same path here. */
function ownStaticPath(url: string, siteUrl: string): string | null {
  const origin = siteUrl.replace(/\/+$/, '')
  if (!origin || !url.startsWith(`${origin}/`)) return null
  const pathname = url.slice(origin.length)
  return pathname.startsWith('/uploads/') ? null : pathname
}

async function fetchImage(url: string, rules: FetchRules): Promise<Buffer> {
  if (!/^https?:\/\//i.test(url)) throw new Error('no uploads folder holds it (give one with --images) and it is not an http(s) address')
  return (await safeFetch(url, rules)).bytes
}

async function freeSlug(trx: Db, wanted: string): Promise<string> {
  for (let n = 1; n <= 200; n++) {
    const slug = numberedSlug(wanted, n)
    if ((await model.findSlugOwner(trx, slug)) === undefined && !(await model.findBlogPostBySlug(trx, slug))) return slug
  }
  throw new Error(`no free address for ${wanted}`)
}

async function writePost(trx: Db, post: ImportedPost, report: ImportReport): Promise<void> {
  const base = slugify(post.slug || post.title)
  const slug = await freeSlug(trx, base)
  if (slug !== base) report.warnings.push(`"${post.title}" is at /blog/${slug}: /blog/${base} belongs to another post`)
  // A scheduled post whose time has passed is simply published (as the editor does).
  const due = post.status === 'scheduled' && post.publishAt !== null && Date.parse(post.publishAt) <= Date.now()
  const status = due ? 'published' : post.status
  const created = await model.insertBlogPost(trx, {
    title: post.title,
    subheading: '',
    excerpt: post.excerpt,
    content: post.html,
    category: post.category,
    author: post.author,
    status,
    image: post.coverUrl ?? '',
    imageAlt: post.coverAlt,
    readTime: readTimeFor(post.html),
    date: post.date,
    slug,
    publishAt: status === 'scheduled' ? post.publishAt : null,
    tags: JSON.stringify(post.tags),
  })
  await model.claimSlug(trx, slug, created.id)
  await model.claimSlug(trx, post.sourceKey, created.id)
  for (const old of post.oldPaths) {
    if (!(await model.claimSlug(trx, old, created.id)))
      report.warnings.push(`The old address ${old} already leads to another post; "${post.title}" keeps its other addresses`)
  }
  await model.insertRevision(
    trx,
    {
      postId: created.id,
      kind: 'save',
      title: created.title,
      data: JSON.stringify({
        title: created.title,
        subheading: '',
        excerpt: created.excerpt,
        content: created.content,
        category: created.category,
        author: created.author,
        readTime: created.readTime,
        image: created.image,
        slug,
      }),
    },
    REVISIONS_KEPT,
  )
}

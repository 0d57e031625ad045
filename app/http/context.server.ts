import type { Logger } from 'pino'
import type { Config } from '~/config.server.ts'
import type { Db, Dialect } from '~/db/db.server.ts'
import type { AfterAnswer } from '~/infra/after-answer.server.ts'
import type { ContentMemo } from '~/infra/content-memo.server.ts'
import type { Mailer } from '~/infra/mail.server.ts'
import type { ImageStore } from '~/services/image-store.server.ts'
import type { ViewCounter } from '~/services/view-counter.server.ts'

/** What every request handler (API or page loader) may use; built once per process. */
export type AppContext = {
  db: Db
  dialect: Dialect
  config: Config
  logger: Logger
  mailer: Mailer
  /** Batches blog post view counts; pass to readPost. */
  views: ViewCounter
  /** Uploaded images (the database, with a memory cache in front). */
  images: ImageStore
  /** Work a request starts and does not wait for (logged if it fails); shutdown waits for it. */
  afterAnswer: AfterAnswer
  /** Public reads kept until the content version changes (settings, published posts, public projects). */
  contentMemo: ContentMemo
}

declare module 'react-router' {
  interface AppLoadContext {
    app: AppContext
    /** Per-request CSP nonce for the inline scripts React Router emits. */
    nonce: string
    /** The visitor's CSRF token for forms that post without JS; sets the `csrf` cookie if missing. */
    csrfToken: () => string
    clientIp: string
    /** Work this request starts once its answer is sent (and not waited for): the process's queue. */
    afterAnswer: Pick<AfterAnswer, 'add'>
  }
}

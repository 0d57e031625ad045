/**
 * Work a request starts and does not wait for, so its answer takes as long whatever the work is
 * (issue 33: "Forgot your password?" told known names by the link it made and mailed before
 * answering). One per process, in the AppContext.
 */
export type AfterAnswer = {
  /**
   * Runs `task` once the current turn of the event loop is over. A page's request adds through
   * its load context, which adds only once the answer has gone out (server/http.ts).
   * Nothing it throws leaves the queue: a failure is logged with `name`, and the request that
   * queued it has already been answered.
   */
  add(name: string, task: () => Promise<unknown>): void
  /** Resolves once every task added so far (and any they add) has ended: shutdown waits for it. */
  idle(): Promise<void>
}

export function createAfterAnswer(logger: { error: (obj: object, msg: string) => void }): AfterAnswer {
  const running = new Set<Promise<void>>()
  return {
    add(name, task) {
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (err: unknown) =>
            logger.error({ task: name, err: (err as Error)?.message, stack: (err as Error)?.stack }, 'work after the answer failed'),
        )
        .finally(() => running.delete(run))
      running.add(run)
    },
    async idle() {
      while (running.size) await Promise.all(running)
    },
  }
}

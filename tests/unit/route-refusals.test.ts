import { sql } from 'kysely'
import type { ServerBuild } from 'react-router'
import { describe, expect, it } from 'vitest'
import { errorAnswer } from '~/api/http.server.ts'
import { isDatabaseUnavailable, openDatabase, waitForDatabase } from '~/db/db.server.ts'
import { DatabaseUnavailableError, NotFoundError } from '~/infra/errors.server.ts'
import { answerRouteRefusals } from '../../server/route-refusals.ts'
import { freePort } from '../system/server.ts'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('database outages (docs/decisions/028)', () => {
  it('tells a database that cannot be reached from a query or data that is wrong', () => {
    for (const err of [
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('08001'),
      withCode('53300', 'too many connections'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new DatabaseUnavailableError(withCode('ECONNREFUSED')),
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(true)
    }
    // A socket error by itself may be the mail server's or a file's: only the pool's driver maps those.
    const notOutages = [
      withCode('ECONNREFUSED'),
      withCode('ENOENT'),
      withCode('23505', 'duplicate key'),
      withCode('42P01'),
      withCode('28P01', 'password authentication failed'),
      withCode('3D000'),
    ]
    for (const err of [...notOutages, new Error('boom'), null, 'text']) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(false)
    }
  })

  it('answers 503 with Retry-After for the API, typed or raw', () => {
    for (const err of [new DatabaseUnavailableError(withCode('ECONNREFUSED')), withCode('57P01')]) {
      const answer = errorAnswer(err)
      expect(answer).toMatchObject({ status: 503, unexpected: false, headers: { 'Retry-After': '5' }, body: { retryAfter: 5 } })
    }
    expect(errorAnswer(withCode('23505')).status).toBe(500)
    expect(errorAnswer(withCode('ECONNREFUSED')).status).toBe(500)
  })

  it('a query to a server that is not there fails at once with DatabaseUnavailableError, and waiting retries with a log line', async () => {
    const { db, close } = openDatabase(`postgres://app:app@127.0.0.1:${await freePort()}/none`)
    try {
      await expect(sql`select 1`.execute(db)).rejects.toBeInstanceOf(DatabaseUnavailableError)
      const lines: string[] = []
      const abort = new Error('stop waiting')
      const waiting = waitForDatabase(
        db,
        {
          info: () => {},
          warn: (_obj, msg) => {
            lines.push(msg)
            if (lines.length === 2) throw abort
          },
        },
        10,
      )
      await expect(waiting).rejects.toBe(abort)
      expect(lines[0]).toMatch(/^database unavailable, retrying in 0\.01s$/)
    } finally {
      await close()
    }
  })

  it('turns an outage in a page loader or action into a 503 route error, and in a resource route into a 503 response', async () => {
    const down = async () => {
      throw new DatabaseUnavailableError(withCode('57P01'))
    }
    const broken = async () => {
      throw new Error('a bug')
    }
    const build = {
      routes: {
        page: { id: 'page', path: 'p', module: { default: () => null, loader: down, action: down } },
        feed: { id: 'feed', path: 'rss.xml', module: { loader: down } },
        bug: { id: 'bug', path: 'b', module: { default: () => null, loader: broken } },
      },
    } as unknown as ServerBuild
    const wrapped = answerRouteRefusals(build) as ServerBuild
    /** What the handler threw. */
    const thrown = (fn: ((args: never) => unknown) | undefined) =>
      Promise.resolve()
        .then(() => fn!({} as never))
        .then(
          () => undefined,
          (e: unknown) => e,
        )
    expect(await thrown(wrapped.routes.page!.module.loader)).toMatchObject({
      data: { databaseUnavailable: true, retryAfter: 5 },
      init: { status: 503, headers: { 'Retry-After': '5' } },
    })
    expect(await thrown(wrapped.routes.page!.module.action)).toMatchObject({ init: { status: 503 } })
    const feedError = (await thrown(wrapped.routes.feed!.module.loader)) as Response
    expect(feedError).toBeInstanceOf(Response)
    expect(feedError.status).toBe(503)
    expect(feedError.headers.get('retry-after')).toBe('5')
    expect(await thrown(wrapped.routes.bug!.module.loader)).toMatchObject({ message: 'a bug' })
  })

  it('turns a thing that is not there into the not-found page (404), and in a resource route into a plain 404', async () => {
    const gone = async () => {
      throw new NotFoundError('Proposal not found')
    }
    const build = {
      routes: {
        page: { id: 'page', path: 'p', module: { default: () => null, loader: gone, action: gone } },
        pdf: { id: 'pdf', path: 'p.pdf', module: { loader: gone } },
      },
    } as unknown as ServerBuild
    const wrapped = answerRouteRefusals(build) as ServerBuild
    const thrown = (fn: ((args: never) => unknown) | undefined) =>
      Promise.resolve()
        .then(() => fn!({} as never))
        .then(
          () => undefined,
          (e: unknown) => e,
        )
    expect(await thrown(wrapped.routes.page!.module.loader)).toMatchObject({ data: null, init: { status: 404 } })
    expect(await thrown(wrapped.routes.page!.module.action)).toMatchObject({ init: { status: 404 } })
    const pdf = (await thrown(wrapped.routes.pdf!.module.loader)) as Response
    expect(pdf).toBeInstanceOf(Response)
    expect([pdf.status, await pdf.text()]).toEqual([404, 'Not found\n'])
  })
})

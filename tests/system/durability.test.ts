import { afterAll, describe, expect, it } from 'vitest'
import path from 'node:path'
import { openDatabase } from '~/db/db.server.ts'
import { dialects, resetPostgres } from '../helpers/app.ts'
import { startServer, tempDir, type RunningServer } from './server.ts'

const KILLS = 10

describe.each(dialects())('crash durability on %s', (name, url) => {
  let server: RunningServer | undefined
  afterAll(async () => {
    await server?.kill()
  })

  it(`keeps every proposal answered 2xx across ${KILLS} SIGKILLs`, async () => {
    const dbUrl = name === 'sqlite' ? path.join(tempDir(), 'site.db') : url()
    if (name === 'postgres') await resetPostgres(dbUrl)
    const env = { DATABASE_URL: dbUrl, DATA_DIR: tempDir(), PROPOSAL_RATE_LIMIT_PER_HOUR: '1000000' }
    const acknowledged: string[] = []
    let seq = 0

    for (let round = 0; round < KILLS; round++) {
      server = await startServer(env)
      const client = server.client()
      await client.session()
      let stop = false
      // Four submitters in parallel, each waiting for its answer before the next request.
      const workers = Array.from({ length: 4 }, async () => {
        while (!stop) {
          const proposalName = `Crash ${round}-${seq++}`
          try {
            const res = await client.post('/api/proposals', {
              name: proposalName,
              email: 'crash@example.com',
              businessType: 'retail',
              budget: '500-1000',
              requirements: 'Durability check',
            })
            if (res.status === 201) acknowledged.push(proposalName)
          } catch {
            return // connection died with the process: not acknowledged
          }
        }
      })
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 500))
      await server.kill()
      stop = true
      await Promise.all(workers)
      server = undefined
    }

    expect(acknowledged.length).toBeGreaterThan(KILLS * 5)
    const { db, close } = openDatabase(dbUrl)
    try {
      const stored = new Set((await db.selectFrom('proposals').select('name').execute()).map((r) => r.name))
      const lost = acknowledged.filter((n) => !stored.has(n))
      expect(lost).toEqual([])
    } finally {
      await close()
    }
  }, 120_000)
})

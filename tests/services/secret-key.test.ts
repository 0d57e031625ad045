import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Logger } from 'pino'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, type Config } from '~/config.server.ts'
import type { DatabaseHandle } from '~/db/db.server.ts'
import { completeSecondStep, ensureAdmin, signInWithPassword } from '~/services/auth.server.ts'
import { DomainValidationError } from '~/infra/errors.server.ts'
import { SealedSecretError, seal, signInKey } from '~/infra/secret-box.server.ts'
import { checkKeyForSealing, checkSignInKey, forgetUnusedKeyCheck } from '~/infra/secret-key.server.ts'
import { ADMIN_PASSWORD, ADMIN_USERNAME, dialects } from '../helpers/app.ts'
import { freshDatabase, rejection } from './db.ts'

/** The sign-in key's check at start and before sealing (issue 21, docs/decisions/029). */
describe.each(dialects())('the sign-in key on %s', (name, url) => {
  let h: DatabaseHandle
  let warnings: string[]
  const logger = { warn: (_o: unknown, msg: string) => warnings.push(msg), info: () => {} } as unknown as Logger
  const hex = () => randomBytes(32).toString('hex')
  const configWith = (env: Record<string, string>): Config =>
    loadConfig({ DATABASE_URL: dbUrl, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'key-')), ...env })
  let dbUrl: string
  beforeEach(async () => {
    dbUrl = url()
    h = await freshDatabase(dbUrl)
    warnings = []
    await ensureAdmin(h.db, ADMIN_USERNAME, ADMIN_PASSWORD)
  })
  afterEach(async () => {
    await h.close()
  })
  const sealSecretFor = (config: Config) =>
    h.db
      .updateTable('adminUsers')
      .set({ totpSecret: seal(signInKey(config), 'JBSWY3DPEHPK3PXP') })
      .execute()

  it('records the first key; the same SECRET_KEY starts again, another refuses with one line', async () => {
    const one = configWith({ SECRET_KEY: hex() })
    await checkSignInKey(h.db, one, logger)
    await checkSignInKey(h.db, configWith({ SECRET_KEY: one.secretKey!.toString('hex') }), logger)
    const err = await rejection(checkSignInKey(h.db, configWith({ SECRET_KEY: hex() }), logger), ConfigError)
    expect(err.message).toMatch(/^SECRET_KEY does not match the key this database was set up with: /)
    expect(err.message).not.toContain('\n')
    expect(warnings).toEqual([])
  })

  it('keeps an existing sign-in.key working on upgrade: the key that opens the sealed secret is recorded', async () => {
    const file = configWith({})
    await sealSecretFor(file)
    // Another key first: it cannot open the secret, so it is refused and recorded nothing.
    await rejection(checkSignInKey(h.db, configWith({}), logger), ConfigError)
    await checkSignInKey(h.db, file, logger)
    // The file as hex is the same key as SECRET_KEY.
    const asHex = fs.readFileSync(path.join(file.dataDir, 'sign-in.key')).toString('hex')
    await checkSignInKey(h.db, configWith({ SECRET_KEY: asHex }), logger)
    const err = await rejection(checkSignInKey(h.db, configWith({}), logger), ConfigError)
    expect(err.message).toMatch(/^DATA_DIR\/sign-in\.key \(.+\) does not match the key this database was set up with: .*SECRET_KEY/)
  })

  it('with nothing sealed, an instance with its own key file starts; it may not seal until the keys agree', async () => {
    const first = configWith({})
    await checkSignInKey(h.db, first, logger)
    const second = configWith({})
    await checkSignInKey(h.db, second, logger)
    if (name === 'postgres') {
      expect(warnings.join('\n')).toMatch(/SECRET_KEY is not set/)
      expect(warnings.join('\n')).toMatch(/is not the key this database was set up with/)
      const refused = await rejection(checkKeyForSealing(h.db, signInKey(second)), DomainValidationError)
      expect(refused.fields.code).toContain('same SECRET_KEY on every instance')
      await checkKeyForSealing(h.db, signInKey(first))
    } else {
      // SQLite is one instance (e.g. restored without its key file): the key in use is recorded.
      await checkKeyForSealing(h.db, signInKey(second))
      await rejection(checkKeyForSealing(h.db, signInKey(first)), DomainValidationError)
    }
  })

  it('a secret the key cannot open answers SealedSecretError at the code step, and counts no attempt', async () => {
    const right = configWith({ SECRET_KEY: hex() })
    await checkSignInKey(h.db, right, logger)
    await sealSecretFor(right)
    const step = await signInWithPassword(h.db, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ip: '192.0.2.9' })
    expect(step.kind).toBe('second-step')
    const counts = () => h.db.selectFrom('rateLimits').select(['key', 'count']).orderBy('key').execute()
    const before = await counts()
    const wrongKey = signInKey(configWith({ SECRET_KEY: hex() }))
    for (let i = 0; i < 3; i++) {
      await rejection(completeSecondStep(h.db, wrongKey, { token: step.token, code: '123456', ip: '192.0.2.9' }), SealedSecretError)
    }
    expect(await counts()).toEqual(before)
  })

  it('npm run admin:reset forgets the key once nothing is sealed', async () => {
    const one = configWith({ SECRET_KEY: hex() })
    await checkSignInKey(h.db, one, logger)
    await sealSecretFor(one)
    expect(await forgetUnusedKeyCheck(h.db)).toBe(false)
    await h.db.updateTable('adminUsers').set({ totpSecret: null }).execute()
    expect(await forgetUnusedKeyCheck(h.db)).toBe(true)
    await checkSignInKey(h.db, configWith({ SECRET_KEY: hex() }), logger)
  })
})

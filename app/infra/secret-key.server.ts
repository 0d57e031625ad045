import type { Logger } from 'pino'
import { ConfigError, type Config } from '~/config.server.ts'
import type { Db } from '~/db/db.server.ts'
import * as model from '~/models/key-check.server.ts'
import { DomainValidationError } from './errors.server.ts'
import { keyCheckValue, open, signInKey, signInKeySource, type SecretKey } from './secret-box.server.ts'

/**
 * The database remembers which key it was set up with (a check value, written the first time a
 * key is used), so an instance with another key says so at start instead of failing at the code
 * step of a sign-in (docs/decisions/029).
 */
type KeyState = 'match' | 'mismatch' | 'unopenable'

export const KEY_DIFFERS_MESSAGE =
  "This server's sign-in key is not the one the other instances use, so two-step sign-in turned on here would not work on them. Whoever runs the site must set the same SECRET_KEY on every instance first."

async function recordKey(db: Db, key: SecretKey): Promise<KeyState> {
  const check = keyCheckValue(key)
  let recorded = await model.findKeyCheck(db)
  if (recorded === undefined) {
    // A new database, or the first start since the check was added: a secret sealed before
    // then must open under this key, or this is not the key it was set up with.
    const sealed = await model.findSealedSecret(db)
    if (sealed !== undefined && !opens(key, sealed)) return 'unopenable'
    await model.insertKeyCheckIfAbsent(db, check)
    recorded = await model.findKeyCheck(db)
  }
  return recorded === check ? 'match' : 'mismatch'
}

function opens(key: SecretKey, sealed: string): boolean {
  try {
    open(key, sealed)
    return true
  } catch {
    return false
  }
}

/**
 * At start, after the migrations: records the key in use on a new database, and refuses to start
 * (ConfigError: one line naming SECRET_KEY or the key file) when it is not the database's key,
 * unless nothing is sealed yet and the key is this instance's own file:
 * - on SQLite (one instance: e.g. restored without its key file) the key in use is recorded;
 * - on PostgreSQL (instances that never shared a key file, from before SECRET_KEY) it starts with
 *   a warning, and turning on two-step sign-in through it is refused.
 */
export async function checkSignInKey(db: Db, config: Config, logger: Logger): Promise<void> {
  const source = signInKeySource(config)
  if (config.dialect === 'postgres' && !config.secretKey) {
    logger.warn(
      { keyFile: source.file },
      "SECRET_KEY is not set: the sign-in key is this instance's DATA_DIR/sign-in.key; set the same SECRET_KEY on every instance sharing this database (docs/decisions/029)",
    )
  }
  const key = signInKey(config)
  const state = await recordKey(db, key)
  if (state === 'match') return
  const sealed = state === 'unopenable' || (await model.findSealedSecret(db)) !== undefined
  if (config.secretKey) {
    throw new ConfigError(
      'SECRET_KEY does not match the key this database was set up with: every instance needs the same SECRET_KEY (a database set up with DATA_DIR/sign-in.key needs that file as hex: od -An -tx1 -v sign-in.key | tr -d " \\n"); see docs/decisions/029',
    )
  }
  if (sealed) {
    throw new ConfigError(
      `${source.name} does not match the key this database was set up with: set the same SECRET_KEY on every instance, or put back the sign-in.key the database was set up with (npm run backup writes it beside the backup); npm run admin:reset turns two-step sign-in off instead (docs/decisions/029)`,
    )
  }
  if (config.dialect === 'sqlite') {
    await model.deleteKeyCheck(db)
    await recordKey(db, key)
    logger.info({ keyFile: source.file }, 'sign-in key changed while nothing was sealed with the old one: recorded the key in use')
    return
  }
  logger.warn(
    { keyFile: source.file },
    `${source.name} is not the key this database was set up with: two-step sign-in cannot be turned on through this instance until every instance has the same SECRET_KEY (docs/decisions/029)`,
  )
}

/** Before sealing a new secret: the key must be the database's (recorded now if none is yet). */
export async function checkKeyForSealing(db: Db, key: SecretKey): Promise<void> {
  if ((await recordKey(db, key)) !== 'match') throw new DomainValidationError({ code: KEY_DIFFERS_MESSAGE })
}

/**
 * For `npm run admin:reset`: once no secret is sealed any more, the database forgets its key, so
 * the next start records the key it has (a way back in after the key was lost). True if it did.
 */
export async function forgetUnusedKeyCheck(db: Db): Promise<boolean> {
  if ((await model.findSealedSecret(db)) !== undefined) return false
  return model.deleteKeyCheck(db)
}

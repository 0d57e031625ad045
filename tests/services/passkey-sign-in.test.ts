import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/db.server.ts'
import * as factors from '~/models/sign-in-factors.server.ts'
import { getSession } from '~/services/auth.server.ts'
import type { Admin } from '~/services/actor.server.ts'
import { PasskeySignInError, signInOptions, signInWithPasskey, type RelyingParty } from '~/services/passkeys.server.ts'
import { createPersonFromShell, setPersonStatus } from '~/services/people.server.ts'
import { confirmSudo } from '~/services/sudo.server.ts'
import { ADMIN_PASSWORD, dialects } from '../helpers/app.ts'
import { freshDatabase, rejection, signInAdmin } from './db.ts'

const rp: RelyingParty = { id: 'site.test', origin: 'https://site.test', name: 'Site' }
const b64url = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url')

/** A passkey held in software: an ES256 key pair, registered for a person as the Security page would store it. */
async function softwarePasskey(h: DatabaseHandle, userId: number) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  )
  const credentialId = b64url(randomBytes(16))
  await factors.insertPasskey(h.db, { userId, credentialId, publicKey: b64url(cose), counter: 0, transports: null, name: 'Test key' })
  let counter = 0
  /** The authenticator's answer to a sign-in challenge, user present and verified. */
  return (challenge: string) => {
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: rp.origin, crossOrigin: false }))
    const count = Buffer.alloc(4)
    count.writeUInt32BE(++counter)
    const authenticatorData = Buffer.concat([createHash('sha256').update(rp.id).digest(), Buffer.from([0x05]), count])
    const signature = sign('sha256', Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]), privateKey)
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: { authenticatorData: b64url(authenticatorData), clientDataJSON: b64url(clientDataJSON), signature: b64url(signature) },
    }
  }
}

/** Passkey sign-in (issue 23): a suspended or removed person's passkey still signs, and opens nothing. */
describe.each(dialects())('passkey sign-in on %s', (_name, url) => {
  let h: DatabaseHandle
  let owner: Admin
  beforeEach(async () => {
    h = await freshDatabase(url())
    owner = await signInAdmin(h.db)
    await confirmSudo(h.db, owner, ADMIN_PASSWORD)
  })
  afterEach(async () => {
    await h.close()
  })

  const trySignIn = async (answer: ReturnType<Awaited<ReturnType<typeof softwarePasskey>>>, token: string) =>
    signInWithPasskey(h.db, rp, { token, response: answer, ip: '192.0.2.30', userAgent: 'test' })

  it('signs an active person in, and refuses the same passkey once the person is suspended or removed, opening no session', async () => {
    await createPersonFromShell(h.db, 'keyholder', 'editor')
    const person = await h.db.selectFrom('adminUsers').select('id').where('username', '=', 'keyholder').executeTakeFirstOrThrow()
    const authenticator = await softwarePasskey(h, person.id)
    const sessions = () => h.db.selectFrom('sessions').select('tokenHash').where('userId', '=', person.id).execute()

    const first = await signInOptions(h.db, rp, '192.0.2.30')
    const session = await trySignIn(authenticator(first.options.challenge), first.token)
    expect((await getSession(h.db, session.token)).admin).toMatchObject({ username: 'keyholder', role: 'editor' })

    for (const status of ['suspended', 'removed'] as const) {
      await setPersonStatus(h.db, owner, person.id, status)
      expect(await sessions()).toEqual([])
      const again = await signInOptions(h.db, rp, '192.0.2.30')
      await rejection(trySignIn(authenticator(again.options.challenge), again.token), PasskeySignInError)
      expect(await sessions()).toEqual([])
    }
  })
})

import { AsyncLocalStorage } from 'node:async_hooks'
import { describeDevice } from './device.server.ts'

/**
 * Who is acting, from where and on what device, for the activity log (docs/decisions/044). The
 * server enters one context per request (server/http.ts) with the client address it trusts and
 * the device its User-Agent names; the session guards add the person once they know them. The
 * shell commands enter one of their own. Services read it when they record a change, so no
 * service signature carries it.
 */
export type ActingContext = {
  /** The signed-in person, once a guard resolved the session; null before (or for a visitor). */
  personId: number | null
  personName: string | null
  /** The client address (the one the trusted proxies vouch for), or null from the shell. */
  ip: string | null
  /** "Chrome 131 on macOS 14.1 (desktop)", or the shell command's name. */
  device: string
}

const storage = new AsyncLocalStorage<ActingContext>()

/**
 * Runs `fn` (and everything it starts) as one request from `ip` with `userAgent`: the server's
 * request entry calls it once per request. The device is worked out only when something is recorded.
 */
export function runRequest<T>(origin: { ip: string | null; userAgent: string | null | undefined }, fn: () => T): T {
  let device: string | undefined
  const ctx: ActingContext = {
    personId: null,
    personName: null,
    ip: origin.ip,
    get device() {
      return (device ??= describeDevice(origin.userAgent))
    },
  }
  return storage.run(ctx, fn)
}

/** Called by a session guard once it knows who is signed in: the person of this request. */
export function setActingPerson(person: { id: number; name: string }): void {
  const ctx = storage.getStore()
  if (!ctx) return
  ctx.personId = person.id
  ctx.personName = person.name
}

/** The current context; outside any (a timer, a test calling services directly) it is the system. */
export function actingContext(): ActingContext {
  return storage.getStore() ?? { personId: null, personName: null, ip: null, device: 'System' }
}

/** For a shell command (`npm run import`, `admin:reset`...): its changes are recorded as from the shell. */
export function runFromShell<T>(command: string, fn: () => T): T {
  return storage.run({ personId: null, personName: 'Shell', ip: null, device: `Shell: ${command}` }, fn)
}

import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { AppError } from '../../src/errors'

const FIFTEEN_MINUTES_S = 15 * 60
const HOUR_S = 3600

/**
 * A login attempt that holds its place in the limits from before the password is checked until
 * its outcome is known: parallel guesses cannot all pass the check before any failure is counted.
 */
interface LoginAttempt {
  /**
   * Runs the password check after the previous checks from the same address: one address keeps
   * at most one hash in the password thread, so its guesses never delay another address's login
   * by more than one hash.
   */
  check<T>(work: () => Promise<T>): Promise<T>
  /** The password was right: the reservation is given back and this address's failures for the account cleared. */
  succeeded(): Promise<void>
}

/**
 * Attempt limits for the calls an attacker on the LAN would hammer. Registrations and e-mail
 * sending requests count per address. Failed logins count per address, per account from one
 * address, and per account from everywhere; the last is the only one a stranger can fill for
 * someone else's account (from many addresses: one address stops at the per-account limit), so
 * it never applies to an address the account has logged in from before: a stranger guessing the
 * owner's password cannot lock the owner out.
 */
export interface RateLimits {
  /**
   * Counts a login attempt as a failure until it succeeds, in one step with the check of the limits.
   * @param knownAddress the account has logged in from this address before
   * @throws AppError `too_many_requests` when this address, or this account from here, failed too often.
   */
  reserveLogin(ip: string, account: string, knownAddress: boolean): Promise<LoginAttempt>
  /** Counts one request of a limited kind; @throws AppError `too_many_requests` past the limit. */
  consume(kind: 'register' | 'email', ip: string): Promise<void>
}

export interface RateLimitSettings {
  /** Failures for one account from one address. */
  loginFailuresPerAccount: number
  /** Failures from one address, whatever the accounts. */
  loginFailuresPerAddress: number
  /**
   * Failures for one account from all addresses together (a guess spread over many machines);
   * ignored for addresses the account has logged in from. Default: 10 × `loginFailuresPerAccount`.
   */
  loginFailuresPerAccountEverywhere?: number
  registrationsPerAddress: number
  emailRequestsPerAddress: number
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  loginFailuresPerAccount: 10,
  loginFailuresPerAddress: 50,
  registrationsPerAddress: 20,
  emailRequestsPerAddress: 20,
}

async function consumeOrThrow(limiter: RateLimiterMemory, key: string): Promise<void> {
  try {
    await limiter.consume(key)
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new AppError('too_many_requests')
    throw error
  }
}

/** Keys kept before expired ones are dropped (and, past twice as many, the oldest). */
const COUNTER_KEYS = 50_000

/** One counter of attempts in fixed windows: `key` names it, at most `limit` per `windowMs`. */
interface AttemptCount {
  readonly key: string
  readonly limit: number
  readonly windowMs: number
}

/**
 * Where attempts are counted: in this process (SQLite: one server owns the database), or in the
 * database (PostgreSQL: every instance of a club server counts in the same rows).
 */
export interface AttemptCounters {
  /**
   * Adds one to each counter unless one of them is full, in which case nothing is added (false).
   * The check and the count are one step: concurrent attempts cannot all pass the check.
   */
  take(counts: readonly AttemptCount[]): Promise<boolean>
  /** Takes back one attempt from a counter whose window is still open. */
  giveBack(key: string): Promise<void>
  clear(key: string): Promise<void>
}

/**
 * Counters in this process, read and changed synchronously: `take` checks and counts in one turn
 * of the event loop, so concurrent requests cannot both pass.
 */
function memoryCounters(now: () => number): AttemptCounters {
  const windows = new Map<string, { count: number; resetAt: number }>()
  const current = (key: string) => {
    const found = windows.get(key)
    return found && found.resetAt > now() ? found : null
  }
  const add = (key: string, windowMs: number) => {
    const found = current(key)
    if (found) {
      found.count += 1
      return
    }
    if (windows.size >= COUNTER_KEYS) {
      for (const [old, window] of windows) if (window.resetAt <= now()) windows.delete(old)
      while (windows.size >= 2 * COUNTER_KEYS) windows.delete(windows.keys().next().value ?? key)
    }
    windows.set(key, { count: 1, resetAt: now() + windowMs })
  }
  return {
    take(counts) {
      if (counts.some(({ key, limit }) => (current(key)?.count ?? 0) >= limit)) return Promise.resolve(false)
      for (const { key, windowMs } of counts) add(key, windowMs)
      return Promise.resolve(true)
    },
    giveBack(key) {
      const found = current(key)
      if (found) found.count -= 1
      return Promise.resolve()
    },
    clear(key) {
      windows.delete(key)
      return Promise.resolve()
    },
  }
}

/** Failed logins per address, per account from one address and per account from everywhere. */
function loginLimits(settings: RateLimitSettings, counters: AttemptCounters): RateLimits['reserveLogin'] {
  const windowMs = FIFTEEN_MINUTES_S * 1000
  const hashTurns = new Map<string, Promise<unknown>>()
  const accountKey = (account: string) => account.trim().toLowerCase()
  return async (ip, account, knownAddress) => {
    // A newline cannot occur in an address, so the keys are unambiguous; the kinds come in one
    // order in every attempt (the database locks their rows in it: no two attempts wait on each other).
    const address = `login-address\n${ip}`
    const pair = `login-pair\n${accountKey(account)}\n${ip}`
    const everywhere = `login-account\n${accountKey(account)}`
    const counts: AttemptCount[] = [
      { key: address, limit: settings.loginFailuresPerAddress, windowMs },
      { key: pair, limit: settings.loginFailuresPerAccount, windowMs },
    ]
    // The owner's typos on their own devices never count towards the brake strangers can pull.
    if (!knownAddress) counts.push({ key: everywhere, limit: settings.loginFailuresPerAccountEverywhere ?? settings.loginFailuresPerAccount * 10, windowMs })
    if (!(await counters.take(counts))) throw new AppError('too_many_requests')
    let refunded = false
    return {
      check(work) {
        const turn = (hashTurns.get(ip) ?? Promise.resolve()).then(work)
        const settled = turn.catch(() => undefined)
        hashTurns.set(ip, settled)
        void settled.then(() => {
          if (hashTurns.get(ip) === settled) hashTurns.delete(ip)
        })
        return turn
      },
      async succeeded() {
        if (refunded) return
        refunded = true
        await counters.giveBack(address)
        await counters.clear(pair)
        if (!knownAddress) await counters.giveBack(everywhere)
      },
    }
  }
}

/** The limits of a server that alone owns its database (SQLite), counted in this process. */
export function createRateLimits(settings: RateLimitSettings, now: () => number = Date.now): RateLimits {
  const registrations = new RateLimiterMemory({ points: settings.registrationsPerAddress, duration: HOUR_S })
  const emails = new RateLimiterMemory({ points: settings.emailRequestsPerAddress, duration: HOUR_S })
  return {
    reserveLogin: loginLimits(settings, memoryCounters(now)),
    consume: (kind, ip) => consumeOrThrow(kind === 'register' ? registrations : emails, ip),
  }
}

/**
 * The limits of an instance of a club server (PostgreSQL), counted in the database: a lockout
 * pulled through one instance holds on every other.
 */
export function createSharedRateLimits(settings: RateLimitSettings, counters: AttemptCounters): RateLimits {
  return {
    reserveLogin: loginLimits(settings, counters),
    async consume(kind, ip) {
      const limit = kind === 'register' ? settings.registrationsPerAddress : settings.emailRequestsPerAddress
      if (!(await counters.take([{ key: `${kind}\n${ip}`, limit, windowMs: HOUR_S * 1000 }]))) throw new AppError('too_many_requests')
    },
  }
}

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
  succeeded(): void
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
   * Counts a login attempt as a failure until it succeeds, in the same turn of the event loop as
   * the check of the limits.
   * @param knownAddress the account has logged in from this address before
   * @throws AppError `too_many_requests` when this address, or this account from here, failed too often.
   */
  reserveLogin(ip: string, account: string, knownAddress: boolean): LoginAttempt
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

/** Keys kept per counter before expired ones are dropped (and, past twice as many, the oldest). */
const COUNTER_KEYS = 50_000

/**
 * Failures per key in fixed windows, read and changed synchronously: a check and the count it
 * guards happen in one turn of the event loop, so concurrent requests cannot both pass.
 */
function createCounter(limit: number, windowMs: number, now: () => number) {
  const windows = new Map<string, { count: number; resetAt: number }>()
  const current = (key: string) => {
    const found = windows.get(key)
    return found && found.resetAt > now() ? found : null
  }
  return {
    full: (key: string) => (current(key)?.count ?? 0) >= limit,
    add(key: string) {
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
    },
    remove(key: string) {
      const found = current(key)
      if (found) found.count -= 1
    },
    clear: (key: string) => windows.delete(key),
  }
}

export function createRateLimits(settings: RateLimitSettings, now: () => number = Date.now): RateLimits {
  const windowMs = FIFTEEN_MINUTES_S * 1000
  const perAccountHere = createCounter(settings.loginFailuresPerAccount, windowMs, now)
  const perAccount = createCounter(settings.loginFailuresPerAccountEverywhere ?? settings.loginFailuresPerAccount * 10, windowMs, now)
  const perAddress = createCounter(settings.loginFailuresPerAddress, windowMs, now)
  const hashTurns = new Map<string, Promise<unknown>>()
  const registrations = new RateLimiterMemory({ points: settings.registrationsPerAddress, duration: HOUR_S })
  const emails = new RateLimiterMemory({ points: settings.emailRequestsPerAddress, duration: HOUR_S })
  const accountKey = (account: string) => account.trim().toLowerCase()
  // A newline cannot occur in an address, so the pair key is unambiguous.
  const pairKey = (ip: string, account: string) => `${accountKey(account)}\n${ip}`

  return {
    reserveLogin(ip, account, knownAddress) {
      const pair = pairKey(ip, account)
      const everywhere = accountKey(account)
      if (perAddress.full(ip) || perAccountHere.full(pair) || (!knownAddress && perAccount.full(everywhere))) {
        throw new AppError('too_many_requests')
      }
      perAddress.add(ip)
      perAccountHere.add(pair)
      // The owner's typos on their own devices never count towards the brake strangers can pull.
      if (!knownAddress) perAccount.add(everywhere)
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
        succeeded() {
          if (refunded) return
          refunded = true
          perAddress.remove(ip)
          perAccountHere.clear(pair)
          if (!knownAddress) perAccount.remove(everywhere)
        },
      }
    },
    consume: (kind, ip) => consumeOrThrow(kind === 'register' ? registrations : emails, ip),
  }
}

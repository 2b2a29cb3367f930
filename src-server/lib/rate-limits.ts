import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { AppError } from '../../src/errors'

const FIFTEEN_MINUTES_S = 15 * 60
const HOUR_S = 3600

/**
 * Attempt limits for the calls an attacker on the LAN would hammer. Registrations and e-mail
 * sending requests count per address. Failed logins count per address, per account from one
 * address, and per account from everywhere; the last is the only one a stranger can fill for
 * someone else's account, so it never applies to an address the account has logged in from
 * before: a stranger guessing the owner's password cannot lock the owner out.
 */
export interface RateLimits {
  /** @throws AppError `too_many_requests` when this address, or this account from here, failed too often. */
  checkLogin(ip: string, account: string): Promise<void>
  recordLoginFailure(ip: string, account: string): Promise<void>
  /** Clears this address's failures for the account and remembers the address as known-good. */
  recordLoginSuccess(ip: string, account: string): Promise<void>
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

async function isBlocked(limiter: RateLimiterMemory, key: string): Promise<boolean> {
  const state = await limiter.get(key)
  return state !== null && state.consumedPoints >= limiter.points
}

async function consumeOrThrow(limiter: RateLimiterMemory, key: string): Promise<void> {
  try {
    await limiter.consume(key)
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new AppError('too_many_requests')
    throw error
  }
}

/** Account and address pairs remembered as known-good; the oldest go first past this many. */
const KNOWN_GOOD_CAPACITY = 10_000

export function createRateLimits(settings: RateLimitSettings): RateLimits {
  const perAccountHere = new RateLimiterMemory({ points: settings.loginFailuresPerAccount, duration: FIFTEEN_MINUTES_S })
  const perAccount = new RateLimiterMemory({
    points: settings.loginFailuresPerAccountEverywhere ?? settings.loginFailuresPerAccount * 10,
    duration: FIFTEEN_MINUTES_S,
  })
  const perAddress = new RateLimiterMemory({ points: settings.loginFailuresPerAddress, duration: FIFTEEN_MINUTES_S })
  const knownGood = new Set<string>()
  const registrations = new RateLimiterMemory({ points: settings.registrationsPerAddress, duration: HOUR_S })
  const emails = new RateLimiterMemory({ points: settings.emailRequestsPerAddress, duration: HOUR_S })
  const accountKey = (account: string) => account.trim().toLowerCase()
  // A newline cannot occur in an address, so the pair key is unambiguous.
  const pairKey = (ip: string, account: string) => `${accountKey(account)}\n${ip}`

  return {
    async checkLogin(ip, account) {
      const pair = pairKey(ip, account)
      if (
        (await isBlocked(perAddress, ip)) ||
        (await isBlocked(perAccountHere, pair)) ||
        (!knownGood.has(pair) && (await isBlocked(perAccount, accountKey(account))))
      ) {
        throw new AppError('too_many_requests')
      }
    },
    async recordLoginFailure(ip, account) {
      // Penalties are recorded even past the limit; the next check refuses.
      await Promise.all([perAddress.penalty(ip), perAccountHere.penalty(pairKey(ip, account)), perAccount.penalty(accountKey(account))])
    },
    async recordLoginSuccess(ip, account) {
      const pair = pairKey(ip, account)
      await perAccountHere.delete(pair)
      // Re-inserted last, so the set's insertion order is the order of last use.
      knownGood.delete(pair)
      knownGood.add(pair)
      if (knownGood.size > KNOWN_GOOD_CAPACITY) knownGood.delete(knownGood.values().next().value ?? pair)
    },
    consume: (kind, ip) => consumeOrThrow(kind === 'register' ? registrations : emails, ip),
  }
}

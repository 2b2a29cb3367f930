import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { AppError } from '../../src/errors'

const FIFTEEN_MINUTES_S = 15 * 60
const HOUR_S = 3600

/**
 * Attempt limits for the calls an attacker on the LAN would hammer. Failed logins count per
 * address and per account; registrations and e-mail sending requests per address.
 */
export interface RateLimits {
  /** @throws AppError `too_many_requests` when this address or account failed too often. */
  checkLogin(ip: string, account: string): Promise<void>
  recordLoginFailure(ip: string, account: string): Promise<void>
  recordLoginSuccess(account: string): Promise<void>
  /** Counts one request of a limited kind; @throws AppError `too_many_requests` past the limit. */
  consume(kind: 'register' | 'email', ip: string): Promise<void>
}

export interface RateLimitSettings {
  loginFailuresPerAccount: number
  loginFailuresPerAddress: number
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

export function createRateLimits(settings: RateLimitSettings): RateLimits {
  const perAccount = new RateLimiterMemory({ points: settings.loginFailuresPerAccount, duration: FIFTEEN_MINUTES_S })
  const perAddress = new RateLimiterMemory({ points: settings.loginFailuresPerAddress, duration: FIFTEEN_MINUTES_S })
  const registrations = new RateLimiterMemory({ points: settings.registrationsPerAddress, duration: HOUR_S })
  const emails = new RateLimiterMemory({ points: settings.emailRequestsPerAddress, duration: HOUR_S })
  const accountKey = (account: string) => account.trim().toLowerCase()

  return {
    async checkLogin(ip, account) {
      if ((await isBlocked(perAddress, ip)) || (await isBlocked(perAccount, accountKey(account)))) {
        throw new AppError('too_many_requests')
      }
    },
    async recordLoginFailure(ip, account) {
      // Penalties are recorded even past the limit; the next check refuses.
      await Promise.all([perAddress.penalty(ip), perAccount.penalty(accountKey(account))])
    },
    async recordLoginSuccess(account) {
      await perAccount.delete(accountKey(account))
    },
    consume: (kind, ip) => consumeOrThrow(kind === 'register' ? registrations : emails, ip),
  }
}

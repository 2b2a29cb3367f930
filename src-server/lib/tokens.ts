import jwt from 'jsonwebtoken'
import { createSecretKey, randomBytes } from 'node:crypto'
import { AppError } from '../../src/errors'

/** Session tokens last 30 days; password-reset tokens one hour. */
const SESSION_LIFETIME_S = 30 * 24 * 3600
const RESET_LIFETIME_S = 3600
/** Tokens whose signature was checked, kept so that the next calls skip the HMAC and JSON work. */
const VERIFIED_MAX = 1000

/** What a token may be used for; a token of one purpose is refused for any other. */
type TokenPurpose = 'session' | 'password_reset'

/** The verified content of a token. */
interface TokenClaims {
  userId: number
  /** The user's token version when it was issued: a password change makes older tokens invalid. */
  version: number
}

export interface TokenService {
  issue(purpose: TokenPurpose, claims: TokenClaims): string
  /**
   * @throws AppError `auth_token_expired` / `auth_token_invalid` for sessions,
   *   `reset_token_invalid` for password resets.
   */
  verify(purpose: TokenPurpose, token: string): TokenClaims
}

interface Payload {
  sub: string
  pur: TokenPurpose
  ver: number
  exp?: number
}

function isPayload(value: unknown): value is Payload {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return (
    typeof record.sub === 'string' &&
    typeof record.pur === 'string' &&
    typeof record.ver === 'number' &&
    (record.exp === undefined || typeof record.exp === 'number')
  )
}

/** HS256 tokens signed with the install's secret; issue and expiry follow the given clock. */
export function createTokenService(secret: string, now: () => Date): TokenService {
  // The key object once: given the text, jsonwebtoken first tries (and fails) to read it as a
  // PEM public key on every call, ~0.5 ms of each authenticated request. Same bytes, same tokens.
  const key = createSecretKey(Buffer.from(secret, 'utf8'))
  const seconds = () => Math.floor(now().getTime() / 1000)
  const verified = new Map<string, Payload>()
  function remember(token: string, payload: Payload): void {
    // Oldest first: a Map iterates in insertion order.
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value ?? '')
    verified.set(token, payload)
  }
  return {
    issue(purpose, claims) {
      // A random id makes each token unique, also two logins in the same second: a password
      // change keeps exactly the session that made it (by its hash), not a twin of it.
      const payload: Payload & { iat: number; jti: string } = {
        sub: String(claims.userId),
        pur: purpose,
        ver: claims.version,
        iat: seconds(),
        jti: randomBytes(9).toString('base64url'),
      }
      return jwt.sign(payload, key, {
        algorithm: 'HS256',
        expiresIn: purpose === 'session' ? SESSION_LIFETIME_S : RESET_LIFETIME_S,
      })
    },
    verify(purpose, token) {
      const invalid = purpose === 'session' ? 'auth_token_invalid' : 'reset_token_invalid'
      // A token's signature, once checked, stays good under the same key: only its expiry is
      // checked again, as jsonwebtoken does (expired from the second `exp` on). ~0.1 ms a call.
      let payload = verified.get(token)
      if (payload === undefined) {
        let decoded: unknown
        try {
          decoded = jwt.verify(token, key, { algorithms: ['HS256'], clockTimestamp: seconds() })
        } catch (error) {
          if (error instanceof jwt.TokenExpiredError && purpose === 'session') throw new AppError('auth_token_expired')
          throw new AppError(invalid)
        }
        if (!isPayload(decoded)) throw new AppError(invalid)
        payload = decoded
        remember(token, payload)
      } else if (payload.exp !== undefined && seconds() >= payload.exp) {
        verified.delete(token)
        throw new AppError(purpose === 'session' ? 'auth_token_expired' : invalid)
      }
      if (payload.pur !== purpose || !/^\d+$/.test(payload.sub)) throw new AppError(invalid)
      return { userId: Number(payload.sub), version: payload.ver }
    },
  }
}

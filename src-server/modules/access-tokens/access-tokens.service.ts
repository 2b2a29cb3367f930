import type { z } from 'zod'
import type { AccessToken, AccessTokensResponse, CreatedTokenResponse, createTokenBody, EndpointSpec } from '../../../src/contracts'
import { AppError } from '../../../src/errors'
import { AccessTokenEntity, type UserEntity } from '../../db/entities'
import type { Database } from '../../db/repositories'
import { toHttpDate } from '../../lib/http-date'
import { hashToken, randomToken } from '../../lib/secrets'
import { shortId } from '../../lib/short-id'

/** Every personal access token starts so: it tells them from session tokens (and secret scanners). */
const PREFIX = 'wmk_'
const DAY_MS = 24 * 3600_000
/** Last use is refreshed at most this often: each refresh is a write, which drops the read cache. */
const LAST_USED_RESOLUTION_MS = 3600_000

/** True when a bearer token is a personal access token rather than a session token. */
export function isAccessToken(bearer: string): boolean {
  return bearer.startsWith(PREFIX)
}

function present(row: AccessTokenEntity): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    created_at: toHttpDate(row.createdAt),
    expires_at: row.expiresAt ? toHttpDate(row.expiresAt) : null,
    last_used_at: row.lastUsedAt ? toHttpDate(row.lastUsedAt) : null,
  }
}

/**
 * Personal access tokens: named secrets for scripts and other apps, stored as their SHA-256 only.
 * A token acts as its owner with two limits: a `read` token may only call GET, and no token may
 * call administration or account-security calls (`sessionOnly`), even an administrator's: a leaked
 * token cannot take over an account or the server.
 */
export interface AccessTokensDependencies {
  database: Database
  /** The server's clock (tests control it). */
  now: () => Date
}

export function createAccessTokens({ database, now }: AccessTokensDependencies) {
  const { reads } = database

  return {
    async list(user: UserEntity): Promise<AccessTokensResponse> {
      const rows = await reads.accessTokens.live(user.id)
      return { status: 'success', data: { tokens: rows.map(present) } }
    },

    /** Creates a token; the answer is the only time its secret is seen. */
    async create(user: UserEntity, body: z.output<typeof createTokenBody>): Promise<CreatedTokenResponse> {
      const secret = `${PREFIX}${randomToken()}`
      const createdAt = now()
      const row = Object.assign(new AccessTokenEntity(), {
        id: shortId(),
        userId: user.id,
        name: body.name,
        tokenHash: hashToken(secret),
        scope: body.scope,
        createdAt,
        expiresAt: body.expires_in_days === null ? null : new Date(createdAt.getTime() + body.expires_in_days * DAY_MS),
        lastUsedAt: null,
        revokedAt: null,
      })
      await database.write(({ accessTokens }) => accessTokens.insert(row))
      return { status: 'created', data: { token: present(row), secret } }
    },

    /** Revokes one of the user's tokens at once; it is then refused with its own message. */
    async revoke(user: UserEntity, id: string): Promise<void> {
      await database.write(async ({ accessTokens }) => {
        if (!(await accessTokens.revoke(user.id, id, now()))) throw new AppError('access_token_not_found')
      })
    },

    /** The owner of a token allowed to make this call, or a catalogued refusal. */
    async authenticate(secret: string, endpoint: EndpointSpec): Promise<UserEntity> {
      const row = await reads.accessTokens.byHashWithUser(hashToken(secret))
      if (!row?.user) throw new AppError('auth_token_invalid')
      // Like a session of a deactivated account.
      if (!row.user.isActive) throw new AppError('auth_token_missing')
      if (row.revokedAt) throw new AppError('access_token_revoked')
      const time = now()
      if (row.expiresAt && row.expiresAt.getTime() <= time.getTime()) throw new AppError('access_token_expired')
      if (endpoint.access === 'admin' || endpoint.sessionOnly) throw new AppError('access_token_not_allowed')
      if (row.scope === 'read' && endpoint.method !== 'GET') throw new AppError('access_token_read_only')
      if (!row.lastUsedAt || time.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
        await database.write(({ accessTokens }) => accessTokens.markUsed(row.id, time))
      }
      return row.user
    },
  }
}

export type AccessTokens = ReturnType<typeof createAccessTokens>

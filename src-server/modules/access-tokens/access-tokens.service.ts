import { IsNull, type EntityManager } from 'typeorm'
import type { z } from 'zod'
import type { AccessToken, AccessTokensResponse, CreatedTokenResponse, createTokenBody, EndpointSpec } from '../../../src/contracts'
import { AppError } from '../../../src/errors'
import type { ServerContext } from '../../context'
import { AccessTokenEntity, type UserEntity } from '../../db/entities'
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
 * Revokes every live token of a user, inside the write of a password change or reset: a stolen
 * session must not mint a token that outlives the new password.
 * @returns the revoked tokens' names, oldest first (for the notice e-mail)
 */
export async function revokeAllTokens(manager: EntityManager, userId: number, at: Date): Promise<string[]> {
  const live = await manager.find(AccessTokenEntity, { where: { userId, revokedAt: IsNull() }, select: { id: true, name: true }, order: { createdAt: 'ASC' } })
  if (live.length > 0) await manager.update(AccessTokenEntity, { userId, revokedAt: IsNull() }, { revokedAt: at })
  return live.map((row) => row.name)
}

/**
 * Personal access tokens: named secrets for scripts and other apps, stored as their SHA-256 only.
 * A token acts as its owner with two limits: a `read` token may only call GET, and no token may
 * call administration or account-security calls (`sessionOnly`), even an administrator's: a leaked
 * token cannot take over an account or the server.
 */
export function createAccessTokens(context: ServerContext) {
  const { db, write, now } = context

  return {
    async list(user: UserEntity): Promise<AccessTokensResponse> {
      const rows = await db.manager.find(AccessTokenEntity, { where: { userId: user.id, revokedAt: IsNull() }, order: { createdAt: 'ASC' } })
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
      await write((manager) => manager.insert(AccessTokenEntity, row))
      return { status: 'created', data: { token: present(row), secret } }
    },

    /** Revokes one of the user's tokens at once; it is then refused with its own message. */
    async revoke(user: UserEntity, id: string): Promise<void> {
      await write(async (manager) => {
        const revoked = await manager.update(AccessTokenEntity, { id, userId: user.id, revokedAt: IsNull() }, { revokedAt: now() })
        if (!revoked.affected) throw new AppError('access_token_not_found')
      })
    },

    /** The owner of a token allowed to make this call, or a catalogued refusal. */
    async authenticate(secret: string, endpoint: EndpointSpec): Promise<UserEntity> {
      const row = await db.manager.findOne(AccessTokenEntity, { where: { tokenHash: hashToken(secret) }, relations: { user: true } })
      if (!row?.user) throw new AppError('auth_token_invalid')
      // Like a session of a deactivated account.
      if (!row.user.isActive) throw new AppError('auth_token_missing')
      if (row.revokedAt) throw new AppError('access_token_revoked')
      const time = now()
      if (row.expiresAt && row.expiresAt.getTime() <= time.getTime()) throw new AppError('access_token_expired')
      if (endpoint.access === 'admin' || endpoint.sessionOnly) throw new AppError('access_token_not_allowed')
      if (row.scope === 'read' && endpoint.method !== 'GET') throw new AppError('access_token_read_only')
      if (!row.lastUsedAt || time.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
        await write((manager) => manager.update(AccessTokenEntity, { id: row.id }, { lastUsedAt: time }))
      }
      return row.user
    },
  }
}

export type AccessTokens = ReturnType<typeof createAccessTokens>

import { IsNull, type EntityManager } from 'typeorm'
import { AccessTokenEntity } from '../entities'

/** Personal access tokens (stored as their SHA-256 only); a revoked token stays, unlisted. */
export function accessTokensRepository(manager: EntityManager) {
  return {
    /** A user's tokens not revoked (expired ones included), oldest first. */
    live: (userId: number): Promise<AccessTokenEntity[]> =>
      manager.find(AccessTokenEntity, { where: { userId, revokedAt: IsNull() }, order: { createdAt: 'ASC' } }),

    /** The token of this hash with its owner, or null. */
    byHashWithUser: (tokenHash: string): Promise<AccessTokenEntity | null> =>
      manager.findOne(AccessTokenEntity, { where: { tokenHash }, relations: { user: true } }),

    async insert(token: AccessTokenEntity): Promise<void> {
      await manager.insert(AccessTokenEntity, token)
    },

    /** Revokes one live token of the user; false when there is none of that id. */
    async revoke(userId: number, id: string, at: Date): Promise<boolean> {
      const revoked = await manager.update(AccessTokenEntity, { id, userId, revokedAt: IsNull() }, { revokedAt: at })
      return Boolean(revoked.affected)
    },

    /**
     * Revokes every live token of a user.
     * @returns the revoked tokens' names, oldest first
     */
    async revokeAll(userId: number, at: Date): Promise<string[]> {
      const live = await manager.find(AccessTokenEntity, { where: { userId, revokedAt: IsNull() }, select: { id: true, name: true }, order: { createdAt: 'ASC' } })
      if (live.length > 0) await manager.update(AccessTokenEntity, { userId, revokedAt: IsNull() }, { revokedAt: at })
      return live.map((row) => row.name)
    },

    async markUsed(id: string, at: Date): Promise<void> {
      await manager.update(AccessTokenEntity, { id }, { lastUsedAt: at })
    },
  }
}

export type AccessTokensRepository = ReturnType<typeof accessTokensRepository>

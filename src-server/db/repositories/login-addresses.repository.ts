import type { EntityManager } from 'typeorm'
import { LoginAddressEntity } from '../entities'
import { dialectOf } from '../dialect'

/** Addresses kept per user: their devices, not every café they logged in from once. */
const ADDRESSES_KEPT = 20

/** The addresses each user has logged in from with the right password (see the failed-login limits). */
export function loginAddressesRepository(manager: EntityManager) {
  const dialect = dialectOf(manager)
  return {
    /** Whether the user has logged in from this address before. */
    isKnown: (userId: number, address: string): Promise<boolean> => manager.existsBy(LoginAddressEntity, { userId, address }),

    /** Remembers a successful login's address; only the most recent few per user are kept. */
    async remember(userId: number, address: string, at: Date): Promise<void> {
      await manager.upsert(LoginAddressEntity, { userId, address, lastLoginAt: at }, ['userId', 'address'])
      await manager.query(
        dialect.sql(`DELETE FROM login_address WHERE user_id = ? AND address NOT IN
           (SELECT address FROM login_address WHERE user_id = ? ORDER BY last_login_at DESC LIMIT ?)`),
        [userId, userId, ADDRESSES_KEPT],
      )
    },
  }
}

export type LoginAddressesRepository = ReturnType<typeof loginAddressesRepository>

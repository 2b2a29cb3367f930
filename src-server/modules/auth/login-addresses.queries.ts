import type { EntityManager } from 'typeorm'
import { LoginAddressEntity } from '../../db/entities'

/** Addresses kept per user: their devices, not every café they logged in from once. */
const ADDRESSES_KEPT = 20

/** Whether the user has logged in from this address before. */
export async function isKnownLoginAddress(manager: EntityManager, userId: number, address: string): Promise<boolean> {
  return manager.existsBy(LoginAddressEntity, { userId, address })
}

/** Remembers a successful login's address; only the most recent few per user are kept. */
export async function rememberLoginAddress(manager: EntityManager, userId: number, address: string, at: Date): Promise<void> {
  await manager.upsert(LoginAddressEntity, { userId, address, lastLoginAt: at }, ['userId', 'address'])
  await manager.query(
    `DELETE FROM login_address WHERE user_id = ? AND address NOT IN
       (SELECT address FROM login_address WHERE user_id = ? ORDER BY last_login_at DESC LIMIT ?)`,
    [userId, userId, ADDRESSES_KEPT],
  )
}

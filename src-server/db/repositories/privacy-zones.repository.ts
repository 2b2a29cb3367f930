import type { EntityManager } from 'typeorm'
import { PrivacyZoneEntity } from '../entities'

/** Each user's privacy zones. */
export function privacyZonesRepository(manager: EntityManager) {
  return {
    /** A user's zones, oldest first. */
    ofUser: (userId: number): Promise<PrivacyZoneEntity[]> => manager.find(PrivacyZoneEntity, { where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } }),
    /** How many zones a user has. */
    countOfUser: (userId: number): Promise<number> => manager.countBy(PrivacyZoneEntity, { userId }),
    add: async (zone: PrivacyZoneEntity): Promise<void> => {
      await manager.insert(PrivacyZoneEntity, zone)
    },
    /** Deletes one of a user's zones; false when the user has no such zone. */
    remove: async (userId: number, id: string): Promise<boolean> => ((await manager.delete(PrivacyZoneEntity, { id, userId })).affected ?? 0) > 0,
  }
}

export type PrivacyZonesRepository = ReturnType<typeof privacyZonesRepository>

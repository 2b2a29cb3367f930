import type { EntityManager } from 'typeorm'
import { SportEntity } from '../entities'

/** The sports (shared by every user; users' own settings of them are in the users repository). */
export function sportsRepository(manager: EntityManager) {
  return {
    /** Every sport, by id. */
    all: (): Promise<SportEntity[]> => manager.find(SportEntity, { order: { id: 'ASC' } }),
    byId: (id: number): Promise<SportEntity | null> => manager.findOneBy(SportEntity, { id }),
    exists: (id: number): Promise<boolean> => manager.existsBy(SportEntity, { id }),
    save: (sport: SportEntity): Promise<SportEntity> => manager.save(sport),
  }
}

export type SportsRepository = ReturnType<typeof sportsRepository>

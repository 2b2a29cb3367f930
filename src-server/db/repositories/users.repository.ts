import type { EntityManager } from 'typeorm'
import { UserEntity, UserSportPreferenceEntity } from '../entities'

/** The accounts, with their sport preferences. */
export function usersRepository(manager: EntityManager) {
  return {
    byUsername: (username: string): Promise<UserEntity | null> => manager.findOneBy(UserEntity, { username }),
    /** How many accounts exist, active or not. */
    count: (): Promise<number> => manager.count(UserEntity),
    /** A user's own settings of the sports (colour, threshold, display, enabled). */
    sportPreferences: (userId: number): Promise<UserSportPreferenceEntity[]> => manager.findBy(UserSportPreferenceEntity, { userId }),
  }
}

export type UsersRepository = ReturnType<typeof usersRepository>

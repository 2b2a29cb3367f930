import type { EntityManager } from 'typeorm'
import { UserEntity, WorkoutEntity } from '../entities'

/** What sharing reads: any user's workout by id, and its owner. Who may see it is decided by the caller. */
export function sharingRepository(manager: EntityManager) {
  return {
    /** The workout of this id, whoever owns it. */
    workoutById: (id: string): Promise<WorkoutEntity | null> => manager.findOneBy(WorkoutEntity, { id }),
    /** The account of this id. */
    userById: (id: number): Promise<UserEntity | null> => manager.findOneBy(UserEntity, { id }),
  }
}

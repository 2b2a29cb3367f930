import type { EntityManager } from 'typeorm'
import { WorkoutEntity } from '../entities'
import { bestWorkoutBy, sportIdsWithWorkouts } from '../../modules/workouts/workouts.queries'

/**
 * What the other aggregates read of workouts. The workouts module's own queries still live in
 * `modules/workouts/workouts.queries.ts` (its move is next: see the README's architecture
 * section); until then, this repository reads through them.
 */
export function workoutsRepository(manager: EntityManager) {
  return {
    /** How many workouts the server holds. */
    count: (): Promise<number> => manager.count(WorkoutEntity),
    /** The stored files of a user's workouts (original and map), to remove once the user is gone. */
    filesOfUser: (userId: number): Promise<Pick<WorkoutEntity, 'filePath' | 'mapId'>[]> =>
      manager.find(WorkoutEntity, { where: { userId }, select: { filePath: true, mapId: true } }),
    /** Ids of the sports that have at least one workout (anyone's). */
    sportIdsWithWorkouts: (): Promise<Set<number>> => sportIdsWithWorkouts(manager),
    /** The workout with the highest positive value of a column among a user's workouts of one sport (ties: earliest, then smallest id). */
    bestBy: (userId: number, sportId: number, column: Parameters<typeof bestWorkoutBy>[3]) => bestWorkoutBy(manager, userId, sportId, column),
  }
}

export type WorkoutsRepository = ReturnType<typeof workoutsRepository>

import type { EntityManager } from 'typeorm'
import { sportIdsWithWorkouts } from '../../modules/workouts/workouts.queries'

/**
 * What the other aggregates read of workouts. The workouts module's own queries still live in
 * `modules/workouts/workouts.queries.ts` (its move is next: see the README's architecture
 * section); until then, this repository reads through them.
 */
export function workoutsRepository(manager: EntityManager) {
  return {
    /** Ids of the sports that have at least one workout (anyone's). */
    sportIdsWithWorkouts: (): Promise<Set<number>> => sportIdsWithWorkouts(manager),
  }
}

export type WorkoutsRepository = ReturnType<typeof workoutsRepository>

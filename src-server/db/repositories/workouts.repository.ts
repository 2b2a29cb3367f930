import type { EntityManager } from 'typeorm'
import { WorkoutEntity } from '../entities'
import { dialectOf } from '../dialect'
import { bestWorkoutBy, heatmapLinesOf, sportIdsWithWorkouts, workoutDayFigures, type WorkoutListFilter } from '../../modules/workouts/workouts.queries'

/** The figures of one workout that day totals need. */
export interface WorkoutDayFigures {
  date: Date
  distance: number | null
  moving: number | null
  ascent: number | null
  descent: number | null
  aveSpeed: number | null
}

/**
 * What the other aggregates read of workouts. The workouts module's own queries still live in
 * `modules/workouts/workouts.queries.ts` (its move is next: see the README's architecture
 * section); until then, this repository reads through them.
 */
export function workoutsRepository(manager: EntityManager) {
  const dialect = dialectOf(manager)
  return {
    /** How many workouts the server holds. */
    count: (): Promise<number> => manager.count(WorkoutEntity),
    /** The workout exists and is (still) of this sport. */
    existsOfSport: (id: string, sportId: number): Promise<boolean> => manager.existsBy(WorkoutEntity, { id, sportId }),
    /** The stored files of a user's workouts (original and map), to remove once the user is gone. */
    filesOfUser: (userId: number): Promise<Pick<WorkoutEntity, 'filePath' | 'mapId'>[]> =>
      manager.find(WorkoutEntity, { where: { userId }, select: { filePath: true, mapId: true } }),
    /** Ids of the sports that have at least one workout (anyone's). */
    sportIdsWithWorkouts: (): Promise<Set<number>> => sportIdsWithWorkouts(manager),
    /** The workout with the highest positive value of a column among a user's workouts of one sport (ties: earliest, then smallest id). */
    bestBy: (userId: number, sportId: number, column: Parameters<typeof bestWorkoutBy>[3]) => bestWorkoutBy(manager, userId, sportId, column),
    /** The day figures of every workout of a user. */
    async dayFigures(userId: number): Promise<WorkoutDayFigures[]> {
      const rows = await workoutDayFigures(manager, userId)
      return rows.map((row) => ({
        date: dialect.dateOf(row.workout_date),
        distance: row.distance,
        moving: row.moving,
        ascent: row.ascent,
        descent: row.descent,
        aveSpeed: row.ave_speed,
      }))
    },
    /** Heatmap lines of a user's filtered workouts that have positions. */
    heatmapLines: (userId: number, filter: WorkoutListFilter): Promise<string[]> => heatmapLinesOf(manager, userId, filter),
  }
}

export type WorkoutsRepository = ReturnType<typeof workoutsRepository>

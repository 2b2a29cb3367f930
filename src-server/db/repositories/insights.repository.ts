import type { EntityManager } from 'typeorm'
import { INSIGHTS_VERSION, type StoredInsights } from '../../../src/domain/insights'
import { unpackInsights, type PackedInsights } from '../../compute/packed-insights'
import { WorkoutBestEffortEntity, WorkoutInsightEntity, type BestEffortKind } from '../entities'
import { dialectOf } from '../dialect'
import { insertRows, insertRowsShared } from '../insert-rows'

/** One best effort of a workout, with the workout's sport, id and date. */
export interface BestEffortRow {
  sportId: number
  kind: BestEffortKind
  target: number
  value: number
  workoutId: string
  workoutDate: Date
}

/** A workout with a file whose insights are missing or outdated. */
export interface PendingInsights {
  id: string
  userId: number
  sportId: number
  filePath: string
  workoutDate: Date
}

/** Workouts with a file whose insights are missing or of another version than `?`. */
const PENDING_SQL = `FROM workout w LEFT JOIN workout_insight i ON i.workout_id = w.id
  WHERE w.file_path IS NOT NULL AND (i.workout_id IS NULL OR i.version != ?)`

/** Workouts' insights: splits, laps and zone histograms (one compressed document each) and best efforts (rows, ranked across workouts). */
export function insightsRepository(manager: EntityManager) {
  const dialect = dialectOf(manager)
  const query = <T>(sql: string, params: unknown[]) => manager.query<T>(dialect.sql(sql), params)

  return {
    /**
     * Stores a workout's insights (packed in the worker), replacing any earlier ones: the
     * compressed document and one row per best effort (for personal bests across workouts).
     * @param options.isNew the workout was created in this transaction: it has no earlier insights
     *   to replace, so its rows are plain inserts, shared with the other files of an archive (see
     *   `insertRowsShared`)
     */
    async save(workoutId: string, insights: PackedInsights, { isNew = false } = {}): Promise<void> {
      const efforts = [
        ...insights.distanceEfforts.map((effort) => ({ workoutId, kind: 'distance' as const, target: effort.distanceM, value: effort.movingMs })),
        ...insights.powerEfforts.map((effort) => ({ workoutId, kind: 'power' as const, target: effort.durationS, value: effort.watts })),
      ]
      if (isNew) {
        await insertRowsShared(manager, WorkoutInsightEntity, [{ workoutId, version: insights.version, data: insights.document }])
        await insertRowsShared(manager, WorkoutBestEffortEntity, efforts)
        return
      }
      await query(`DELETE FROM workout_best_effort WHERE workout_id = ?`, [workoutId])
      await query(
        `INSERT INTO workout_insight (workout_id, version, data) VALUES (?, ?, ?)
          ON CONFLICT (workout_id) DO UPDATE SET version = excluded.version, data = excluded.data`,
        [workoutId, insights.version, insights.document],
      )
      await insertRows(manager, WorkoutBestEffortEntity, efforts)
    },

    /** A workout's stored insights, or null when they were not computed (yet) or are outdated. */
    async load(workoutId: string): Promise<StoredInsights | null> {
      const row = await manager.findOneBy(WorkoutInsightEntity, { workoutId })
      if (!row || row.version !== INSIGHTS_VERSION) return null
      return unpackInsights(row.data)
    },

    /** A user's best efforts over all their workouts, oldest workout first. */
    async bestEffortsOf(userId: number): Promise<BestEffortRow[]> {
      const rows = await query<{ sport_id: number; kind: BestEffortKind; target: number; value: number; id: string; workout_date: unknown }[]>(
        `SELECT w.sport_id, e.kind, e.target, e.value, w.id, w.workout_date FROM workout_best_effort e
          JOIN workout w ON w.id = e.workout_id WHERE w.user_id = ? ORDER BY w.workout_date, w.id`,
        [userId],
      )
      return rows.map((row) => ({
        sportId: row.sport_id,
        kind: row.kind,
        target: row.target,
        value: row.value,
        workoutId: row.id,
        workoutDate: dialect.dateOf(row.workout_date),
      }))
    },

    /**
     * For each effort, how many of a user's efforts of one sport, its kind and target did strictly
     * better than its value (a shorter time for distances, more watts for power): one statement
     * however many efforts (a workout's page ranks each of its own).
     */
    async effortsAhead(userId: number, sportId: number, efforts: readonly { kind: BestEffortKind; target: number; value: number }[]): Promise<number[]> {
      if (efforts.length === 0) return []
      const counts = efforts.map(
        (effort, index) =>
          `(SELECT COUNT(*) FROM workout_best_effort e JOIN workout w ON w.id = e.workout_id
             WHERE w.user_id = ? AND w.sport_id = ? AND e.kind = ? AND e.target = ? AND e.value ${effort.kind === 'distance' ? '<' : '>'} ?) AS ahead${index}`,
      )
      const [row] = await query<Record<string, number>[]>(
        `SELECT ${counts.join(', ')}`,
        efforts.flatMap((effort) => [userId, sportId, effort.kind, effort.target, effort.value]),
      )
      return efforts.map((_, index) => row?.[`ahead${index}`] ?? 0)
    },

    /** How many workouts with a file have no insights of the current version. */
    async countPending(): Promise<number> {
      const [count] = await query<{ total: number }[]>(`SELECT COUNT(*) AS total ${PENDING_SQL}`, [INSIGHTS_VERSION])
      return count?.total ?? 0
    },

    /** The next `limit` of those workouts by id after `afterId`. */
    async pending(afterId: string, limit: number): Promise<PendingInsights[]> {
      const rows = await query<{ id: string; user_id: number; sport_id: number; file_path: string; workout_date: unknown }[]>(
        `SELECT w.id, w.user_id, w.sport_id, w.file_path, w.workout_date ${PENDING_SQL} AND w.id > ? ORDER BY w.id LIMIT ?`,
        [INSIGHTS_VERSION, afterId, limit],
      )
      return rows.map((row) => ({ id: row.id, userId: row.user_id, sportId: row.sport_id, filePath: row.file_path, workoutDate: dialect.dateOf(row.workout_date) }))
    },
  }
}

export type InsightsRepository = ReturnType<typeof insightsRepository>

/** The SQL of workout insights: services decide what to ask, this module how to ask SQLite. */
import type { EntityManager } from 'typeorm'
import type { BestEffortKind } from '../../db/entities'

/** One best effort of a workout, with the workout's sport, id and date. */
export interface BestEffortRow {
  sport_id: number
  kind: BestEffortKind
  target: number
  value: number
  id: string
  workout_date: string
}

/** A workout with a file whose insights are missing or outdated. */
export interface PendingInsightsRow {
  id: string
  user_id: number
  sport_id: number
  file_path: string
  workout_date: string
}

/** Removes a workout's best-effort rows (before its new ones are written). */
export async function deleteBestEfforts(manager: EntityManager, workoutId: string): Promise<void> {
  await manager.query(`DELETE FROM workout_best_effort WHERE workout_id = ?`, [workoutId])
}

/** Writes a workout's insights document (gzipped JSON), replacing an earlier one, in one statement. */
export async function upsertInsightDocument(manager: EntityManager, workoutId: string, version: number, data: Buffer): Promise<void> {
  await manager.query(
    `INSERT INTO workout_insight (workout_id, version, data) VALUES (?, ?, ?)
      ON CONFLICT (workout_id) DO UPDATE SET version = excluded.version, data = excluded.data`,
    [workoutId, version, data],
  )
}

/** A user's best efforts over all their workouts, oldest workout first. */
export async function bestEffortsOf(manager: EntityManager, userId: number): Promise<BestEffortRow[]> {
  return manager.query<BestEffortRow[]>(
    `SELECT w.sport_id, e.kind, e.target, e.value, w.id, w.workout_date FROM workout_best_effort e
      JOIN workout w ON w.id = e.workout_id WHERE w.user_id = ? ORDER BY w.workout_date, w.id`,
    [userId],
  )
}

/**
 * How many of a user's efforts of one sport, kind and target did strictly better than `value`
 * (a shorter time for distances, more watts for power).
 */
export async function effortsAhead(
  manager: EntityManager,
  effort: { userId: number; sportId: number; kind: BestEffortKind; target: number; value: number },
): Promise<number> {
  const [row] = await manager.query<{ ahead: number }[]>(
    `SELECT COUNT(*) AS ahead FROM workout_best_effort e JOIN workout w ON w.id = e.workout_id
      WHERE w.user_id = ? AND w.sport_id = ? AND e.kind = ? AND e.target = ? AND e.value ${effort.kind === 'distance' ? '<' : '>'} ?`,
    [effort.userId, effort.sportId, effort.kind, effort.target, effort.value],
  )
  return row?.ahead ?? 0
}

/** Workouts with a file whose insights are missing or of another version than `version`. */
const PENDING_SQL = `FROM workout w LEFT JOIN workout_insight i ON i.workout_id = w.id
  WHERE w.file_path IS NOT NULL AND (i.workout_id IS NULL OR i.version != ?)`

export async function countPendingInsights(manager: EntityManager, version: number): Promise<number> {
  const [count] = await manager.query<{ total: number }[]>(`SELECT COUNT(*) AS total ${PENDING_SQL}`, [version])
  return count?.total ?? 0
}

/** The next `limit` pending workouts by id after `afterId`. */
export async function pendingInsights(manager: EntityManager, version: number, afterId: string, limit: number): Promise<PendingInsightsRow[]> {
  return manager.query<PendingInsightsRow[]>(
    `SELECT w.id, w.user_id, w.sport_id, w.file_path, w.workout_date ${PENDING_SQL} AND w.id > ? ORDER BY w.id LIMIT ?`,
    [version, afterId, limit],
  )
}

/** The SQL of record reads: services decide what to ask, this module how to ask SQLite. */
import type { EntityManager } from 'typeorm'
import type { RecordEntity } from '../../db/entities'
import { placeholders } from '../../db/placeholders'
import { fromSqlDate } from '../../lib/sql-date'

/** A record as the presenters read it (the entity's fields, without going through TypeORM's hydration). */
export type RecordRow = Pick<RecordEntity, 'id' | 'userId' | 'sportId' | 'workoutId' | 'recordType' | 'value' | 'workoutDate'>

const RECORD_COLUMNS = `id, user_id AS userId, sport_id AS sportId, workout_id AS workoutId, record_type AS recordType, value, workout_date AS workoutDate`

async function recordRows(manager: EntityManager, sql: string, params: unknown[]): Promise<RecordRow[]> {
  const rows = await manager.query<(Omit<RecordRow, 'workoutDate'> & { workoutDate: string })[]>(sql, params)
  return rows.map((row) => ({ ...row, workoutDate: fromSqlDate(row.workoutDate) }))
}

/** A user's records, by sport then type. */
export function recordsOfUser(manager: EntityManager, userId: number): Promise<RecordRow[]> {
  return recordRows(manager, `SELECT ${RECORD_COLUMNS} FROM record WHERE user_id = ? ORDER BY sport_id, record_type`, [userId])
}

/** The records some workouts hold, by type. */
export function recordsOfWorkouts(manager: EntityManager, workoutIds: readonly string[]): Promise<RecordRow[]> {
  if (workoutIds.length === 0) return Promise.resolve([])
  return recordRows(manager, `SELECT ${RECORD_COLUMNS} FROM record WHERE workout_id IN (${placeholders(workoutIds)}) ORDER BY record_type`, [
    ...workoutIds,
  ])
}

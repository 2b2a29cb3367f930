/** The SQL of record reads: services decide what to ask, this module how to ask SQLite. */
import type { EntityManager } from 'typeorm'
import type { RecordEntity } from '../../db/entities'
import { packedRows, type PackedRow } from '../../db/packed-rows'
import { placeholders } from '../../db/placeholders'
import { fromSqlDate } from '../../lib/sql-date'

/** A record as the presenters read it (the entity's fields, without going through TypeORM's hydration). */
export type RecordRow = Pick<RecordEntity, 'id' | 'userId' | 'sportId' | 'workoutId' | 'recordType' | 'value' | 'workoutDate'>

const RECORD_ROWS = packedRows<keyof RecordRow>([
  ['id', 'id', 'integer'],
  ['userId', 'user_id', 'integer'],
  ['sportId', 'sport_id', 'integer'],
  ['workoutId', 'workout_id', 'text'],
  ['recordType', 'record_type', 'text'],
  ['value', 'value', 'real'],
  ['workoutDate', 'workout_date', 'text'],
])

/** A record row from its packed form. */
function recordOf(row: PackedRow): RecordRow {
  const stored = RECORD_ROWS.unpack(row) as Omit<RecordRow, 'workoutDate'> & { workoutDate: string }
  return { ...stored, workoutDate: fromSqlDate(stored.workoutDate) }
}

/** Record rows in packed form (`packedRows`), for other modules' statements reading `record` (the workout list's). */
export const packedRecords = { select: (width?: number) => RECORD_ROWS.select(width), unpack: recordOf }

/** Record rows (`FROM record`), each in packed form. */
async function recordRows(manager: EntityManager, fromWhere: string, params: unknown[]): Promise<RecordRow[]> {
  const rows = await manager.query<PackedRow[]>(`SELECT ${RECORD_ROWS.select()} ${fromWhere}`, params)
  return rows.map(recordOf)
}

/** A user's records, by sport then type. */
export function recordsOfUser(manager: EntityManager, userId: number): Promise<RecordRow[]> {
  return recordRows(manager, `FROM record WHERE user_id = ? ORDER BY sport_id, record_type`, [userId])
}

/** The records some workouts hold, by type. */
export function recordsOfWorkouts(manager: EntityManager, workoutIds: readonly string[]): Promise<RecordRow[]> {
  if (workoutIds.length === 0) return Promise.resolve([])
  return recordRows(manager, `FROM record WHERE workout_id IN (${placeholders(workoutIds)}) ORDER BY record_type`, [
    ...workoutIds,
  ])
}

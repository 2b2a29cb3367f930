import type { EntityManager } from 'typeorm'
import { RecordEntity } from '../entities'
import { dialectOf, sqliteDialect, type Dialect } from '../dialect'
import { insertRows } from '../insert-rows'
import { packedRows, type PackedRow } from '../packed-rows'

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
function recordOf(row: PackedRow, dialect: Dialect, values?: readonly unknown[]): RecordRow {
  const stored = RECORD_ROWS.unpack(row, values) as Omit<RecordRow, 'workoutDate'> & { workoutDate: unknown }
  return { ...stored, workoutDate: dialect.dateOf(stored.workoutDate) }
}

/** Record rows in packed form (`packedRows`), for other modules' statements reading `record` (the workout list's). */
export const packedRecords = {
  select: (width?: number, dialect: Dialect = sqliteDialect, keys?: readonly string[]) => RECORD_ROWS.select(width, dialect, keys),
  unpack: (row: PackedRow, dialect: Dialect = sqliteDialect, values?: readonly unknown[]) => recordOf(row, dialect, values),
}

/** Users' records: the best workout of each user, sport and record type (a read model kept by the records service). */
export function recordsRepository(manager: EntityManager) {
  const dialect = dialectOf(manager)

  /** Record rows (`FROM record`), each in packed form. */
  async function recordRows(fromWhere: string, params: unknown[]): Promise<RecordRow[]> {
    const rows = await manager.query<PackedRow[]>(dialect.sql(`SELECT ${RECORD_ROWS.select(undefined, dialect)} ${fromWhere}`), params)
    return rows.map((row) => recordOf(row, dialect))
  }

  return {
    /** A user's records, by sport then type. */
    ofUser: (userId: number): Promise<RecordRow[]> => recordRows(`FROM record WHERE user_id = ? ORDER BY sport_id, record_type`, [userId]),

    /** The records some workouts hold, by type. */
    ofWorkouts(workoutIds: readonly string[]): Promise<RecordRow[]> {
      if (workoutIds.length === 0) return Promise.resolve([])
      return recordRows(`FROM record WHERE workout_id IN (${dialect.placeholders(workoutIds)}) ORDER BY record_type`, [...workoutIds])
    },

    /** A user's records of one sport (entities, to be brought up to date). */
    ofSport: (userId: number, sportId: number): Promise<RecordEntity[]> => manager.findBy(RecordEntity, { userId, sportId }),

    async removeOfSport(userId: number, sportId: number): Promise<void> {
      await manager.delete(RecordEntity, { userId, sportId })
    },

    /** New records, in one statement (one round trip on PostgreSQL, where an upload's first workout of a sport adds five). */
    addAll: (records: readonly Omit<RecordEntity, 'id' | 'workout'>[]): Promise<void> => insertRows(manager, RecordEntity, records),

    /** Gives a record another holder. */
    async replaceHolder(id: number, holder: Pick<RecordEntity, 'workoutId' | 'value' | 'workoutDate'>): Promise<void> {
      await manager.update(RecordEntity, { id }, holder)
    },
  }
}

export type RecordsRepository = ReturnType<typeof recordsRepository>

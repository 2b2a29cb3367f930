import type { RecordsResponse } from '../../../src/contracts'
import { RecordEntity, type RecordType, type UserEntity, type WorkoutEntity } from '../../db/entities'
import type { Database, Repositories } from '../../db/repositories'
import { presentRecord } from '../users/user.presenter'

/**
 * The workout column each record type takes its value from (longest duration uses moving time),
 * as named in SQL and in the entity.
 */
const RECORD_COLUMNS = {
  AS: { column: 'ave_speed', field: 'aveSpeed' },
  FD: { column: 'distance', field: 'distance' },
  HA: { column: 'ascent', field: 'ascent' },
  LD: { column: 'moving', field: 'moving' },
  MS: { column: 'max_speed', field: 'maxSpeed' },
} as const satisfies Record<RecordType, { column: string; field: keyof WorkoutEntity }>

const RECORD_TYPES = Object.keys(RECORD_COLUMNS) as RecordType[]

/**
 * Recomputes a user's records for one sport inside the caller's transaction (`repositories`): for each
 * type the workout with the highest value wins, ties going to the earliest; a best value of zero
 * (or no value, e.g. no elevation for HA) gives no record.
 */
export async function recomputeRecords({ records, workouts }: Repositories, userId: number, sportId: number): Promise<void> {
  await records.removeOfSport(userId, sportId)
  const added = []
  for (const recordType of RECORD_TYPES) {
    const best = await workouts.bestBy(userId, sportId, RECORD_COLUMNS[recordType].column)
    if (best) added.push({ userId, sportId, workoutId: best.id, recordType, value: best.value, workoutDate: best.workoutDate })
  }
  await records.addAll(added)
}

/** True when a workout's value ranks before a record's, in the order of `WorkoutsRepository.bestBy`. */
function ranksBefore(value: number, workout: WorkoutEntity, record: RecordEntity): boolean {
  const [date, recordDate] = [workout.workoutDate.getTime(), record.workoutDate.getTime()]
  // Stryker disable next-line EqualityOperator: a workout is never compared with its own record (its id is new), so `<` and `<=` agree
  const idBefore = workout.id < record.workoutId
  return value > record.value || (value === record.value && (date < recordDate || (date === recordDate && idBefore)))
}

/**
 * Brings a user's records for one sport up to date with workouts just added to it, inside the
 * caller's transaction (`repositories`): the new workouts are compared with the current records only,
 * which gives what {@link recomputeRecords} would, without reading the sport's other workouts (an
 * import costs the same whatever the history's size). Edits and deletions recompute.
 */
export async function addToRecords({ records }: Repositories, userId: number, sportId: number, added: readonly WorkoutEntity[]): Promise<void> {
  const current = new Map((await records.ofSport(userId, sportId)).map((record) => [record.recordType, record]))
  const created: RecordEntity[] = []
  for (const recordType of RECORD_TYPES) {
    const before = current.get(recordType)
    // The added workout that beats the record (or makes the first one), if any.
    let best: RecordEntity | undefined
    for (const workout of added) {
      // A transition (T1, T2) is nobody's record.
      if (workout.transition) continue
      const value = workout[RECORD_COLUMNS[recordType].field] ?? 0
      const holder = best ?? before
      if (!(value > 0) || (holder && !ranksBefore(value, workout, holder))) continue
      best = Object.assign(new RecordEntity(), { userId, sportId, recordType, workoutId: workout.id, value, workoutDate: workout.workoutDate })
    }
    if (!best) continue
    if (before) await records.replaceHolder(before.id, { workoutId: best.workoutId, value: best.value, workoutDate: best.workoutDate })
    else created.push(best)
  }
  await records.addAll(created)
}

/**
 * Brings a user's records of one sport up to date with one workout whose figures changed (the
 * background recompute), inside the caller's transaction: recomputed when the workout held one
 * (its value may have dropped below another workout's), else compared as a new workout is.
 */
export async function refreshRecordsOf(repositories: Repositories, workout: WorkoutEntity): Promise<void> {
  const held = await repositories.records.ofSport(workout.userId, workout.sportId)
  if (held.some((record) => record.workoutId === workout.id)) await recomputeRecords(repositories, workout.userId, workout.sportId)
  else await addToRecords(repositories, workout.userId, workout.sportId, [workout])
}

export type RecordsService = ReturnType<typeof createRecordsService>

export function createRecordsService({ database }: { database: Database }) {
  return {
    /** The caller's records, by sport then type. */
    async list(user: UserEntity): Promise<RecordsResponse> {
      const records = await database.read(({ records }) => records.ofUser(user.id))
      return { status: 'success', data: { records: records.map((record) => presentRecord(record, user.username)) } }
    },
  }
}

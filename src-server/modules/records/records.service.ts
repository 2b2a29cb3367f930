import type { EntityManager } from 'typeorm'
import type { RecordsResponse } from '../../../src/contracts'
import type { ServerContext } from '../../context'
import { RecordEntity, type RecordType, type UserEntity } from '../../db/entities'
import { presentRecord } from '../users/user.presenter'
import { bestWorkoutBy } from '../workouts/workouts.queries'

/** The workout column each record type takes its value from (longest duration uses moving time). */
const RECORD_COLUMNS: Readonly<Record<RecordType, 'ave_speed' | 'distance' | 'ascent' | 'moving' | 'max_speed'>> = {
  AS: 'ave_speed',
  FD: 'distance',
  HA: 'ascent',
  LD: 'moving',
  MS: 'max_speed',
}

/**
 * Recomputes a user's records for one sport inside the caller's transaction: for each type the
 * workout with the highest value wins, ties going to the earliest; a best value of zero (or no
 * value, e.g. no elevation for HA) gives no record.
 */
export async function recomputeRecords(manager: EntityManager, userId: number, sportId: number): Promise<void> {
  await manager.delete(RecordEntity, { userId, sportId })
  for (const [recordType, column] of Object.entries(RECORD_COLUMNS) as [RecordType, (typeof RECORD_COLUMNS)[RecordType]][]) {
    const best = await bestWorkoutBy(manager, userId, sportId, column)
    if (!best) continue
    await manager.insert(RecordEntity, {
      userId,
      sportId,
      workoutId: best.id,
      recordType,
      value: best.value,
      workoutDate: best.workoutDate,
    })
  }
}

export type RecordsService = ReturnType<typeof createRecordsService>

export function createRecordsService(context: ServerContext) {
  return {
    /** The caller's records, by sport then type. */
    async list(user: UserEntity): Promise<RecordsResponse> {
      const records = await context.db.manager.find(RecordEntity, {
        where: { userId: user.id },
        order: { sportId: 'ASC', recordType: 'ASC' },
      })
      return { status: 'success', data: { records: records.map((record) => presentRecord(record, user.username)) } }
    },
  }
}

import type { EntityManager } from 'typeorm'
import { INSIGHTS_VERSION, type StoredInsights } from '../../../src/domain/insights'
import { unpackInsights, type PackedInsights } from '../../compute/packed-insights'
import { WorkoutBestEffortEntity, WorkoutInsightEntity } from '../../db/entities'
import { insertRows, insertRowsShared } from '../../db/insert-rows'
import { deleteBestEfforts, upsertInsightDocument } from './insights.queries'

/**
 * Stores a workout's insights (packed in the worker) inside the caller's transaction, replacing
 * any earlier ones: the compressed document and one row per best effort (for personal bests across workouts).
 * @param options.isNew the workout was created in this transaction: it has no earlier insights to
 *   replace, so its rows are plain inserts, shared with the other files of an archive (see
 *   `insertRowsShared`)
 */
export async function saveInsights(manager: EntityManager, workoutId: string, insights: PackedInsights, { isNew = false } = {}): Promise<void> {
  const efforts = [
    ...insights.distanceEfforts.map((effort) => ({ workoutId, kind: 'distance' as const, target: effort.distanceM, value: effort.movingMs })),
    ...insights.powerEfforts.map((effort) => ({ workoutId, kind: 'power' as const, target: effort.durationS, value: effort.watts })),
  ]
  if (isNew) {
    await insertRowsShared(manager, WorkoutInsightEntity, [{ workoutId, version: insights.version, data: insights.document }])
    await insertRowsShared(manager, WorkoutBestEffortEntity, efforts)
    return
  }
  await deleteBestEfforts(manager, workoutId)
  await upsertInsightDocument(manager, workoutId, insights.version, insights.document)
  await insertRows(manager, WorkoutBestEffortEntity, efforts)
}

/** A workout's stored insights, or null when they were not computed (yet) or are outdated. */
export async function loadInsights(manager: EntityManager, workoutId: string): Promise<StoredInsights | null> {
  const row = await manager.findOneBy(WorkoutInsightEntity, { workoutId })
  if (!row || row.version !== INSIGHTS_VERSION) return null
  return unpackInsights(row.data)
}

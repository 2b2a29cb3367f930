import { gunzipSync, gzipSync } from 'node:zlib'
import type { EntityManager } from 'typeorm'
import { INSIGHTS_VERSION, type StoredInsights } from '../../../src/domain/insights'
import { WorkoutBestEffortEntity, WorkoutInsightEntity } from '../../db/entities'
import { insertRows } from '../../db/insert-rows'
import { deleteBestEfforts, upsertInsightDocument } from './insights.queries'

/**
 * Stores a workout's insights inside the caller's transaction, replacing any earlier ones: the
 * compressed document and one row per best effort (for personal bests across workouts).
 * @param options.isNew the workout was created in this transaction: it has no earlier best efforts
 *   to remove (a statement less per file of an archive)
 */
export async function saveInsights(manager: EntityManager, workoutId: string, insights: StoredInsights, { isNew = false } = {}): Promise<void> {
  if (!isNew) await deleteBestEfforts(manager, workoutId)
  // Level 1 as for the chart: nearly the best size for a fraction of the time.
  await upsertInsightDocument(manager, workoutId, insights.version, gzipSync(JSON.stringify(insights), { level: 1 }))
  await insertRows(manager, WorkoutBestEffortEntity, [
    ...insights.distanceEfforts.map((effort) => ({ workoutId, kind: 'distance' as const, target: effort.distanceM, value: effort.movingMs })),
    ...insights.powerEfforts.map((effort) => ({ workoutId, kind: 'power' as const, target: effort.durationS, value: effort.watts })),
  ])
}

/** A workout's stored insights, or null when they were not computed (yet) or are outdated. */
export async function loadInsights(manager: EntityManager, workoutId: string): Promise<StoredInsights | null> {
  const row = await manager.findOneBy(WorkoutInsightEntity, { workoutId })
  if (!row || row.version !== INSIGHTS_VERSION) return null
  return JSON.parse(gunzipSync(row.data).toString('utf8')) as StoredInsights
}

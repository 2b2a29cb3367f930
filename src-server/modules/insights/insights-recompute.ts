import { setImmediate as nextTurn } from 'node:timers/promises'
import type { InsightsRecomputeProgress } from '../../../src/contracts'
import { effortDistancesFor, INSIGHTS_VERSION } from '../../../src/domain/insights'
import type { ServerContext } from '../../context'
import { AppError } from '../../../src/errors'
import { UserEntity, WorkoutEntity } from '../../db/entities'
import { sportAndThreshold, sportSettingsOf } from '../workouts/workout-import'
import { saveInsights } from './insights-store'
import { countPendingInsights, pendingInsights, type PendingInsightsRow } from './insights.queries'
import { fromSqlDate } from '../../lib/sql-date'

/** Workouts read per query: small, so the list never holds a whole history in memory. */
const BATCH = 50

export type InsightsRecompute = ReturnType<typeof createInsightsRecompute>

/**
 * Gives workouts imported before insights existed their splits, laps, best efforts and zone
 * histograms, in the background after start-up, one workout at a time from its original file
 * (a one-off: new imports compute them from the series they analyse). Each workout is committed
 * on its own, and what is pending is read from the database, so an interrupted run loses
 * nothing: the next start carries on where it stopped.
 */
export function createInsightsRecompute(context: ServerContext) {
  const progress: InsightsRecomputeProgress = { running: false, total: 0, done: 0, failed: 0 }

  async function recomputeOne(row: PendingInsightsRow): Promise<void> {
    const { db, write, layout } = context
    const user = await db.manager.findOneBy(UserEntity, { id: row.user_id })
    if (!user) return
    const { sport, threshold } = await sportAndThreshold(sportSettingsOf(db.manager, user), row.sport_id)
    // Each activity of a multi-activity file is its own workout, dated by its start. Parsed and
    // analysed in a worker thread, so the event loop keeps answering requests.
    const file = await context.compute.parseAndAnalyse(`${layout.uploads}/${row.file_path}`, {
      analysis: { stoppedSpeedThresholdKmh: threshold, effortDistancesM: effortDistancesFor(sport.label) },
      joinActivities: false,
      nearestTo: fromSqlDate(row.workout_date).getTime(),
    })
    const [activity] = file.activities
    if (!activity?.analysis) throw activity?.failure ?? new AppError('track_no_track')
    const { analysis } = activity
    await write(async (manager) => {
      // The workout may have been deleted, or re-analysed for a new sport, meanwhile.
      if (await manager.existsBy(WorkoutEntity, { id: row.id, sportId: row.sport_id })) await saveInsights(manager, row.id, analysis.insights)
    })
  }

  async function run(signal: AbortSignal): Promise<void> {
    const { db, config } = context
    progress.total = await countPendingInsights(db.manager, INSIGHTS_VERSION)
    if (progress.total === 0) return
    progress.running = true
    config.logger.info(`computing splits, laps and best efforts of ${progress.total} earlier workout(s) in the background`)
    let afterId = ''
    try {
      for (;;) {
        const rows = await pendingInsights(db.manager, INSIGHTS_VERSION, afterId, BATCH)
        for (const row of rows) {
          if (signal.aborted) return
          try {
            await recomputeOne(row)
          } catch (error) {
            // A file that no longer reads (or went missing) is skipped, not retried in a loop.
            progress.failed++
            config.logger.warn(`insights of workout ${row.id} not computed: ${error instanceof Error ? error.message : String(error)}`)
          }
          progress.done++
          // Let requests through between workouts: this runs while the server answers.
          await nextTurn()
        }
        const last = rows.at(-1)
        if (!last) break
        afterId = last.id
      }
    } finally {
      progress.running = false
    }
  }

  return {
    /** Starts the background run (does nothing visible when every workout is up to date). */
    start(): void {
      context.background.run(run)
    },
    /** Where the run is: for the admin page. */
    progress(): InsightsRecomputeProgress {
      return { ...progress }
    },
  }
}

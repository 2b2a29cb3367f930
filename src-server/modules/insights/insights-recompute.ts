import { setImmediate as nextTurn } from 'node:timers/promises'
import type { InsightsRecomputeProgress } from '../../../src/contracts'
import { insightOptionsFor } from '../../../src/domain/insights'
import { AppError } from '../../../src/errors'
import type { Logger } from '../../config/server-config'
import type { ComputePool } from '../../compute/compute-pool'
import type { Database } from '../../db/repositories'
import type { PendingInsights } from '../../db/repositories/insights.repository'
import type { Background } from '../../lib/background'
import { refreshRecordsOf } from '../records/records.service'
import { reapplyAnalysis, sportAndThreshold, sportSettingsOf } from '../workouts/workout-import'

/** Workouts read per query: small, so the list never holds a whole history in memory. */
const BATCH = 50

export type InsightsRecompute = ReturnType<typeof createInsightsRecompute>

/**
 * Gives workouts imported before insights existed, or before the analysis last changed
 * (`INSIGHTS_VERSION`), their splits, laps, best efforts and zone histograms and their figures as
 * a new import would give them (segments, stored track, the records they change), in the
 * background after start-up, one workout at a time from its original file (new imports compute
 * them from the series they analyse). Each workout is committed
 * on its own, and what is pending is read from the database, so an interrupted run loses
 * nothing: the next start carries on where it stopped.
 */
export interface InsightsRecomputeDependencies {
  database: Database
  compute: Pick<ComputePool, 'parseAndAnalyse'>
  /** The folder of the original files (`DataDirLayout.uploads`). */
  uploadsDir: string
  background: Pick<Background, 'run'>
  logger: Logger
}

export function createInsightsRecompute({ database, compute, uploadsDir, background, logger }: InsightsRecomputeDependencies) {
  const progress: InsightsRecomputeProgress = { running: false, total: 0, done: 0, failed: 0 }
  const { reads } = database

  async function recomputeOne(row: PendingInsights): Promise<void> {
    const user = await reads.users.byId(row.userId)
    if (!user) return
    const { sport, threshold } = await sportAndThreshold(sportSettingsOf(reads, user), row.sportId)
    // Each activity of a multi-activity file is its own workout, dated by its start. Parsed and
    // analysed in a worker thread, so the event loop keeps answering requests.
    const file = await compute.parseAndAnalyse(`${uploadsDir}/${row.filePath}`, {
      analysis: { stoppedSpeedThresholdKmh: threshold, ...insightOptionsFor(sport) },
      joinActivities: false,
      nearestTo: row.workoutDate.getTime(),
    })
    const [activity] = file.activities
    if (!activity?.analysis) throw activity?.failure ?? new AppError('track_no_track')
    const { analysis, packed } = activity
    await database.write(async (repositories) => {
      const { workouts } = repositories
      const workout = await workouts.ofUser(row.id, row.userId)
      // The workout may have been deleted, or re-analysed for a new sport, meanwhile.
      if (workout?.sportId !== row.sportId) return
      await reapplyAnalysis(repositories, workout, { analysis, packed })
      await workouts.save(workout)
      await refreshRecordsOf(repositories, workout)
    })
  }

  async function run(signal: AbortSignal): Promise<void> {
    progress.total = await reads.insights.countPending()
    if (progress.total === 0) return
    progress.running = true
    logger.info(`computing splits, laps and best efforts of ${progress.total} earlier workout(s) in the background`)
    let afterId = ''
    try {
      for (;;) {
        const rows = await reads.insights.pending(afterId, BATCH)
        for (const row of rows) {
          if (signal.aborted) return
          try {
            await recomputeOne(row)
          } catch (error) {
            // A file that no longer reads (or went missing) is skipped, not retried in a loop.
            progress.failed++
            logger.warn(`insights of workout ${row.id} not computed: ${error instanceof Error ? error.message : String(error)}`)
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
      background.run(run)
    },
    /** Where the run is: for the admin page. */
    progress(): InsightsRecomputeProgress {
      return { ...progress }
    },
  }
}

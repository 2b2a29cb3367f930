import type { z } from 'zod'
import type { SportStatistics, statsBySportQuery, StatsBySportResponse, statsByTimeQuery, StatsByTimeResponse } from '../../../src/contracts'
import { roundLikeToFixed } from '../../../src/domain/rounding'
import { periodRanges, type PeriodRange } from '../../../src/domain/statistics'
import { createTransitionCache, createZoneClock, localDayStart, offsetSpans, type ZoneClock } from '../../../src/domain/zoned-time'
import { AppError } from '../../../src/errors'
import type { UserEntity } from '../../db/entities'
import type { Database } from '../../db/repositories'
import { MAX_PERIOD_RANGES, type StatsFilter, type TotalsRow } from '../../db/repositories/stats.repository'

function presentTotals(row: TotalsRow): SportStatistics {
  return {
    nb_workouts: row.nb_workouts,
    total_distance: roundLikeToFixed(row.total_distance, 3),
    total_duration: row.total_duration,
    total_ascent: roundLikeToFixed(row.total_ascent, 2),
    total_descent: roundLikeToFixed(row.total_descent, 2),
    average_speed: roundLikeToFixed(row.average_speed ?? 0, 2),
  }
}

/**
 * The longest range a statistics request may cover: far beyond what the UI asks for (a year, or
 * "all time" without bounds), short enough that no request can make the server walk millennia.
 */
const MAX_STATS_RANGE_YEARS = 50
const MAX_STATS_RANGE_MS = MAX_STATS_RANGE_YEARS * 366 * 86_400_000

/** Up to this range (two years), a bounded request's periods come from its bounds, not from its rows' dates. */
const PERIODS_FROM_FILTER_MAX_MS = 2 * 366 * 86_400_000
/** Users (and sports) whose span of workout dates is remembered for their unbounded statistics. */
const DATE_SPANS_MAX = 10_000

/** Ranges in runs of at most `MAX_PERIOD_RANGES`, cut only between periods (a period's totals come from one statement). */
function runsOf(ranges: readonly PeriodRange[]): PeriodRange[][] {
  const periods: PeriodRange[][] = []
  for (const range of ranges) {
    const period = periods[periods.length - 1]
    if (period?.[0]?.key === range.key) period.push(range)
    else periods.push([range])
  }
  const runs: PeriodRange[][] = []
  for (const period of periods) {
    const run = runs[runs.length - 1]
    if (run && run.length + period.length <= MAX_PERIOD_RANGES) run.push(...period)
    else runs.push([...period])
  }
  return runs
}

export function createStatsService({ database }: { database: Database }) {
  const { reads } = database
  // Offset changes per zone and year, kept for the server's life: they never change while it runs.
  const transitions = createTransitionCache()
  // The first and last workout dates last found per user and sport: the periods of the next
  // unbounded request, checked in its own statement (a workout outside them sends it the long way).
  const dateSpans = new Map<string, { first: number; last: number }>()

  /** The user whose statistics are asked for: oneself, or anyone for an administrator. */
  async function target(viewer: UserEntity, username: string): Promise<UserEntity> {
    // One's own statistics (the usual call): the caller's row, just read by authentication, serves.
    if (username === viewer.username) return viewer
    const user = await reads.users.byUsername(username)
    if (!user) throw new AppError('user_not_found')
    if (user.id !== viewer.id && !viewer.admin) throw new AppError('forbidden')
    return user
  }

  /** Local midnight of a day (plus `offsetDays`), as an instant. */
  function midnight(clock: ZoneClock, day: string, offsetDays: number): number {
    const instant = localDayStart(clock, day, offsetDays)
    if (instant === null) throw new AppError('invalid_payload')
    return instant
  }

  /** The filter of a user's workouts by local days and sport. */
  async function filterOf(user: UserEntity, clock: ZoneClock, query: { from?: string; to?: string; sport_id?: number }): Promise<StatsFilter> {
    if (query.sport_id !== undefined && !(await reads.sports.exists(query.sport_id))) {
      throw new AppError('sport_not_found')
    }
    const from = query.from ? midnight(clock, query.from, 0) : null
    const to = query.to ? midnight(clock, query.to, 1) : null
    if (from !== null && to !== null && to - from > MAX_STATS_RANGE_MS) throw new AppError('stats_range_too_long')
    return { userId: user.id, from, to, sportId: query.sport_id }
  }

  return {
    /**
     * Totals per period and sport, periods read in the user's time zone: each date is shifted by
     * the offset of the span it falls in, so the grouping happens in the database.
     */
    async byTime(viewer: UserEntity, username: string, query: z.output<typeof statsByTimeQuery>): Promise<StatsByTimeResponse> {
      const user = await target(viewer, username)
      const clock = createZoneClock(user.timezone)
      const filter = await filterOf(user, clock, query)
      const { from, to } = filter
      const rangesOver = (first: number, until: number) =>
        periodRanges(query.time, offsetSpans(clock, first, until, transitions.of(clock, user.timezone)), first, until)
      // A bounded range of the usual size (the statistics page asks for a year, or weeks): its
      // own periods, one statement. Otherwise the user's dates found last time give the periods,
      // still one statement, unless rows lie outside them (or nothing is known yet): then the
      // rows' own first and last dates bound the periods, read in the same snapshot as the totals.
      const spanKey = `${user.id}:${filter.sportId ?? ''}`
      const known = from !== null && to !== null && to - from <= PERIODS_FROM_FILTER_MAX_MS ? { first: from, last: to - 1 } : dateSpans.get(spanKey)
      const first = Math.max(known?.first ?? 0, from ?? -Infinity)
      const until = Math.min((known?.last ?? 0) + 1, to ?? Infinity)
      const quickRanges = known && first < until ? rangesOver(first, until) : []
      const quick = quickRanges.length > 0 && quickRanges.length <= MAX_PERIOD_RANGES ? await database.read(({ stats }) => stats.totalsByPeriod(filter, quickRanges)) : null
      const rows =
        quick ??
        (await database.snapshot(async ({ stats }) => {
          const range = await stats.dateRange(filter)
          if (from === null && to === null) {
            if (dateSpans.size >= DATE_SPANS_MAX) dateSpans.delete(dateSpans.keys().next().value ?? '')
            if (range) dateSpans.set(spanKey, range)
          }
          const totals: TotalsRow[] = []
          // Runs of periods, each over its own part of the range (so nothing is left uncovered).
          for (const run of range ? runsOf(rangesOver(range.first, range.last + 1)) : []) {
            const part = { ...filter, from: run[0]?.start ?? null, to: run[run.length - 1]?.until ?? null }
            totals.push(...((await stats.totalsByPeriod(part, run)) ?? []))
          }
          return totals
        }))
      const statistics: Record<string, Record<string, SportStatistics>> = {}
      for (const row of rows) {
        const period = row.period ?? ''
        // Rows come by period: each period's object is made once, then filled sport by sport.
        const sports = (statistics[period] ??= {})
        sports[String(row.sport_id)] = presentTotals(row)
      }
      return { status: 'success', data: { statistics } }
    },

    /** Totals per sport over the user's workouts. */
    async bySport(viewer: UserEntity, username: string, query: z.output<typeof statsBySportQuery>): Promise<StatsBySportResponse> {
      const user = await target(viewer, username)
      const filter = await filterOf(user, createZoneClock(user.timezone), query)
      const rows = await database.read(({ stats }) => stats.totalsBySport(filter))
      return { status: 'success', data: { statistics: Object.fromEntries(rows.map((row) => [String(row.sport_id), presentTotals(row)])) } }
    },
  }
}

export type StatsService = ReturnType<typeof createStatsService>

import type { z } from 'zod'
import type { SportStatistics, statsBySportQuery, StatsBySportResponse, statsByTimeQuery, StatsByTimeResponse } from '../../../src/contracts'
import type { TimeFrame } from '../../../src/domain/statistics'
import { createTransitionCache, createZoneClock, localDayStart, offsetSpans, type ZoneClock } from '../../../src/domain/zoned-time'
import { AppError } from '../../../src/errors'
import type { ServerContext } from '../../context'
import { SportEntity, UserEntity } from '../../db/entities'
import { toSqlDate } from '../../lib/sql-date'

interface TotalsRow {
  period?: string
  sport_id: number
  nb_workouts: number
  total_distance: number
  total_duration: number
  total_ascent: number
  total_descent: number
  average_speed: number | null
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals))

function presentTotals(row: TotalsRow): SportStatistics {
  return {
    nb_workouts: row.nb_workouts,
    total_distance: round(row.total_distance, 3),
    total_duration: row.total_duration,
    total_ascent: round(row.total_ascent, 2),
    total_descent: round(row.total_descent, 2),
    average_speed: round(row.average_speed ?? 0, 2),
  }
}

/** SQL of the period key of a local date-time expression (must agree with `periodKey`). */
function periodSql(local: string, frame: TimeFrame): string {
  switch (frame) {
    case 'year':
      return `strftime('%Y', ${local})`
    case 'month':
      return `strftime('%Y-%m', ${local})`
    case 'week':
      return `date(${local}, '-6 days', 'weekday 0')`
    case 'weekm':
      return `date(${local}, '-6 days', 'weekday 1')`
  }
}

const TOTALS_SQL = `COUNT(*) AS nb_workouts, SUM(distance) AS total_distance, SUM(moving) AS total_duration,
  SUM(COALESCE(ascent, 0)) AS total_ascent, SUM(COALESCE(descent, 0)) AS total_descent, AVG(ave_speed) AS average_speed`

/**
 * The longest range a statistics request may cover: far beyond what the UI asks for (a year, or
 * "all time" without bounds), short enough that no request can make the server walk millennia.
 */
export const MAX_STATS_RANGE_YEARS = 50
const MAX_STATS_RANGE_MS = MAX_STATS_RANGE_YEARS * 366 * 86_400_000

export function createStatsService(context: ServerContext) {
  const { db } = context
  // Offset changes per zone and year, kept for the server's life: they never change while it runs.
  const transitions = createTransitionCache()

  /** The user whose statistics are asked for: oneself, or anyone for an administrator. */
  async function target(viewer: UserEntity, username: string): Promise<UserEntity> {
    const user = await db.manager.findOneBy(UserEntity, { username })
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

  /** The WHERE clause of a user's workouts, filtered by local days and sport. */
  async function filter(
    user: UserEntity,
    clock: ZoneClock,
    query: { from?: string; to?: string; sport_id?: number },
  ): Promise<{ where: string; params: unknown[] }> {
    if (query.sport_id !== undefined && !(await db.manager.existsBy(SportEntity, { id: query.sport_id }))) {
      throw new AppError('sport_not_found')
    }
    const conditions = ['user_id = ?']
    const params: unknown[] = [user.id]
    const from = query.from ? midnight(clock, query.from, 0) : null
    const to = query.to ? midnight(clock, query.to, 1) : null
    if (from !== null && to !== null && to - from > MAX_STATS_RANGE_MS) throw new AppError('stats_range_too_long')
    if (from !== null) {
      conditions.push('workout_date >= ?')
      params.push(toSqlDate(from))
    }
    if (to !== null) {
      conditions.push('workout_date < ?')
      params.push(toSqlDate(to))
    }
    if (query.sport_id !== undefined) {
      conditions.push('sport_id = ?')
      params.push(query.sport_id)
    }
    return { where: conditions.join(' AND '), params }
  }

  return {
    /**
     * Totals per period and sport, periods read in the user's time zone: each date is shifted by
     * the offset of the span it falls in, so the grouping happens in the database.
     */
    async byTime(viewer: UserEntity, username: string, query: z.output<typeof statsByTimeQuery>): Promise<StatsByTimeResponse> {
      const user = await target(viewer, username)
      const clock = createZoneClock(user.timezone)
      const { where, params } = await filter(user, clock, query)
      const [range] = await db.manager.query<[{ first: string | null; last: string | null }]>(
        `SELECT MIN(workout_date) AS first, MAX(workout_date) AS last FROM workout WHERE ${where}`,
        params,
      )
      const statistics: Record<string, Record<string, SportStatistics>> = {}
      if (!range.first || !range.last) return { status: 'success', data: { statistics } }

      // Offsets are needed only where workouts are: the filtered rows' own first and last dates
      // bound the span, whatever range was asked for.
      const spans = offsetSpans(
        clock,
        Date.parse(`${range.first.replace(' ', 'T')}Z`),
        Date.parse(`${range.last.replace(' ', 'T')}Z`) + 1,
        transitions.of(clock, user.timezone),
      )
      const shift = spans.length === 1 ? '?' : `CASE ${spans.slice(0, -1).map(() => 'WHEN workout_date < ? THEN ?').join(' ')} ELSE ? END`
      const shiftParams = spans.flatMap((span) => [
        ...(span.until === null ? [] : [toSqlDate(span.until)]),
        `${span.offsetMs >= 0 ? '+' : '-'}${Math.abs(span.offsetMs) / 60_000} minutes`,
      ])
      const rows = await db.manager.query<TotalsRow[]>(
        `SELECT ${periodSql(`datetime(workout_date, ${shift})`, query.time)} AS period, sport_id, ${TOTALS_SQL}
           FROM workout WHERE ${where} GROUP BY period, sport_id ORDER BY period, sport_id`,
        [...shiftParams, ...params],
      )
      for (const row of rows) {
        const period = row.period ?? ''
        statistics[period] = { ...statistics[period], [String(row.sport_id)]: presentTotals(row) }
      }
      return { status: 'success', data: { statistics } }
    },

    /** Totals per sport over the user's workouts. */
    async bySport(viewer: UserEntity, username: string, query: z.output<typeof statsBySportQuery>): Promise<StatsBySportResponse> {
      const user = await target(viewer, username)
      const { where, params } = await filter(user, createZoneClock(user.timezone), query)
      const rows = await db.manager.query<TotalsRow[]>(
        `SELECT sport_id, ${TOTALS_SQL} FROM workout WHERE ${where} GROUP BY sport_id ORDER BY sport_id`,
        params,
      )
      return { status: 'success', data: { statistics: Object.fromEntries(rows.map((row) => [String(row.sport_id), presentTotals(row)])) } }
    },
  }
}

export type StatsService = ReturnType<typeof createStatsService>

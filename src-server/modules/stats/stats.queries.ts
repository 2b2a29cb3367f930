/** The SQL of the statistics: services decide what to ask, this module how to ask SQLite. */
import type { EntityManager } from 'typeorm'
import type { PeriodRange } from '../../../src/domain/statistics'
import { fromSqlDate, toSqlDate } from '../../lib/sql-date'

/** One user's workouts, optionally within [from, to) (UTC milliseconds) and of one sport. */
export interface StatsFilter {
  userId: number
  from: number | null
  to: number | null
  sportId?: number
}

export interface TotalsRow {
  period?: string
  sport_id: number
  nb_workouts: number
  total_distance: number
  total_duration: number
  total_ascent: number
  total_descent: number
  average_speed: number | null
}

const TOTALS_SQL = `COUNT(*) AS nb_workouts, SUM(distance) AS total_distance, SUM(moving) AS total_duration,
  SUM(COALESCE(ascent, 0)) AS total_ascent, SUM(COALESCE(descent, 0)) AS total_descent, AVG(ave_speed) AS average_speed`

function whereOf(filter: StatsFilter): { where: string; params: unknown[] } {
  const conditions = ['user_id = ?']
  const params: unknown[] = [filter.userId]
  if (filter.from !== null) {
    conditions.push('workout_date >= ?')
    params.push(toSqlDate(filter.from))
  }
  if (filter.to !== null) {
    conditions.push('workout_date < ?')
    params.push(toSqlDate(filter.to))
  }
  if (filter.sportId !== undefined) {
    conditions.push('sport_id = ?')
    params.push(filter.sportId)
  }
  return { where: conditions.join(' AND '), params }
}

/** The instants of the first and last filtered workouts, or null when none match. */
export async function statsDateRange(manager: EntityManager, filter: StatsFilter): Promise<{ first: number; last: number } | null> {
  const { where, params } = whereOf(filter)
  const [range] = await manager.query<[{ first: string | null; last: string | null }]>(
    `SELECT MIN(workout_date) AS first, MAX(workout_date) AS last FROM workout WHERE ${where}`,
    params,
  )
  return range.first && range.last ? { first: fromSqlDate(range.first).getTime(), last: fromSqlDate(range.last).getTime() } : null
}

/** Ranges one statement groups by at most (three parameters each, well below SQLite's limit). */
export const MAX_PERIOD_RANGES = 1000

/**
 * Totals per period and sport: each period's rows are found by comparing their stored instants
 * with the period's bounds (`periodRanges`, in the user's zone), through the index; no date is
 * converted row by row. The rows the ranges do not cover are counted in the same statement
 * (hence the same snapshot): null when there are any, as the ranges then miss some.
 */
export async function totalsByPeriod(manager: EntityManager, filter: StatsFilter, ranges: readonly PeriodRange[]): Promise<TotalsRow[] | null> {
  const first = ranges[0]
  const last = ranges[ranges.length - 1]
  if (!first || !last || ranges.length > MAX_PERIOD_RANGES) throw new RangeError(`${ranges.length} periods to group by`)
  const { where, params } = whereOf(filter)
  // The ranges lie within the filter's dates: repeating those bounds here made SQLite seek them
  // instead of each range's, reading every row of the filter once per range (12 months: 14×).
  const inRanges = whereOf({ ...filter, from: null, to: null })
  const rows = await manager.query<TotalsRow[]>(
    `WITH periods(period, start, until) AS (VALUES ${ranges.map(() => '(?, ?, ?)').join(', ')})
     SELECT periods.period, sport_id, ${TOTALS_SQL}
       FROM periods JOIN workout ON workout_date >= periods.start AND workout_date < periods.until
      WHERE ${inRanges.where} GROUP BY periods.period, sport_id
     UNION ALL
     SELECT NULL, NULL, (SELECT COUNT(*) FROM workout WHERE ${where} AND workout_date < ?)
                        + (SELECT COUNT(*) FROM workout WHERE ${where} AND workout_date >= ?), NULL, NULL, NULL, NULL, NULL
     ORDER BY period, sport_id`,
    [...ranges.flatMap((range) => [range.key, toSqlDate(range.start), toSqlDate(range.until)]), ...inRanges.params, ...params, toSqlDate(first.start), ...params, toSqlDate(last.until)],
  )
  // The uncovered count comes first (a null period sorts first).
  const [uncovered, ...totals] = rows
  return uncovered?.nb_workouts === 0 ? totals : null
}

/** Totals per sport of the filtered workouts. */
export async function totalsBySport(manager: EntityManager, filter: StatsFilter): Promise<TotalsRow[]> {
  const { where, params } = whereOf(filter)
  return manager.query<TotalsRow[]>(`SELECT sport_id, ${TOTALS_SQL} FROM workout WHERE ${where} GROUP BY sport_id ORDER BY sport_id`, params)
}

/** The SQL of the statistics: services decide what to ask, this module how to ask SQLite. */
import type { EntityManager } from 'typeorm'
import type { TimeFrame } from '../../../src/domain/statistics'
import type { OffsetSpan } from '../../../src/domain/zoned-time'
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


/** The instants of the first and last filtered workouts, or null when none match. */
export async function statsDateRange(manager: EntityManager, filter: StatsFilter): Promise<{ first: number; last: number } | null> {
  const { where, params } = whereOf(filter)
  const [range] = await manager.query<[{ first: string | null; last: string | null }]>(
    `SELECT MIN(workout_date) AS first, MAX(workout_date) AS last FROM workout WHERE ${where}`,
    params,
  )
  return range.first && range.last ? { first: fromSqlDate(range.first).getTime(), last: fromSqlDate(range.last).getTime() } : null
}

/**
 * Totals per local period and sport: each date is shifted by the offset of the span it falls
 * in, so the grouping happens in the database.
 */
export async function totalsByPeriod(
  manager: EntityManager,
  filter: StatsFilter,
  frame: TimeFrame,
  spans: readonly OffsetSpan[],
): Promise<TotalsRow[]> {
  const { where, params } = whereOf(filter)
  const shift = spans.length === 1 ? '?' : `CASE ${spans.slice(0, -1).map(() => 'WHEN workout_date < ? THEN ?').join(' ')} ELSE ? END`
  const shiftParams = spans.flatMap((span) => [
    ...(span.until === null ? [] : [toSqlDate(span.until)]),
    `${span.offsetMs >= 0 ? '+' : '-'}${Math.abs(span.offsetMs) / 60_000} minutes`,
  ])
  return manager.query<TotalsRow[]>(
    `SELECT ${periodSql(`datetime(workout_date, ${shift})`, frame)} AS period, sport_id, ${TOTALS_SQL}
       FROM workout WHERE ${where} GROUP BY period, sport_id ORDER BY period, sport_id`,
    [...shiftParams, ...params],
  )
}

/** Totals per sport of the filtered workouts. */
export async function totalsBySport(manager: EntityManager, filter: StatsFilter): Promise<TotalsRow[]> {
  const { where, params } = whereOf(filter)
  return manager.query<TotalsRow[]>(`SELECT sport_id, ${TOTALS_SQL} FROM workout WHERE ${where} GROUP BY sport_id ORDER BY sport_id`, params)
}

import type { EntityManager } from 'typeorm'
import type { PeriodRange } from '../../../src/domain/statistics'
import { dialectOf, type Dialect } from '../dialect'
import { packedRows, type PackedColumn, type PackedRow } from '../packed-rows'

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

/** The totals of a group of workouts, as packed columns (see `packedRows`). */
const TOTALS_COLUMNS: readonly PackedColumn<keyof TotalsRow>[] = [
  ['sport_id', 'sport_id', 'integer'],
  ['nb_workouts', 'COUNT(*)', 'integer'],
  ['total_duration', 'SUM(moving)', 'integer'],
  ['total_distance', 'SUM(distance)', 'real'],
  ['total_ascent', 'SUM(COALESCE(ascent, 0))', 'real'],
  ['total_descent', 'SUM(COALESCE(descent, 0))', 'real'],
  ['average_speed', 'AVG(ave_speed)', 'real'],
]
/**
 * Totals per period packed: period, sport, count and moving time in one text, the sums of reals as
 * columns. A year's months are ~50 rows, whose eight values each cost node-sqlite3 more to hand over
 * than SQLite spent grouping them.
 */
const PERIOD_TOTALS_ROWS = packedRows<keyof TotalsRow>([['period', 'periods.period', 'text'], ...TOTALS_COLUMNS])
const SPORT_TOTALS_ROWS = packedRows(TOTALS_COLUMNS)

function whereOf(dialect: Dialect, filter: StatsFilter): { where: string; params: unknown[] } {
  const conditions = ['user_id = ?']
  const params: unknown[] = [filter.userId]
  if (filter.from !== null) {
    conditions.push('workout_date >= ?')
    params.push(dialect.dateParameter(filter.from))
  }
  if (filter.to !== null) {
    conditions.push('workout_date < ?')
    params.push(dialect.dateParameter(filter.to))
  }
  if (filter.sportId !== undefined) {
    conditions.push('sport_id = ?')
    params.push(filter.sportId)
  }
  return { where: conditions.join(' AND '), params }
}

/** A packed row's totals as numbers (PostgreSQL's counts and integer sums come packed as JSON numbers, its sums of reals as numbers). */
function totalsOf(row: Record<keyof TotalsRow, unknown>): Omit<TotalsRow, 'period'> {
  return {
    sport_id: Number(row.sport_id),
    nb_workouts: Number(row.nb_workouts),
    total_distance: Number(row.total_distance),
    total_duration: Number(row.total_duration),
    total_ascent: Number(row.total_ascent),
    total_descent: Number(row.total_descent),
    average_speed: row.average_speed === null ? null : Number(row.average_speed),
  }
}

/** Ranges one statement groups by at most (three parameters each, well below SQLite's limit). */
export const MAX_PERIOD_RANGES = 1000

/** The statistics read model: totals over a user's workouts, grouped in the database. */
export function statsRepository(manager: EntityManager) {
  const dialect = dialectOf(manager)
  const query = <T>(sql: string, params: unknown[]) => manager.query<T>(dialect.sql(sql), params)

  return {
    /** The instants of the first and last filtered workouts, or null when none match. */
    async dateRange(filter: StatsFilter): Promise<{ first: number; last: number } | null> {
      const { where, params } = whereOf(dialect, filter)
      const [range] = await query<[{ first: unknown; last: unknown }]>(
        `SELECT MIN(workout_date) AS first, MAX(workout_date) AS last FROM workout WHERE ${where}`,
        params,
      )
      return range.first && range.last ? { first: dialect.dateOf(range.first).getTime(), last: dialect.dateOf(range.last).getTime() } : null
    },

    /**
     * Totals per period and sport: each period's rows are found by comparing their stored instants
     * with the period's bounds (`periodRanges`, in the user's zone), through the index; no date is
     * converted row by row. The filter's rows the ranges do not cover fall in two more ranges without
     * a period, in the same statement (hence the same snapshot): null when there are any, as the
     * ranges then miss some. (Counting them in a second SELECT joined by UNION ALL sorted the grouped
     * rows a second time for the compound's ORDER BY: ~25 % more SQLite CPU for a year's months.)
     */
    async totalsByPeriod(filter: StatsFilter, ranges: readonly PeriodRange[]): Promise<TotalsRow[] | null> {
      const first = ranges[0]
      const last = ranges[ranges.length - 1]
      if (!first || !last || ranges.length > MAX_PERIOD_RANGES) throw new RangeError(`${ranges.length} periods to group by`)
      const [beforeAll, afterAll] = dialect.dateBounds
      const bounds = [
        ...ranges.flatMap((range) => [range.key, dialect.dateParameter(range.start), dialect.dateParameter(range.until)]),
        null, filter.from === null ? beforeAll : dialect.dateParameter(filter.from), dialect.dateParameter(first.start),
        null, dialect.dateParameter(last.until), filter.to === null ? afterAll : dialect.dateParameter(filter.to),
      ]
      // The ranges lie within the filter's dates: repeating those bounds here made SQLite seek them
      // instead of each range's, reading every row of the filter once per range (12 months: 14×).
      const inRanges = whereOf(dialect, { ...filter, from: null, to: null })
      const rows = await query<PackedRow[]>(
        `WITH periods(period, start, until) AS (VALUES ${Array.from({ length: ranges.length + 2 }, () => `(?, ${dialect.dateValue('?')}, ${dialect.dateValue('?')})`).join(', ')})
         SELECT ${PERIOD_TOTALS_ROWS.select(undefined, dialect)}
           FROM periods JOIN workout ON workout_date >= periods.start AND workout_date < periods.until
          WHERE ${inRanges.where} GROUP BY periods.period, sport_id
          ORDER BY periods.period, sport_id`,
        [...bounds, ...inRanges.params],
      )
      const totals = rows.map((row) => {
        const values = PERIOD_TOTALS_ROWS.unpack(row)
        return { period: values.period as string | null, ...totalsOf(values) }
      })
      return totals.some((row) => row.period === null) ? null : (totals as TotalsRow[])
    },

    /** Totals per sport of the filtered workouts. */
    async totalsBySport(filter: StatsFilter): Promise<TotalsRow[]> {
      const { where, params } = whereOf(dialect, filter)
      const rows = await query<PackedRow[]>(`SELECT ${SPORT_TOTALS_ROWS.select(undefined, dialect)} FROM workout WHERE ${where} GROUP BY sport_id ORDER BY sport_id`, params)
      return rows.map((row) => totalsOf(SPORT_TOTALS_ROWS.unpack(row)))
    },
  }
}

export type StatsRepository = ReturnType<typeof statsRepository>

import type { ZoneClock } from './zoned-time'
import { formatLocalDay } from './zoned-time'

/** The figures of a workout that statistics add up. */
export interface StatisticsInput {
  /** Start, epoch ms UTC. */
  readonly date: number
  readonly sportId: number
  readonly distanceKm: number
  /** Moving time, seconds (the reference tracker's statistics sum moving time). */
  readonly movingS: number
  readonly ascentM: number | null
  readonly descentM: number | null
  readonly aveSpeedKmh: number | null
}

/** Totals of one sport over a period. */
export interface SportTotals {
  nb_workouts: number
  /** km, 3 decimals */
  total_distance: number
  /** seconds */
  total_duration: number
  /** m, 2 decimals */
  total_ascent: number
  /** m, 2 decimals */
  total_descent: number
  /** km/h, 2 decimals: the mean of the workouts' average speeds */
  average_speed: number
}

/** Week from Sunday, week from Monday, calendar month, calendar year. */
export type TimeFrame = 'week' | 'weekm' | 'month' | 'year'

interface Accumulator {
  count: number
  distance: number
  duration: number
  ascent: number
  descent: number
  speedSum: number
  speedCount: number
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals))

function add(accumulator: Accumulator | undefined, workout: StatisticsInput): Accumulator {
  const next = accumulator ?? { count: 0, distance: 0, duration: 0, ascent: 0, descent: 0, speedSum: 0, speedCount: 0 }
  next.count += 1
  next.distance += workout.distanceKm
  next.duration += workout.movingS
  next.ascent += workout.ascentM ?? 0
  next.descent += workout.descentM ?? 0
  if (workout.aveSpeedKmh !== null) {
    next.speedSum += workout.aveSpeedKmh
    next.speedCount += 1
  }
  return next
}

function totals(accumulator: Accumulator): SportTotals {
  return {
    nb_workouts: accumulator.count,
    total_distance: round(accumulator.distance, 3),
    total_duration: accumulator.duration,
    total_ascent: round(accumulator.ascent, 2),
    total_descent: round(accumulator.descent, 2),
    average_speed: accumulator.speedCount > 0 ? round(accumulator.speedSum / accumulator.speedCount, 2) : 0,
  }
}

/**
 * The key of the period holding a local date: the first day of its week (`YYYY-MM-DD`, weeks
 * starting Sunday for `week`, Monday for `weekm`), `YYYY-MM`, or `YYYY`.
 */
export function periodKey(local: { year: number; month: number; day: number }, frame: TimeFrame): string {
  switch (frame) {
    case 'year':
      return String(local.year).padStart(4, '0')
    case 'month':
      return `${String(local.year).padStart(4, '0')}-${String(local.month).padStart(2, '0')}`
    case 'week':
    case 'weekm': {
      const date = new Date(Date.UTC(local.year, local.month - 1, local.day))
      const firstDay = frame === 'week' ? 0 : 1
      date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() - firstDay + 7) % 7))
      return formatLocalDay({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() })
    }
  }
}

/**
 * Totals per period and sport, periods read in the user's time zone (a run at 00:30 on the 1st
 * in Paris counts for that month even though it is still the previous day in UTC).
 * @returns period key → sport id → totals; only periods and sports with workouts appear.
 */
export function statisticsByTime(
  workouts: readonly StatisticsInput[],
  frame: TimeFrame,
  clock: ZoneClock,
): Record<string, Record<string, SportTotals>> {
  const buckets = new Map<string, Map<number, Accumulator>>()
  for (const workout of workouts) {
    const key = periodKey(clock.local(workout.date), frame)
    const sports = buckets.get(key) ?? new Map<number, Accumulator>()
    sports.set(workout.sportId, add(sports.get(workout.sportId), workout))
    buckets.set(key, sports)
  }
  const result: Record<string, Record<string, SportTotals>> = {}
  for (const key of [...buckets.keys()].sort()) {
    const sports: Record<string, SportTotals> = {}
    for (const [sportId, accumulator] of [...(buckets.get(key) ?? new Map<number, Accumulator>())].sort(([a], [b]) => a - b)) {
      sports[String(sportId)] = totals(accumulator)
    }
    result[key] = sports
  }
  return result
}

/** Totals per sport over all the given workouts. */
export function statisticsBySport(workouts: readonly StatisticsInput[]): Record<string, SportTotals> {
  const bySport = new Map<number, Accumulator>()
  for (const workout of workouts) bySport.set(workout.sportId, add(bySport.get(workout.sportId), workout))
  const result: Record<string, SportTotals> = {}
  for (const [sportId, accumulator] of [...bySport].sort(([a], [b]) => a - b)) result[String(sportId)] = totals(accumulator)
  return result
}

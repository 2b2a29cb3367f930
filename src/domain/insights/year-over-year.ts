import type { ZoneClock } from '../zoned-time'

/** Day of the year of a calendar date: 1 on 1 January, 366 on 31 December of a leap year. */
export function dayOfYear(year: number, month: number, day: number): number {
  return Math.round((Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 1)) / 86_400_000) + 1
}

/** The figures of one workout that day totals add up (km, moving s, m, km/h; null = none). */
export interface DayFigures {
  readonly epochMs: number
  readonly distance: number | null
  readonly moving: number | null
  readonly ascent: number | null
  readonly descent: number | null
  readonly aveSpeed: number | null
}

/** Totals of one day: sums, and the mean of the workouts' average speeds (as the statistics do). */
export interface DayTotals {
  workouts: number
  distance: number
  moving: number
  ascent: number
  descent: number
  speedSum: number
}

/**
 * Totals per year and per day of the year, on the user's wall clock (a run at 00:30 in Paris
 * belongs to that Paris day), for the year-over-year chart.
 */
export function totalsByDayOfYear(workouts: Iterable<DayFigures>, clock: ZoneClock): Map<number, Map<number, DayTotals>> {
  const years = new Map<number, Map<number, DayTotals>>()
  for (const workout of workouts) {
    const local = clock.local(workout.epochMs)
    let days = years.get(local.year)
    if (!days) years.set(local.year, (days = new Map<number, DayTotals>()))
    const day = dayOfYear(local.year, local.month, local.day)
    let totals = days.get(day)
    if (!totals) days.set(day, (totals = { workouts: 0, distance: 0, moving: 0, ascent: 0, descent: 0, speedSum: 0 }))
    totals.workouts += 1
    totals.distance += workout.distance ?? 0
    totals.moving += workout.moving ?? 0
    totals.ascent += workout.ascent ?? 0
    totals.descent += workout.descent ?? 0
    totals.speedSum += workout.aveSpeed ?? 0
  }
  return years
}

/**
 * The running total of day values from day 1 to `lastDay` (days without a value add nothing);
 * index 0 is day 1. Days after `lastDay` (the rest of the current year) are null: not yet lived.
 */
export function cumulativeByDay(values: ReadonlyMap<number, number>, lastDay: number, daysInYear: number): (number | null)[] {
  const line: (number | null)[] = []
  let total = 0
  for (let day = 1; day <= daysInYear; day++) {
    total += values.get(day) ?? 0
    line.push(day <= lastDay ? total : null)
  }
  return line
}

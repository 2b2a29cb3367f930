import dayjs from 'dayjs'
import type { Workout } from '../../../src/contracts'
import { dayInZone, parseServerDate, today } from '../../format/dates'

/** A month as `YYYY-MM`; days as `YYYY-MM-DD` (calendar dates, no time zone). */
export type MonthKey = string
export type DayKey = string

const DAY = 'YYYY-MM-DD'

/** Days shown as icons in one cell; more than this shows a donut by sport (spec §9). */
export const MAX_ICONS_PER_DAY = 6
/** The calendar asks for every workout of its weeks in one page (spec §7). */
export const CALENDAR_PER_PAGE = 100

/** The month holding today in a time zone (falls back to the browser's zone when unknown). */
export function currentMonth(zone: string | null | undefined, now: Date = new Date()): MonthKey {
  return today(zone, now).slice(0, 7)
}

/** The month `delta` months away. */
export function shiftMonth(month: MonthKey, delta: number): MonthKey {
  return dayjs.utc(`${month}-01`, DAY).add(delta, 'month').format('YYYY-MM')
}

/**
 * The whole weeks around a month, seven days each, starting Sunday or, with `weekStartsMonday`,
 * Monday. The first week holds the 1st, the last the month's last day.
 */
export function calendarWeeks(month: MonthKey, weekStartsMonday: boolean): DayKey[][] {
  const first = dayjs.utc(`${month}-01`, DAY)
  const firstWeekday = weekStartsMonday ? 1 : 0
  let day = first.subtract((first.day() - firstWeekday + 7) % 7, 'day')
  const last = first.endOf('month')
  const weeks: DayKey[][] = []
  while (!day.isAfter(last, 'day')) {
    const week: DayKey[] = []
    for (let index = 0; index < 7; index += 1) {
      week.push(day.format(DAY))
      day = day.add(1, 'day')
    }
    weeks.push(week)
  }
  return weeks
}

/** The first and last day the calendar shows: the range its workouts are fetched for. */
export function calendarRange(weeks: DayKey[][]): { from: DayKey; to: DayKey } {
  return { from: weeks[0]?.[0] ?? '', to: weeks.at(-1)?.[6] ?? '' }
}

/** Weekday indexes (0 = Sunday) in display order. */
export function weekdayOrder(weekStartsMonday: boolean): number[] {
  return weekStartsMonday ? [1, 2, 3, 4, 5, 6, 0] : [0, 1, 2, 3, 4, 5, 6]
}

/** The local day of a workout in the user's time zone (the API sends GMT; UTC days for an unknown zone). */
export function workoutDay(workout: Pick<Workout, 'workout_date'>, zone: string | null | undefined): DayKey {
  const date = parseServerDate(workout.workout_date)
  return (zone ? dayInZone(date.toDate(), zone) : null) ?? date.format(DAY)
}

/** Workouts grouped by local day, each day in start order. */
export function workoutsByDay<W extends Pick<Workout, 'workout_date'>>(workouts: readonly W[], zone: string | null | undefined): Map<DayKey, W[]> {
  const days = new Map<DayKey, W[]>()
  const sorted = [...workouts].sort((a, b) => parseServerDate(a.workout_date).valueOf() - parseServerDate(b.workout_date).valueOf())
  for (const workout of sorted) {
    const key = workoutDay(workout, zone)
    days.set(key, [...(days.get(key) ?? []), workout])
  }
  return days
}

/** How many workouts of each sport a day holds, for the donut (sport id order). */
export function countBySport(workouts: readonly Pick<Workout, 'sport_id'>[]): { sportId: number; count: number }[] {
  const counts = new Map<number, number>()
  for (const workout of workouts) counts.set(workout.sport_id, (counts.get(workout.sport_id) ?? 0) + 1)
  return [...counts].sort(([a], [b]) => a - b).map(([sportId, count]) => ({ sportId, count }))
}

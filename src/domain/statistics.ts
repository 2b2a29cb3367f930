import { formatLocalDay } from './zoned-time'

/** Week from Sunday, week from Monday, calendar month, calendar year. */
export type TimeFrame = 'week' | 'weekm' | 'month' | 'year'

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

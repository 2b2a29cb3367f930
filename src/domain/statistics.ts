import { formatLocalDay, type OffsetSpan } from './zoned-time'

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

/** Instants `[start, until)` (epoch ms) whose local dates all fall in the period `key`. */
export interface PeriodRange {
  readonly key: string
  readonly start: number
  readonly until: number
}

const DAY_MS = 86_400_000

/** Epoch ms of a UTC calendar day (years below 100 included, which `Date.UTC` maps to 19xx). */
const utcDay = (year: number, monthIndex: number, day: number) => new Date(0).setUTCFullYear(year, monthIndex, day)

/** Start of the period holding a wall-clock time (both as UTC milliseconds of the wall clock). */
function periodStartWall(wall: number, frame: TimeFrame): number {
  const date = new Date(wall)
  switch (frame) {
    case 'year':
      return utcDay(date.getUTCFullYear(), 0, 1)
    case 'month':
      return utcDay(date.getUTCFullYear(), date.getUTCMonth(), 1)
    case 'week':
    case 'weekm': {
      const firstDay = frame === 'week' ? 0 : 1
      return utcDay(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - ((date.getUTCDay() - firstDay + 7) % 7))
    }
  }
}

function nextPeriodWall(start: number, frame: TimeFrame): number {
  const date = new Date(start)
  switch (frame) {
    case 'year':
      return utcDay(date.getUTCFullYear() + 1, 0, 1)
    case 'month':
      return utcDay(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)
    case 'week':
    case 'weekm':
      return start + 7 * DAY_MS
  }
}

/**
 * The periods over the instants `[fromMs, toMs)` as ranges of instants, in order: one per period
 * and per offset in force (`spans`, as `offsetSpans` gives them from `fromMs`), so that an instant
 * lies in the range of the period of its local date (instant + offset). Lets a database group
 * rows by comparing stored instants with the bounds instead of converting each row's date.
 */
export function periodRanges(frame: TimeFrame, spans: readonly OffsetSpan[], fromMs: number, toMs: number): PeriodRange[] {
  const ranges: PeriodRange[] = []
  let spanStart = fromMs
  for (const { until, offsetMs } of spans) {
    const spanEnd = Math.min(until ?? toMs, toMs)
    for (let wall = periodStartWall(spanStart + offsetMs, frame); wall - offsetMs < spanEnd; ) {
      const next = nextPeriodWall(wall, frame)
      const local = new Date(wall)
      const key = periodKey({ year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() }, frame)
      const start = Math.max(spanStart, wall - offsetMs)
      const end = Math.min(spanEnd, next - offsetMs)
      if (start < end) ranges.push({ key, start, until: end })
      wall = next
    }
    spanStart = Math.max(spanStart, spanEnd)
  }
  return ranges
}

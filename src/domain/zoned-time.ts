/** A calendar date and time as read on a wall clock in some time zone. */
export interface LocalDateTime {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hour: number
  readonly minute: number
  readonly second: number
}

const DAY_MS = 86_400_000

/**
 * Converts instants to wall-clock time in one IANA time zone, fast enough for thousands of
 * workouts: the zone's offset is computed once per UTC day (twice on the days it changes).
 */
export interface ZoneClock {
  /** Offset of the zone from UTC at an instant, in milliseconds (Paris in summer: +7,200,000). */
  offsetAt(epochMs: number): number
  /** The wall-clock date and time of an instant. */
  local(epochMs: number): LocalDateTime
  /** The instant of a wall-clock time (the earlier one when the clock is set back). */
  toUtc(local: Omit<LocalDateTime, 'second'> & { second?: number }): number
}

/**
 * @param timeZone an IANA zone such as `Europe/Paris`
 * @throws RangeError for an unknown zone
 */
export function createZoneClock(timeZone: string): ZoneClock {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  })
  const exactOffset = (epochMs: number): number => {
    const parts: Record<string, number> = {}
    for (const part of format.formatToParts(epochMs)) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value)
    }
    const wall = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    return wall - Math.floor(epochMs / 1000) * 1000
  }
  const byDay = new Map<number, number | null>()

  const offsetAt = (epochMs: number): number => {
    const day = Math.floor(epochMs / DAY_MS)
    let offset = byDay.get(day)
    if (offset === undefined) {
      const start = exactOffset(day * DAY_MS)
      // null marks a day on which the offset changes: those instants are computed exactly.
      offset = start === exactOffset(day * DAY_MS + DAY_MS - 1) ? start : null
      byDay.set(day, offset)
    }
    return offset ?? exactOffset(epochMs)
  }

  return {
    offsetAt,
    local(epochMs) {
      const wall = new Date(epochMs + offsetAt(epochMs))
      return {
        year: wall.getUTCFullYear(),
        month: wall.getUTCMonth() + 1,
        day: wall.getUTCDate(),
        hour: wall.getUTCHours(),
        minute: wall.getUTCMinutes(),
        second: wall.getUTCSeconds(),
      }
    },
    toUtc(local) {
      const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second ?? 0)
      // The offsets in force half a day either side are the only candidates. In the hour repeated
      // when clocks go back both fit and the earlier instant wins; in the hour skipped when they
      // go forward none fits and the time moves forward with the clock.
      const before = offsetAt(wall - DAY_MS / 2)
      const after = offsetAt(wall + DAY_MS / 2)
      const fitting = [wall - before, wall - after].filter((instant, i) => offsetAt(instant) === (i === 0 ? before : after))
      return fitting.length > 0 ? Math.min(...fitting) : wall - before
    },
  }
}

/** `YYYY-MM-DD` of a local date. */
export function formatLocalDay(local: Pick<LocalDateTime, 'year' | 'month' | 'day'>): string {
  return `${String(local.year).padStart(4, '0')}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`
}

/** Parses `YYYY-MM-DD` or `YYYY-MM-DD HH:MM` into wall-clock parts, or null when malformed or impossible. */
export function parseLocalDateTime(text: string): Omit<LocalDateTime, 'second'> | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?$/.exec(text)
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part))) as [
    number,
    number,
    number,
    number,
    number,
  ]
  const check = new Date(Date.UTC(year, month - 1, day))
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || year < 1) return null
  return { year, month, day, hour, minute }
}

/** A stretch of time during which a zone keeps one offset; `until` is exclusive (null: open end). */
export interface OffsetSpan {
  readonly until: number | null
  readonly offsetMs: number
}

const WEEK_MS = 7 * DAY_MS

/**
 * The offsets a zone uses between two instants, as consecutive spans. Offsets change a few
 * times a year at most, so weekly samples find the weeks with a change and a binary search
 * pins each change to the millisecond. (A change undone within the same week would be missed;
 * no zone does that.)
 */
export function offsetSpans(clock: ZoneClock, fromMs: number, toMs: number): OffsetSpan[] {
  const spans: OffsetSpan[] = []
  let current = clock.offsetAt(fromMs)
  let cursor = fromMs
  while (cursor < toMs) {
    const end = Math.min(cursor + WEEK_MS, toMs)
    if (clock.offsetAt(end) === current) {
      cursor = end
      continue
    }
    let low = cursor
    let high = end
    while (high - low > 1) {
      const middle = low + Math.floor((high - low) / 2)
      if (clock.offsetAt(middle) === current) low = middle
      else high = middle
    }
    spans.push({ until: high, offsetMs: current })
    current = clock.offsetAt(high)
    cursor = high
  }
  spans.push({ until: null, offsetMs: current })
  return spans
}

/**
 * The instant a local day begins (`offsetDays` later: 1 gives the end of the day), for filters
 * on whole days in the user's zone.
 * @param day `YYYY-MM-DD`
 * @returns epoch ms, or null for a malformed or impossible day
 */
export function localDayStart(clock: ZoneClock, day: string, offsetDays = 0): number | null {
  const parts = parseLocalDateTime(day)
  if (!parts) return null
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + offsetDays))
  return clock.toUtc({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: 0, minute: 0 })
}

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
 * How far either side of a wall-clock time `toUtc` reads the offsets: more than any offset, and
 * less than the time between two changes of a zone (at least 48 h in every zone of 1970–2030).
 */
const HALF_DAY_MS = DAY_MS / 2

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

/** One clock per zone for the life of the process: building the formatter costs more than most requests that need it. */
const clocks = new Map<string, ZoneClock>()

/**
 * The clock of a zone (kept: it depends on the zone alone).
 * @param timeZone an IANA zone such as `Europe/Paris`
 * @throws RangeError for an unknown zone
 */
export function createZoneClock(timeZone: string): ZoneClock {
  let clock = clocks.get(timeZone)
  if (!clock) {
    clock = buildZoneClock(timeZone)
    clocks.set(timeZone, clock)
  }
  return clock
}

function buildZoneClock(timeZone: string): ZoneClock {
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
    // The separators land under `literal` (as NaN), which nothing reads.
    for (const part of format.formatToParts(epochMs)) parts[part.type] = Number(part.value)
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
      const before = offsetAt(wall - HALF_DAY_MS)
      const after = offsetAt(wall + HALF_DAY_MS)
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
  // A day past the month's end lands in a later month (day 00 in the one before): the month tells it.
  const check = new Date(Date.UTC(year, month - 1, day))
  if (check.getUTCMonth() !== month - 1 || hour > 23 || minute > 59 || year < 1) return null
  return { year, month, day, hour, minute }
}

/** A stretch of time during which a zone keeps one offset; `until` is exclusive (null: open end). */
export interface OffsetSpan {
  readonly until: number | null
  readonly offsetMs: number
}

const WEEK_MS = 7 * DAY_MS

/** A change of a zone's offset: from `at` (epoch ms, inclusive) the zone is `offsetMs` from UTC. */
export interface ZoneTransition {
  readonly at: number
  readonly offsetMs: number
}

/** Start of a UTC calendar year as epoch ms (years below 100 included, which `Date.UTC` maps to 19xx). */
function yearStart(year: number): number {
  return new Date(0).setUTCFullYear(year, 0, 1)
}

/**
 * The offset changes of one UTC calendar year, in order: a change at instant `at` belongs to the
 * year with `start < at <= end`. Weekly samples find the weeks with a change and a binary
 * search pins each change to the millisecond (a change undone within the same week would be
 * missed; no zone does that). About 60 clock readings: cheap, and the same every time, so
 * callers cache it per zone and year.
 */
export function yearTransitions(clock: ZoneClock, year: number): ZoneTransition[] {
  const transitions: ZoneTransition[] = []
  const end = yearStart(year + 1)
  let cursor = yearStart(year)
  let current = clock.offsetAt(cursor)
  while (cursor < end) {
    const next = Math.min(cursor + WEEK_MS, end)
    if (clock.offsetAt(next) === current) {
      cursor = next
      continue
    }
    let low = cursor
    let high = next
    while (high - low > 1) {
      const middle = low + Math.floor((high - low) / 2)
      if (clock.offsetAt(middle) === current) low = middle
      else high = middle
    }
    current = clock.offsetAt(high)
    transitions.push({ at: high, offsetMs: current })
    cursor = high
  }
  return transitions
}

/** The transitions of a zone in a year, from a cache or computed (see `createTransitionCache`). */
export type TransitionsOfYear = (year: number) => readonly ZoneTransition[]

/**
 * A bounded cache of `yearTransitions` per zone and year. A statistics request then costs one
 * step per year and per transition in its range instead of a clock reading per week, and a
 * caller varying the range cannot make the server recompute what it already knows.
 */
export function createTransitionCache(capacity = 4096): { of(clock: ZoneClock, timeZone: string): TransitionsOfYear } {
  const entries = new Map<string, readonly ZoneTransition[]>()
  return {
    of(clock, timeZone) {
      return (year) => {
        const key = `${timeZone}|${year}`
        let found = entries.get(key)
        if (found === undefined) {
          found = yearTransitions(clock, year)
          // Oldest first out: a Map iterates in insertion order.
          if (entries.size >= capacity) entries.delete(entries.keys().next().value ?? key)
        } else {
          entries.delete(key)
        }
        entries.set(key, found)
        return found
      }
    },
  }
}

/**
 * The offsets a zone uses between two instants, as consecutive spans: one span per offset
 * change in `(fromMs, toMs]`, found year by year (see `yearTransitions`), never week by week
 * over the whole range.
 */
export function offsetSpans(
  clock: ZoneClock,
  fromMs: number,
  toMs: number,
  transitionsOf: TransitionsOfYear = (year) => yearTransitions(clock, year),
): OffsetSpan[] {
  const spans: OffsetSpan[] = []
  let current = clock.offsetAt(fromMs)
  const lastYear = new Date(toMs).getUTCFullYear()
  for (let year = new Date(fromMs).getUTCFullYear(); year <= lastYear; year += 1) {
    for (const transition of transitionsOf(year)) {
      // Each transition changes the offset (see `yearTransitions`), so none repeats the current one.
      if (transition.at <= fromMs || transition.at > toMs) continue
      spans.push({ until: transition.at, offsetMs: current })
      current = transition.offsetMs
    }
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

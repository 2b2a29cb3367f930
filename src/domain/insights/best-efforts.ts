import type { IntervalTable } from './interval-table'
import { DISTANCE_NOISE_M } from './splits'

/** Best-effort distances of running and walking sports, metres: 400 m, 1 km, 1 mile, 5 km, 10 km, half marathon, marathon. */
export const FOOT_EFFORT_DISTANCES_M = [400, 1000, 1609.344, 5000, 10_000, 21_097.5, 42_195] as const

/** Best-effort distances of cycling sports, metres: 5, 10, 20, 40 and 100 km. */
export const CYCLING_EFFORT_DISTANCES_M = [5000, 10_000, 20_000, 40_000, 100_000] as const

/** Best-power durations, seconds: 5 s, 1 min, 5 min, 20 min, 60 min. */
export const POWER_EFFORT_DURATIONS_S = [5, 60, 300, 1200, 3600] as const

/** The fastest stretch of a given distance within a workout. */
export interface DistanceEffort {
  /** The target distance, metres. */
  readonly distanceM: number
  /**
   * The least time over any stretch of that distance, milliseconds: moving time, plus the time of
   * any pause the stretch runs through (see `distanceEfforts`).
   */
  readonly movingMs: number
  /** Where the stretch starts, metres from the workout start. */
  readonly startM: number
}

/** The highest mean power held over a given duration within a workout. */
export interface PowerEffort {
  /** The target duration, seconds. */
  readonly durationS: number
  /** Mean power over the best window, watts. */
  readonly watts: number
}

/**
 * Slides a window of `width` along `x` (nondecreasing), ending on each point in turn with its
 * start interpolated inside its interval, and finds the window over which the cumulative `y`
 * grew least (`smallest`) or most. Two pointers: O(count); no callback, so it stays one tight
 * loop (it runs a dozen times per import).
 * @returns the best growth and where that window starts, or null when no window fits
 */
function bestWindow(
  x: Float64Array,
  y: Float64Array,
  count: number,
  width: number,
  smallest: boolean,
): { gain: number; startX: number } | null {
  let best = smallest ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY
  let bestStart = Number.NaN
  const origin = x[0] ?? 0
  let i = 0 // last point at or before the window's start
  for (let j = 1; j < count; j++) {
    const endX = x[j] ?? 0
    if (endX - origin < width) continue
    const startX = endX - width
    while ((x[i + 1] ?? Number.POSITIVE_INFINITY) <= startX) i++
    const x0 = x[i] ?? 0
    const span = (x[i + 1] ?? x0) - x0
    const share = span > 0 ? (startX - x0) / span : 0
    const y0 = y[i] ?? 0
    const gain = (y[j] ?? 0) - (y0 + share * ((y[i + 1] ?? 0) - y0))
    if (smallest ? gain < best : gain > best) {
      best = gain
      bestStart = startX
    }
  }
  return Number.isNaN(bestStart) ? null : { gain: best, startX: bestStart }
}

/**
 * What each interval costs a best effort that runs through it, milliseconds (index as in the
 * {@link IntervalTable}): its moving time when it moved; otherwise its clock time, so a stretch
 * that runs through a pause or the gap between two segments pays for it (distance never comes
 * for free); and never less than its length at the workout's top speed. The top speed is the
 * reference's filtered maximum, which treats anything faster as a spike: holding intervals to it
 * keeps every best effort at or below the top speed the workout's figures show.
 */
function effortTimes(table: IntervalTable, topSpeedKmh: number): Float64Array {
  const { size, distanceM, movingMs, time } = table
  const msPerMetre = 3600 / topSpeedKmh
  const costs = new Float64Array(size)
  // The clock runs from the last point with a time: points without one (a clock that stepped back)
  // hide no pause.
  let lastTime = time[0] ?? Number.NaN
  for (let k = 1; k < size; k++) {
    const moving = movingMs[k] ?? 0
    const t = time[k] ?? Number.NaN
    const clock = t - lastTime
    if (!Number.isNaN(t)) lastTime = t
    const spent = moving > 0 ? moving : clock > 0 ? clock : 0
    costs[k] = Math.max(spent, (distanceM[k] ?? 0) * msPerMetre)
  }
  return costs
}

/**
 * The fastest stretch of each target distance, by a sliding window over cumulative distance and
 * cumulative effort time (see {@link effortTimes}; O(n) per distance). Windows end on a point;
 * their start is interpolated inside its interval, so a window can start anywhere. Distances
 * longer than the workout (beyond {@link DISTANCE_NOISE_M}) are left out, as is every distance
 * of a workout without a top speed (fewer than two moving intervals).
 * @param topSpeedKmh the workout's top speed (its `maxSpeedKmh` figure)
 */
export function distanceEfforts(table: IntervalTable, targetsM: readonly number[], topSpeedKmh: number): DistanceEffort[] {
  if (!(topSpeedKmh > 0)) return []
  const n = table.size
  const costs = effortTimes(table, topSpeedKmh)
  const cumD = new Float64Array(n)
  const cumT = new Float64Array(n)
  for (let k = 1; k < n; k++) {
    cumD[k] = (cumD[k - 1] ?? 0) + (table.distanceM[k] ?? 0)
    cumT[k] = (cumT[k - 1] ?? 0) + (costs[k] ?? 0)
  }
  const total = cumD[n - 1] ?? 0
  const efforts: DistanceEffort[] = []
  for (const target of targetsM) {
    if (!(target > 0) || target > total + DISTANCE_NOISE_M) continue
    // Within the noise, the whole workout is the stretch, at its own pace (never faster).
    const width = Math.min(target, total)
    const best = bestWindow(cumD, cumT, n, width, true)
    if (best) efforts.push({ distanceM: target, movingMs: (best.gain * target) / width, startM: best.startX })
  }
  return efforts
}

/**
 * The best mean power over each target duration, by a sliding window over each segment's
 * recorded time (O(n) per duration; windows never span two segments, so a pause between
 * segments never counts as zero watts). Power is held over an interval as recorded at its end;
 * a missing value counts as 0 W. Durations longer than every segment are left out.
 */
export function powerEfforts(table: IntervalTable, segmentStarts: readonly number[], targetsS: readonly number[]): PowerEffort[] {
  const { power, time, size } = table
  if (power === null) return []
  // Per segment, its timed points only: seconds from its first one and cumulative energy (J).
  const runs: { seconds: Float64Array; joules: Float64Array; count: number }[] = []
  for (let s = 0; s < segmentStarts.length; s++) {
    const start = segmentStarts[s] ?? 0
    const end = segmentStarts[s + 1] ?? size
    const seconds = new Float64Array(end - start)
    const joules = new Float64Array(end - start)
    let count = 0
    let origin = Number.NaN
    for (let k = start; k < end; k++) {
      const t = time[k] ?? Number.NaN
      if (Number.isNaN(t)) continue
      if (count === 0) origin = t
      else {
        const watts = power[k] ?? Number.NaN
        const previousS = seconds[count - 1] ?? 0
        const nowS = (t - origin) / 1000
        joules[count] = (joules[count - 1] ?? 0) + (Number.isNaN(watts) ? 0 : watts) * (nowS - previousS)
      }
      seconds[count] = (t - origin) / 1000
      count++
    }
    runs.push({ seconds, joules, count })
  }
  const efforts: PowerEffort[] = []
  for (const target of targetsS) {
    let best = Number.NEGATIVE_INFINITY
    for (const { seconds, joules, count } of runs) {
      const window = bestWindow(seconds, joules, count, target, false)
      if (window && window.gain / target > best) best = window.gain / target
    }
    if (best > Number.NEGATIVE_INFINITY) efforts.push({ durationS: target, watts: best })
  }
  return efforts
}

import { climbCounts } from '../analysis/elevation'
import type { PointSeries } from '../analysis/point-series'

/**
 * What each interval of a workout contributes, column-wise: index `k` is the interval ending at
 * point `k` of the {@link PointSeries} (index 0 and every segment's first point carry nothing,
 * so the jumps between segments never count). Every splits, laps, best-effort and zone figure is
 * a sum over these columns, which is why they add up to the workout's own figures.
 */
export interface IntervalTable {
  /** Number of points (and so of entries per column). */
  readonly size: number
  /** Metres of the interval, as counted in the workout distance. */
  readonly distanceM: Float64Array
  /** Moving milliseconds of the interval (0 when stopped or not counted). */
  readonly movingMs: Float64Array
  /**
   * Smoothed elevation gain attributed to the interval, metres (≥ 0): the step between the
   * smoothed elevations of the previous known point and this point, exactly as the workout's
   * ascent sums them. `null` when no point has an elevation.
   */
  readonly ascentM: Float64Array | null
  /** Smoothed elevation loss attributed to the interval, metres (≥ 0), or `null`. */
  readonly descentM: Float64Array | null
  /** Heart rate over the interval (the value at its end, else at its start), `NaN` when unknown; `null` without heart rate. */
  readonly heartRate: Float64Array | null
  /** Power over the interval (as heart rate), or `null` without power. */
  readonly power: Float64Array | null
  /** Point times, epoch ms (`NaN` when missing), shared with the series. */
  readonly time: Float64Array
}

/**
 * The sensor value holding over each interval: the value recorded at its end (devices write the
 * mean over the preceding second), else the one at its start.
 */
function intervalValues(values: Float64Array | null, segmentStarts: readonly number[], size: number): Float64Array | null {
  if (values === null) return null
  const result = new Float64Array(size).fill(Number.NaN)
  let nextStart = 1
  for (let k = 1; k < size; k++) {
    if (segmentStarts[nextStart] === k) {
      nextStart++
      continue
    }
    const end = values[k] ?? Number.NaN
    result[k] = Number.isNaN(end) ? (values[k - 1] ?? Number.NaN) : end
  }
  return result
}

/**
 * Smoothed elevation steps per interval, segment by segment, as the workout's ascent counts them
 * (`uphillDownhill`: 0.3·prev + 0.4·cur + 0.3·next over the known elevations, ends kept, a climb
 * or drop counted once it reaches `CLIMB_THRESHOLD_M` from the last turning point): each counted
 * step goes to the interval ending at the point that completes it, so the columns sum to the
 * workout's ascent and descent.
 */
function elevationSteps(series: PointSeries): { ascentM: Float64Array; descentM: Float64Array } | null {
  const { ele, size, segmentStarts } = series
  const ascentM = new Float64Array(size)
  const descentM = new Float64Array(size)
  let any = false
  for (let s = 0; s < segmentStarts.length; s++) {
    const start = segmentStarts[s] ?? 0
    const end = segmentStarts[s + 1] ?? size
    // Walks the known elevations of this segment three at a time: `current` is smoothed with its
    // neighbours `previous` and `next` (-1 = none, the ends stay unsmoothed), one step behind.
    let previous = -1
    let current = -1
    let turningPoint = Number.NaN
    for (let k = start; k <= end; k++) {
      const next = k < end && !Number.isNaN(ele[k] ?? Number.NaN) ? k : k === end ? -1 : -2
      if (next === -2) continue
      if (current >= 0) {
        const value = ele[current] ?? 0
        const smoothed = previous >= 0 && next >= 0 ? (ele[previous] ?? 0) * 0.3 + value * 0.4 + (ele[next] ?? 0) * 0.3 : value
        const step = smoothed - turningPoint
        if (previous < 0) turningPoint = smoothed
        else if (climbCounts(step)) {
          if (step > 0) ascentM[current] = step
          else descentM[current] = -step
          turningPoint = smoothed
        }
        any = true
      }
      previous = current
      current = next
    }
  }
  return any ? { ascentM, descentM } : null
}

/** The interval table of an analysed series (see {@link IntervalTable}); O(n). */
export function intervalTable(series: PointSeries): IntervalTable {
  const { size, segmentStarts } = series
  const distanceM = new Float64Array(size)
  for (let k = 1; k < size; k++) {
    // Zero at a segment's first point: the series' distance does not jump between segments.
    const step = (series.distanceM[k] ?? 0) - (series.distanceM[k - 1] ?? 0)
    distanceM[k] = step > 0 ? step : 0
  }
  const climbs = elevationSteps(series)
  return {
    size,
    distanceM,
    movingMs: series.movingMs,
    ascentM: climbs?.ascentM ?? null,
    descentM: climbs?.descentM ?? null,
    heartRate: intervalValues(series.heartRate, segmentStarts, size),
    power: intervalValues(series.power, segmentStarts, size),
    time: series.time,
  }
}

import type { ChartDataPoint } from '../../../src/contracts'
import { paceOfSpeed, type PaceUnit } from '../../../src/domain/pace'
import { cadenceIn, type CadenceUnit } from '../../../src/format/cadence'
import { fromSpeedUnit, round, toDistanceUnit, toElevationUnit, toSpeedUnit } from './measures'

/** What the chart's x-axis measures. */
export type ChartAxis = 'distance' | 'duration'

/** Series the chart can draw; speed (or pace) and elevation always, sensors when the workout has them. */
export type ChartSeriesName = 'speed' | 'pace' | 'elevation' | 'hr' | 'cadence' | 'power'

/** One chart row, in the viewer's units; `index` points back into the API series (map marker). */
export interface ChartRow {
  index: number
  /** km or mi; null for a workout without a distance (its chart runs on time only) */
  distance: number | null
  /** seconds since the start, or null without timestamps */
  duration: number | null
  /** km/h or mi/h; null during a pause, so the line shows a gap instead of a drop to 0 */
  speed: number | null
  /** seconds per pace unit (km, mi, 100 m or 100 yd) of the row's (drawn) speed; null while still or paused, see {@link withPace} */
  pace: number | null
  /** m or ft */
  elevation: number | null
  hr: number | null
  cadence: number | null
  power: number | null
}

/** A time step longer than this (seconds) that covers almost no ground is a pause. */
const PAUSE_MIN_S = 60
/** Below this average speed (km/h or mi/h) over a long step, the step is a pause. */
const PAUSE_MAX_SPEED = 1

/**
 * Pauses become gaps in the speed line: a point stopped dead (speed 0) inside the workout, or
 * reached after a long step that covered almost no ground (the recording paused), has no speed
 * to draw. The first and last points stay: a line starting or ending at 0 is no pause.
 */
function breakAtPauses(rows: readonly ChartRow[]): ChartRow[] {
  return rows.map((row, position) => {
    if (position === 0 || position === rows.length - 1) return row
    const previous = rows[position - 1]
    const step = previous && row.duration !== null && previous.duration !== null ? row.duration - previous.duration : 0
    const covered = row.distance !== null && previous?.distance != null ? row.distance - previous.distance : null
    const pausedStep = covered !== null && step > PAUSE_MIN_S && (covered / step) * 3600 < PAUSE_MAX_SPEED
    return row.speed === 0 || pausedStep ? { ...row, speed: null } : row
  })
}

/**
 * Maps the API's points to chart rows in the viewer's units (distance 3 decimals, others 2),
 * pauses drawn as gaps ({@link breakAtPauses}); cadence in `cadence` units.
 */
export function toChartRows(points: readonly ChartDataPoint[], imperial: boolean, cadence: CadenceUnit = 'rpm'): ChartRow[] {
  return breakAtPauses(points.map((point, index) => ({
    index,
    distance: point.distance === null ? null : round(toDistanceUnit(point.distance, imperial), 3),
    duration: point.duration,
    speed: point.speed === null ? null : round(toSpeedUnit(point.speed, imperial), 2),
    pace: null,
    elevation: point.elevation === null ? null : round(toElevationUnit(point.elevation, imperial), 1),
    hr: point.hr ?? null,
    cadence: point.cadence == null ? null : cadenceIn(point.cadence, cadence),
    power: point.power ?? null,
  })))
}

/** Half the width of the speed smoothing window, seconds (a "few seconds" either side). */
export const SMOOTHING_HALF_WINDOW_S = 5
/** Rows either side averaged when the workout has no timestamps. */
const SMOOTHING_HALF_WINDOW_ROWS = 2

/**
 * Speed as a centred moving average (±{@link SMOOTHING_HALF_WINDOW_S} s and at least the
 * neighbours, or ±2 rows without time) so GPS jitter does not hide the trend. Gaps (pauses) stay gaps and are never averaged
 * across; rows without speed add nothing. Two pointers: O(n).
 */
export function smoothSpeed(rows: readonly ChartRow[]): ChartRow[] {
  const timed = hasTimeAxis(rows)
  const at = (i: number) => (timed ? (rows[i]?.duration ?? 0) : i)
  const half = timed ? SMOOTHING_HALF_WINDOW_S : SMOOTHING_HALF_WINDOW_ROWS
  const result: ChartRow[] = []
  let start = 0
  while (start < rows.length) {
    // One run of rows with a speed, between gaps.
    if (rows[start]?.speed === null) {
      result.push(rows[start] as ChartRow)
      start++
      continue
    }
    let end = start
    while (end < rows.length && rows[end]?.speed !== null) end++
    let low = start
    let high = start
    let sum = 0
    for (let i = start; i < end; i++) {
      // The window always holds the neighbours: sparse recordings (a point every 10 s) smooth too.
      while (high < end && (at(high) <= at(i) + half || high <= i + 1)) sum += rows[high++]?.speed ?? 0
      while (at(low) < at(i) - half && low < i - 1) sum -= rows[low++]?.speed ?? 0
      result.push({ ...(rows[i] as ChartRow), speed: round(sum / (high - low), 2) })
    }
    start = end
  }
  return result
}

/**
 * Each row's pace per `unit` from its speed (in the viewer's units), as drawn (smoothed or raw):
 * computed last, so smoothing averages speeds (an average of paces would overweight the slow
 * points) and pauses stay gaps.
 */
export function withPace(rows: readonly ChartRow[], unit: PaceUnit, imperial: boolean): ChartRow[] {
  return rows.map((row) => {
    const pace = row.speed === null ? null : paceOfSpeed(fromSpeedUnit(row.speed, imperial), unit)
    return { ...row, pace: pace === null ? null : round(pace, 1) }
  })
}

/** Tick steps of the pace axis, seconds: 10 s to an hour. */
const LONGEST_PACE_TICK_S = 3600
const PACE_TICK_STEPS_S = [10, 15, 30, 60, 120, 300, 600, 900, 1800, LONGEST_PACE_TICK_S]
const PACE_AXIS_MAX_TICKS = 6
/** Slowest pace the axis shows, as a multiple of the median: a few steps at walking pace would otherwise squash the run. */
const PACE_AXIS_MEDIAN_FACTOR = 3

/**
 * The pace axis: from the fastest pace to the slowest (at most 3× the median; slower points leave
 * the chart), on round ticks (15 s, 1 min, 5 min…) with at most six of them; an even pace gets
 * a step of room either side.
 * @returns null without any pace
 */
export function paceAxis(rows: readonly ChartRow[]): { domain: [number, number]; ticks: number[] } | null {
  const paces = rows.flatMap((row) => (row.pace === null ? [] : [row.pace])).sort((a, b) => a - b)
  const fastest = paces[0]
  if (fastest === undefined) return null
  const median = paces[Math.floor(paces.length / 2)] ?? fastest
  const slowest = Math.min(paces[paces.length - 1] ?? fastest, median * PACE_AXIS_MEDIAN_FACTOR)
  const step =
    PACE_TICK_STEPS_S.find((candidate) => Math.ceil(slowest / candidate) - Math.floor(fastest / candidate) < PACE_AXIS_MAX_TICKS) ??
    LONGEST_PACE_TICK_S
  // An even pace (spread under one step) sits mid-chart, a step either side, not on the top edge.
  const even = slowest - fastest < step
  const low = even ? Math.round((fastest + slowest) / 2 / step) * step - step : Math.floor(fastest / step) * step
  const high = even ? low + 2 * step : Math.ceil(slowest / step) * step
  const ticks: number[] = []
  for (let tick = low; tick <= high; tick += step) ticks.push(tick)
  return { domain: [low, high], ticks }
}

/**
 * Narrowest span (viewer's units) an axis shows for each series: Recharts' automatic domain
 * stretches a steady ride's 0.1 km/h of jitter, or a lakeside run's 1 m of elevation, over the
 * whole chart height (or puts an even line on an edge).
 */
export function minimumSpan(name: Exclude<ChartSeriesName, 'pace'>, imperial: boolean): number {
  switch (name) {
    case 'speed':
      return 4
    case 'elevation':
      return imperial ? 60 : 20
    case 'hr':
    case 'cadence':
      return 20
    case 'power':
      return 40
  }
}

/** Ticks a widened axis is cut into. */
const STEADY_AXIS_STEPS = 4

/**
 * The axis of series whose values are (nearly) constant: `minSpan` wide on round ticks, centred
 * on the values and kept at or above 0 when they are; null (Recharts' automatic domain) when the
 * values spread wider than `minSpan` or there are none.
 */
export function steadyAxis(rows: readonly ChartRow[], names: readonly Exclude<ChartSeriesName, 'pace'>[], minSpan: number): { domain: [number, number]; ticks: number[] } | null {
  let min = Infinity
  let max = -Infinity
  for (const row of rows) {
    for (const name of names) {
      const value = row[name]
      if (value === null) continue
      if (value < min) min = value
      if (value > max) max = value
    }
  }
  if (min > max || max - min >= minSpan) return null
  const step = minSpan / STEADY_AXIS_STEPS
  // Centred on the round tick nearest the values' middle, a step wider on a side they would cross.
  const centre = Math.round((min + max) / 2 / step) * step
  let low = centre - minSpan / 2
  let high = centre + minSpan / 2
  if (min < low) low -= step
  if (max > high) high += step
  // Below half the span from 0, the axis starts at 0 (no negative speed or heart rate).
  if (low < 0 && min >= 0) {
    low = 0
    high = minSpan
  }
  const ticks: number[] = []
  for (let tick = low; tick <= high + step / 2; tick += step) ticks.push(round(tick, 6))
  return { domain: [low, high], ticks }
}

/** The series worth drawing (pace in place of speed when the sport reads as pace); a sensor with no value anywhere is left out. */
export function availableSeries(rows: readonly ChartRow[], pace = false): ChartSeriesName[] {
  // A workout without a distance has no speed to draw.
  const names: ChartSeriesName[] = rows.some((row) => row.distance !== null) ? [pace ? 'pace' : 'speed'] : []
  for (const name of ['elevation', 'hr', 'cadence', 'power'] as const) {
    if (rows.some((row) => row[name] !== null)) names.push(name)
  }
  return names
}

/** The distance axis needs a distance on every row (a workout without a distance has none). */
export function hasDistanceAxis(rows: readonly ChartRow[]): boolean {
  return rows.length > 0 && rows.every((row) => row.distance !== null)
}

/** The time axis needs a duration on every row (files without timestamps have none). */
export function hasTimeAxis(rows: readonly ChartRow[]): boolean {
  return rows.length > 0 && rows.every((row) => row.duration !== null)
}

/** The map position of a chart row, when the point has one. */
export function positionOf(points: readonly ChartDataPoint[], index: number): [number, number] | null {
  const point = points[index]
  if (!point || point.latitude === null || point.longitude === null) return null
  return [point.latitude, point.longitude]
}

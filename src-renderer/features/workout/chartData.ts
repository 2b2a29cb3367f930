import type { ChartDataPoint } from '../../../src/contracts'
import { round, toDistanceUnit, toElevationUnit, toSpeedUnit } from './measures'

/** What the chart's x-axis measures. */
export type ChartAxis = 'distance' | 'duration'

/** Series the chart can draw; speed and elevation always, sensors when the workout has them. */
export type ChartSeriesName = 'speed' | 'elevation' | 'hr' | 'cadence' | 'power'

/** One chart row, in the viewer's units; `index` points back into the API series (map marker). */
export interface ChartRow {
  index: number
  /** km or mi */
  distance: number
  /** seconds since the start, or null without timestamps */
  duration: number | null
  /** km/h or mi/h; null during a pause, so the line shows a gap instead of a drop to 0 */
  speed: number | null
  /** m or ft */
  elevation: number | null
  hr: number | null
  cadence: number | null
  power: number | null
}

/** A time step longer than this (seconds) that covers almost no ground is a pause. */
export const PAUSE_MIN_S = 60
/** Below this average speed (km/h or mi/h) over a long step, the step is a pause. */
const PAUSE_MAX_SPEED = 1

/**
 * Pauses become gaps in the speed line: a point stopped dead (speed 0) inside the workout, or
 * reached after a long step that covered almost no ground (the recording paused), has no speed
 * to draw. The first and last points stay: a line starting or ending at 0 is no pause.
 */
export function breakAtPauses(rows: readonly ChartRow[]): ChartRow[] {
  return rows.map((row, position) => {
    if (position === 0 || position === rows.length - 1) return row
    const previous = rows[position - 1]
    const step = previous && row.duration !== null && previous.duration !== null ? row.duration - previous.duration : 0
    const pausedStep = previous !== undefined && step > PAUSE_MIN_S && ((row.distance - previous.distance) / step) * 3600 < PAUSE_MAX_SPEED
    return row.speed === 0 || pausedStep ? { ...row, speed: null } : row
  })
}

/**
 * Maps the API's points to chart rows in the viewer's units (distance 3 decimals, others 2),
 * pauses drawn as gaps ({@link breakAtPauses}).
 */
export function toChartRows(points: readonly ChartDataPoint[], imperial: boolean): ChartRow[] {
  return breakAtPauses(points.map((point, index) => ({
    index,
    distance: round(toDistanceUnit(point.distance, imperial), 3),
    duration: point.duration,
    speed: round(toSpeedUnit(point.speed, imperial), 2),
    elevation: point.elevation === null ? null : round(toElevationUnit(point.elevation, imperial), 1),
    hr: point.hr ?? null,
    cadence: point.cadence ?? null,
    power: point.power ?? null,
  })))
}

/** The series worth drawing: a sensor with no value anywhere is left out. */
export function availableSeries(rows: readonly ChartRow[]): ChartSeriesName[] {
  const names: ChartSeriesName[] = ['speed']
  for (const name of ['elevation', 'hr', 'cadence', 'power'] as const) {
    if (rows.some((row) => row[name] !== null)) names.push(name)
  }
  return names
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

import type { ChartDataPoint } from '../../../src/contracts'
import type { ChartColumns } from '../../../src/domain/analysis'
import { roundLikeToFixed } from '../../../src/domain/rounding'
import { toHttpDate } from '../../lib/http-date'

/**
 * The chart of a whole workout: its distance is the workout's own (the jumps between segments are
 * left out, as in the workout's distance, so the chart ends where the figures say; the reference
 * tracker's chart ran on across them), and no point is faster than the workout's top speed (the
 * reference's filtered maximum, which treats faster points as spikes; a smoothed line, an average
 * of these points, then never exceeds it either). Time and distance start at 0 at the first point.
 * A workout without a distance (the file measured none) has neither distance nor speed on its chart.
 * @param topSpeedKmh the workout's `max_speed` figure, or null without one (no cap)
 * @param measured whether the workout has a distance
 */
export function presentWorkoutChart(chart: ChartColumns, topSpeedKmh: number | null, measured: boolean): ChartDataPoint[] {
  const cap = capOf(topSpeedKmh)
  const presented: ChartDataPoint[] = []
  for (let k = 0; k < chart.size; k++) presented.push(presentChartPoint(chart.columns, k, measured ? 0 : null, 0, cap))
  return presented
}

/**
 * The chart of one segment (0-based index; empty when it has no point): time and distance from
 * its own first point, speeds capped at the segment's top speed.
 */
export function presentSegmentChart(chart: ChartColumns, segment: number, topSpeedKmh: number | null, measured: boolean): ChartDataPoint[] {
  const { columns } = chart
  const own: number[] = []
  for (let k = 0; k < chart.size; k++) if (columns.segment?.[k] === segment) own.push(k)
  const first = own[0] ?? 0
  const originKm = columns.distanceKm?.[first] ?? 0
  const originS = valueAt(columns.elapsedS, first) ?? 0
  const cap = capOf(topSpeedKmh)
  return own.map((k) => presentChartPoint(columns, k, measured ? originKm : null, originS, cap))
}

/** The cap on a chart's speeds: the top speed rounded as the API rounds it, so the two compare equal at the cap (none without one). */
const capOf = (topSpeedKmh: number | null) => (topSpeedKmh === null ? Infinity : roundLikeToFixed(topSpeedKmh, 2))

/** A column's value at `k`, null for `NaN` (the columns' null). */
const valueAt = (values: readonly number[] | undefined, k: number): number | null => {
  const value = values?.[k] ?? Number.NaN
  return Number.isNaN(value) ? null : value
}

/**
 * Point `k` of the chart's columns in the API's shape, its distance (km) and time (s) from the
 * origins given (no distance nor speed when `originKm` is null). Every point is built with its
 * fields in one order (sensors added in order when present): a chart answer is thousands of
 * these, serialised fastest when they share one shape.
 */
function presentChartPoint(columns: ChartColumns['columns'], k: number, originKm: number | null, originS: number, cap: number): ChartDataPoint {
  const elapsedS = valueAt(columns.elapsedS, k)
  const time = valueAt(columns.time, k)
  const presented: ChartDataPoint = {
    distance: originKm === null ? null : roundLikeToFixed((columns.distanceKm?.[k] ?? 0) - originKm, 3),
    duration: elapsedS === null ? null : elapsedS - originS,
    elevation: valueAt(columns.elevationM, k),
    latitude: valueAt(columns.lat, k),
    longitude: valueAt(columns.lon, k),
    speed: originKm === null ? null : Math.min(columns.speedKmh?.[k] ?? 0, cap),
    time: time === null ? null : toHttpDate(new Date(time)),
  }
  if (columns.heartRate) presented.hr = valueAt(columns.heartRate, k)
  if (columns.cadence) presented.cadence = valueAt(columns.cadence, k)
  if (columns.power) presented.power = valueAt(columns.power, k)
  if (columns.temperature) presented.temperature = valueAt(columns.temperature, k)
  return presented
}

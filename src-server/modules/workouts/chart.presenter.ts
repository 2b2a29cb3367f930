import type { ChartDataPoint } from '../../../src/contracts'
import type { ChartPoint } from '../../../src/domain/analysis'
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
export function presentWorkoutChart(points: readonly ChartPoint[], topSpeedKmh: number | null, measured: boolean): ChartDataPoint[] {
  const cap = capOf(topSpeedKmh)
  return points.map((point) => presentChartPoint(point, measured ? point.distanceKm : null, point.elapsedS, cap))
}

/** The chart of one segment: time and distance from its own first point, speeds capped at the segment's top speed. */
export function presentSegmentChart(points: readonly ChartPoint[], topSpeedKmh: number | null, measured: boolean): ChartDataPoint[] {
  const originKm = points[0]?.distanceKm ?? 0
  const originS = points[0]?.elapsedS ?? 0
  const cap = capOf(topSpeedKmh)
  return points.map((point) =>
    presentChartPoint(point, measured ? point.distanceKm - originKm : null, point.elapsedS === null ? null : point.elapsedS - originS, cap),
  )
}

/** The cap on a chart's speeds: the top speed rounded as the API rounds it, so the two compare equal at the cap (none without one). */
const capOf = (topSpeedKmh: number | null) => (topSpeedKmh === null ? Infinity : roundLikeToFixed(topSpeedKmh, 2))

/**
 * A chart point in the API's shape, with its distance (km) and time (s) along the chart. Every
 * point is built with its fields in one order (sensors added in order when present): a chart
 * answer is thousands of these, serialised fastest when they share one shape.
 */
function presentChartPoint(point: ChartPoint, distanceKm: number | null, durationS: number | null, cap: number): ChartDataPoint {
  const presented: ChartDataPoint = {
    distance: distanceKm === null ? null : roundLikeToFixed(distanceKm, 3),
    duration: durationS,
    elevation: point.elevationM,
    latitude: point.lat,
    longitude: point.lon,
    speed: distanceKm === null ? null : Math.min(point.speedKmh, cap),
    time: point.time === null ? null : toHttpDate(new Date(point.time)),
  }
  if (point.heartRate !== undefined) presented.hr = point.heartRate
  if (point.cadence !== undefined) presented.cadence = point.cadence
  if (point.power !== undefined) presented.power = point.power
  if (point.temperature !== undefined) presented.temperature = point.temperature
  return presented
}

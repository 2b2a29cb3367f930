import type { ChartDataPoint } from '../../../src/contracts'
import type { ChartPoint } from '../../../src/domain/analysis'
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
  return points.map((point) => presentChartPoint(point, measured ? point.distanceKm : null, point.elapsedS, topSpeedKmh))
}

/** The chart of one segment: time and distance from its own first point, speeds capped at the segment's top speed. */
export function presentSegmentChart(points: readonly ChartPoint[], topSpeedKmh: number | null, measured: boolean): ChartDataPoint[] {
  const originKm = points[0]?.distanceKm ?? 0
  const originS = points[0]?.elapsedS ?? 0
  return points.map((point) =>
    presentChartPoint(point, measured ? point.distanceKm - originKm : null, point.elapsedS === null ? null : point.elapsedS - originS, topSpeedKmh),
  )
}

/** A chart point in the API's shape, with its distance (km) and time (s) along the chart. */
function presentChartPoint(point: ChartPoint, distanceKm: number | null, durationS: number | null, topSpeedKmh: number | null): ChartDataPoint {
  return {
    distance: distanceKm === null ? null : Number(distanceKm.toFixed(3)),
    duration: durationS,
    elevation: point.elevationM,
    latitude: point.lat,
    longitude: point.lon,
    // Rounded as the API rounds the top speed itself, so the two compare equal at the cap.
    speed: distanceKm === null ? null : topSpeedKmh === null ? point.speedKmh : Math.min(point.speedKmh, Number(topSpeedKmh.toFixed(2))),
    time: point.time === null ? null : toHttpDate(new Date(point.time)),
    ...(point.heartRate !== undefined ? { hr: point.heartRate } : {}),
    ...(point.cadence !== undefined ? { cadence: point.cadence } : {}),
    ...(point.power !== undefined ? { power: point.power } : {}),
    ...(point.temperature !== undefined ? { temperature: point.temperature } : {}),
  }
}

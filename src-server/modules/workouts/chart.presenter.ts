import type { ChartDataPoint } from '../../../src/contracts'
import type { ChartPoint } from '../../../src/domain/analysis'
import { pointDistanceM } from '../../../src/domain/geo/distance'
import { toHttpDate } from '../../lib/http-date'

const position = (point: ChartPoint) => ({ lat: point.lat ?? Number.NaN, lon: point.lon ?? Number.NaN, ele: point.elevationM ?? Number.NaN })

/**
 * Metres from the last point of a segment to the first point of the next one (0 without both
 * positions). The stored chart keeps every point up to 2,000, so these are the real end points
 * of the segments for all but the longest tracks.
 */
function jumpM(before: ChartPoint, after: ChartPoint): number {
  const a = position(before)
  const b = position(after)
  const metres = pointDistanceM(a.lat, a.lon, a.ele, b.lat, b.lon, b.ele)
  return Number.isFinite(metres) ? metres : 0
}

/**
 * The chart of a whole workout as the reference tracker draws it: the distance runs on along the
 * line from one segment to the next, so the jump between segments is part of the chart's distance
 * (the workout's own distance leaves it out). Time and distance start at 0 at the first point.
 */
export function presentWorkoutChart(points: readonly ChartPoint[]): ChartDataPoint[] {
  let jumpsM = 0
  return points.map((point, index) => {
    const previous = points[index - 1]
    if (previous && previous.segment !== point.segment) jumpsM += jumpM(previous, point)
    return presentChartPoint(point, point.distanceKm + jumpsM / 1000, point.elapsedS)
  })
}

/** The chart of one segment: time and distance from its own first point. */
export function presentSegmentChart(points: readonly ChartPoint[]): ChartDataPoint[] {
  const originKm = points[0]?.distanceKm ?? 0
  const originS = points[0]?.elapsedS ?? 0
  return points.map((point) => presentChartPoint(point, point.distanceKm - originKm, point.elapsedS === null ? null : point.elapsedS - originS))
}

/** A chart point in the API's shape, with its distance (km) and time (s) along the chart. */
function presentChartPoint(point: ChartPoint, distanceKm: number, durationS: number | null): ChartDataPoint {
  return {
    distance: Number(distanceKm.toFixed(3)),
    duration: durationS,
    elevation: point.elevationM,
    latitude: point.lat,
    longitude: point.lon,
    speed: point.speedKmh,
    time: point.time === null ? null : toHttpDate(new Date(point.time)),
    ...(point.heartRate !== undefined ? { hr: point.heartRate } : {}),
    ...(point.cadence !== undefined ? { cadence: point.cadence } : {}),
    ...(point.power !== undefined ? { power: point.power } : {}),
    ...(point.temperature !== undefined ? { temperature: point.temperature } : {}),
  }
}

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
  /** km/h or mi/h */
  speed: number
  /** m or ft */
  elevation: number | null
  hr: number | null
  cadence: number | null
  power: number | null
}

/** Maps the API's points to chart rows in the viewer's units (distance 3 decimals, others 2). */
export function toChartRows(points: readonly ChartDataPoint[], imperial: boolean): ChartRow[] {
  return points.map((point, index) => ({
    index,
    distance: round(toDistanceUnit(point.distance, imperial), 3),
    duration: point.duration,
    speed: round(toSpeedUnit(point.speed, imperial), 2),
    elevation: point.elevation === null ? null : round(toElevationUnit(point.elevation, imperial), 1),
    hr: point.hr ?? null,
    cadence: point.cadence ?? null,
    power: point.power ?? null,
  }))
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

/** The lines of a GPX track (one per segment) as `[lat, lon]` pairs. */
export function linesOfGpx(gpx: string): [number, number][][] {
  const document = new DOMParser().parseFromString(gpx, 'application/xml')
  const lines: [number, number][][] = []
  for (const segment of Array.from(document.getElementsByTagName('trkseg'))) {
    const line: [number, number][] = []
    for (const point of Array.from(segment.getElementsByTagName('trkpt'))) {
      const lat = Number(point.getAttribute('lat'))
      const lon = Number(point.getAttribute('lon'))
      if (Number.isFinite(lat) && Number.isFinite(lon)) line.push([lat, lon])
    }
    if (line.length > 0) lines.push(line)
  }
  return lines
}

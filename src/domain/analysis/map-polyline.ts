import { ONE_DEGREE_M } from '../geo/distance'
import type { PointSeries } from './point-series'

/** A map line: `[lat, lon]` pairs in decimal degrees (Leaflet's order). */
export type LatLon = readonly [number, number]

/** Options of {@link mapPolyline}. */
export interface PolylineOptions {
  /** Initial Douglas–Peucker tolerance in metres (default 5 m). */
  readonly toleranceM?: number
  /** Most points over all lines; the tolerance doubles until the line fits (default 2,000). */
  readonly maxPoints?: number
}

/**
 * Douglas–Peucker on one run of points (projected metres), iterative so 200,000-point lines do
 * not overflow the stack. Marks kept points in `keep`.
 */
function simplifyRun(x: Float64Array, y: Float64Array, toleranceM: number, keep: Uint8Array): void {
  const n = x.length
  if (n === 0) return
  keep[0] = 1
  keep[n - 1] = 1
  const stack: number[] = [0, n - 1]
  const tolerance2 = toleranceM * toleranceM
  while (stack.length > 0) {
    const last = stack.pop() ?? 0
    const first = stack.pop() ?? 0
    const x0 = x[first] ?? 0
    const y0 = y[first] ?? 0
    const dx = (x[last] ?? 0) - x0
    const dy = (y[last] ?? 0) - y0
    const length2 = dx * dx + dy * dy
    let farthest = -1
    let farthest2 = tolerance2
    for (let i = first + 1; i < last; i++) {
      const px = (x[i] ?? 0) - x0
      const py = (y[i] ?? 0) - y0
      let d2: number
      if (length2 === 0) d2 = px * px + py * py
      else {
        const t = Math.max(0, Math.min(1, (px * dx + py * dy) / length2))
        const ex = px - t * dx
        const ey = py - t * dy
        d2 = ex * ex + ey * ey
      }
      if (d2 > farthest2) {
        farthest2 = d2
        farthest = i
      }
    }
    if (farthest >= 0) {
      keep[farthest] = 1
      stack.push(first, farthest, farthest, last)
    }
  }
}

function round5(value: number): number {
  return Math.round(value * 1e5) / 1e5
}

/**
 * A simplified polyline for maps: one line per kept segment (points without position left out),
 * simplified with Douglas–Peucker (tolerance in metres on a local flat projection) and rounded
 * to 5 decimals (~1 m). At most `maxPoints` points in total.
 */
export function mapPolyline(series: PointSeries, options: PolylineOptions = {}): LatLon[][] {
  const maxPoints = options.maxPoints ?? 2_000
  const runs: { x: Float64Array; y: Float64Array; lat: Float64Array; lon: Float64Array }[] = []
  series.segmentStarts.forEach((start, segment) => {
    const end = series.segmentStarts[segment + 1] ?? series.size
    const lat = new Float64Array(end - start)
    const lon = new Float64Array(end - start)
    let count = 0
    for (let i = start; i < end; i++) {
      const la = series.lat[i] ?? Number.NaN
      const lo = series.lon[i] ?? Number.NaN
      if (!Number.isNaN(la) && !Number.isNaN(lo)) {
        lat[count] = la
        lon[count] = lo
        count++
      }
    }
    if (count === 0) return
    const scale = Math.cos(((lat[0] ?? 0) * Math.PI) / 180) * ONE_DEGREE_M
    const x = new Float64Array(count)
    const y = new Float64Array(count)
    for (let i = 0; i < count; i++) {
      x[i] = (lon[i] ?? 0) * scale
      y[i] = (lat[i] ?? 0) * ONE_DEGREE_M
    }
    runs.push({ x, y, lat: lat.subarray(0, count), lon: lon.subarray(0, count) })
  })
  let tolerance = options.toleranceM ?? 5
  for (;;) {
    const keeps = runs.map((run) => {
      const keep = new Uint8Array(run.x.length)
      simplifyRun(run.x, run.y, tolerance, keep)
      return keep
    })
    let total = 0
    for (const keep of keeps) for (let i = 0; i < keep.length; i++) total += keep[i] ?? 0
    if (total <= Math.max(maxPoints, 2 * runs.length)) {
      return runs.map((run, r) => {
        const line: LatLon[] = []
        const keep = keeps[r]
        for (let i = 0; i < run.lat.length; i++) {
          if (keep?.[i]) line.push([round5(run.lat[i] ?? 0), round5(run.lon[i] ?? 0)])
        }
        return line
      })
    }
    tolerance *= 2
  }
}

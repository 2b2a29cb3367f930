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
 * Douglas–Peucker significance of every point of one run (projected metres), in one pass: the
 * squared distance at which the point stops being kept. Douglas–Peucker picks the same farthest
 * point of an interval whatever the tolerance, so the line at tolerance τ is exactly the points
 * whose significance exceeds τ² (the first and last are always kept): doubling the tolerance
 * until the line is short enough then costs a count, not a new simplification. Splitting stops
 * below `minToleranceM`, as a simplification at that tolerance would (bounding the work on long
 * noisy lines). Iterative, so 200,000-point lines do not overflow the stack.
 */
function significance(x: Float64Array, y: Float64Array, minToleranceM: number): Float64Array {
  const n = x.length
  const sig = new Float64Array(n)
  if (n === 0) return sig
  sig[0] = Number.POSITIVE_INFINITY
  sig[n - 1] = Number.POSITIVE_INFINITY
  // Intervals to split, with the significance of the split that made them.
  const stack: number[] = [0, n - 1, Number.POSITIVE_INFINITY]
  const tolerance2 = minToleranceM * minToleranceM
  while (stack.length > 0) {
    const parent = stack.pop() ?? 0
    const last = stack.pop() ?? 0
    const first = stack.pop() ?? 0
    const x0 = x[first] ?? 0
    const y0 = y[first] ?? 0
    const dx = (x[last] ?? 0) - x0
    const dy = (y[last] ?? 0) - y0
    const length2 = dx * dx + dy * dy
    let farthest = -1
    let farthest2 = tolerance2
    // Two loops rather than a test per point: a zero-length chord (a loop closing on itself) is rare.
    if (length2 === 0) {
      for (let i = first + 1; i < last; i++) {
        const px = (x[i] ?? 0) - x0
        const py = (y[i] ?? 0) - y0
        const d2 = px * px + py * py
        if (d2 > farthest2) {
          farthest2 = d2
          farthest = i
        }
      }
    } else {
      for (let i = first + 1; i < last; i++) {
        const px = (x[i] ?? 0) - x0
        const py = (y[i] ?? 0) - y0
        const t = Math.max(0, Math.min(1, (px * dx + py * dy) / length2))
        const ex = px - t * dx
        const ey = py - t * dy
        const d2 = ex * ex + ey * ey
        if (d2 > farthest2) {
          farthest2 = d2
          farthest = i
        }
      }
    }
    if (farthest >= 0) {
      const own = Math.min(farthest2, parent)
      sig[farthest] = own
      stack.push(first, farthest, own, farthest, last, own)
    }
  }
  return sig
}

function round5(value: number): number {
  return Math.round(value * 1e5) / 1e5
}

/** One line to simplify: positions in degrees and projected metres (same length). */
interface Run {
  readonly x: Float64Array
  readonly y: Float64Array
  readonly lat: Float64Array
  readonly lon: Float64Array
}

/** Simplifies the runs together: the tolerance doubles until all of them hold ≤ `maxPoints`. */
function simplifyRuns(runs: readonly Run[], options: PolylineOptions): LatLon[][] {
  const maxPoints = options.maxPoints ?? 2_000
  let tolerance = options.toleranceM ?? 5
  const significances = runs.map((run) => significance(run.x, run.y, tolerance))
  for (;;) {
    const tolerance2 = tolerance * tolerance
    let total = 0
    for (const sig of significances) for (let i = 0; i < sig.length; i++) if ((sig[i] ?? 0) > tolerance2) total++
    if (total <= Math.max(maxPoints, 2 * runs.length)) {
      return runs.map((run, r) => {
        const line: LatLon[] = []
        const sig = significances[r]
        for (let i = 0; i < run.lat.length; i++) {
          if ((sig?.[i] ?? 0) > tolerance2) line.push([round5(run.lat[i] ?? 0), round5(run.lon[i] ?? 0)])
        }
        return line
      })
    }
    tolerance *= 2
  }
}

/**
 * The positioned points of `lats`/`lons` from `start` to `end` (NaN = no position) as a run,
 * projected on a local flat plane (scale of the first point's latitude). One pass, no allocation
 * per point: it runs on every imported point.
 */
function runOf(lats: ArrayLike<number>, lons: ArrayLike<number>, start: number, end: number): Run | null {
  const lat = new Float64Array(end - start)
  const lon = new Float64Array(end - start)
  const x = new Float64Array(end - start)
  const y = new Float64Array(end - start)
  let scale = Number.NaN
  let count = 0
  for (let i = start; i < end; i++) {
    const la = lats[i] ?? Number.NaN
    const lo = lons[i] ?? Number.NaN
    if (Number.isNaN(la) || Number.isNaN(lo)) continue
    if (count === 0) scale = Math.cos((la * Math.PI) / 180) * ONE_DEGREE_M
    lat[count] = la
    lon[count] = lo
    x[count] = lo * scale
    y[count] = la * ONE_DEGREE_M
    count++
  }
  return count === 0 ? null : { x: x.subarray(0, count), y: y.subarray(0, count), lat: lat.subarray(0, count), lon: lon.subarray(0, count) }
}

/**
 * A simplified polyline for maps: one line per kept segment (points without position left out),
 * simplified with Douglas–Peucker (tolerance in metres on a local flat projection) and rounded
 * to 5 decimals (~1 m). At most `maxPoints` points in total.
 */
export function mapPolyline(series: PointSeries, options: PolylineOptions = {}): LatLon[][] {
  const runs: Run[] = []
  series.segmentStarts.forEach((start, segment) => {
    const end = series.segmentStarts[segment + 1] ?? series.size
    const run = runOf(series.lat, series.lon, start, end)
    if (run) runs.push(run)
  })
  return simplifyRuns(runs, options)
}

/** Simplifies map lines further (as {@link mapPolyline} does a series), e.g. for the heatmap. */
export function simplifyLines(lines: readonly (readonly LatLon[])[], options: PolylineOptions): LatLon[][] {
  const runs: Run[] = []
  for (const line of lines) {
    const run = runOf(
      line.map(([lat]) => lat),
      line.map(([, lon]) => lon),
      0,
      line.length,
    )
    if (run) runs.push(run)
  }
  return simplifyRuns(runs, options)
}

import type { PointSeries } from './point-series'

/** Most points a stored chart series holds. */
export const MAX_CHART_POINTS = 2_000

/**
 * One point of the stored chart series (JSON-ready, rounded for storage). Missing values are
 * `null`; sensor fields are present only when the workout has that sensor.
 */
export interface ChartPoint {
  /** 0-based index of the kept segment the point belongs to. */
  readonly segment: number
  /** Cumulative distance from the workout start, km, 3 decimals (jumps between segments excluded). */
  readonly distanceKm: number
  /** Seconds since the workout start (whole seconds), or `null` without time. */
  readonly elapsedS: number | null
  /** Epoch ms UTC, or `null`. */
  readonly time: number | null
  /** Speed in km/h, 2 decimals. */
  readonly speedKmh: number
  /** Elevation in metres, 1 decimal, or `null`. */
  readonly elevationM: number | null
  /** Latitude, 6 decimals, or `null`. */
  readonly lat: number | null
  /** Longitude, 6 decimals, or `null`. */
  readonly lon: number | null
  /** Heart rate, bpm (whole), when the workout has heart rate. */
  readonly heartRate?: number | null
  /** Cadence, rpm (whole), when present. */
  readonly cadence?: number | null
  /** Power, watts (whole), when present. */
  readonly power?: number | null
  /** Temperature, °C, 1 decimal, when present. */
  readonly temperature?: number | null
}

/**
 * The decimals each field of a {@link ChartPoint} is rounded to: every stored value is an
 * integer over 10^decimals (storage encodes those integers, see `stored-chart.ts`).
 */
export const CHART_DECIMALS = {
  segment: 0,
  distanceKm: 3,
  elapsedS: 0,
  time: 0,
  speedKmh: 2,
  elevationM: 1,
  lat: 6,
  lon: 6,
  heartRate: 0,
  cadence: 0,
  power: 0,
  temperature: 1,
} as const satisfies Record<keyof ChartPoint, number>

/**
 * Largest-triangle-three-buckets: picks `threshold` indices of `values` (x = index) that keep
 * the visual shape of the line; always keeps the first and last index. `NaN`s are never picked
 * over a real value.
 */
export function largestTriangleIndices(values: Float64Array, threshold: number): number[] {
  const n = values.length
  if (threshold >= n || threshold < 3) return Array.from({ length: n }, (_, i) => i)
  const bucket = (n - 2) / (threshold - 2)
  const picked = [0]
  let anchor = 0
  for (let b = 0; b < threshold - 2; b++) {
    const nextStart = Math.floor((b + 1) * bucket) + 1
    const nextEnd = Math.min(Math.floor((b + 2) * bucket) + 1, n)
    let sumX = 0
    let sumY = 0
    let count = 0
    for (let j = nextStart; j < nextEnd; j++) {
      const y = values[j] ?? Number.NaN
      if (Number.isNaN(y)) continue
      sumX += j
      sumY += y
      count++
    }
    const avgX = count > 0 ? sumX / count : (nextStart + nextEnd - 1) / 2
    const avgY = count > 0 ? sumY / count : 0
    const ax = anchor
    const ay = values[anchor] ?? 0
    const start = Math.floor(b * bucket) + 1
    const end = Math.min(Math.floor((b + 1) * bucket) + 1, n - 1)
    let best = start
    let bestArea = -1
    for (let j = start; j < end; j++) {
      const y = values[j] ?? Number.NaN
      const area = Math.abs((ax - avgX) * (y - ay) - (ax - j) * (avgY - ay))
      if (area > bestArea) {
        bestArea = area
        best = j
      }
    }
    picked.push(best)
    anchor = best
  }
  picked.push(n - 1)
  return picked
}

/**
 * Indices of the fastest point, the highest and lowest points and the highest heart rate (first
 * occurrence of each; `NaN`s never win), in one pass over the series.
 */
function extremeIndices(series: PointSeries): number[] {
  const { speedKmh, ele, heartRate } = series
  let maxSpeed = -1
  let maxEle = -1
  let minEle = -1
  let maxHeartRate = -1
  let maxSpeedValue = Number.NEGATIVE_INFINITY
  let maxEleValue = Number.NEGATIVE_INFINITY
  let minEleValue = Number.NEGATIVE_INFINITY
  let maxHeartRateValue = Number.NEGATIVE_INFINITY
  for (let i = 0; i < series.size; i++) {
    const speed = speedKmh[i] ?? Number.NaN
    if (speed > maxSpeedValue) {
      maxSpeedValue = speed
      maxSpeed = i
    }
    const e = ele[i] ?? Number.NaN
    if (e > maxEleValue) {
      maxEleValue = e
      maxEle = i
    }
    if (-e > minEleValue) {
      minEleValue = -e
      minEle = i
    }
    if (heartRate !== null) {
      const hr = heartRate[i] ?? Number.NaN
      if (hr > maxHeartRateValue) {
        maxHeartRateValue = hr
        maxHeartRate = i
      }
    }
  }
  return [maxSpeed, maxEle, minEle, maxHeartRate].filter((index) => index >= 0)
}

function hasValues(values: Float64Array | null): values is Float64Array {
  if (values === null) return false
  // A plain loop: a callback per point costs more than the test itself before the JIT warms up.
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i] ?? Number.NaN)) return true
  return false
}

/**
 * The indices of the points kept in the chart series (sorted, at most `maxPoints`): the first
 * and last points, the points of maximum speed, maximum and minimum elevation and maximum heart
 * rate, plus the union of a largest-triangle-three-buckets selection on speed and one on
 * elevation, so both curves keep their shape.
 */
export function chartIndices(series: PointSeries, maxPoints = MAX_CHART_POINTS): number[] {
  const n = series.size
  if (n <= maxPoints) return Array.from({ length: n }, (_, i) => i)
  const forced = new Set<number>([0, n - 1])
  for (const index of extremeIndices(series)) forced.add(index)
  const shaped = [series.speedKmh, series.ele].filter(hasValues)
  const budget = Math.floor((maxPoints - forced.size) / Math.max(1, shaped.length))
  const kept = new Set(forced)
  for (const values of shaped) for (const index of largestTriangleIndices(values, budget)) kept.add(index)
  // A typed-array sort is numeric and native: no comparator call per comparison.
  return Array.from(Uint32Array.from(kept).sort())
}

function rounded(value: number, decimals: number): number | null {
  if (Number.isNaN(value)) return null
  const factor = 10 ** decimals
  return Math.round(value * factor) / factor
}

function segmentOfIndex(series: PointSeries): Uint32Array {
  const segmentOf = new Uint32Array(series.size)
  series.segmentStarts.forEach((start, segment) => {
    const end = series.segmentStarts[segment + 1] ?? series.size
    segmentOf.fill(segment, start, end)
  })
  return segmentOf
}

/**
 * The downsampled chart series stored with a workout (at most `maxPoints` points, see
 * {@link chartIndices}), rounded for storage.
 */
export function chartSeries(series: PointSeries, maxPoints = MAX_CHART_POINTS): ChartPoint[] {
  const segmentOf = segmentOfIndex(series)
  return chartIndices(series, maxPoints).map((i) => {
    // Built field by field (not spread): 2,000 points per import.
    const point: { -readonly [K in keyof ChartPoint]: ChartPoint[K] } = {
      segment: segmentOf[i] ?? 0,
      distanceKm: rounded((series.distanceM[i] ?? 0) / 1000, CHART_DECIMALS.distanceKm) ?? 0,
      elapsedS: rounded(series.elapsedS[i] ?? Number.NaN, CHART_DECIMALS.elapsedS),
      time: rounded(series.time[i] ?? Number.NaN, CHART_DECIMALS.time),
      speedKmh: rounded(series.speedKmh[i] ?? 0, CHART_DECIMALS.speedKmh) ?? 0,
      elevationM: rounded(series.ele[i] ?? Number.NaN, CHART_DECIMALS.elevationM),
      lat: rounded(series.lat[i] ?? Number.NaN, CHART_DECIMALS.lat),
      lon: rounded(series.lon[i] ?? Number.NaN, CHART_DECIMALS.lon),
    }
    if (series.heartRate) point.heartRate = rounded(series.heartRate[i] ?? Number.NaN, CHART_DECIMALS.heartRate)
    if (series.cadence) point.cadence = rounded(series.cadence[i] ?? Number.NaN, CHART_DECIMALS.cadence)
    if (series.power) point.power = rounded(series.power[i] ?? Number.NaN, CHART_DECIMALS.power)
    if (series.temperature) point.temperature = rounded(series.temperature[i] ?? Number.NaN, CHART_DECIMALS.temperature)
    return point
  })
}

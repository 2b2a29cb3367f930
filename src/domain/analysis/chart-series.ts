import type { PointSeries } from './point-series'
import { roundLikeToFixed } from '../rounding'

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
function largestTriangleIndices(values: Float64Array, threshold: number): number[] {
  const n = values.length
  // Only called on series longer than the budget; a threshold under 3 keeps the two ends alone.
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

function hasValues(values: Float64Array): boolean {
  // A plain loop: a callback per point costs more than the test itself before the JIT warms up.
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i] ?? Number.NaN)) return true
  return false
}

/**
 * The indices of the points kept in the chart series (sorted, at most `maxPoints`): the first
 * and last points, the first point of each segment (up to a quarter of `maxPoints`), the points of
 * maximum speed, maximum and minimum elevation and maximum heart rate, plus the union of a largest-triangle-three-buckets selection on speed and one on
 * elevation, so both curves keep their shape.
 */
export function chartIndices(series: PointSeries, maxPoints = MAX_CHART_POINTS): number[] {
  const n = series.size
  if (n <= maxPoints) {
    // A loop, not `Array.from` with a callback per index: every file under 2,000 points takes this path.
    const all: number[] = []
    for (let i = 0; i < n; i++) all[i] = i
    return all
  }
  const forced = new Set<number>([0, n - 1])
  for (const index of extremeIndices(series)) forced.add(index)
  // Every segment keeps its first point, so each has a chart of its own (a few-second segment of a
  // long ride had none, and its chart answered 404); a file of thousands of segments keeps as many
  // as a quarter of the points allows.
  for (const start of series.segmentStarts) {
    if (forced.size >= maxPoints / 4) break
    forced.add(start)
  }
  const shaped = [series.speedKmh, series.ele].filter(hasValues)
  const budget = Math.floor((maxPoints - forced.size) / Math.max(1, shaped.length))
  const kept = new Set(forced)
  for (const values of shaped) for (const index of largestTriangleIndices(values, budget)) kept.add(index)
  // A typed-array sort is numeric and native: no comparator call per comparison.
  return Array.from(Uint32Array.from(kept).sort())
}

/** A field of a {@link ChartPoint}. */
export type ChartField = keyof ChartPoint

/** The fields of a chart point, in the order a point holds them (sensors only when present). */
export const CHART_FIELDS = Object.keys(CHART_DECIMALS) as ChartField[]

/**
 * The downsampled chart series, one column per field: index `k` is the same point in every
 * column. Values are rounded as {@link CHART_DECIMALS} says; `NaN` stands for `null`. Sensor
 * columns are there only when the workout has that sensor. Columns rather than 2,000 point
 * objects: no boxed number per value, and storage packs them as they are. Arrays of doubles
 * rather than typed arrays: a typed array's memory lies outside the heap, and a dozen of them per
 * file made the worker's garbage collector run full collections (30 in 600 files, from none).
 */
export interface ChartColumns {
  readonly size: number
  readonly columns: { readonly [F in ChartField]?: readonly number[] }
}

/**
 * An empty array that V8 already holds as unboxed doubles, to be written by index: `[]` starts as
 * small integers and is converted at the first fraction, and `push` is slower than writing at the
 * end (the chart's columns were built twice as slowly). Sized at once, `new Array(n).fill(…)`, is
 * faster still, but V8 then allocated the columns in the old generation: a full collection every
 * ~10 files.
 */
function emptyDoubles(): number[] {
  const values = [0.5]
  values.pop()
  return values
}

/**
 * The chart's column of `source` at `indices`, divided by `divisor` then rounded to `decimals`
 * (`missing` for a `NaN`).
 */
function chartColumn(source: Float64Array, indices: readonly number[], divisor: number, decimals: number, missing: number): number[] {
  const column = emptyDoubles()
  for (let k = 0; k < indices.length; k++) {
    const value = (source[indices[k] ?? 0] ?? Number.NaN) / divisor
    // Rounded as the API rounds the workout's figures (`toFixed`): a distance at half a metre
    // (3,599.5 m) would otherwise end the chart at 3.600 km beside a workout of 3.599 km.
    column[k] = Number.isNaN(value) ? missing : roundLikeToFixed(value, decimals)
  }
  return column
}

/**
 * The downsampled chart series stored with a workout (at most `maxPoints` points, see
 * {@link chartIndices}), rounded for storage.
 */
export function chartSeries(series: PointSeries, maxPoints = MAX_CHART_POINTS): ChartColumns {
  const indices = chartIndices(series, maxPoints)
  const segment: number[] = []
  // The indices are sorted: the segment only moves forward.
  let current = 0
  for (let k = 0; k < indices.length; k++) {
    const index = indices[k] ?? 0
    while (current + 1 < series.segmentStarts.length && (series.segmentStarts[current + 1] ?? Infinity) <= index) current++
    segment[k] = current
  }
  const sensor = (values: Float64Array | null, decimals: number) => (values ? chartColumn(values, indices, 1, decimals, Number.NaN) : undefined)
  const columns: { -readonly [F in ChartField]?: readonly number[] } = {
    segment,
    distanceKm: chartColumn(series.distanceM, indices, 1000, CHART_DECIMALS.distanceKm, 0),
    elapsedS: chartColumn(series.elapsedS, indices, 1, CHART_DECIMALS.elapsedS, Number.NaN),
    time: chartColumn(series.time, indices, 1, CHART_DECIMALS.time, Number.NaN),
    speedKmh: chartColumn(series.speedKmh, indices, 1, CHART_DECIMALS.speedKmh, 0),
    elevationM: chartColumn(series.ele, indices, 1, CHART_DECIMALS.elevationM, Number.NaN),
    lat: chartColumn(series.lat, indices, 1, CHART_DECIMALS.lat, Number.NaN),
    lon: chartColumn(series.lon, indices, 1, CHART_DECIMALS.lon, Number.NaN),
  }
  const heartRate = sensor(series.heartRate, CHART_DECIMALS.heartRate)
  if (heartRate) columns.heartRate = heartRate
  const cadence = sensor(series.cadence, CHART_DECIMALS.cadence)
  if (cadence) columns.cadence = cadence
  const power = sensor(series.power, CHART_DECIMALS.power)
  if (power) columns.power = power
  const temperature = sensor(series.temperature, CHART_DECIMALS.temperature)
  if (temperature) columns.temperature = temperature
  return { size: indices.length, columns }
}

/** The points of a chart's columns (`NaN` becomes `null`), each with its fields in {@link CHART_FIELDS} order. */
export function chartPointsOf(chart: ChartColumns): ChartPoint[] {
  const present = CHART_FIELDS.flatMap((field) => {
    const values = chart.columns[field]
    return values ? [[field, values] as const] : []
  })
  const points: ChartPoint[] = []
  for (let k = 0; k < chart.size; k++) {
    const point: Partial<Record<ChartField, number | null>> = {}
    for (const [field, values] of present) {
      const value = values[k] ?? Number.NaN
      point[field] = Number.isNaN(value) ? null : value
    }
    points.push(point as ChartPoint)
  }
  return points
}

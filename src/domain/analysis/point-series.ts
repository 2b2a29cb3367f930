/**
 * Per-point values of a whole workout (every kept segment, in order), column-wise. Index `i` is
 * the same point in every column. Missing values are `NaN`; optional sensor columns are `null`
 * when no point carries them.
 */
export interface PointSeries {
  /** Number of points. */
  readonly size: number
  /** Index of the first point of each kept segment, in segment order. */
  readonly segmentStarts: readonly number[]
  /** Latitude, decimal degrees (`NaN` without position). */
  readonly lat: Float64Array
  /** Longitude, decimal degrees (`NaN` without position). */
  readonly lon: Float64Array
  /** Usable elevation in metres (`NaN` when missing or implausible). */
  readonly ele: Float64Array
  /** Time in epoch ms UTC (`NaN` when missing or earlier than a previous point of its segment). */
  readonly time: Float64Array
  /** Seconds since the workout start (`NaN` without time). */
  readonly elapsedS: Float64Array
  /** Cumulative distance in metres since the workout start; the jumps between segments are not counted. */
  readonly distanceM: Float64Array
  /**
   * Speed in km/h: mean of the speeds of the intervals before and after the point (either one when
   * the other is undefined), so the first point of a segment has the speed of its first interval.
   */
  readonly speedKmh: Float64Array
  /**
   * Moving milliseconds of the interval ending at each point (Δt when the interval counts as
   * moving, else 0; 0 on the first point of each segment). Kept so splits, best efforts and zones
   * add up to exactly the moving time the figures report, without re-deciding what moved.
   */
  readonly movingMs: Float64Array
  /** Heart rate, bpm, or `null`. */
  readonly heartRate: Float64Array | null
  /** Cadence, rpm, or `null`. */
  readonly cadence: Float64Array | null
  /** Power, watts, or `null`. */
  readonly power: Float64Array | null
  /** Temperature, °C, or `null`. */
  readonly temperature: Float64Array | null
}

/** Writable columns used while the series is being filled. */
export interface MutablePointSeries extends PointSeries {
  readonly segmentStarts: number[]
}

/** Allocates an empty series of `size` points; sensor columns only when `sensors` says so. */
export function allocatePointSeries(
  size: number,
  sensors: { heartRate: boolean; cadence: boolean; power: boolean; temperature: boolean },
): MutablePointSeries {
  const column = (): Float64Array => new Float64Array(size)
  const optional = (wanted: boolean): Float64Array | null => (wanted ? new Float64Array(size).fill(Number.NaN) : null)
  return {
    size,
    segmentStarts: [],
    lat: column(),
    lon: column(),
    ele: column(),
    time: column(),
    elapsedS: column(),
    distanceM: column(),
    speedKmh: column(),
    movingMs: column(),
    heartRate: optional(sensors.heartRate),
    cadence: optional(sensors.cadence),
    power: optional(sensors.power),
    temperature: optional(sensors.temperature),
  }
}

/** `series` without the points `dropped` marks (1), every column and the segments' starts alike. */
export function withoutPoints(series: MutablePointSeries, dropped: Uint8Array): MutablePointSeries {
  let size = 0
  for (let i = 0; i < series.size; i++) if (dropped[i] !== 1) size++
  const kept = (column: Float64Array): Float64Array => {
    const result = new Float64Array(size)
    let k = 0
    // Stryker disable next-line EqualityOperator: one past the columns, a typed array drops the write past its end
    for (let i = 0; i < series.size; i++) if (dropped[i] !== 1) result[k++] = column[i] ?? Number.NaN
    return result
  }
  const optional = (column: Float64Array | null): Float64Array | null => (column ? kept(column) : null)
  // A segment starts at the first of its points kept: the number of points kept before its first.
  // Stryker disable next-line ArithmeticOperator: one place short, the last places are the last point's and the end, where no segment of two points starts
  const keptBefore = new Uint32Array(series.size + 1)
  // Stryker disable next-line EqualityOperator: one past the columns, a typed array drops the write past its end
  for (let i = 0; i < series.size; i++) keptBefore[i + 1] = (keptBefore[i] ?? 0) + (dropped[i] === 1 ? 0 : 1)
  return {
    size,
    segmentStarts: series.segmentStarts.map((start) => keptBefore[start] ?? size),
    lat: kept(series.lat),
    lon: kept(series.lon),
    ele: kept(series.ele),
    time: kept(series.time),
    elapsedS: kept(series.elapsedS),
    distanceM: kept(series.distanceM),
    speedKmh: kept(series.speedKmh),
    movingMs: kept(series.movingMs),
    heartRate: optional(series.heartRate),
    cadence: optional(series.cadence),
    power: optional(series.power),
    temperature: optional(series.temperature),
  }
}

import type { TrackSegment } from './track'

/** The values of one point given to {@link TrackSegmentBuilder.push}; omitted or `NaN` = missing. */
export interface TrackPointInput {
  /** Latitude, decimal degrees. */
  lat?: number
  /** Longitude, decimal degrees. */
  lon?: number
  /** Elevation, metres. */
  ele?: number
  /** Time, epoch milliseconds UTC. */
  time?: number
  /** Heart rate, bpm. */
  heartRate?: number
  /** Cadence, rpm. */
  cadence?: number
  /** Power, watts. */
  power?: number
  /** Temperature, °C. */
  temperature?: number
  /** Cumulative recorded distance, metres. */
  recordedDistance?: number
}

const INITIAL_CAPACITY = 256

/** A growable column: a Float64Array doubled when full, so appends stay amortised O(1). */
class Column {
  values: Float64Array
  /** True once any point has a real value: columns nobody filled become `null`. */
  used = false

  constructor(capacity: number) {
    this.values = new Float64Array(capacity).fill(Number.NaN)
  }

  grow(capacity: number): void {
    const next = new Float64Array(capacity).fill(Number.NaN)
    next.set(this.values)
    this.values = next
  }

  set(index: number, value: number | undefined): void {
    if (value === undefined || Number.isNaN(value)) return
    this.values[index] = value
    this.used = true
  }
}

/**
 * Builds a {@link TrackSegment} point by point (used by the importers and by tests).
 * Values default to missing (`NaN`).
 */
export class TrackSegmentBuilder {
  private size = 0
  private capacity = INITIAL_CAPACITY
  private readonly lat = new Column(INITIAL_CAPACITY)
  private readonly lon = new Column(INITIAL_CAPACITY)
  private readonly ele = new Column(INITIAL_CAPACITY)
  private readonly time = new Column(INITIAL_CAPACITY)
  private readonly heartRate = new Column(INITIAL_CAPACITY)
  private readonly cadence = new Column(INITIAL_CAPACITY)
  private readonly power = new Column(INITIAL_CAPACITY)
  private readonly temperature = new Column(INITIAL_CAPACITY)
  private readonly recordedDistance = new Column(INITIAL_CAPACITY)
  private readonly columns = [
    this.lat,
    this.lon,
    this.ele,
    this.time,
    this.heartRate,
    this.cadence,
    this.power,
    this.temperature,
    this.recordedDistance,
  ]

  /** Number of points pushed so far. */
  get length(): number {
    return this.size
  }

  /** Appends one point. */
  push(point: TrackPointInput): void {
    if (this.size === this.capacity) {
      this.capacity *= 2
      for (const column of this.columns) column.grow(this.capacity)
    }
    const index = this.size
    this.lat.set(index, point.lat)
    this.lon.set(index, point.lon)
    this.ele.set(index, point.ele)
    this.time.set(index, point.time)
    this.heartRate.set(index, point.heartRate)
    this.cadence.set(index, point.cadence)
    this.power.set(index, point.power)
    this.temperature.set(index, point.temperature)
    this.recordedDistance.set(index, point.recordedDistance)
    this.size += 1
  }

  /** The finished segment. The builder must not be used afterwards. */
  build(): TrackSegment {
    const size = this.size
    const take = (column: Column): Float64Array => column.values.subarray(0, size)
    const optional = (column: Column): Float64Array | null => (column.used ? take(column) : null)
    return {
      size,
      lat: take(this.lat),
      lon: take(this.lon),
      ele: take(this.ele),
      time: take(this.time),
      heartRate: optional(this.heartRate),
      cadence: optional(this.cadence),
      power: optional(this.power),
      temperature: optional(this.temperature),
      recordedDistance: optional(this.recordedDistance),
    }
  }
}

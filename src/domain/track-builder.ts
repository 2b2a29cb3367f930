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
const MIN_CAPACITY = 16

const EMPTY = new Float64Array(0)

/**
 * A growable column: a Float64Array doubled when full, so appends stay amortised O(1).
 * Allocated on the first real value (a GPX file never fills cadence, power, temperature or
 * recorded distance, and those columns then cost nothing), and written index by index, never
 * filled ahead: the unused tail of a generous capacity is never touched, so it never becomes
 * resident memory.
 */
class Column {
  values: Float64Array = EMPTY
  /** True once any point has a real value: columns nobody filled become `null`. */
  used = false

  grow(capacity: number, size: number): void {
    // Stryker disable next-line ConditionalExpression: an unused column would get zeros nobody reads (set() replaces them at its first value, build() never reads them)
    if (!this.used) return
    const next = new Float64Array(capacity)
    next.set(this.values.subarray(0, size))
    this.values = next
  }

  set(index: number, value: number | undefined, capacity: number): void {
    if (value === undefined || Number.isNaN(value)) {
      // Stryker disable next-line ConditionalExpression: an unused column's array is empty, and a typed array ignores a write past its end
      if (this.used) this.values[index] = Number.NaN
      return
    }
    if (!this.used) {
      // A reused builder keeps a small segment's arrays (see TrackSegmentBuilder.build).
      if (this.values.length < capacity) this.values = new Float64Array(capacity)
      // The points before the first value are missing.
      this.values.fill(Number.NaN, 0, index)
      this.used = true
    }
    this.values[index] = value
  }

  /** The first `size` values; copied when the capacity is much larger (releases the rest). */
  take(size: number): Float64Array {
    return this.values.length > 2 * size + 1024 ? this.values.slice(0, size) : this.values.subarray(0, size)
  }
}

/** Segments of at most this many points get their columns from shared blocks (see {@link smallColumn}). */
const SMALL_SEGMENT_POINTS = 64
const BLOCK_VALUES = 8192
let block = new Float64Array(BLOCK_VALUES)
let blockUsed = 0

/**
 * A column of a small segment: a view into a shared 64 KB block. A typed array with its own
 * buffer costs a few hundred bytes however short it is: a GPX of 200,000 one-point segments
 * (issue 14 H1, under the size limit) held 800,000 of them, ~300 MB; views of a block cost a
 * fraction of that. A block stays alive while any segment uses it (64 KB at most per segment).
 */
function smallColumn(size: number): Float64Array {
  if (blockUsed + size > BLOCK_VALUES) {
    block = new Float64Array(BLOCK_VALUES)
    blockUsed = 0
  }
  const view = block.subarray(blockUsed, blockUsed + size)
  blockUsed += size
  return view
}

/**
 * Builds a {@link TrackSegment} point by point (used by the importers and by tests).
 * Values default to missing (`NaN`).
 */
export class TrackSegmentBuilder {
  private size = 0
  private capacity: number
  private readonly lat = new Column()
  private readonly lon = new Column()
  private readonly ele = new Column()
  private readonly time = new Column()
  private readonly heartRate = new Column()
  private readonly cadence = new Column()
  private readonly power = new Column()
  private readonly temperature = new Column()
  private readonly recordedDistance = new Column()
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

  /** @param expectedPoints capacity to start with (a good guess saves regrowing the columns) */
  constructor(expectedPoints = INITIAL_CAPACITY) {
    this.capacity = Math.max(MIN_CAPACITY, Math.min(Math.floor(expectedPoints), 1 << 22))
  }

  /** Number of points pushed so far. */
  get length(): number {
    return this.size
  }

  /** Appends one point. */
  push(point: TrackPointInput): void {
    this.append(
      point.lat,
      point.lon,
      point.ele,
      point.time,
      point.heartRate,
      point.cadence,
      point.power,
      point.temperature,
      point.recordedDistance,
    )
  }

  /**
   * Appends one point given value by value (`undefined` or `NaN` = missing): the importers' hot
   * path, which then needs no object per point.
   */
  append(
    lat: number | undefined,
    lon: number | undefined,
    ele: number | undefined,
    time: number | undefined,
    heartRate?: number,
    cadence?: number,
    power?: number,
    temperature?: number,
    recordedDistance?: number,
  ): void {
    if (this.size === this.capacity) {
      this.capacity *= 2
      for (const column of this.columns) column.grow(this.capacity, this.size)
    }
    const index = this.size
    const capacity = this.capacity
    this.lat.set(index, lat, capacity)
    this.lon.set(index, lon, capacity)
    this.ele.set(index, ele, capacity)
    this.time.set(index, time, capacity)
    this.heartRate.set(index, heartRate, capacity)
    this.cadence.set(index, cadence, capacity)
    this.power.set(index, power, capacity)
    this.temperature.set(index, temperature, capacity)
    this.recordedDistance.set(index, recordedDistance, capacity)
    this.size += 1
  }

  /**
   * The finished segment; the builder then starts a new, empty one. After a small segment (copied
   * to the shared blocks) it keeps its columns' arrays: a reader reusing one builder allocates
   * nothing per segment but the segment, where a new builder cost ~1.7 KB (9 columns and 4 arrays
   * of their own), ~340 MB of garbage for a GPX of 200,000 one-point segments.
   */
  build(): TrackSegment {
    const size = this.size
    const small = size <= SMALL_SEGMENT_POINTS
    const take = (column: Column): Float64Array => {
      // Mandatory columns exist even when no point filled them (all values missing).
      if (!column.used) return (small ? smallColumn(size) : new Float64Array(size)).fill(Number.NaN)
      if (!small) return column.take(size)
      const view = smallColumn(size)
      view.set(column.values.subarray(0, size))
      return view
    }
    const optional = (column: Column): Float64Array | null => (column.used ? take(column) : null)
    const segment: TrackSegment = {
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
    this.size = 0
    for (const column of this.columns) {
      column.used = false
      // A large segment's columns are (views of) these arrays: the next segment needs its own.
      if (!small) column.values = EMPTY
    }
    if (!small) this.capacity = MIN_CAPACITY
    return segment
  }
}

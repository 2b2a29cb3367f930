import { MAX_GROUND_SPEED_MS } from './analysis/plausibility'
import type { TrackSegment } from './track'

/** A lap with the distance the device measured over it (FIT lap `total_distance`, TCX lap `DistanceMeters`). */
export interface MeasuredLap {
  /** Epoch ms. */
  readonly startTime: number
  /** Epoch ms (≥ start). */
  readonly endTime: number
  /** Metres; `NaN` when the lap carries none. */
  readonly distanceM: number
}

function hasPosition(segment: TrackSegment): boolean {
  for (let i = 0; i < segment.size; i++) if (!Number.isNaN((segment.lat[i] ?? Number.NaN) + (segment.lon[i] ?? Number.NaN))) return true
  return false
}

const hasValue = (column: Float64Array | null | undefined): boolean => column?.some((value) => !Number.isNaN(value)) ?? false

/** How far the points' own recorded distance may lie from the laps' total and still be trusted. */
const RECORDED_VS_LAPS_SHARE = 0.03

/**
 * The distance of an activity, one precedence for every format (FIT, TCX), per point:
 * 1. Positions: an activity with positions is returned unchanged (the analysis measures them),
 *    unless `positionsMeasure` is false (a virtual ride: its positions are the game's map).
 * 2. The points' own recorded distance (FIT record `distance`, TCX trackpoint `DistanceMeters`),
 *    the device's cumulative counter, when its last reading agrees with the laps' total (within
 *    3 %; the check is skipped when the laps carry no distance) and it reads as one counter (a
 *    record distance going down more than once per 100 readings interleaves two). See {@link fromRecords} for
 *    records that share a time and for a counter that already reads more than 0 at the first point.
 * 3. Else the laps' measured distances — the device's own totals, and the only complete figure of
 *    a pool swim whose records carry none; a FIT importer passes its session's total, shared among
 *    the segments, when no lap states one — spread over each lap's time: points get a cumulative
 *    distance that grows linearly through each lap, so rest laps of 0 m are pauses.
 * 4. Else the recorded speed integrated over time (see {@link distanceFromSpeed}): a device with a
 *    speed sensor (a wheel or foot pod) that writes no distance still says how far it went.
 * 5. Else laps stating 0 m give 0; without any of these the distance stays unknown (the analysis
 *    gives `null`).
 * Why records before laps: a lap spread evenly over its time puts distance into its pauses, which
 * the segments leave out (a treadmill run came out 8.43 km where the device says 10.63 km).
 *
 * @param segments the activity's segments, in order
 * @param laps the activity's laps with their measured distances, in any order
 * @param positionsMeasure whether positions, when there are any, measure the distance
 * @returns the segments, with `recordedDistance` replaced (and a starting point added, see
 *   {@link fromRecords}) when records, laps or speeds give the distance
 */
export function withDeviceDistance(segments: readonly TrackSegment[], laps: readonly MeasuredLap[], positionsMeasure = true): readonly TrackSegment[] {
  if (positionsMeasure && segments.some(hasPosition)) return segments
  const measured = laps
    .filter((lap) => lap.distanceM >= 0 && lap.endTime >= lap.startTime)
    .sort((a, b) => a.startTime - b.startTime)
  const lapsTotal = measured.reduce((sum, lap) => sum + lap.distanceM, 0)
  const recordedM = Math.max(...segments.map((segment) => maxValue(segment.recordedDistance)))
  if (recordedM > 0 && oneCounter(segments) && (lapsTotal <= 0 || Math.abs(recordedM - lapsTotal) <= lapsTotal * RECORDED_VS_LAPS_SHARE)) return fromRecords(segments, measured)
  if (lapsTotal > 0) return spreadOverLaps(segments, measured)
  if (segments.some((segment) => hasValue(segment.recordedDistance))) return segments
  // A speed sensor that never saw movement says nothing about a distance; laps (or a session)
  // stating 0 m do: the device measured none (a trainer without a speed sensor), so 0, not unknown.
  if (!segments.some((segment) => segment.recordedSpeed?.some((value) => value > 0) === true)) return measured.length > 0 ? spreadOverLaps(segments, measured) : segments
  let originM = 0
  return segments.map((segment) => {
    const recordedDistance = distanceFromSpeed(segment, originM)
    for (const value of recordedDistance) if (!Number.isNaN(value)) originM = value
    return { ...segment, recordedDistance }
  })
}

/** More decreases than this share of its readings: the records interleave two counters (a virtual ride's game and head unit), not one. */
const COUNTER_DECREASES_SHARE = 0.01

/** Whether the points' recorded distance reads as one cumulative counter: it goes down (a reset) rarely, if ever. */
function oneCounter(segments: readonly TrackSegment[]): boolean {
  let readings = 0
  let decreases = 0
  let previous = Number.NaN
  for (const segment of segments) {
    for (const value of segment.recordedDistance ?? []) {
      if (Number.isNaN(value)) continue
      if (value < previous) decreases++
      previous = value
      readings++
    }
  }
  return decreases <= Math.max(1, readings * COUNTER_DECREASES_SHARE)
}

/** The largest value of a column, `-Infinity` when it has none. */
function maxValue(column: Float64Array | null | undefined): number {
  let max = Number.NEGATIVE_INFINITY
  for (const value of column ?? []) if (value > max) max = value
  return max
}

/**
 * Rule 2 of {@link withDeviceDistance}: the points' recorded distance, read as the device's
 * cumulative counter since the activity started.
 * - Points that share a time (a device writing several records a second, or a record written
 *   twice) are one moment: each takes the last reading of that time, so the counter's increase
 *   within the second is not lost between points the analysis cannot tell apart in time.
 * - A counter that reads more than where it stood before a segment (0 before the first, its last
 *   reading before a pause) counted that distance since the segment began (a pool swim's length,
 *   written when the length ends): the segment's first point, when it has no reading, reads where
 *   the counter stood; when it has one and a lap began before it, a point at that lap's start
 *   reading where the counter stood comes first — the first lap for the first segment (the
 *   activity started then), the last lap begun since the previous segment for a later one (the
 *   athlete resumed then: a watch opens a lap when the timer restarts). Without such a lap the
 *   lengths swum before a segment's first reading are lost, as before.
 * Segments that need none of this are returned as they are.
 */
function fromRecords(segments: readonly TrackSegment[], laps: readonly MeasuredLap[]): readonly TrackSegment[] {
  const result = segments.map((segment) => {
    const { time, recordedDistance } = segment
    if (!recordedDistance) return segment
    let changed: Float64Array | null = null
    for (let i = segment.size - 2; i >= 0; i--) {
      const next = (changed ?? recordedDistance)[i + 1] ?? Number.NaN
      const value = recordedDistance[i] ?? Number.NaN
      if (time[i] !== time[i + 1] || Number.isNaN(next) || Number.isNaN(value) || value === next) continue
      changed ??= Float64Array.from(recordedDistance)
      changed[i] = next
    }
    return changed ? { ...segment, recordedDistance: changed } : segment
  })
  // Where the counter stands before each segment: 0 before the first, the last reading before a pause.
  let counterM = 0
  let previousEnd = Number.NEGATIVE_INFINITY
  for (const [index, segment] of result.entries()) {
    const column = segment.recordedDistance
    if (!column || segment.size === 0) continue
    const firstTime = segment.time[0] ?? Number.NaN
    const firstReading = column.find((value) => !Number.isNaN(value)) ?? Number.NaN
    const lapStarts = laps.map((lap) => lap.startTime).filter((time) => time > previousEnd && time < firstTime)
    const resumed = index === 0 ? lapStarts[0] : lapStarts[lapStarts.length - 1]
    if (firstReading > counterM && Number.isNaN(column[0] ?? Number.NaN)) {
      const recordedDistance = Float64Array.from(column)
      recordedDistance[0] = counterM
      result[index] = { ...segment, recordedDistance }
    } else if (firstReading > counterM && resumed !== undefined) {
      result[index] = withMoment(segment, 'start', resumed, counterM)
    }
    counterM = Math.max(counterM, maxValue(column))
    previousEnd = Math.max(previousEnd, maxValue(segment.time))
  }
  return result
}

/**
 * `segment` with a moment added first (`at` 'start') or last ('end') at `time`, reading `distanceM`
 * on the device's counter (when the segment has one) and nothing else: no position, no sensor.
 */
export function withMoment(segment: TrackSegment, at: 'start' | 'end', time: number, distanceM: number): TrackSegment {
  const offset = at === 'start' ? 1 : 0
  const added = at === 'start' ? 0 : segment.size
  const longer = (column: Float64Array, value = Number.NaN): Float64Array => {
    const result = new Float64Array(segment.size + 1)
    result[added] = value
    result.set(column, offset)
    return result
  }
  const optional = (column: Float64Array | null | undefined): Float64Array | null => (column ? longer(column) : null)
  return {
    size: segment.size + 1,
    lat: longer(segment.lat),
    lon: longer(segment.lon),
    ele: longer(segment.ele),
    time: longer(segment.time, time),
    heartRate: optional(segment.heartRate),
    cadence: optional(segment.cadence),
    power: optional(segment.power),
    temperature: optional(segment.temperature),
    recordedDistance: segment.recordedDistance ? longer(segment.recordedDistance, distanceM) : null,
    recordedSpeed: optional(segment.recordedSpeed),
  }
}

/**
 * The cumulative distance of a segment from its recorded speeds, from `originM` on: between
 * consecutive points that both have a speed and a time, the mean of the two speeds times the time
 * between them (the trapezoid rule; a device samples speed at its records). A step whose time does
 * not move forward adds nothing; a point without a speed, or with one no athlete reaches (above
 * `MAX_GROUND_SPEED_MS`, sensor junk), has no distance (the analysis bridges it).
 */
function distanceFromSpeed(segment: TrackSegment, originM = 0): Float64Array {
  const { time, recordedSpeed } = segment
  const distance = new Float64Array(segment.size).fill(Number.NaN)
  let totalM = originM
  let previous = -1
  for (let i = 0; i < segment.size; i++) {
    const speed = recordedSpeed?.[i] ?? Number.NaN
    const t = time[i] ?? Number.NaN
    if (!(speed >= 0 && speed <= MAX_GROUND_SPEED_MS) || Number.isNaN(t)) continue
    if (previous >= 0) {
      const dtS = (t - (time[previous] ?? Number.NaN)) / 1000
      if (dtS > 0) totalM += (((recordedSpeed?.[previous] ?? 0) + speed) / 2) * dtS
    }
    distance[i] = totalM
    previous = i
  }
  return distance
}

/** Rule 1 of {@link withDeviceDistance}: the laps' distances spread linearly over their time. */
function spreadOverLaps(segments: readonly TrackSegment[], measured: readonly MeasuredLap[]): readonly TrackSegment[] {
  // Cumulative distance at the start of each lap.
  const before = new Float64Array(measured.length)
  for (let k = 1; k < measured.length; k++) before[k] = (before[k - 1] ?? 0) + (measured[k - 1]?.distanceM ?? 0)
  const at = (time: number): number => {
    if (Number.isNaN(time)) return Number.NaN
    // The last lap starting at or before `time` (binary search: points need not be in time order).
    let low = 0
    let high = measured.length - 1
    let found = -1
    while (low <= high) {
      const middle = (low + high) >> 1
      if ((measured[middle]?.startTime ?? Number.POSITIVE_INFINITY) <= time) {
        found = middle
        low = middle + 1
      } else high = middle - 1
    }
    const lap = measured[found]
    if (!lap) return 0
    const span = lap.endTime - lap.startTime
    const share = span > 0 ? Math.min(1, Math.max(0, (time - lap.startTime) / span)) : 1
    return (before[found] ?? 0) + lap.distanceM * share
  }
  return segments.map((segment) => {
    const recordedDistance = new Float64Array(segment.size)
    for (let i = 0; i < segment.size; i++) recordedDistance[i] = at(segment.time[i] ?? Number.NaN)
    return { ...segment, recordedDistance }
  })
}

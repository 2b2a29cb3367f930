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

/**
 * The distance of an activity without positions, one rule for every format (FIT, TCX), from the
 * best the device wrote:
 * 1. The laps' measured distances — its own totals, and the only complete figure of a pool swim,
 *    whose watch writes lengths into laps and distance into a few records at most — spread over
 *    each lap's time: points get a cumulative distance that grows linearly through each lap, so
 *    moving time and speeds follow the laps and rest laps of 0 m are pauses.
 * 2. Else the points' own recorded distance (FIT record `distance`, TCX trackpoint
 *    `DistanceMeters`), which stays as it is.
 * 3. Else the recorded speed integrated over time (see {@link distanceFromSpeed}): a device with a
 *    speed sensor (a wheel or foot pod) that writes no distance still says how far it went.
 * Activities with positions are returned unchanged.
 *
 * @param segments the activity's segments, in order
 * @param laps the activity's laps with their measured distances, in any order
 * @returns the segments, with `recordedDistance` replaced when laps or speeds are used
 */
export function withDeviceDistance(segments: readonly TrackSegment[], laps: readonly MeasuredLap[]): readonly TrackSegment[] {
  if (segments.some(hasPosition)) return segments
  const measured = laps
    .filter((lap) => lap.distanceM >= 0 && lap.endTime >= lap.startTime)
    .sort((a, b) => a.startTime - b.startTime)
  const lapsTotal = measured.reduce((sum, lap) => sum + lap.distanceM, 0)
  if (lapsTotal > 0) return spreadOverLaps(segments, measured)
  if (segments.some((segment) => hasValue(segment.recordedDistance)) || !segments.some((segment) => hasValue(segment.recordedSpeed))) return segments
  let originM = 0
  return segments.map((segment) => {
    const recordedDistance = distanceFromSpeed(segment, originM)
    for (const value of recordedDistance) if (!Number.isNaN(value)) originM = value
    return { ...segment, recordedDistance }
  })
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

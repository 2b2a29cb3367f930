import { pointDistanceM } from '../geo/distance'
import type { TrackSegment } from '../track'
import { uphillDownhill, usableElevation } from './elevation'
import type { Bounds } from './figures'
import { filteredMaxSpeedMs } from './max-speed'
import type { MutablePointSeries } from './point-series'

/** Exact (unrounded) figures of one segment, before truncation to whole seconds. */
export interface SegmentMeasure {
  /** Milliseconds between the first and last usable timestamps (0 without two timestamps). */
  readonly durationMs: number
  /** Milliseconds of intervals faster than the threshold. */
  readonly movingMs: number
  /** Metres over intervals with times, Δt > 0 and a known distance. */
  readonly distanceM: number
  /** Filtered max speed, m/s. */
  readonly maxSpeedMs: number
  readonly minAltM: number | null
  readonly maxAltM: number | null
  readonly ascentM: number | null
  readonly descentM: number | null
  /** First usable timestamp, epoch ms, or `null`. */
  readonly startTime: number | null
  /** Last usable timestamp, epoch ms, or `null`. */
  readonly endTime: number | null
  readonly bounds: Bounds | null
}

/**
 * Measures one segment (gpxpy 1.6 semantics, see `reference-tracker.md` §1.2) and writes its
 * points into `series` from `offset` on.
 *
 * Intervals are consecutive point pairs. An interval counts when both points have a usable time,
 * Δt > 0 and a distance > 0: positions give the distance (3-D when both elevations are usable);
 * between points without position the device's recorded distance is used. A counted interval is
 * moving when its speed is above the threshold, stopped otherwise. A timestamp earlier than an
 * earlier point's is treated as missing, so time never runs backwards and moving ≤ duration.
 *
 * @param thresholdKmh stopped-speed threshold in km/h (> 0)
 * @param distanceOriginM cumulative distance (metres) of the workout before this segment
 * @param workoutStart workout start in epoch ms (origin of `elapsedS`), or `NaN`
 */
export function measureSegment(
  segment: TrackSegment,
  thresholdKmh: number,
  series: MutablePointSeries,
  offset: number,
  distanceOriginM: number,
  workoutStart: number,
): SegmentMeasure {
  const n = segment.size
  const { lat, lon, time: rawTime, recordedDistance } = segment
  const ele = series.ele.subarray(offset, offset + n)
  const time = series.time.subarray(offset, offset + n)
  const knownEle = new Float64Array(n)
  let knownEleCount = 0
  let minAlt = Number.POSITIVE_INFINITY
  let maxAlt = Number.NEGATIVE_INFINITY
  let minLat = Number.POSITIVE_INFINITY
  let minLon = Number.POSITIVE_INFINITY
  let maxLat = Number.NEGATIVE_INFINITY
  let maxLon = Number.NEGATIVE_INFINITY
  let latestTime = Number.NEGATIVE_INFINITY
  let startTime = Number.NaN

  const elapsed = series.elapsedS
  const speedColumn = series.speedKmh
  // Pass 1: sanitised columns, elapsed time, elevation and bounds.
  for (let i = 0; i < n; i++) {
    const e = usableElevation(segment.ele[i] ?? Number.NaN)
    ele[i] = e
    if (!Number.isNaN(e)) {
      knownEle[knownEleCount++] = e
      if (e < minAlt) minAlt = e
      if (e > maxAlt) maxAlt = e
    }
    const t = rawTime[i] ?? Number.NaN
    if (t >= latestTime) {
      time[i] = t
      latestTime = t
      if (Number.isNaN(startTime)) startTime = t
    } else {
      time[i] = Number.NaN
    }
    elapsed[offset + i] = ((time[i] ?? Number.NaN) - workoutStart) / 1000
    const la = lat[i] ?? Number.NaN
    const lo = lon[i] ?? Number.NaN
    series.lat[offset + i] = la
    series.lon[offset + i] = lo
    if (!Number.isNaN(la) && !Number.isNaN(lo)) {
      if (la < minLat) minLat = la
      if (la > maxLat) maxLat = la
      if (lo < minLon) minLon = lo
      if (lo > maxLon) maxLon = lo
    }
  }

  // Pass 2: intervals, and each point's speed once the intervals on both sides are known: the
  // mean of the two interval speeds (either one when the other is undefined). The first point has
  // only the interval after it, so it takes that one's speed (the reference tracker's chart does).
  let previousSpeed = 0 // speed (m/s) of the interval ending at i - 1, 0 = undefined
  speedColumn[offset] = 0
  const keptSpeeds = new Float64Array(n)
  const keptDistances = new Float64Array(n)
  let keptCount = 0
  let movingMs = 0
  let distanceM = 0
  const distanceColumn = series.distanceM
  distanceColumn[offset] = distanceOriginM
  for (let i = 1; i < n; i++) {
    const t0 = time[i - 1] ?? Number.NaN
    const t1 = time[i] ?? Number.NaN
    const dtMs = t1 - t0
    let d = Number.NaN
    const la0 = lat[i - 1] ?? Number.NaN
    const la1 = lat[i] ?? Number.NaN
    const lo0 = lon[i - 1] ?? Number.NaN
    const lo1 = lon[i] ?? Number.NaN
    if (!Number.isNaN(la0 + la1 + lo0 + lo1)) {
      d = pointDistanceM(la0, lo0, ele[i - 1] ?? Number.NaN, la1, lo1, ele[i] ?? Number.NaN)
    } else if (recordedDistance) {
      const step = (recordedDistance[i] ?? Number.NaN) - (recordedDistance[i - 1] ?? Number.NaN)
      if (step >= 0) d = step
    }
    let speedMs = 0
    if (dtMs > 0 && d > 0) {
      const seconds = dtMs / 1000
      const speedKmh = d / 1000 / (seconds / 3600)
      if (speedKmh > thresholdKmh) {
        movingMs += dtMs
        series.movingMs[offset + i] = dtMs
      }
      distanceM += d
      speedMs = d / seconds
      if (movingMs > 0) {
        keptSpeeds[keptCount] = speedMs
        keptDistances[keptCount] = d
        keptCount++
      }
    }
    distanceColumn[offset + i] = distanceOriginM + distanceM
    speedColumn[offset + i - 1] = pointSpeedKmh(previousSpeed, speedMs)
    previousSpeed = speedMs
  }
  if (n >= 2) speedColumn[offset + n - 1] = pointSpeedKmh(previousSpeed, 0)

  copySensor(segment.heartRate, series.heartRate, offset)
  copySensor(segment.cadence, series.cadence, offset)
  copySensor(segment.power, series.power, offset)
  copySensor(segment.temperature, series.temperature, offset)

  const hasEle = knownEleCount > 0
  const climb = hasEle ? uphillDownhill(knownEle, knownEleCount) : null
  const hasTime = !Number.isNaN(startTime)
  return {
    durationMs: hasTime ? latestTime - startTime : 0,
    movingMs,
    distanceM,
    maxSpeedMs: filteredMaxSpeedMs(keptSpeeds, keptDistances, keptCount),
    minAltM: hasEle ? minAlt : null,
    maxAltM: hasEle ? maxAlt : null,
    ascentM: climb ? climb.ascentM : null,
    descentM: climb ? climb.descentM : null,
    startTime: hasTime ? startTime : null,
    endTime: hasTime ? latestTime : null,
    bounds: minLat <= maxLat ? [minLat, minLon, maxLat, maxLon] : null,
  }
}

/** A point's speed in km/h from the speeds (m/s, 0 = undefined) of the intervals before and after it. */
function pointSpeedKmh(before: number, after: number): number {
  const speed = before > 0 && after > 0 ? (before + after) / 2 : before > 0 ? before : after
  return speed * 3.6
}

function copySensor(source: Float64Array | null, target: Float64Array | null, offset: number): void {
  if (source && target) target.set(source, offset)
}

import { AppError } from '../../errors/app-error'
import { allSegments, type Track, type TrackSegment } from '../track'
import { usableElevation } from './elevation'
import type { Bounds, MotionFigures, SegmentFigures } from './figures'
import { allocatePointSeries, withoutPoints, type PointSeries } from './point-series'
import { dropImpossiblePositions, dropNoFix, isFix, isSwimHint, MAX_SWIM_SPEED_MS, possibleMove } from './plausibility'
import { replayedPoints } from './replays'
import { withoutRestGaps } from './rest-gaps'
import { withoutStrayPoints } from './stray-points'
import { measureSegment, steppedCounter, type DistanceSource, type SegmentMeasure } from './segment-analysis'

/** The reference tracker's stopped-speed threshold when none (or 0) is given, km/h. */
const DEFAULT_STOPPED_SPEED_THRESHOLD_KMH = 1
/**
 * The longest a workout may last: 2^31 − 1 s (68 years), the most a duration column holds on both
 * engines (PostgreSQL's integer). Only a damaged clock spans more (a date centuries off); real
 * files with a stray old date, such as a logger's 1970 fix among 2009 ones, stay within it.
 */
const LONGEST_WORKOUT_MS = (2 ** 31 - 1) * 1000

/** Options of {@link analyseTrack}. */
export interface AnalysisOptions {
  /**
   * Stopped-speed threshold in km/h: intervals at or below it are pauses. The caller passes the
   * user's per-sport preference, else the sport's default. A missing, zero, negative or non-finite
   * value falls back to 1 km/h (the reference tracker's rule).
   */
  readonly stoppedSpeedThresholdKmh?: number
}

/** Everything computed from a track. */
export interface TrackAnalysis {
  /** Figures of the whole workout. */
  readonly workout: MotionFigures
  /** Figures of each kept segment (segments with fewer than 2 points are skipped). */
  readonly segments: readonly SegmentFigures[]
  /** Per-point values of every kept segment, in order. */
  readonly series: PointSeries
}

/**
 * Formats whose segments are the device's own timer runs (FIT) or laps (TCX), so a lone point's time
 * is time the device's timer ran: a pool swim started and paused before its first length (Garmin's SDK
 * and the session's elapsed time count it), a run whose last lap holds one trackpoint 3 s on (the lap's
 * StartTime and TotalTimeSeconds say the watch timed it). A GPX or KML segment is no such statement.
 */
const DEVICE_TIMED: ReadonlySet<Track['format']> = new Set(['fit', 'tcx'])

/**
 * Analyses a track into workout and segment figures and the per-point series.
 *
 * Multi-track rule: the segments of all tracks are analysed in file order as one workout (see
 * {@link Track}). Segments with fewer than 2 points are skipped, except that the workout's
 * min/max altitude and bounds cover every point of the file, as the reference tracker's do. The workout duration runs from
 * the first to the last timestamp of the kept segments, so the gaps between segments are pauses;
 * pauses = duration − moving. In a FIT or TCX file it runs from the first to the last record, a lone
 * record of its own timer run or lap included (see {@link DEVICE_TIMED}). GPX and KML keep the
 * reference tracker's rule (its fixture with one point on its last segment lasts 235 s, not 250 s).
 *
 * @throws AppError `track_empty` when the track holds no point at all, `track_no_points` when no segment has 2
 *   points, `track_no_timestamps` when no
 *   point has a time, `track_times_invalid` when times never move forward, `track_clock_stopped`
 *   when most points share one time, `track_positions_impossible` when most positions are out of
 *   anyone's reach, `track_times_made_up` when a segment as a whole covers its distance faster than anyone
 *   can, and `track_segments_overlap` when a segment starts before the previous one ends.
 */
export function analyseTrack(track: Track, options: AnalysisOptions = {}): TrackAnalysis {
  const threshold = thresholdOf(options.stoppedSpeedThresholdKmh)
  // Points the device wrote out of their place are no part of the recording (see strayPoints), nor is the
  // straight line across a rest its device did not record (see withoutRestGaps), where positions measure it.
  const strayless = allSegments(track).map(withoutStrayPoints)
  const all = track.distanceFromDevice === true ? strayless : strayless.flatMap(withoutRestGaps)
  const kept = all.filter((segment) => segment.size >= 2)
  // Not one point anywhere: an export of a workout without positions (Garmin Connect's GPX of a yoga session is
  // a named, typed track with an empty <trkseg/>), which says more than "no segment of two points".
  if (kept.length === 0) throw new AppError(allSegments(track).some((segment) => segment.size > 0) ? 'track_no_points' : 'track_empty')
  if (Number.isNaN(firstTime(kept))) throw new AppError('track_no_timestamps')
  // Before positions are judged by their times, which such a clock makes look like jumps.
  if (clockStopped(kept)) throw new AppError('track_clock_stopped')
  const moments = DEVICE_TIMED.has(track.format) ? all.filter((segment) => segment.size === 1).map((segment) => segment.time[0] ?? Number.NaN).filter(Number.isFinite) : []
  const workoutStart = Math.min(firstTime(kept), ...moments)

  const size = kept.reduce((total, segment) => total + segment.size, 0)
  const series = allocatePointSeries(size, {
    heartRate: kept.some((segment) => segment.heartRate !== null),
    cadence: kept.some((segment) => segment.cadence !== null),
    power: kept.some((segment) => segment.power !== null),
    temperature: kept.some((segment) => segment.temperature !== null),
  })

  // Positions are judged segment by segment, with the points' own times (`measureSegment` then
  // replaces them with its sanitised ones): a segment is a recording of its own, and what happened
  // between two (a lift, a car, a flight, a logger switched off and carried home) is unknown, so a
  // segment far from the previous one is no evidence against either. The (0, 0) a chip writes
  // before its first fix, often in a segment of its own, is no position wherever it stands.
  const groundM = new Float64Array(size)
  // The points repeating a stretch their segment already holds (see replayedPoints), null when none does.
  let replayed: Uint8Array | null = null
  let fixes = 0
  let possible = 0
  let at = 0
  for (const segment of kept) {
    const lat = series.lat.subarray(at, at + segment.size)
    const lon = series.lon.subarray(at, at + segment.size)
    const time = series.time.subarray(at, at + segment.size)
    lat.set(segment.lat)
    lon.set(segment.lon)
    time.set(segment.time)
    dropNoFix(lat, lon)
    fixes += countFixes(lat, lon)
    groundM.set(dropImpossiblePositions(lat, lon, time), at)
    possible += countFixes(lat, lon)
    const copies = replayedPoints(time, lat, lon)
    if (copies) (replayed ??= new Uint8Array(size)).set(copies, at)
    at += segment.size
  }

  // Positions that mostly jump farther than anyone travels are no measure of anything (a test
  // file's points a kilometre apart each second): refused rather than measured on the few left.
  // A virtual ride's positions are the game's, and measure nothing anyway.
  if (possible * 2 < fixes && track.distanceFromDevice !== true) throw new AppError('track_positions_impossible')

  // One distance source for the whole activity (see DistanceSource).
  const source: DistanceSource = kept.some(hasPosition) && track.distanceFromDevice !== true ? 'positions' : kept.some(hasRecordedDistance) ? 'recorded' : 'none'
  const measured = source !== 'none'
  // A swim's top speed is a speed a swimmer holds: an interval faster than that is the watch
  // counting a push-off as a length (a pool swim's 25 m in 2 s), not a record to keep.
  const topSpeedCeilingMs = isSwimHint(track.sport, track.subSport) ? MAX_SWIM_SPEED_MS : Number.POSITIVE_INFINITY
  // A pool swim's lengths say when it swam (see withSwumLengths); a counter without them is read by its steps.
  const stepped = source === 'recorded' && !(track.laps ?? []).some((lap) => (lap.lengths?.length ?? 0) > 0) && steppedCounter(kept)
  const unbounded: SegmentMeasure[] = []
  let offset = 0
  let distanceM = 0
  let counterBefore: CounterReading | null = null
  for (const segment of kept) {
    series.segmentStarts.push(offset)
    const copies = replayed?.subarray(offset, offset + segment.size) ?? null
    const risenM = source === 'recorded' ? counterRise(counterBefore, segment) : 0
    const measure = measureSegment(segment, source, threshold, series, offset, distanceM + risenM, workoutStart, groundM, copies, topSpeedCeilingMs, stepped)
    unbounded.push({ ...measure, distanceM: measure.distanceM + risenM })
    if (source === 'recorded') counterBefore = lastReading(segment) ?? counterBefore
    offset += segment.size
    distanceM += unbounded[unbounded.length - 1]?.distanceM ?? 0
  }
  // Each step may be within reach (a fix wanders 100 m whatever the time) while the segment as a whole
  // is not: a planned route exported with made-up times (a course's points 28 ms apart, 1.18 km in 7.5 s).
  // Times that never move forward are `track_times_invalid`, below.
  if (source === 'positions' && unbounded.some((measure) => measure.durationMs > 0 && !possibleMove(measure.distanceM, measure.durationMs / 1000))) {
    throw new AppError('track_times_made_up')
  }
  const measures = withinDeviceMaximum(withSwumLengths(unbounded, track.laps), track.deviceMaxSpeedMs)
  // Measured with its replays (their times and climbs as before); stored, charted and drawn without them.
  const stored = replayed ? withoutPoints(series, replayed) : series
  const segments: SegmentFigures[] = measures.map((measure, index) => {
    const firstPoint = stored.segmentStarts[index] ?? 0
    const pointCount = (stored.segmentStarts[index + 1] ?? stored.size) - firstPoint
    return { ...figuresOf(measure, measure.durationMs, measure.movingMs, measured), index, firstPoint, pointCount }
  })

  checkChronology(measures)
  const timed = measures.filter((measure) => measure.startTime !== null)
  const startTime = Math.min(timed[0]?.startTime ?? workoutStart, ...moments)
  const endTime = Math.max(timed[timed.length - 1]?.endTime ?? workoutStart, ...moments)
  const durationMs = endTime - startTime
  if (durationMs <= 0) throw new AppError('track_times_invalid')
  if (durationMs > LONGEST_WORKOUT_MS) throw new AppError('track_times_span')
  const movingMs = measures.reduce((total, measure) => total + measure.movingMs, 0)
  const skipped = all.filter((segment) => segment.size === 1).map(extentOf)
  const combined = combine([...measures, ...skipped])
  // The device's own climb when the file states it (see Track); segments and splits keep counting theirs.
  const ascentM = track.deviceAscentM ?? combined.ascentM
  const descentM = track.deviceDescentM ?? combined.descentM
  const workout = figuresOf({ ...combined, ascentM, descentM, startTime, endTime }, durationMs, movingMs, measured)
  return { workout, segments, series: stored }
}

/**
 * The segments' measures with no top speed above the device's own maximum (`Track.deviceMaxSpeedMs`):
 * the reference's filter keeps the 95th percentile of a segment's speeds, which on a segment of a
 * few intervals is its GPS's fastest jitter (a run cut into many short timer runs: 15.47 km/h where
 * its watch measured 14.14). Unless that maximum is below the workout's own average moving speed,
 * where it cannot be the fastest this activity went (a device measuring something else).
 */
function withinDeviceMaximum(measures: SegmentMeasure[], deviceMaxSpeedMs: number | undefined): SegmentMeasure[] {
  if (deviceMaxSpeedMs === undefined) return measures
  let distanceM = 0
  let movingMs = 0
  for (const measure of measures) {
    distanceM += measure.distanceM
    movingMs += measure.movingMs
  }
  if (deviceMaxSpeedMs < distanceM / (wholeSeconds(movingMs) || Number.POSITIVE_INFINITY)) return measures
  return measures.map((measure) => (measure.maxSpeedMs > deviceMaxSpeedMs ? { ...measure, maxSpeedMs: deviceMaxSpeedMs } : measure))
}

/**
 * A pool swim's moving time and top speed are its lengths' (`Lap.lengths`, the active ones): the swimmer
 * moved while swimming a length and rested at the wall between them, which its records' counter does not
 * tell. A COROS watch steps the counter one length at each length's end (98 s moving of a 2,071 s swim,
 * top speed 0), a Garmin's creeps on through the rests (3,854 s moving of 1,993 s swum); the session's
 * average speed is the distance over the lengths' time. Each segment takes the lengths' time within it.
 */
function withSwumLengths(measures: SegmentMeasure[], laps: Track['laps']): SegmentMeasure[] {
  const swum = (laps ?? []).flatMap((lap) => (lap.lengths ?? []).map((length) => ({ ...length, metres: (lap.distanceM ?? Number.NaN) / (lap.lengths?.length ?? 1) })))
  if (swum.length === 0) return measures
  return measures.map((measure) => {
    const { startTime, endTime } = measure
    if (startTime === null || endTime === null) return measure
    let movingMs = 0
    let maxSpeedMs = 0
    for (const length of swum) {
      const from = Math.max(length.startTime, startTime)
      const to = Math.min(length.endTime, endTime)
      if (to <= from) continue
      movingMs += to - from
      const speedMs = length.metres / ((length.endTime - length.startTime) / 1000)
      if (speedMs > maxSpeedMs) maxSpeedMs = speedMs
    }
    // Lengths whose elapsed times overlap (a COROS watch's add up to 1,024 s of a 1,012 s swim) move no longer than the segment lasts.
    return { ...measure, movingMs: Math.min(movingMs, measure.durationMs), maxSpeedMs }
  })
}

/** A device counter's reading (m) and its time (epoch ms). */
interface CounterReading {
  readonly metres: number
  readonly time: number
}

/** A segment's last counter reading with a time, null when it has none. */
function lastReading(segment: TrackSegment): CounterReading | null {
  const counter = segment.recordedDistance
  for (let i = segment.size - 1; i >= 0; i--) {
    const metres = counter?.[i] ?? Number.NaN
    const time = segment.time[i] ?? Number.NaN
    if (!Number.isNaN(metres) && !Number.isNaN(time)) return { metres, time }
  }
  return null
}

/**
 * The counter's rise from the previous segment's last reading to this segment's first: a device's counter moves
 * only while its timer runs, so that is distance covered in this segment before its first record (a pool swim's
 * record closing the set's first length: a Garmin Swim lost a length at every set, 350 of 525 m). None where the
 * counter restarts or rises faster than anyone can move in the time between the two readings.
 */
function counterRise(before: CounterReading | null, segment: TrackSegment): number {
  if (!before) return 0
  const counter = segment.recordedDistance
  for (let i = 0; i < segment.size; i++) {
    const metres = counter?.[i] ?? Number.NaN
    const time = segment.time[i] ?? Number.NaN
    if (Number.isNaN(metres) || Number.isNaN(time)) continue
    const rise = metres - before.metres
    return rise > 0 && possibleMove(rise, (time - before.time) / 1000) ? rise : 0
  }
  return 0
}

function thresholdOf(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : DEFAULT_STOPPED_SPEED_THRESHOLD_KMH
}

function hasPosition(segment: TrackSegment): boolean {
  for (let i = 0; i < segment.size; i++) if (isFix(segment.lat[i] ?? Number.NaN, segment.lon[i] ?? Number.NaN)) return true
  return false
}

function hasRecordedDistance(segment: TrackSegment): boolean {
  return segment.recordedDistance?.some((value) => !Number.isNaN(value)) === true
}

function countFixes(lat: Float64Array, lon: Float64Array): number {
  let count = 0
  for (let i = 0; i < lat.length; i++) if (!Number.isNaN((lat[i] ?? Number.NaN) + (lon[i] ?? Number.NaN))) count++
  return count
}

/**
 * Whether more than half of the timed points share one time: the device's clock was not running
 * (a logger writing its epoch, 1989-12-31, under 494 of 496 fixes), so the time says nothing of
 * when the athlete was anywhere. A clock of whole seconds under several fixes a second shares each
 * time among a few points only; times that never move at all are `track_times_invalid`.
 */
function clockStopped(segments: readonly TrackSegment[]): boolean {
  // Boyer–Moore majority vote: only a time held by more than half the points can survive the
  // first pass, so a second pass counts that one candidate (a map of every time cost ~10 ms at 50k points).
  let candidate = Number.NaN
  let lead = 0
  for (const segment of segments) {
    const time = segment.time
    for (let i = 0; i < time.length; i++) {
      const t = time[i] ?? Number.NaN
      if (Number.isNaN(t)) continue
      if (lead === 0) candidate = t
      lead += t === candidate ? 1 : -1
    }
  }
  let timed = 0
  let most = 0
  for (const segment of segments) {
    const time = segment.time
    for (let i = 0; i < time.length; i++) {
      const t = time[i] ?? Number.NaN
      if (Number.isNaN(t)) continue
      timed++
      if (t === candidate) most++
    }
  }
  return most * 2 > timed && most < timed
}

function firstTime(segments: readonly TrackSegment[]): number {
  for (const segment of segments) {
    for (const t of segment.time) if (!Number.isNaN(t)) return t
  }
  return Number.NaN
}

/** Segments must follow each other in time; a repeated or overlapping segment would count twice. */
function checkChronology(measures: readonly SegmentMeasure[]): void {
  let previous: SegmentMeasure | null = null
  for (const measure of measures) {
    if (measure.startTime === null || measure.endTime === null) continue
    if (previous?.startTime != null && previous.endTime != null) {
      if (measure.startTime < previous.endTime || measure.startTime === previous.startTime) {
        throw new AppError('track_segments_overlap')
      }
    }
    previous = measure
  }
}

/**
 * The elevation extremes and bounds of a skipped 1-point segment, which the reference tracker
 * still counts in the workout's min/max altitude and bounds (it takes them over the whole file).
 */
function extentOf(segment: TrackSegment): SegmentMeasure {
  const ele = usableElevation(segment.ele[0] ?? Number.NaN)
  const lat = segment.lat[0] ?? Number.NaN
  const lon = segment.lon[0] ?? Number.NaN
  const hasEle = !Number.isNaN(ele)
  const fix = isFix(lat, lon)
  return {
    durationMs: 0,
    movingMs: 0,
    distanceM: 0,
    maxSpeedMs: 0,
    minAltM: hasEle ? ele : null,
    maxAltM: hasEle ? ele : null,
    ascentM: null,
    descentM: null,
    startTime: null,
    endTime: null,
    bounds: fix ? [lat, lon, lat, lon] : null,
  }
}

/** Sums distances and climbs, and takes extremes, over the segments. */
function combine(measures: readonly SegmentMeasure[]): SegmentMeasure {
  let distanceM = 0
  let maxSpeedMs = 0
  let minAltM: number | null = null
  let maxAltM: number | null = null
  let ascentM: number | null = null
  let descentM: number | null = null
  let bounds: Bounds | null = null
  for (const m of measures) {
    distanceM += m.distanceM
    maxSpeedMs = Math.max(maxSpeedMs, m.maxSpeedMs)
    if (m.minAltM !== null) minAltM = minAltM === null ? m.minAltM : Math.min(minAltM, m.minAltM)
    if (m.maxAltM !== null) maxAltM = maxAltM === null ? m.maxAltM : Math.max(maxAltM, m.maxAltM)
    if (m.ascentM !== null) ascentM = (ascentM ?? 0) + m.ascentM
    if (m.descentM !== null) descentM = (descentM ?? 0) + m.descentM
    if (m.bounds) {
      bounds = bounds
        ? [
            Math.min(bounds[0], m.bounds[0]),
            Math.min(bounds[1], m.bounds[1]),
            Math.max(bounds[2], m.bounds[2]),
            Math.max(bounds[3], m.bounds[3]),
          ]
        : m.bounds
    }
  }
  return {
    durationMs: 0,
    movingMs: 0,
    distanceM,
    maxSpeedMs,
    minAltM,
    maxAltM,
    ascentM,
    descentM,
    // The workout's own span replaces these (see analyseTrack).
    startTime: null,
    endTime: null,
    bounds,
  }
}

/** Whole seconds from exact milliseconds, truncated like the reference tracker. */
function wholeSeconds(ms: number): number {
  return Math.floor(ms / 1000)
}

/** `measured`: the activity has a distance source; without one, distance and speeds are unknown (`null`). */
function figuresOf(measure: SegmentMeasure, durationMs: number, movingMs: number, measured: boolean): MotionFigures {
  const movingS = wholeSeconds(movingMs)
  return {
    durationS: wholeSeconds(durationMs),
    movingS,
    pausesS: wholeSeconds(Math.max(0, durationMs - movingMs)),
    distanceKm: measured ? measure.distanceM / 1000 : null,
    aveSpeedKmh: measured ? (movingS > 0 ? (measure.distanceM / movingS) * 3.6 : 0) : null,
    maxSpeedKmh: measured ? measure.maxSpeedMs * 3.6 : null,
    minAltM: measure.minAltM,
    maxAltM: measure.maxAltM,
    ascentM: measure.ascentM,
    descentM: measure.descentM,
    startTime: measure.startTime,
    endTime: measure.endTime,
    bounds: measure.bounds,
  }
}

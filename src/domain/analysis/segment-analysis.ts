import { groundDistanceM, withClimbM } from '../geo/distance'
import type { TrackSegment } from '../track'
import { uphillDownhill, usableElevation } from './elevation'
import type { Bounds } from './figures'
import { filteredMaxSpeedMs, kthSmallest } from './max-speed'
import { IMPOSSIBLE_STEP_M, credibleAltitudeRange, dropElevationSpikes, dropImpossibleElevations, isFix } from './plausibility'
import type { MutablePointSeries } from './point-series'

/** Exact (unrounded) figures of one segment, before truncation to whole seconds. */
export interface SegmentMeasure {
  /** Milliseconds between the first and last usable timestamps (0 without two timestamps). */
  readonly durationMs: number
  /** Milliseconds of intervals faster than the threshold. */
  readonly movingMs: number
  /** Metres over intervals with times, Δt ≥ 0 and a known distance. */
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
 * Where an activity's distance comes from — one rule for every format: its positions when it has
 * any (points without one are bridged, as a file converted to GPX would lose them), else the
 * distance the device recorded (FIT record distance, TCX `DistanceMeters`, or lap distances
 * spread over the lap by the importer; see `track-distance.ts`), else `none`: the file measured
 * no distance (an indoor ride without a speed sensor), which is unknown rather than 0, and every
 * forward-time interval counts as moving (nothing says the athlete stopped).
 */
export type DistanceSource = 'positions' | 'recorded' | 'none'

/**
 * Measures one segment (gpxpy 1.6 semantics, see `reference-tracker.md` §1.2) and writes its
 * points into `series` from `offset` on.
 *
 * On consecutive points carrying the distance source, a step counts when both have a time and
 * the later one is not earlier (the reference's rule, except that it drops the steps between equal
 * times, and with them the distance of every file whose clock ticks slower than its fixes; see
 * pass 2 for the clock that steps back). A counted interval is moving when its speed is above the threshold, stopped
 * otherwise. For durations and speeds a timestamp earlier than an earlier point's is treated as
 * missing, so time never runs backwards and moving ≤ duration. Impossible elevations are dropped
 * first (`plausibility.ts`); positions come from `series`, where {@link analyseTrack} has dropped
 * the impossible ones over the whole activity: they make no distance, speed, bounds or record.
 *
 * @param thresholdKmh stopped-speed threshold in km/h (> 0)
 * @param distanceOriginM cumulative distance (metres) of the workout before this segment
 * @param workoutStart workout start in epoch ms (origin of `elapsedS`), or `NaN`
 * @param groundM the whole series' ground distances from each position's previous one, as
 *   `dropImpossiblePositions` measured them (null: measured here)
 * @param replayed the segment's points that repeat a stretch it holds (1, see `replayedPoints`): no distance source
 * @param topSpeedCeilingMs intervals faster than this count distance and time but not towards the top speed
 * @param stepped the recorded distance is a stepped counter (see {@link steppedCounter}): each step is
 *   measured over the time since the previous one
 */
export function measureSegment(
  segment: TrackSegment,
  source: DistanceSource,
  thresholdKmh: number,
  series: MutablePointSeries,
  offset: number,
  distanceOriginM: number,
  workoutStart: number,
  groundM: Float64Array | null,
  replayed: Uint8Array | null = null,
  topSpeedCeilingMs = Number.POSITIVE_INFINITY,
  // Stryker disable next-line BooleanLiteral: its one caller always passes it
  stepped = false,
): SegmentMeasure {
  const n = segment.size
  const { time: rawTime, recordedDistance } = segment
  const ele = series.ele.subarray(offset, offset + n)
  const time = series.time.subarray(offset, offset + n)
  // The series' positions (the segment's, less the impossible ones).
  const lat = series.lat.subarray(offset, offset + n)
  const lon = series.lon.subarray(offset, offset + n)
  const knownEle = new Float64Array(n)
  let knownEleCount: number
  let minLat = Number.POSITIVE_INFINITY
  let minLon = Number.POSITIVE_INFINITY
  let maxLat = Number.NEGATIVE_INFINITY
  let maxLon = Number.NEGATIVE_INFINITY
  let latestTime = Number.NEGATIVE_INFINITY
  // The last point with a time (-1 without one).
  // Stryker disable next-line UnaryOperator: read only for a tail, which needs a point with a time
  let lastTimed = -1
  let startTime = Number.NaN

  const elapsed = series.elapsedS
  const speedColumn = series.speedKmh
  // Pass 1: sanitised columns and elapsed time.
  // Stryker disable next-line EqualityOperator: one past the segment writes past the columns' end or on the next segment's first point, written again after
  for (let i = 0; i < n; i++) {
    ele[i] = usableElevation(segment.ele[i] ?? Number.NaN)
    const t = rawTime[i] ?? Number.NaN
    if (t >= latestTime) {
      time[i] = t
      latestTime = t
      lastTimed = i
      if (Number.isNaN(startTime)) startTime = t
    } else {
      time[i] = Number.NaN
    }
    elapsed[offset + i] = ((time[i] ?? Number.NaN) - workoutStart) / 1000
  }

  dropImpossibleElevations(ele, time)
  // The distance's climb keeps the spikes, as the reference tracker's 3-D distance does (its
  // figures are the contract); the altitude figures and the chart drop them.
  const climbEle = Float64Array.from(ele)
  dropElevationSpikes(ele, time)
  // Bounds and elevation figures of what is left.
  knownEleCount = 0
  // Stryker disable next-line EqualityOperator: one past the segment reads `undefined`: no position, no elevation
  for (let i = 0; i < n; i++) {
    const la = lat[i] ?? Number.NaN
    const lo = lon[i] ?? Number.NaN
    if (!Number.isNaN(la) && !Number.isNaN(lo)) {
      // Stryker disable next-line EqualityOperator: `<=`/`>=` only take an equal extreme again
      if (la < minLat) minLat = la
      // Stryker disable next-line EqualityOperator: `<=`/`>=` only take an equal extreme again
      if (la > maxLat) maxLat = la
      // Stryker disable next-line EqualityOperator: `<=`/`>=` only take an equal extreme again
      if (lo < minLon) minLon = lo
      // Stryker disable next-line EqualityOperator: `<=`/`>=` only take an equal extreme again
      if (lo > maxLon) maxLon = lo
    }
    const e = ele[i] ?? Number.NaN
    if (Number.isNaN(e)) continue
    knownEle[knownEleCount++] = e
  }
  const { minM: minAlt, maxM: maxAlt } = credibleAltitudeRange(ele, time)

  // Pass 2: intervals. Distance runs from one point carrying the activity's distance source
  // (a position, or else the device's recorded distance) to the next such point, bridging over
  // points without it, and counts when the later point's own time is not earlier: two places
  // written with the same time (a clock of whole seconds under several fixes a second) are still
  // two places, whose time is only known at the next tick, and a clock that stepped back does not
  // shorten the path. Moving time and speeds run between points of forward time
  // only (`time`): the distance counted since the last such point over the time since it.
  const intervalSpeedBefore = new Float64Array(n) // m/s of the interval ending at each point, 0 = none
  const intervalSpeedAfter = new Float64Array(n)
  const keptSpeeds = new Float64Array(n)
  const keptDistances = new Float64Array(n)
  let keptCount = 0
  let intervals = 0
  // Whether the segment's first step is among the top speed's candidates (see staleStart).
  let firstKept = false
  let movingMs = 0
  let distanceM = 0
  let pendingM = 0
  // Where the segment's first interval ends.
  let firstEnd = 0
  // Whether the last interval counted was moving.
  let lastMoving = false
  let last = -1
  let timed = -1
  const distanceColumn = series.distanceM
  // Stryker disable next-line ConditionalExpression: the bridges are read only for a `positions` source
  const bridged = source === 'positions' ? counterBridges(segment, lat, lon) : null
  // A stepped counter's step of `metres` was covered over the points from `from` (the previous step) to `to`:
  // they share it evenly in time, and its moving time, each its own (so the insights count neither twice).
  const spreadStep = (from: number, to: number, metres: number, moving: boolean): void => {
    const fromTime = time[from] ?? Number.NaN
    const spanMs = (time[to] ?? Number.NaN) - fromTime
    const baseM = (distanceColumn[offset + to] ?? 0) - metres
    let previous = from
    for (let j = from + 1; j <= to; j++) {
      const tj = time[j] ?? Number.NaN
      if (Number.isNaN(tj)) continue
      // Stryker disable next-line ConditionalExpression,EqualityOperator: the step's end already holds `baseM + metres`
      if (j < to) distanceColumn[offset + j] = baseM + (metres * (tj - fromTime)) / spanMs
      if (moving) series.movingMs[offset + j] = tj - (time[previous] ?? Number.NaN)
      previous = j
    }
  }
  const carries = (i: number): boolean =>
    replayed?.[i] !== 1 && (source === 'positions' ? hasPosition(lat, lon, i) || bridged?.[i] === 1 : !Number.isNaN(recordedDistance?.[i] ?? Number.NaN))
  const jitter = jitterStamps(time, carries)
  // Stryker disable next-line EqualityOperator: one past the segment is no source; its distance lands on the next segment's first point, written again after, or past the end
  for (let i = 0; i < n; i++) {
    const hasSource = carries(i)
    if (hasSource) {
      if (last >= 0 && (rawTime[i] ?? Number.NaN) - (rawTime[last] ?? Number.NaN) >= 0) {
        const d = stepM(segment, lat, lon, climbEle, source, last, i, groundM ? (groundM[offset + i] ?? Number.NaN) : Number.NaN)
        // Stryker disable next-line EqualityOperator: a step of 0 m adds nothing
        if (d > 0) {
          distanceM += d
          pendingM += d
        }
      }
      last = i
    }
    distanceColumn[offset + i] = distanceOriginM + distanceM
    const t = time[i] ?? Number.NaN
    if (Number.isNaN(t)) continue
    if (source === 'none') {
      // Stryker disable next-line ConditionalExpression: before the first time, `time[-1]` is `undefined`: a step of `NaN`, not above 0
      const stepMs = timed >= 0 ? t - (time[timed] ?? Number.NaN) : 0
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a step of 0 ms adds nothing, and times never step back here
      if (stepMs > 0) {
        movingMs += stepMs
        series.movingMs[offset + i] = stepMs
      }
      timed = i
      continue
    }
    // Stryker disable next-line ConditionalExpression: before the first time, `time[-1]` is `undefined`: `NaN` either way
    const dtMs = timed >= 0 ? t - (time[timed] ?? Number.NaN) : Number.NaN
    if (pendingM > 0 && dtMs > 0 && jitter?.[i] !== 1) {
      const speedMs = pendingM / (dtMs / 1000)
      lastMoving = speedMs * 3.6 > thresholdKmh
      if (lastMoving) movingMs += dtMs
      if (stepped) spreadStep(timed, i, pendingM, lastMoving)
      else if (lastMoving) series.movingMs[offset + i] = dtMs
      // Stryker disable next-line UpdateOperator: only whether the first count is 0 is read
      const first = intervals++ === 0
      if (first) firstEnd = i
      if (movingMs > 0 && speedMs <= topSpeedCeilingMs) {
        if (first) firstKept = true
        keptSpeeds[keptCount] = speedMs
        keptDistances[keptCount] = pendingM
        keptCount++
      }
      intervalSpeedAfter[timed] = speedMs
      // Stryker disable next-line EqualityOperator: one further sets the end point's far side, which the next interval sets again (or the mean of two equal speeds)
      for (let j = timed + 1; j < i; j++) intervalSpeedBefore[j] = intervalSpeedAfter[j] = speedMs
      intervalSpeedBefore[i] = speedMs
      pendingM = 0
      timed = i
    } else if (hasSource && (timed < 0 || (pendingM === 0 && !stepped && jitter?.[i] !== 1))) {
      // Nothing counted since `timed`: the next interval may start here. Not at a point without
      // the distance source, whose time says nothing about where the athlete was, nor at a stepped
      // counter's unchanged reading, which says only that the next step is not yet complete, nor at a
      // jitter stamp (see jitterStamps), whose time is not the fix's. The first such
      // point with a time starts the first interval even after distance counted under times that
      // stepped back below an earlier record's: that distance has no time to be a speed over.
      pendingM = 0
      timed = i
    }
  }
  // A stepped counter still at its last step when the segment ends was, as between its steps, on its way to
  // the next one: that time moves as the step before it did (its distance is unknown, so none is added).
  const tailMs = latestTime - (time[timed] ?? Number.NaN)
  // Stryker disable next-line EqualityOperator: a tail of 0 ms spreads nothing
  if (stepped && lastMoving && tailMs > 0) {
    movingMs += tailMs
    spreadStep(timed, lastTimed, 0, true)
  }
  // A stepped counter's first step ran since a step before the segment (before the pause), so its time is
  // unknown: when it reads as a stale start (see staleStart), its points take the next step's speed, not a spike.
  const stale = firstKept && staleStart(keptSpeeds, keptCount)
  if (stepped && stale) {
    const next = intervalSpeedAfter[firstEnd] ?? 0
    // Stryker disable next-line EqualityOperator: the line after gives the first interval's end the same speed
    for (let j = 0; j < firstEnd; j++) intervalSpeedBefore[j] = intervalSpeedAfter[j] = next
    intervalSpeedBefore[firstEnd] = next
  }
  // Each point's speed: the mean of the intervals on both sides (either one when the other is
  // undefined). The first point has only the interval after it, so it takes that one's speed (the
  // reference tracker's chart does).
  // Stryker disable next-line EqualityOperator: one past the segment writes 0 km/h on the next segment's first point, written again after, or past the end
  for (let i = 0; i < n; i++) {
    speedColumn[offset + i] = pointSpeedKmh(intervalSpeedBefore[i] ?? 0, intervalSpeedAfter[i] ?? 0)
  }

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
    maxSpeedMs: stale
      ? filteredMaxSpeedMs(keptSpeeds.subarray(1), keptDistances.subarray(1), keptCount - 1)
      : filteredMaxSpeedMs(keptSpeeds, keptDistances, keptCount),
    minAltM: hasEle ? minAlt : null,
    maxAltM: hasEle ? maxAlt : null,
    ascentM: climb ? climb.ascentM : null,
    descentM: climb ? climb.descentM : null,
    startTime: hasTime ? startTime : null,
    endTime: hasTime ? latestTime : null,
    bounds: minLat <= maxLat ? [minLat, minLon, maxLat, maxLon] : null,
  }
}

/**
 * Metres between points `from` and `to` by the activity's distance source: positions (3-D when
 * both usable elevations are known), or the increase of the device's recorded distance (a counter
 * that went down, e.g. reset, gives no distance). `knownGroundM`: the ground distance between the
 * two positions when already measured (consecutive positions), else `NaN`; `IMPOSSIBLE_STEP_M` for
 * a jump `dropImpossiblePositions` kept both sides of (no distance).
 */
function stepM(
  segment: TrackSegment,
  lat: Float64Array,
  lon: Float64Array,
  ele: Float64Array,
  source: DistanceSource,
  from: number,
  to: number,
  knownGroundM: number,
): number {
  if (source === 'recorded' || !hasPosition(lat, lon, from) || !hasPosition(lat, lon, to)) {
    // Stryker disable next-line OptionalChaining: the counter exists here: a `recorded` source has one, and a point without a position is a source only when it bridges it
    const step = (segment.recordedDistance?.[to] ?? Number.NaN) - (segment.recordedDistance?.[from] ?? Number.NaN)
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the caller adds only a step above 0
    return step >= 0 ? step : Number.NaN
  }
  const lat1 = lat[from] ?? Number.NaN
  const lon1 = lon[from] ?? Number.NaN
  const lat2 = lat[to] ?? Number.NaN
  const lon2 = lon[to] ?? Number.NaN
  // A jump nobody can make between two stretches of real ground counts nothing.
  if (knownGroundM === IMPOSSIBLE_STEP_M) return Number.NaN
  const groundM = Number.isNaN(knownGroundM) ? groundDistanceM(lat1, lon1, lat2, lon2) : knownGroundM
  return withClimbM(groundM, lat1, lon1, ele[from] ?? Number.NaN, lat2, lon2, ele[to] ?? Number.NaN)
}

/** A step shorter than this share of the segment's median step, and than {@link JITTER_MAX_MS}, is a clock's jitter. */
const JITTER_SHARE = 0.5
const JITTER_MAX_MS = 500

/**
 * The points whose time is the writing's jitter, not when the fix was taken (1): no interval ends
 * there, so the steps on both sides are measured as one. A logger taking its fixes a second apart
 * but stamping them in hundredths as it writes them (Sports Tracker: …:44.81, …:45.29, …:46.30)
 * puts some 0.02–0.4 s after the one before and the next 1.6–1.98 s later: 3 m over 0.02 s read
 * 540 km/h. A step under half a second and under half the segment's median step is such a stamp;
 * it is measured with the longer of the steps beside it, which holds the time it lacks. Whole-second
 * clocks have no such step, and a file sampled faster than a second has a median to match. Only the
 * points carrying the distance source (`carries`) are fixes; the points marked run from the stamp to
 * the next fix. `null` when there is none.
 */
function jitterStamps(time: Float64Array, carries: (i: number) => boolean): Uint8Array | null {
  // The first point of each distinct time among those carrying the distance source, and the steps between them.
  const starts: number[] = []
  let previous = Number.NaN
  let anyShort = false
  for (let i = 0; i < time.length; i++) {
    const t = time[i] ?? Number.NaN
    if (Number.isNaN(t) || t <= previous || !carries(i)) continue
    if (t - previous < JITTER_MAX_MS) anyShort = true
    starts.push(i)
    previous = t
  }
  if (!anyShort) return null
  const steps = new Float64Array(starts.length - 1)
  for (let k = 0; k < steps.length; k++) steps[k] = (time[starts[k + 1] ?? 0] ?? Number.NaN) - (time[starts[k] ?? 0] ?? Number.NaN)
  const shortMs = Math.min(JITTER_MAX_MS, JITTER_SHARE * kthSmallest(Float64Array.from(steps), steps.length >> 1))
  const marked = new Uint8Array(time.length)
  for (let k = 0; k < steps.length; k++) {
    if ((steps[k] ?? Number.NaN) >= shortMs) continue
    const before = steps[k - 1] ?? -1
    const after = steps[k + 1] ?? -1
    if (before < 0 && after < 0) continue
    // The stamp between the short step and its longer neighbour is the one out of place.
    const at = before >= after ? k : k + 1
    const end = starts[at + 1] ?? time.length
    for (let i = starts[at] ?? end; i < end; i++) marked[i] = 1
  }
  return marked
}

function hasPosition(lat: Float64Array, lon: Float64Array, i: number): boolean {
  // Stryker disable next-line ArithmeticOperator: `-` is `NaN` exactly when the sum is (positions are finite)
  return !Number.isNaN((lat[i] ?? Number.NaN) + (lon[i] ?? Number.NaN))
}

/** How far the counter's rise between the first and last fix may lie from the fixes' own distance and still fill in for them. */
const COUNTER_AGREES_SHARE = 0.1
const COUNTER_AGREES_M = 10

/**
 * The records the device wrote before its first fix or after its last (no position, or the (0, 0)
 * of no fix) with its distance counter (1 = bridged): the positions measure nothing there, the
 * counter's rise is the device's distance (a run whose GPS found its first fix 600 m in). Only
 * where the fix next to them reads the counter too, and the counter measured between the first and
 * the last fix what the fixes did (within 10 %): a counter that disagrees with the positions where
 * both exist (a foot pod off its calibration, a watch indoors whose fixes wander) is no measure of
 * what they miss. Between two fixes the straight line stays: there a counter that rises less is a
 * device that stopped counting (auto-pause) while its fixes say the athlete moved, and one that
 * writes its counter in records of its own, between fixes, runs late against them. `null` when
 * nothing is bridged.
 */
function counterBridges(segment: TrackSegment, lat: Float64Array, lon: Float64Array): Uint8Array | null {
  const counter = segment.recordedDistance
  if (!counter) return null
  const reads = (i: number): boolean => !Number.isNaN(counter[i] ?? Number.NaN)
  const fix = (i: number): boolean => isFix(segment.lat[i] ?? Number.NaN, segment.lon[i] ?? Number.NaN)
  let first = 0
  while (first < segment.size && !fix(first)) first++
  if (first === segment.size) return null
  // Stryker disable next-line ArithmeticOperator: sought from one past the end, the search finds no fix there and goes on
  let last = segment.size - 1
  while (!fix(last)) last--
  const head = counter.subarray(0, first).some((value) => !Number.isNaN(value))
  // Stryker disable next-line ArithmeticOperator: a reading at or before the last fix only sends the loop below, which starts after it, over nothing
  const tail = counter.subarray(last + 1).some((value) => !Number.isNaN(value))
  // Stryker disable next-line ConditionalExpression: with neither, the loops below bridge nothing
  if (!head && !tail) return null
  let fixesM = 0
  let previous = -1
  for (let i = first; i <= last; i++) {
    if (!hasPosition(lat, lon, i)) continue
    if (previous >= 0) fixesM += groundDistanceM(lat[previous] ?? Number.NaN, lon[previous] ?? Number.NaN, lat[i] ?? Number.NaN, lon[i] ?? Number.NaN)
    previous = i
  }
  // Unknown (no agreement) when either fix does not read the counter.
  const counterM = (counter[last] ?? Number.NaN) - (counter[first] ?? Number.NaN)
  if (!(Math.abs(counterM - fixesM) <= fixesM * COUNTER_AGREES_SHARE + COUNTER_AGREES_M)) return null
  const bridged = new Uint8Array(segment.size)
  // Stryker disable next-line ConditionalExpression,EqualityOperator: without a reading before the first fix the loop bridges nothing; the first fix has its position
  if (head) for (let i = 0; i < first; i++) if (reads(i)) bridged[i] = 1
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: without a reading after the last fix the loop bridges nothing; the fixes have their positions and one past the end reads nothing
  if (tail) for (let i = last + 1; i < segment.size; i++) if (reads(i)) bridged[i] = 1
  return bridged
}

/** Fewer rises than this say nothing about how a counter counts. */
const STEPPED_MIN_RISES = 5
/** Share of a stepped counter's rises that are its one step (within {@link STEPPED_STEP_TOLERANCE}). */
const STEPPED_SAME_SHARE = 0.9
const STEPPED_STEP_TOLERANCE = 0.01

/**
 * Whether the device's distance counter over these segments is a stepped one: it stays put for most
 * of its readings and almost every rise (90 %) is one fixed step (within 1 % of their median), or
 * follows a reading it stayed put at. It counts whole pool lengths (a watch writing 25 m at each
 * length's end) or whole units of a coarse sensor (an indoor trainer's 65.53 m), or is written on every
 * record but updated only every few (a Suunto's, by 2–5 m when a fix comes), not the athlete's progress
 * each second, so the second in which it steps is no measure of speed or of moving: the step was
 * covered since the previous one. A counter rising at most readings (a wheel, a foot pod, laps spread
 * over their time) is not stepped, however even its rises, nor one whose differing rises come in runs
 * (a runner's, still only while stopped).
 */
export function steppedCounter(segments: readonly TrackSegment[]): boolean {
  const rises: number[] = []
  let readings = 0
  let afterStill = 0
  for (const { recordedDistance } of segments) {
    let previous = Number.NaN
    // Stryker disable next-line BooleanLiteral: set at a segment's first reading before any rise reads it
    let still = false
    for (const value of recordedDistance ?? []) {
      if (Number.isNaN(value)) continue
      readings++
      if (value > previous) {
        rises.push(value - previous)
        if (still) afterStill++
      }
      still = value === previous
      previous = value
    }
  }
  if (rises.length < STEPPED_MIN_RISES || rises.length * 2 > readings) return false
  if (afterStill >= rises.length * STEPPED_SAME_SHARE) return true
  const step = rises.sort((a, b) => a - b)[rises.length >> 1] ?? Number.NaN
  const same = rises.filter((rise) => Math.abs(rise - step) <= step * STEPPED_STEP_TOLERANCE).length
  return same >= rises.length * STEPPED_SAME_SHARE
}

/** How many times faster than any later step a segment's first step is when it starts from a stale fix. */
const STALE_START_RATIO = 2

/**
 * Whether a segment's first step (`speeds[0]`, m/s) starts from a stale fix: a receiver coming back
 * (after a loss of signal, a pause, a power-on) first writes the position it still holds, so the first
 * step covers ground the athlete crossed before the segment: more than twice as fast as any step after
 * it (a drive at 130 km/h whose segments each start with 212 m in 2 s, 382 km/h). Its distance and time
 * count; its speed is no top speed, which on a segment too short for the filter to leave anything out
 * it would be. No body gets more than twice as fast as all it does next within one step.
 */
function staleStart(speeds: Float64Array, count: number): boolean {
  let fastestAfter = 0
  // Stryker disable next-line EqualityOperator: one past the kept speeds reads an unwritten 0, which raises no maximum
  for (let i = 1; i < count; i++) fastestAfter = Math.max(fastestAfter, speeds[i] ?? 0)
  return count > 2 && (speeds[0] ?? 0) > STALE_START_RATIO * fastestAfter
}

/** A point's speed in km/h from the speeds (m/s, 0 = undefined) of the intervals before and after it. */
function pointSpeedKmh(before: number, after: number): number {
  const speed = before > 0 && after > 0 ? (before + after) / 2 : before > 0 ? before : after
  return speed * 3.6
}

function copySensor(source: Float64Array | null, target: Float64Array | null, offset: number): void {
  if (source && target) target.set(source, offset)
}

import { groundDistanceM } from '../geo/distance'
import { withEachColumn, type TrackSegment } from '../track'
import { isFix, POSITION_STEP_ALLOWANCE_M } from './plausibility'

/** A rest gap lasts longer than this between two records, ms: a device recording on writes a record within it. */
const REST_GAP_MS = 20_000
/** Below this share of its fixes' distance, a counter rising across a gap says the athlete did not travel it. */
const REST_COUNTER_SHARE = 0.5
/** How far a counter's rises may lie from the fixes' distance elsewhere in the segment and still measure it. */
const AGREES_SHARE = 0.1
const AGREES_M = 10
/** How long before and after a gap the athlete's own pace is taken over, ms. */
const PACE_WINDOW_MS = 60_000

/**
 * The segment cut at its rest gaps: two consecutive records more than 20 s apart, both with a fix and a
 * distance counter reading, whose fixes lie more than 100 m apart (the most a fix wanders) while the counter
 * rose less than half of that, and whose straight line is slower than the athlete went in the minute before
 * the gap and in the minute after it. The device wrote nothing while the athlete rested or was carried, and
 * its own counter says it did not travel there: a rowing monitor writing only its work intervals (rests of
 * ~160 s and 506 m of straight line, 3.2 m/s between strokes of 4.3–4.5 m/s), a ski watch on the lift (299 s,
 * 388 m, the counter unchanged), an interval run's recoveries without trackpoints. The straight line across
 * the gap is no distance and its time no moving. A signal lost on the way is no rest: the athlete went on at
 * their pace (a ride's 246 m in 32 s between minutes at 6.6 and 7.4 m/s), whatever the counter missed.
 * Only where the counter measures what the fixes do on the segment's other steps (over more than 100 m, within
 * 10 % + 10 m): a counter off its calibration, or a watch indoors whose fixes wander, says nothing of a gap.
 */
export function withoutRestGaps(segment: TrackSegment): TrackSegment[] {
  const counter = segment.recordedDistance
  if (!counter) return [segment]
  const { lat, lon, time } = segment
  const reads = (i: number): boolean => !Number.isNaN(counter[i] ?? Number.NaN) && isFix(lat[i] ?? Number.NaN, lon[i] ?? Number.NaN)
  const groundM = (i: number): number => groundDistanceM(lat[i - 1] ?? Number.NaN, lon[i - 1] ?? Number.NaN, lat[i] ?? Number.NaN, lon[i] ?? Number.NaN)
  const stepMs = (i: number): number => (time[i] ?? Number.NaN) - (time[i - 1] ?? Number.NaN)
  const gaps: number[] = []
  for (let i = 1; i < segment.size; i++) {
    if (!(stepMs(i) > REST_GAP_MS) || !reads(i - 1) || !reads(i)) continue
    const metres = groundM(i)
    if (metres > POSITION_STEP_ALLOWANCE_M && (counter[i] ?? Number.NaN) - (counter[i - 1] ?? Number.NaN) < metres * REST_COUNTER_SHARE) gaps.push(i)
  }
  // Most segments have no such gap and pay nothing more.
  if (gaps.length === 0) return [segment]
  let fixesM = 0
  let countedM = 0
  for (let i = 1; i < segment.size; i++) {
    if (gaps.includes(i) || !reads(i - 1) || !reads(i)) continue
    fixesM += groundM(i)
    countedM += Math.max(0, (counter[i] ?? Number.NaN) - (counter[i - 1] ?? Number.NaN))
  }
  // No cut without evidence that the counter measures: more than a fix's wander of other steps, agreeing.
  if (!(fixesM > POSITION_STEP_ALLOWANCE_M && Math.abs(countedM - fixesM) <= fixesM * AGREES_SHARE + AGREES_M)) return [segment]
  // The athlete's pace over the steps from `first` on (`direction` −1: back in time) within a minute of `edgeTime`.
  const paceMs = (first: number, direction: -1 | 1, edgeTime: number): number => {
    let metres = 0
    let ms = 0
    for (let i = first; i >= 1 && i < segment.size; i += direction) {
      if (!(Math.abs((time[direction < 0 ? i - 1 : i] ?? Number.NaN) - edgeTime) <= PACE_WINDOW_MS)) break
      if (!isFix(lat[i - 1] ?? Number.NaN, lon[i - 1] ?? Number.NaN) || !isFix(lat[i] ?? Number.NaN, lon[i] ?? Number.NaN)) continue
      metres += groundM(i)
      ms += stepMs(i)
    }
    return ms > 0 ? metres / ms : Number.NaN
  }
  const rests = gaps.filter((i) => {
    const gapPace = groundM(i) / stepMs(i)
    const before = paceMs(i - 1, -1, time[i - 1] ?? Number.NaN)
    const after = paceMs(i + 1, 1, time[i] ?? Number.NaN)
    // Neither side's pace known: nothing says the athlete went slower.
    return (!Number.isNaN(before) || !Number.isNaN(after)) && !(gapPace >= before) && !(gapPace >= after)
  })
  if (rests.length === 0) return [segment]
  return [0, ...rests].map((from, k) => {
    const to = rests[k] ?? segment.size
    return withEachColumn(segment, to - from, (column) => column.subarray(from, to))
  })
}

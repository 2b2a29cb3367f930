import { groundDistanceM } from '../geo/distance'

/**
 * Physically impossible samples are dropped before any figure is computed from them, so no
 * workout (and no record) is ever made of sensor junk.
 */

/**
 * Fastest credible vertical speed, m/s. The descents of the sports tracked here (alpine skiing,
 * mountain biking, trail running, hiking) stay under ~5 m/s of vertical speed;
 * 10 m/s is twice that, while a barometer or GPS that flips by kilometres within a second is
 * hundreds of times beyond it.
 */
const MAX_VERTICAL_SPEED_MS = 10

/**
 * Elevation step always accepted whatever the time between the samples, metres: barometric
 * altimeters recalibrate and GPS altitude settles after the first fix by tens of metres at once.
 */
const ELEVATION_STEP_ALLOWANCE_M = 50

function possibleStep(fromEle: number, fromTime: number, toEle: number, toTime: number): boolean {
  const seconds = Math.abs(toTime - fromTime) / 1000
  // Without both times nothing tells a slow climb from a jump: the step is not judged.
  if (Number.isNaN(seconds)) return true
  return Math.abs(toEle - fromEle) <= ELEVATION_STEP_ALLOWANCE_M + MAX_VERTICAL_SPEED_MS * seconds
}

/**
 * Fastest credible ground speed, m/s (300 km/h): no human-powered sport comes near it and a car
 * on a motorway stays well under it, while a GPS position that jumps by kilometres (or a chip's
 * (0, 0) before its first fix, thousands of kilometres off) within seconds is far beyond it.
 */
export const MAX_GROUND_SPEED_MS = 300 / 3.6

/**
 * Fastest credible swimming speed, m/s: world records average under 2.4 m/s over 50 m. A pool
 * "length" faster than this is a watch counting a push-off or a turn, not swimming.
 */
export const MAX_SWIM_SPEED_MS = 3

/** Whether a track's sport hint (FIT `swimming`, `lap_swimming`, `open_water`; a GPX `<type>`) names a swim. */
export function isSwimHint(sport: string | null | undefined, subSport?: string | null): boolean {
  return /swim|open_?water/i.test(`${sport ?? ''} ${subSport ?? ''}`)
}

/**
 * Position step always accepted whatever the time between the fixes, metres: a fix may wander by
 * tens of metres under trees or between buildings without the athlete going anywhere.
 */
export const POSITION_STEP_ALLOWANCE_M = 100

/**
 * The run rule of elevations. The known samples are cut into runs wherever
 * one is out of reach of the previous known one (`runStarts`: the first sample of each run, which
 * each caller finds in a loop of its own: a loop calling functions it is handed, one set per
 * caller, could not have them inlined, and it runs on every point of every import); the longest
 * run is taken as the truth; walking away from it in both directions, a run is kept when its
 * nearest sample is within reach of the last kept one, otherwise every sample of it is dropped. A
 * spike is thus removed whether it is one sample or several, and a track starting on a wrong value
 * keeps its real part. Linear in the number of samples.
 */
function dropUnreachableRuns(
  runStarts: readonly number[],
  n: number,
  known: (i: number) => boolean,
  reachable: (from: number, to: number) => boolean,
  drop: (i: number) => void,
): void {
  if (runStarts.length <= 1) return

  const runEnd = (k: number): number => runStarts[k + 1] ?? n
  const knownCount = (k: number): number => {
    let count = 0
    for (let i = runStarts[k] ?? n; i < runEnd(k); i++) if (known(i)) count++
    return count
  }
  let longest = 0
  let longestSize = -1
  for (let k = 0; k < runStarts.length; k++) {
    const size = knownCount(k)
    if (size > longestSize) {
      longest = k
      longestSize = size
    }
  }
  const firstKnown = (k: number): number => runStarts[k] ?? n
  const lastKnown = (k: number): number => {
    for (let i = runEnd(k) - 1; i >= (runStarts[k] ?? n); i--) if (known(i)) return i
    return -1
  }
  const dropRun = (k: number): void => {
    for (let i = runStarts[k] ?? n; i < runEnd(k); i++) drop(i)
  }

  let anchor = lastKnown(longest)
  for (let k = longest + 1; k < runStarts.length; k++) {
    if (reachable(anchor, firstKnown(k))) anchor = lastKnown(k)
    else dropRun(k)
  }
  anchor = firstKnown(longest)
  for (let k = longest - 1; k >= 0; k--) {
    if (reachable(anchor, lastKnown(k))) anchor = firstKnown(k)
    else dropRun(k)
  }
}

/**
 * Drops (sets to `NaN`) the elevations of one segment that cannot be real: a sample is out of
 * reach of another when it is more than {@link ELEVATION_STEP_ALLOWANCE_M} plus
 * {@link MAX_VERTICAL_SPEED_MS} × Δt away (see {@link dropUnreachableRuns} for the rule). A sensor
 * writing 12,136 m for three seconds between samples at 1,085 m loses those three samples.
 *
 * @param ele usable elevations of the segment, in place (`NaN` = missing)
 * @param time the segment's times in epoch ms (`NaN` = missing), same length
 */
export function dropImpossibleElevations(ele: Float64Array, time: Float64Array): void {
  const runStarts: number[] = []
  let previous = -1
  for (let i = 0; i < ele.length; i++) {
    const e = ele[i] ?? Number.NaN
    if (Number.isNaN(e)) continue
    if (previous < 0 || !possibleStep(ele[previous] ?? Number.NaN, time[previous] ?? Number.NaN, e, time[i] ?? Number.NaN)) runStarts.push(i)
    previous = i
  }
  dropUnreachableRuns(
    runStarts,
    ele.length,
    (i) => !Number.isNaN(ele[i] ?? Number.NaN),
    (from, to) => possibleStep(ele[from] ?? Number.NaN, time[from] ?? Number.NaN, ele[to] ?? Number.NaN, time[to] ?? Number.NaN),
    (i) => {
      ele[i] = Number.NaN
    },
  )
}

/**
 * Whether a latitude/longitude pair is a position: known, and not exactly (0, 0), which is what GPS
 * chips write before their first fix (no athlete records a workout at that spot of the Gulf of
 * Guinea to the last decimal).
 */
export function isFix(lat: number, lon: number): boolean {
  return !Number.isNaN(lat + lon) && !(lat === 0 && lon === 0)
}

/** Sets the (0, 0) "no fix yet" positions of a segment to `NaN` (in place): see {@link isFix}. */
export function dropNoFix(lat: Float64Array, lon: Float64Array): void {
  for (let i = 0; i < lat.length; i++) {
    if (lat[i] === 0 && lon[i] === 0) {
      lat[i] = Number.NaN
      lon[i] = Number.NaN
    }
  }
}

function groundStepM(lat: Float64Array, lon: Float64Array, from: number, to: number): number {
  return groundDistanceM(lat[from] ?? Number.NaN, lon[from] ?? Number.NaN, lat[to] ?? Number.NaN, lon[to] ?? Number.NaN)
}

/** Whether `metres` can be travelled in `seconds` (`NaN`: unknown, not judged): at most 100 m plus 300 km/h × the time. */
export function possibleMove(metres: number, seconds: number): boolean {
  // Without a time on either side nothing tells a long ride from a jump: the step is not judged.
  if (Number.isNaN(seconds)) return true
  return metres <= POSITION_STEP_ALLOWANCE_M + MAX_GROUND_SPEED_MS * seconds
}

/**
 * The ground distance handed back for a step between two kept fixes that nobody can make (real
 * ground on both sides of it, see {@link dropImpossiblePositions}): it counts no distance and no speed.
 */
export const IMPOSSIBLE_STEP_M = Number.NEGATIVE_INFINITY

/**
 * A stretch of fixes cut off by impossible steps, that does not lead back within reach of the fixes
 * before it and holds fewer fixes than this, is junk (a chip's stale fixes before it settles, a spike
 * beside a jump); from this many on it is ground the athlete covered, recorded after a jump of the
 * receiver or the clock.
 */
const MIN_STRETCH_FIXES = 5

/**
 * The longest time two points may lie apart, seconds, as a function of their indices: a point
 * without a time was written between its nearest timed neighbours, so it is judged with the widest
 * time its place allows (a fix can be out of reach even without its own time, and a possible one is
 * never dropped). `NaN` when a side has no timed point.
 */
function widestSeconds(time: Float64Array): (from: number, to: number) => number {
  if (!time.some(Number.isNaN)) return (from, to) => Math.abs((time[to] ?? Number.NaN) - (time[from] ?? Number.NaN)) / 1000
  const before = new Float64Array(time.length)
  const after = new Float64Array(time.length)
  let t = Number.NaN
  for (let i = 0; i < time.length; i++) before[i] = t = Number.isNaN(time[i] ?? Number.NaN) ? t : (time[i] ?? Number.NaN)
  t = Number.NaN
  for (let i = time.length - 1; i >= 0; i--) after[i] = t = Number.isNaN(time[i] ?? Number.NaN) ? t : (time[i] ?? Number.NaN)
  return (from, to) =>
    Math.max(Math.abs((after[to] ?? Number.NaN) - (before[from] ?? Number.NaN)), Math.abs((after[from] ?? Number.NaN) - (before[to] ?? Number.NaN))) / 1000
}

/**
 * Drops (sets to `NaN`) the positions of one segment that cannot be real, before any distance or
 * speed is computed from them. A fix is out of reach of another when it is more than
 * {@link POSITION_STEP_ALLOWANCE_M} plus {@link MAX_GROUND_SPEED_MS} × Δt away, Δt being the widest
 * time their places allow (fixes without a time are judged too, see {@link widestSeconds}). The
 * known fixes are cut into stretches at each step out of reach; the longest stretch is real ground,
 * and walking away from it in both directions each further stretch is judged against its nearest
 * kept neighbours on both sides:
 * - an excursion, whose next stretch is back within reach of the last kept fix (a GPS spike
 *   kilometres off for a few seconds), is dropped: the distance is bridged from the last real fix to
 *   the next one, as for points without a position;
 * - a stretch of fewer than {@link MIN_STRETCH_FIXES} fixes that leads nowhere is dropped (the
 *   fixes a chip writes before it settles);
 * - a longer one is kept, and only the step into it counts nothing ({@link IMPOSSIBLE_STEP_M}): one
 *   impossible step loses neither side of a recording.
 * Linear in the number of fixes.
 *
 * @param lat latitudes of the segment, in place (`NaN` = no position)
 * @param lon longitudes, in place, same length
 * @param time the segment's times in epoch ms (`NaN` = missing), same length
 * @returns the ground distance (`groundDistanceM`) from the previous kept position to each kept
 *   one, or {@link IMPOSSIBLE_STEP_M} for a step nobody can make, measured here and reused by the
 *   segment's measure (the same distance, once per point)
 */
export function dropImpossiblePositions(lat: Float64Array, lon: Float64Array, time: Float64Array): Float64Array {
  const seconds = widestSeconds(time)
  const known = (i: number): boolean => !Number.isNaN((lat[i] ?? Number.NaN) + (lon[i] ?? Number.NaN))
  const reachable = (from: number, to: number): boolean => possibleMove(groundStepM(lat, lon, from, to), seconds(from, to))
  const runStarts: number[] = []
  const groundM = new Float64Array(lat.length)
  let previous = -1
  for (let i = 0; i < lat.length; i++) {
    if (!known(i)) continue
    if (previous < 0) runStarts.push(i)
    else {
      const metres = groundStepM(lat, lon, previous, i)
      groundM[i] = metres
      if (!possibleMove(metres, seconds(previous, i))) runStarts.push(i)
    }
    previous = i
  }
  if (runStarts.length <= 1) return groundM

  const n = lat.length
  const runEnd = (k: number): number => runStarts[k + 1] ?? n
  const firstKnown = (k: number): number => runStarts[k] ?? n
  const lastKnown = (k: number): number => {
    let last = -1
    for (let i = firstKnown(k); i < runEnd(k); i++) if (known(i)) last = i
    return last
  }
  const fixesIn = (k: number): number => {
    let count = 0
    for (let i = firstKnown(k); i < runEnd(k); i++) if (known(i)) count++
    return count
  }
  const dropRun = (k: number): void => {
    for (let i = firstKnown(k); i < runEnd(k); i++) {
      lat[i] = Number.NaN
      lon[i] = Number.NaN
    }
  }
  let longest = 0
  let longestSize = -1
  for (let k = 0; k < runStarts.length; k++) {
    const size = fixesIn(k)
    if (size > longestSize) {
      longest = k
      longestSize = size
    }
  }
  // Judges stretch k from the kept fix `anchor` on the real side; `beyond` is the nearest fix of the
  // next stretch away from it (-1 at the segment's end). Returns the new anchor.
  const judge = (k: number, anchor: number, near: number, far: number, beyond: number): number => {
    if (reachable(anchor, near)) return far
    const comesBack = beyond >= 0 && reachable(anchor, beyond) && groundStepM(lat, lon, anchor, beyond) < groundStepM(lat, lon, anchor, near)
    if (comesBack || fixesIn(k) < MIN_STRETCH_FIXES) {
      dropRun(k)
      return anchor
    }
    return far
  }
  let anchor = lastKnown(longest)
  for (let k = longest + 1; k < runStarts.length; k++) {
    anchor = judge(k, anchor, firstKnown(k), lastKnown(k), k + 1 < runStarts.length ? firstKnown(k + 1) : -1)
  }
  anchor = firstKnown(longest)
  for (let k = longest - 1; k >= 0; k--) anchor = judge(k, anchor, lastKnown(k), firstKnown(k), k > 0 ? lastKnown(k - 1) : -1)

  // The steps between the kept fixes: a dropped stretch is bridged; a kept jump counts nothing.
  groundM.fill(0)
  previous = -1
  for (let i = 0; i < n; i++) {
    if (!known(i)) continue
    if (previous >= 0) {
      const metres = groundStepM(lat, lon, previous, i)
      groundM[i] = possibleMove(metres, seconds(previous, i)) ? metres : IMPOSSIBLE_STEP_M
    }
    previous = i
  }
  return groundM
}

/** How far a sample may stand from the median of its neighbourhood, metres, plus {@link SPIKE_VERTICAL_SPEED_MS} × Δt. */
const SPIKE_ALLOWANCE_M = 20
/**
 * Vertical speed a real peak or dip may reach within its neighbourhood, m/s: a summit logged every
 * 10 s on a chairlift (5 m/s up, then skied down) stands ~30 m above the median of samples 20 s
 * around it, within its 60 m allowance, and stays.
 */
const SPIKE_VERTICAL_SPEED_MS = 2
/** Known samples on each side of the one judged. */
const SPIKE_WINDOW = 2

/** The median of the first `count` values (an odd count), sorted in place by insertion: a neighbourhood is always 2 × {@link SPIKE_WINDOW} + 1. */
function median(values: Float64Array, count: number): number {
  for (let a = 1; a < count; a++) {
    const value = values[a] ?? Number.NaN
    let b = a - 1
    while (b >= 0 && (values[b] ?? Number.NaN) > value) {
      values[b + 1] = values[b] ?? Number.NaN
      b--
    }
    values[b + 1] = value
  }
  return values[count >> 1] ?? Number.NaN
}

/**
 * Drops (sets to `NaN`) the elevation spikes of one segment that are possible steps but no terrain:
 * a barometer splashed in the water (47 m below its neighbours for a sample), a GPS altitude
 * glitching to 0 m, a chip writing −500 m. A sample is a spike when it lies farther than
 * {@link SPIKE_ALLOWANCE_M} + {@link SPIKE_VERTICAL_SPEED_MS} × Δt from the median of itself and
 * the {@link SPIKE_WINDOW} known samples on each side (five samples, taken inward at the segment's
 * ends), Δt being the time from it to the farthest of them. A median follows any climb, descent or step that lasts (a steady slope, a
 * recalibration that stays) and ignores an excursion of one or two samples, so only those are
 * judged; a neighbourhood without times (or a segment of fewer than five samples) is not judged;
 * every sample is judged against the original values, so dropping one does not move the next verdict.
 *
 * @param ele usable elevations of the segment, in place (`NaN` = missing)
 * @param time the segment's times in epoch ms (`NaN` = missing), same length
 */
export function dropElevationSpikes(ele: Float64Array, time: Float64Array): void {
  const known: number[] = []
  for (let i = 0; i < ele.length; i++) if (!Number.isNaN(ele[i] ?? Number.NaN)) known.push(i)
  const spikes: number[] = []
  const size = 2 * SPIKE_WINDOW + 1
  // One buffer for every neighbourhood's elevations (this runs for every sample of every file).
  const around = new Float64Array(size)
  for (let k = 0; known.length >= size && k < known.length; k++) {
    const i = known[k] ?? 0
    // Five samples always, shifted inward at the segment's ends, so two spikes never make half of them.
    const first = Math.min(Math.max(0, k - SPIKE_WINDOW), known.length - size)
    const at = time[i] ?? Number.NaN
    // The farthest time in the neighbourhood (NaN when any is missing, as Math.max of them says).
    let spanS = 0
    for (let n = 0; n < size; n++) {
      const j = known[first + n] ?? 0
      spanS = Math.max(spanS, Math.abs((time[j] ?? Number.NaN) - at) / 1000)
      around[n] = ele[j] ?? Number.NaN
    }
    if (Number.isNaN(spanS)) continue
    const deviation = Math.abs((ele[i] ?? Number.NaN) - median(around, size))
    if (deviation > SPIKE_ALLOWANCE_M + SPIKE_VERTICAL_SPEED_MS * spanS) spikes.push(i)
  }
  for (const i of spikes) ele[i] = Number.NaN
}

/**
 * Fastest vertical speed at which a person goes down and back up (or up and back down), m/s: a
 * gondola climbs, a skier drops, at most about this on average.
 */
const EXCURSION_VERTICAL_SPEED_MS = 5
/** How far beyond its surroundings an excursion must go on each side before it counts, metres (a barometer's wobble). */
const EXCURSION_ALLOWANCE_M = 10

/**
 * The impossible excursion sample `i` is the bottom of (`direction` 1 judges a dip, −1 a peak), as
 * the samples `[before, after]` it leaves and comes back to, or `null` when a person could have
 * made it. A pair of samples before and after that stand beyond it by more than the allowance (and
 * are not `cut`) is impossible when (depth at before − allowance) + (depth at after − allowance)
 * > speed × (t_after − t_before); the excursion runs between the farthest samples of such pairs.
 */
function impossibleExcursion(
  ele: Float64Array,
  time: Float64Array,
  cut: Uint8Array,
  i: number,
  direction: 1 | -1,
  rangeM: number,
): readonly [number, number] | null {
  // An untimed sample's margins are all NaN: it is never judged.
  const at = time[i] ?? Number.NaN
  const level = (ele[i] ?? Number.NaN) * direction
  // Beyond 2 × range / speed seconds no side can make the sum positive any more.
  const reachS = (2 * rangeM) / EXCURSION_VERTICAL_SPEED_MS
  // The farthest sample on one side that stands beyond it by more than the allowance with a margin
  // above `floor` (its depth less the allowance less the speed × the time from it), and the best margin.
  const side = (step: 1 | -1, floor: number): { readonly margin: number; readonly farthest: number } => {
    let margin = Number.NEGATIVE_INFINITY
    let farthest = -1
    for (let j = i + step; j >= 0 && j < ele.length; j += step) {
      const t = time[j] ?? Number.NaN
      const e = ele[j] ?? Number.NaN
      if (Number.isNaN(t) || Number.isNaN(e) || cut[j] === 1) continue
      const spanS = Math.abs(t - at) / 1000
      if (spanS > reachS) break
      const depth = e * direction - level - EXCURSION_ALLOWANCE_M
      if (depth <= 0) continue
      const here = depth - EXCURSION_VERTICAL_SPEED_MS * spanS
      margin = Math.max(margin, here)
      if (here > floor) farthest = j
    }
    return { margin, farthest }
  }
  const before = side(-1, Number.POSITIVE_INFINITY).margin
  const after = side(1, Number.POSITIVE_INFINITY).margin
  if (!(before + after > 0)) return null
  // Every pair of samples it is impossible between bounds the excursion: the farthest on each side.
  return [side(-1, -after).farthest, side(1, -before).farthest]
}

/**
 * The lowest and highest altitude of one segment a person can have reached (`NaN` when it has
 * none). From the extreme inwards, a sample is the bottom of an impossible excursion when some
 * sample before and some after stand beyond it by more than {@link EXCURSION_ALLOWANCE_M} each and
 * going from the one to it and on to the other at {@link EXCURSION_VERTICAL_SPEED_MS} takes longer
 * than the time between them; the excursion's samples between the farthest such pair that stand
 * beyond both by more than the allowance are cut with it, its way down and back included. A watch under water
 * reads its barometer under pressure for 10–20 s (100–200 m below the lake), wider than a spike's
 * five samples; a real summit or valley is reached and left at a speed a person can do, a step
 * that stays (a recalibration) is not left again, and neither is cut. The extremes only: the
 * profile, the chart and the climb keep every sample the spike rules keep.
 *
 * @param ele usable elevations of the segment after the spike rules (`NaN` = missing)
 * @param time the segment's times in epoch ms (`NaN` = missing), same length
 */
export function credibleAltitudeRange(ele: Float64Array, time: Float64Array): { readonly minM: number; readonly maxM: number } {
  let lowest = -1
  let highest = -1
  for (let i = 0; i < ele.length; i++) {
    const e = ele[i] ?? Number.NaN
    if (Number.isNaN(e)) continue
    if (lowest < 0 || e < (ele[lowest] ?? e)) lowest = i
    if (highest < 0 || e > (ele[highest] ?? e)) highest = i
  }
  if (lowest < 0) return { minM: Number.NaN, maxM: Number.NaN }
  const rangeM = (ele[highest] ?? 0) - (ele[lowest] ?? 0)
  const extreme = (first: number, direction: 1 | -1): number => {
    const cut = new Uint8Array(ele.length)
    if (impossibleExcursion(ele, time, cut, first, direction, rangeM) === null) return ele[first] ?? Number.NaN
    // Rarely reached (a file's extreme is seldom an excursion): the samples from the extreme inwards.
    const order: number[] = []
    for (let i = 0; i < ele.length; i++) if (!Number.isNaN(ele[i] ?? Number.NaN)) order.push(i)
    order.sort((a, b) => ((ele[a] ?? 0) - (ele[b] ?? 0)) * direction)
    for (const i of order) {
      if (cut[i] === 1) continue
      const excursion = impossibleExcursion(ele, time, cut, i, direction, rangeM)
      if (excursion === null) return ele[i] ?? Number.NaN
      const [before, after] = excursion
      const edge = Math.min((ele[before] ?? 0) * direction, (ele[after] ?? 0) * direction) - EXCURSION_ALLOWANCE_M
      for (let j = before + 1; j < after; j++) if ((ele[j] ?? Number.NaN) * direction < edge) cut[j] = 1
    }
    return Number.NaN
  }
  return { minM: extreme(lowest, 1), maxM: extreme(highest, -1) }
}

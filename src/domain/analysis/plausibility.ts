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
export const MAX_VERTICAL_SPEED_MS = 10

/**
 * Elevation step always accepted whatever the time between the samples, metres: barometric
 * altimeters recalibrate and GPS altitude settles after the first fix by tens of metres at once.
 */
export const ELEVATION_STEP_ALLOWANCE_M = 50

function possibleStep(fromEle: number, fromTime: number, toEle: number, toTime: number): boolean {
  const seconds = Math.abs(toTime - fromTime) / 1000
  // Without both times nothing tells a slow climb from a jump: the step is not judged.
  if (Number.isNaN(seconds)) return true
  return Math.abs(toEle - fromEle) <= ELEVATION_STEP_ALLOWANCE_M + MAX_VERTICAL_SPEED_MS * seconds
}

/**
 * Drops (sets to `NaN`) the elevations of one segment that cannot be real.
 *
 * Rule: the known elevations are cut into runs wherever one sample is out of reach of the previous
 * one (more than {@link ELEVATION_STEP_ALLOWANCE_M} plus {@link MAX_VERTICAL_SPEED_MS} × Δt away).
 * The longest run is taken as the truth; walking away from it in both directions, a run is kept
 * when its nearest sample is within reach of the last kept one, otherwise dropped. A spike (a
 * sensor writing 12,136 m for three seconds between samples at 1,085 m) is thus removed whether it
 * is one sample or several, and a track starting on a wrong value (0 m before the first fix) keeps
 * its real part. Linear in the number of samples.
 *
 * @param ele usable elevations of the segment, in place (`NaN` = missing)
 * @param time the segment's times in epoch ms (`NaN` = missing), same length
 */
export function dropImpossibleElevations(ele: Float64Array, time: Float64Array): void {
  const n = ele.length
  // runStarts[k] = first sample index of run k; the run ends before the next run's start.
  const runStarts: number[] = []
  let previous = -1
  for (let i = 0; i < n; i++) {
    const e = ele[i] ?? Number.NaN
    if (Number.isNaN(e)) continue
    if (previous < 0 || !possibleStep(ele[previous] ?? Number.NaN, time[previous] ?? Number.NaN, e, time[i] ?? Number.NaN)) {
      runStarts.push(i)
    }
    previous = i
  }
  if (runStarts.length <= 1) return

  const runEnd = (k: number): number => runStarts[k + 1] ?? n
  const known = (k: number): number => {
    let count = 0
    for (let i = runStarts[k] ?? n; i < runEnd(k); i++) if (!Number.isNaN(ele[i] ?? Number.NaN)) count++
    return count
  }
  let longest = 0
  let longestSize = -1
  for (let k = 0; k < runStarts.length; k++) {
    const size = known(k)
    if (size > longestSize) {
      longest = k
      longestSize = size
    }
  }
  const firstKnown = (k: number): number => runStarts[k] ?? n
  const lastKnown = (k: number): number => {
    for (let i = runEnd(k) - 1; i >= (runStarts[k] ?? n); i--) if (!Number.isNaN(ele[i] ?? Number.NaN)) return i
    return -1
  }
  const drop = (k: number): void => {
    ele.fill(Number.NaN, runStarts[k] ?? n, runEnd(k))
  }
  const reachable = (from: number, to: number): boolean =>
    possibleStep(ele[from] ?? Number.NaN, time[from] ?? Number.NaN, ele[to] ?? Number.NaN, time[to] ?? Number.NaN)

  let anchor = lastKnown(longest)
  for (let k = longest + 1; k < runStarts.length; k++) {
    if (reachable(anchor, firstKnown(k))) anchor = lastKnown(k)
    else drop(k)
  }
  anchor = firstKnown(longest)
  for (let k = longest - 1; k >= 0; k--) {
    if (reachable(anchor, lastKnown(k))) anchor = firstKnown(k)
    else drop(k)
  }
}

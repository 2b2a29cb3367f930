import { groundDistanceM } from '../geo/distance'
import { withEachColumn, type TrackSegment } from '../track'
import { isFix, POSITION_STEP_ALLOWANCE_M, possibleMove } from './plausibility'

/**
 * A step into a segment's first or last fix is stray from this length on, metres (ten times the
 * 100 m any fix may wander), when it is also {@link STRAY_SPEED_FACTOR} times faster than the rest.
 */
const STRAY_STEP_M = 1000
/** How many times the rest of the segment's average speed a stray end's step goes, at least. */
const STRAY_SPEED_FACTOR = 10

/**
 * The points of one segment that are no part of its recording (1 = stray), or `null` when none is:
 * - **out of order and out of place**: a point later than its successor while its predecessor is not
 *   (t[i−1] ≤ t[i+1] < t[i]), and off the way between them: the device wrote it out of its place (a
 *   logger's point an hour ahead and 8 km off, between two of the same minute), so it is left out
 *   rather than read as travel and an hour more. A clock that jitters or steps back writes points out
 *   of order in time only, on the way the athlete went, and a stretch written again starts with a copy
 *   of the point before: they stay;
 * - **a stray end**: the segment's first or last fix lies more than {@link STRAY_STEP_M} from its
 *   neighbouring fix, at more than {@link STRAY_SPEED_FACTOR} times the average speed of the rest of the
 *   segment, yet within reach (a hike's last point 13.4 km away in 170 s): one fix is no evidence of such a move, which
 *   the athlete did not make at the pace of everything else they recorded. A segment of fewer than four
 *   fixes has too little rest to compare with and is not judged.
 * Each point is judged on the segment as written, except that a stray end is judged without the points
 * out of order. Such points are left out of every figure, the chart and the map line (see `analyseTrack`).
 */
function strayPoints(segment: TrackSegment): Uint8Array | null {
  const { time, lat, lon, size } = segment
  let stray: Uint8Array | null = null
  const step = (from: number, to: number): number => groundDistanceM(lat[from] ?? Number.NaN, lon[from] ?? Number.NaN, lat[to] ?? Number.NaN, lon[to] ?? Number.NaN)
  // Stryker disable next-line EqualityOperator,ArithmeticOperator: scanning one or two points past the end (`<=`, `i - 1`) reads times `undefined`, so nothing there is out of order
  for (let i = 1; i + 1 < size; i++) {
    const next = time[i + 1] ?? Number.NaN
    const before = time[i - 1] ?? Number.NaN
    // A successor repeating its predecessor (time and place) begins a stretch written again, which
    // replayedPoints leaves out: the point between them is where the recording went.
    const replay = before === next && lat[i - 1] === lat[i + 1] && lon[i - 1] === lon[i + 1]
    const outOfOrder = before <= next && next < (time[i] ?? Number.NaN) && !replay
    // Out of place: going there and back adds more than twice the 100 m a fix may wander to the
    // way from its predecessor to its successor. NaN (a side without a position) is not: a clock's
    // jitter alone is no evidence.
    // Stryker disable next-line EqualityOperator: `>=` differs only at a detour of exactly 200 m, a tie no computed distance makes
    if (outOfOrder && step(i - 1, i) + step(i, i + 1) - step(i - 1, i + 1) > 2 * POSITION_STEP_ALLOWANCE_M) (stray ??= new Uint8Array(size))[i] = 1
  }
  const isKeptFix = (i: number): boolean => stray?.[i] !== 1 && isFix(lat[i] ?? Number.NaN, lon[i] ?? Number.NaN)
  const nextFix = (from: number): number => {
    let i = from
    // Stryker disable next-line EqualityOperator: one past the end holds no fix either: a search that ends past the end judges no end
    while (i < size && !isKeptFix(i)) i++
    return i
  }
  const previousFix = (from: number): number => {
    let i = from
    // Stryker disable next-line EqualityOperator: stopping at 0 without a fix there leaves fewer than four fixes, judged by none
    while (i >= 0 && !isKeptFix(i)) i--
    return i
  }
  const first = nextFix(0)
  const second = nextFix(first + 1)
  // Stryker disable next-line ArithmeticOperator: sought from one past the end, the search finds no fix there and goes on
  const last = previousFix(size - 1)
  const beforeLast = previousFix(last - 1)
  // Four fixes at least: each end is compared with the two or more left beside it.
  if (second >= beforeLast) return stray
  const seconds = (from: number, to: number): number => Math.abs((time[to] ?? Number.NaN) - (time[from] ?? Number.NaN)) / 1000
  // Without times on both sides nothing tells a stray fix from a long stride: it is not judged (NaN).
  // A step beyond anyone's reach is dropImpossiblePositions' to judge (a stale fix keeps its time).
  // Stryker disable next-line EqualityOperator: `>=` differs only at a step of exactly 1 km, a tie no computed distance makes
  const far = (end: number, neighbour: number): boolean => step(neighbour, end) > STRAY_STEP_M && possibleMove(step(neighbour, end), seconds(neighbour, end))
  const lastFar = far(last, beforeLast)
  const firstFar = far(first, second)
  // Most segments end within 1 km of their neighbouring fix and pay nothing more.
  // Stryker disable next-line ConditionalExpression: a shortcut: with neither end far, neither is stray below
  if (!lastFar && !firstFar) return stray
  let middleM = 0
  for (let previous = second, i = nextFix(second + 1); i <= beforeLast; previous = i, i = nextFix(i + 1)) middleM += step(previous, i)
  // The rest of the segment for each end is every fix but that end.
  const pace = (from: number, to: number, metres: number): number => metres / seconds(from, to)
  // Stryker disable next-line EqualityOperator: `>=` differs only at exactly ten times the pace, a tie of computed distances
  const faster = (end: number, neighbour: number, restPace: number): boolean => pace(neighbour, end, step(neighbour, end)) > STRAY_SPEED_FACTOR * restPace
  const lastStray = lastFar && faster(last, beforeLast, pace(first, beforeLast, middleM + step(first, second)))
  const firstStray = firstFar && faster(first, second, pace(second, last, middleM + step(beforeLast, last)))
  if (lastStray) (stray ??= new Uint8Array(size))[last] = 1
  if (firstStray) (stray ??= new Uint8Array(size))[first] = 1
  return stray
}

/** The segment without the points `stray` marks (1), every column alike. */
export function withoutStrayPoints(segment: TrackSegment): TrackSegment {
  const stray = strayPoints(segment)
  if (stray === null) return segment
  const kept = stray.reduce((count, value) => count + 1 - value, 0)
  return withEachColumn(segment, kept, (column) => column.filter((_, i) => stray[i] !== 1))
}

/** Share of the fastest intervals ignored by the reference max-speed filter. */
const IGNORED_TOP_SHARE = 0.05

/** Intervals whose length is further than this many standard deviations from the mean are ignored. */
const DISTANCE_SIGMA = 1.5

/**
 * The reference tracker's filtered maximum speed (gpxpy `calculate_max_speed`), in m/s.
 *
 * Intervals whose length is an outlier (beyond 1.5 σ of the mean interval length) are dropped,
 * the remaining speeds are sorted and the value at index ⌊n × 0.95⌋ is taken, so GPS spikes and
 * the top 5 % of speeds do not make the maximum. Fewer than two intervals give 0.
 * @param speeds interval speeds in m/s
 * @param distances interval lengths in metres, same order as `speeds`
 * @param count number of intervals to read from both arrays
 */
export function filteredMaxSpeedMs(speeds: Float64Array, distances: Float64Array, count: number): number {
  if (count < 2) return 0
  let sum = 0
  for (let i = 0; i < count; i++) sum += distances[i] ?? 0
  const mean = sum / count
  let squares = 0
  for (let i = 0; i < count; i++) {
    const deviation = (distances[i] ?? 0) - mean
    squares += deviation * deviation
  }
  const limit = Math.sqrt(squares / count) * DISTANCE_SIGMA
  const kept = new Float64Array(count)
  let size = 0
  for (let i = 0; i < count; i++) {
    if (Math.abs((distances[i] ?? 0) - mean) <= limit) kept[size++] = speeds[i] ?? 0
  }
  // None kept only when a length is not a number (every comparison with NaN fails).
  if (size === 0) return 0
  // Below `size` for any size ≥ 1: gpxpy's fallback to the last speed never applies.
  return kthSmallest(kept.subarray(0, size), Math.floor(size * (1 - IGNORED_TOP_SHARE)))
}

/**
 * The value a numeric ascending sort would put at `k` (quickselect, O(n) on average instead of
 * sorting 50,000 speeds), reordering `values`. Falls back to a full sort when partitioning
 * degenerates, so crafted input cannot make it quadratic. `values` must hold no `NaN`.
 */
export function kthSmallest(values: Float64Array, k: number): number {
  let left = 0
  let right = values.length - 1
  // Stryker disable next-line all: how many rounds before the sort decides the speed, never the answer
  let budget = 2 * Math.ceil(Math.log2(values.length + 1)) + 8
  while (right > left) {
    // Stryker disable next-line all: likewise (giving up sooner, later or never still finds the value)
    if (budget-- === 0) {
      return values.subarray(left, right + 1).sort()[k - left] ?? 0
    }
    // Median of three as pivot. (The indices are within the array: `?? 0` is for the type. Made
    // `&& 0`, the pivot is 0, nothing moves, and the rounds run out into the sort: same answer.)
    const middle = (left + right) >>> 1
    // Stryker disable LogicalOperator
    const a = values[left] ?? 0
    const b = values[middle] ?? 0
    const c = values[right] ?? 0
    // Stryker restore LogicalOperator
    // Stryker disable next-line all: any of the three is a correct pivot; their median only makes the split even
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b
    let i = left
    let j = right
    // Stryker disable next-line ConditionalExpression,EqualityOperator: not partitioning at all, the rounds run out into the sort, which finds the same value
    while (i <= j) {
      while ((values[i] ?? 0) < pivot) i++
      while ((values[j] ?? 0) > pivot) j--
      if (i <= j) {
        const swap = values[i] ?? 0
        values[i] = values[j] ?? 0
        values[j] = swap
        i++
        j--
      }
    }
    if (k <= j) right = j
    else if (k >= i) left = i
    else return values[k] ?? 0
  }
  return values[k] ?? 0
}

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
  if (size === 0) return 0
  const sorted = kept.subarray(0, size).sort()
  const index = Math.floor(size * (1 - IGNORED_TOP_SHARE))
  return sorted[index < size ? index : size - 1] ?? 0
}

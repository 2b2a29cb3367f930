/** Ascent and descent as the reference tracker's fixtures (`tests/fixtures/gpx/expected.json`) state them. */
interface ReferenceClimb {
  ascent_m?: number | null
  descent_m?: number | null
}

/**
 * Where Waymark departs from the reference tracker: a climb or drop counts only once it reaches
 * 1 m (`CLIMB_THRESHOLD_M`). The reference's 0.4 m of ascent on gpx_file's track are two 0.2 m
 * steps of its smoothed altitude (979.7 → 979.9 → 980.1 m, its points 19–21): by hand, none of it
 * reaches 1 m, and the track's counted drops then sum to its first altitude − its last (998 − 975
 * = 23 m; each segment of the split copies: 11 and 12 m), the reference's descent less the 0.4 m.
 */
export function withClimbThreshold<T extends ReferenceClimb>(expected: T): T {
  if (expected.ascent_m !== 0.4 || typeof expected.descent_m !== 'number') return expected
  return { ...expected, ascent_m: 0, descent_m: expected.descent_m - 0.4 }
}

/** The reference's records of gpx_file's track less its highest ascent (HA), which is 0 m here: no record. */
export function recordsWithClimbThreshold(records: Record<string, number>): Record<string, number> {
  const { HA: highest, ...others } = records
  return highest === 0.4 ? others : records
}

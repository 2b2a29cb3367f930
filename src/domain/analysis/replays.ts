/**
 * The points of one segment that repeat a stretch it already holds (1 = replayed), or `null` when
 * none does: after the segment's time first steps back, a fix equal to an earlier one in time and
 * position (a TCX lap writing its `<Track>` again). Such a stretch was travelled once: it adds no
 * distance and is left out of the series, so neither the chart nor the map line draws it (see
 * `analyseTrack`). A clock that stepped back writes new places under old times: those count.
 *
 * @param time the segment's times in epoch ms (`NaN` = missing)
 * @param lat latitudes (`NaN` = no position), same length
 * @param lon longitudes, same length
 */
export function replayedPoints(time: Float64Array, lat: Float64Array, lon: Float64Array): Uint8Array | null {
  const n = time.length
  let from = -1
  let latest = Number.NEGATIVE_INFINITY
  // Stryker disable next-line EqualityOperator: one index past the times reads `undefined`, neither a step back nor a new latest
  for (let i = 0; i < n; i++) {
    const t = time[i] ?? Number.NaN
    if (t < latest) {
      from = i
      break
    }
    // Stryker disable next-line EqualityOperator: `>=` only sets an equal latest time again
    if (t > latest) latest = t
  }
  // Most files never step back, and pay this one pass over their times.
  // Stryker disable next-line EqualityOperator: `from <= 0` changes nothing, the first time never steps back
  if (from < 0) return null
  // The first fix of each time; a later fix of that time and place is its copy.
  const fixAt = new Map<number, number>()
  let replayed: Uint8Array | null = null
  // Stryker disable next-line EqualityOperator: one index past the times reads `undefined`, no fix
  for (let i = 0; i < n; i++) {
    const t = time[i] ?? Number.NaN
    // Stryker disable next-line ArithmeticOperator: `-` for `+` is `NaN` exactly when the sum is
    if (Number.isNaN(t + (lat[i] ?? Number.NaN) + (lon[i] ?? Number.NaN))) continue
    const earlier = fixAt.get(t)
    if (earlier === undefined) fixAt.set(t, i)
    else if (i >= from && lat[earlier] === lat[i] && lon[earlier] === lon[i]) {
      replayed ??= new Uint8Array(n)
      replayed[i] = 1
    }
  }
  return replayed
}

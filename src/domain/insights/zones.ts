/**
 * Moving time per whole sensor value (bpm or watts): `[value, milliseconds]` pairs sorted by
 * value. Stored at import instead of zone times, so zones follow the user's current max heart
 * rate or FTP without reading the series again.
 */
export type ValueHistogram = readonly (readonly [number, number])[]

/** Number of zones of both models. */
const ZONE_COUNT = 5

/**
 * Moving time per whole value of a sensor column (see {@link IntervalTable}): each interval's
 * moving time goes to its value rounded to a whole number; intervals without a value are left
 * out (their time is {@link ZoneTimes.unknownMs}), and so are negative values (no sensor writes one).
 */
export function valueHistogram(values: Float64Array, movingMs: Float64Array): ValueHistogram {
  // Whole values index a typed array (sensor values are small non-negative integers once
  // rounded): a Map per point costs more than everything else here.
  let top = -1
  for (let k = 0; k < values.length; k++) {
    const value = values[k] ?? Number.NaN
    if (value > top && (movingMs[k] ?? 0) > 0) top = value
  }
  if (top < 0) return []
  const totals = new Float64Array(Math.round(top) + 1)
  for (let k = 0; k < values.length; k++) {
    const moving = movingMs[k] ?? 0
    const value = values[k] ?? Number.NaN
    if (moving <= 0 || !(value >= 0)) continue
    const key = Math.round(value)
    totals[key] = (totals[key] ?? 0) + moving
  }
  const histogram: [number, number][] = []
  for (let value = 0; value < totals.length; value++) {
    const ms = totals[value] ?? 0
    if (ms > 0) histogram.push([value, ms])
  }
  return histogram
}

/**
 * Lower bounds of zones 2 to 5 from the maximum heart rate: 60, 70, 80 and 90 % of the heart-rate
 * reserve (max − resting) above the resting rate when it is known (Karvonen), else of the maximum.
 * Zone 1 holds everything below zone 2, zone 5 everything from its bound up.
 * @throws RangeError unless 0 ≤ resting < max
 */
export function heartRateZoneBounds(maxBpm: number, restingBpm: number | null = null): readonly number[] {
  const rest = restingBpm ?? 0
  if (!(maxBpm > rest) || rest < 0) throw new RangeError(`max heart rate ${maxBpm} must exceed resting ${rest}`)
  return [0.6, 0.7, 0.8, 0.9].map((share) => rest + share * (maxBpm - rest))
}

/**
 * Lower bounds of power zones 2 to 5 from the functional threshold power: 55, 75, 90 and 105 %
 * of FTP (recovery, endurance, tempo, threshold, above threshold).
 * @throws RangeError unless FTP > 0
 */
export function powerZoneBounds(ftpWatts: number): readonly number[] {
  if (!(ftpWatts > 0)) throw new RangeError(`FTP must be positive, got ${ftpWatts}`)
  return [0.55, 0.75, 0.9, 1.05].map((share) => share * ftpWatts)
}

/** Time in each zone. */
export interface ZoneTimes {
  /** Milliseconds in zones 1 to 5. */
  readonly zonesMs: readonly number[]
  /** Moving milliseconds without a sensor value (so zones + unknown = moving time). */
  readonly unknownMs: number
}

/**
 * Time in each of the 5 zones: a value is in the highest zone whose lower bound it reaches.
 * @param bounds ascending lower bounds of zones 2 to 5 ({@link heartRateZoneBounds}, {@link powerZoneBounds})
 * @param movingMs the workout's moving time, to report the time without a value
 */
export function zoneTimes(histogram: ValueHistogram, bounds: readonly number[], movingMs: number): ZoneTimes {
  const zonesMs = new Array<number>(ZONE_COUNT).fill(0)
  let known = 0
  for (const [value, ms] of histogram) {
    let zone = 0
    while (zone < bounds.length && value >= (bounds[zone] ?? Number.POSITIVE_INFINITY)) zone++
    zonesMs[zone] = (zonesMs[zone] ?? 0) + ms
    known += ms
  }
  return { zonesMs, unknownMs: Math.max(0, movingMs - known) }
}

import type { PointSeries } from '../analysis/point-series'
import { PACE_UNIT_M } from '../pace'
import type { Lap } from '../track'
import {
  CYCLING_EFFORT_DISTANCES_M,
  distanceEfforts,
  FOOT_EFFORT_DISTANCES_M,
  POWER_EFFORT_DURATIONS_S,
  powerEfforts,
  type DistanceEffort,
  type PowerEffort,
} from './best-efforts'
import { intervalTable } from './interval-table'
import { lapFigures, lengthSplits, SPLIT_UNIT_M, splits, type SplitFigures } from './splits'
import { valueHistogram, type ValueHistogram } from './zones'

/**
 * Version of {@link StoredInsights}; a stored row with another version is computed again (in the
 * background after start-up, see `insights-recompute.ts`). 2: best efforts pay for the pauses
 * they run through and never beat the workout's top speed. 3: a pool swim's laps are its swum
 * intervals (active lengths × pool length), rests after them, no laps of 0 m. 4: swims get splits
 * per 100 m and per 100 yd. 5: the recompute also stores the workout's figures again, as ascent
 * and descent now count only climbs and drops of 1 m or more (`uphillDownhill`). 6: the distance
 * counts the device's counter before the first fix and after the last (`measureSegment`). 7: a FIT
 * workout's ascent and descent are its session's own (`Track.deviceAscentM`). 8: a TCX workout
 * runs to a lap of one trackpoint too (`DEVICE_TIMED` in `workout-analysis.ts`). 9: a FIT record
 * written after a timer stop begins the next segment, not the one before the pause (`timerStarts`). 10: a
 * FIT swim ends with its last length when that ends after its last record (`withSwimEnd`). 11: a fix a
 * segment holds again (same time, same place) adds no distance. 12: the map line, chart and
 * insights leave that copy out too (`replayedPoints`), and a best effort pays for a pause behind a point
 * without a time (`effortTimes`). 13: a FIT session whose sub-sport is a swim (`open_water`,
 * `lap_swimming`) under another sport takes the watch's distance, as a swim does (`SWIM_SUB_SPORTS`).
 * 14: no top speed above the FIT session's own maximum (`withinDeviceMaximum`). 15: nor above a TCX
 * activity's largest lap `<MaximumSpeed>`. 16: a segment's first step from a stale fix is no top speed (`staleStart`).
 * 17: no top speed above the fastest speed a FIT session's records state when the session states no maximum
 * (`deviceMaximum`). 18: a TCX activity's laps of one recording are one segment, the step between them counted
 * (`LAP_JOIN_TOLERANCE_MS`, tcx-importer.ts).
 * 19: a FIT pool swim's moving time and top speed are its active lengths' (`withSwumLengths`). 20: no top speed
 * above the fastest speed a TCX activity's trackpoints state when no lap states a maximum.
 * 21: a point written out of order and out of place, and a segment's lone end far beyond its pace, are no part of
 * the recording (`strayPoints`).
 * 22: a FIT developer field declaring itself a native field in its units (a Connect IQ app's distance, power) stands
 * for it where the watch wrote none or 0 (`NATIVE_UNITS`, fit-reader.ts).
 * 23: FIT records hours past what their session's elapsed time counts, with no position or distance, are no part
 * of the workout (`forgetUncountedTails`, fit-importer.ts).
 * 24: a distance counter stepping one fixed amount is read by its steps: moving between them (`steppedCounter`).
 * 25: a rest the device did not record, its counter still, is no distance and no moving (`withoutRestGaps`).
 * 26: a counter whose rises follow still readings is read by its rises (`steppedCounter`), and a dive takes its
 * device's distance (fit-importer.ts).
 * 27: a workout's lowest and highest altitude leave out excursions no person can make, a barometer under water
 * (`credibleAltitudeRange`).
 * 28: a step stamped under half a second after the one before, where fixes are a second or more apart, is measured with
 * its longer neighbour (`jitterStamps`, segment-analysis.ts).
 * 29: a counter's rise from one segment's last reading to the next one's first counts in the next (`counterRise`).
 */
export const INSIGHTS_VERSION = 29

/**
 * What the import stores for a workout beyond its figures: splits in both units, device laps,
 * best efforts and the moving time per heart rate and per watt. Best efforts cover the distances
 * of the workout's sport (a change of sport re-analyses the file). Rounded for storage.
 */
export interface StoredInsights {
  readonly version: number
  readonly splitsKm: readonly SplitFigures[]
  readonly splitsMi: readonly SplitFigures[]
  /** A swim's splits per 100 m and per 100 yd, as swimmers count; absent for other sports. */
  readonly splits100m?: readonly SplitFigures[]
  readonly splits100yd?: readonly SplitFigures[]
  /** Device laps, in time order; empty without laps. */
  readonly laps: readonly SplitFigures[]
  readonly distanceEfforts: readonly DistanceEffort[]
  /** Empty without power. */
  readonly powerEfforts: readonly PowerEffort[]
  /** Moving time per bpm, or `null` without heart rate. */
  readonly heartRate: ValueHistogram | null
  /** Moving time per watt, or `null` without power. */
  readonly power: ValueHistogram | null
}

const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals
  return Math.round(value * factor) / factor
}

function roundedSplit(split: SplitFigures): SplitFigures {
  return {
    distanceM: round(split.distanceM, 1),
    movingMs: Math.round(split.movingMs),
    ascentM: split.ascentM === null ? null : round(split.ascentM, 1),
    descentM: split.descentM === null ? null : round(split.descentM, 1),
    heartRate: split.heartRate === null ? null : round(split.heartRate, 1),
    ...(split.restMs === undefined ? {} : { restMs: Math.round(split.restMs) }),
  }
}

/** Every sport's best-effort distances, shortest first, without repeats. */
const ALL_EFFORT_DISTANCES_M = [...new Set([...FOOT_EFFORT_DISTANCES_M, ...CYCLING_EFFORT_DISTANCES_M])].sort((a, b) => a - b)

/**
 * Computes the {@link StoredInsights} of an analysed series in a few O(n) passes.
 * @param laps the device's laps (see {@link Lap}), empty when the file has none
 * @param topSpeedKmh the workout's top speed, which no best effort beats (see `distanceEfforts`);
 *   `null` for a workout without a distance, which gets no splits, laps or distance efforts
 *   (each would read 0 km): only its heart rate and power insights
 * @param effortDistancesM best-effort distances to look for (those of the workout's sport)
 * @param swimSplits whether to add splits per 100 m and 100 yd (a swim's, see `insightOptionsFor`)
 */
export function computeInsights(
  series: PointSeries,
  laps: readonly Lap[],
  topSpeedKmh: number | null,
  effortDistancesM: readonly number[] = ALL_EFFORT_DISTANCES_M,
  swimSplits = false,
): StoredInsights {
  const table = intervalTable(series)
  const measured = topSpeedKmh !== null
  const units = swimSplits ? [SPLIT_UNIT_M.km, SPLIT_UNIT_M.mi, PACE_UNIT_M['100m'], PACE_UNIT_M['100yd']] : [SPLIT_UNIT_M.km, SPLIT_UNIT_M.mi]
  const [splitsKm = [], splitsMi = [], seriesSplits100m = [], seriesSplits100yd = []] = measured ? splits(table, units) : []
  // A pool swim's from its lengths; an open-water swim's from its points.
  const swimUnit = (unitM: number, fromSeries: SplitFigures[]) => (swimSplits && measured ? (lengthSplits(table, laps, unitM) ?? fromSeries) : [])
  const splits100m = swimUnit(PACE_UNIT_M['100m'], seriesSplits100m)
  const splits100yd = swimUnit(PACE_UNIT_M['100yd'], seriesSplits100yd)
  return {
    version: INSIGHTS_VERSION,
    splitsKm: splitsKm.map(roundedSplit),
    splitsMi: splitsMi.map(roundedSplit),
    ...(swimSplits ? { splits100m: splits100m.map(roundedSplit), splits100yd: splits100yd.map(roundedSplit) } : {}),
    laps: measured ? lapFigures(table, laps).map(roundedSplit) : [],
    distanceEfforts: (measured ? distanceEfforts(table, effortDistancesM, topSpeedKmh) : []).map((effort) => ({
      distanceM: effort.distanceM,
      // Up, so rounding never makes an effort faster than the top speed.
      movingMs: Math.ceil(effort.movingMs),
      startM: round(effort.startM, 1),
    })),
    powerEfforts: powerEfforts(table, series.segmentStarts, POWER_EFFORT_DURATIONS_S).map((effort) => ({
      durationS: effort.durationS,
      watts: round(effort.watts, 1),
    })),
    heartRate: table.heartRate ? valueHistogram(table.heartRate, table.movingMs) : null,
    power: table.power ? valueHistogram(table.power, table.movingMs) : null,
  }
}

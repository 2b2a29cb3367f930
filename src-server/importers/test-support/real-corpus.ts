import { expect } from 'vitest'
import type { ErrorCode } from '../../../src/errors/catalogue'
import { fitReference, gpxReference, positionDistanceM, tcxReference, timeSpanS, type ReferenceActivity } from './reference-figures'

/**
 * What every real file of `tests/fixtures/real` (see its SOURCES.md) must give, uploaded one by
 * one (`real-corpus.test.ts`) or all in one archive (`corpus-archive.int.test.ts`): workouts whose
 * figures match an independent source, or a refusal with the catalogued reason written here.
 * Expected figures are never Waymark's own output: positions are measured by `reference-figures.ts`
 * (haversine on the reference tracker's sphere), device distances are decoded by Garmin's FIT SDK
 * or read from the TCX laps.
 */

/** How an activity's distance is checked. */
export type DistanceCheck =
  /** Within 1 % of the distance measured on the file's positions. */
  | 'positions'
  /** Within 3 % of the distance the device recorded (no positions). */
  | 'device'

/** What a file must give. */
export type Outcome =
  | { readonly refused: ErrorCode }
  | { readonly activities: readonly DistanceCheck[]; readonly warning?: 'fit_tail_damaged' }

const positions = (count = 1): Outcome => ({ activities: Array<DistanceCheck>(count).fill('positions') })
const device: Outcome = { activities: ['device'] }

/** Every file of the corpus and its outcome; a file missing here fails the test. */
export const expected: Readonly<Record<string, Outcome>> = {
  'fit/20170518-191602.fit': device, // indoor rowing: the device recorded 0 m
  // 14 records over 13 s; the last message (activity) misses a byte and the checksum is gone.
  'fit/activity-unexpected-eof.fit': { activities: ['positions'], warning: 'fit_tail_damaged' },
  'fit/apple-watch.fit': positions(),
  'fit/broken-start-latlng.fit': positions(),
  'fit/coros-pace2-cycling.fit': positions(),
  // Compressed timestamps; distance only in compressed_speed_distance (device total 10,248.67 m).
  'fit/compressed-speed-distance.fit': device,
  'fit/developer-types-sample.fit': positions(),
  'fit/elemnt-bolt-devdata-noappid.fit': positions(),
  'fit/event-timestamp.fit': device,
  'fit/fittrackee-example.fit': { refused: 'fit_not_activity' }, // a course (planned route)
  'fit/garmin-edge500.fit': positions(),
  'fit/garmin-edge810-vector.fit': positions(),
  'fit/garmin-edge820-bike.fit': positions(),
  'fit/garmin-fenix2-multisport.fit': positions(7),
  'fit/garmin-fenix2-run.fit': positions(),
  'fit/garmin-fenix5-bike.fit': positions(),
  'fit/garmin-fenix5-run.fit': positions(),
  'fit/garmin-fenix5-walk.fit': positions(),
  'fit/garmin-fr935.fit': device, // a swim the watch recorded as 0 m
  'fit/gear-change.fit': device,
  'fit/hrm-plugin.fit': device,
  'fit/indoor-trainer.fit': { refused: 'fit_no_position_no_distance' },
  'fit/inverted-times.fit': positions(),
  'fit/misc-0134902991.fit': positions(),
  'fit/monitoring-file.fit': { refused: 'fit_not_activity' },
  'fit/mornindew-broken.fit': positions(),
  'fit/multiple-header-chained.fit': positions(5),
  // The last record runs past the data size: the 14,391 before it are the ride.
  'fit/nick.fit': { activities: ['positions'], warning: 'fit_tail_damaged' },
  'fit/null-compressed-speed-dist.fit': positions(),
  'fit/poolswim-hr.fit': device, // lengths only in laps
  'fit/ride-6783622686.fit': positions(),
  'fit/run-no-pause-records.fit': positions(),
  'fit/settings.fit': { refused: 'fit_not_activity' },
  'fit/sportslib-garmin.fit': positions(),
  // Broken at byte 7,471 of 78,233 (each CR LF pair of the file lost its CR, 19 bytes missing):
  // Garmin's SDK stops there too, after 473 records, the last of them already misread (dated
  // 2085). Bytes before a break in the middle cannot be trusted, unlike a cut-off end: refused.
  'fit/strava-android.fit': { refused: 'fit_corrupt' },
  'fit/swim-6688025408.fit': device, // lengths only in laps
  // Swim, T1, bike, run: the 0.8 s T2 of a single record is no workout.
  'fit/triathlon-4623204522.fit': positions(4),
  'fit/wahoo-elemnt-ride.fit': positions(),
  'gpx/amazfit.gpx': positions(),
  'gpx/around-visnjan-car.gpx': positions(),
  'gpx/cerknicko-jezero.gpx': positions(),
  'gpx/cerknicko-no-ele.gpx': positions(),
  'gpx/cerknicko-no-time.gpx': positions(), // 6 of its points have a time
  'gpx/fittrackee-e2e.gpx': positions(),
  'gpx/gpx10-all-fields.gpx': { refused: 'track_no_points' },
  'gpx/gpxstudio-power.gpx': { refused: 'track_no_timestamps' },
  'gpx/gpxstudio-routes.gpx': { refused: 'track_no_track' },
  'gpx/gpxstudio-time.gpx': positions(),
  'gpx/gpxstudio-tracks-segments.gpx': positions(),
  'gpx/gpxstudio-waypoint.gpx': { refused: 'track_no_timestamps' },
  'gpx/korita-zbevnica.gpx': positions(),
  'gpx/mojstrovka.gpx': { refused: 'track_times_invalid' }, // every time is 1901-12-13T20:45:52
  'gpx/ride-7555261629.gpx': positions(),
  'gpx/route-only.gpx': { refused: 'track_no_track' },
  'gpx/sports-tracker.gpx': positions(), // 3,078 steps back in time
  'gpx/sportslib-garmin.gpx': positions(),
  'gpx/strava.gpx': positions(),
  'gpx/suunto-movescount.gpx': positions(),
  'gpx/swim-6090674952.gpx': positions(),
  'gpx/track-empty-segment.gpx': positions(),
  'gpx/track-extremes.gpx': { refused: 'track_no_timestamps' },
  'gpx/unicode-bom.gpx': { refused: 'track_no_track' },
  'tcx/course-brighton.tcx': { refused: 'track_no_track' },
  'tcx/mapmyride-biking.tcx': positions(),
  'tcx/multiple-runs.tcx': positions(2),
  'tcx/multisport-2009.tcx': positions(),
  'tcx/polar.tcx': positions(),
  'tcx/pool-swim.tcx': device,
  'tcx/run-6281425038.tcx': positions(),
  'tcx/sportslib-garmin.tcx': positions(),
  'tcx/sup-activity.tcx': positions(),
  'tcx/suunto-movescount.tcx': positions(),
  'tcx/swim-6860712481.tcx': device, // distance only on laps
  'tcx/treadmill.tcx': device,
  'tcx/unknown-app.tcx': positions(),
  'tcx/walking.tcx': positions(),
  'tcx/workout-plan.tcx': { refused: 'track_no_track' },
  'tcx/xc-skiing.tcx': positions(),
  // Record times count from power-on; a timestamp_correlation dates them (GPSBabel: 2017-06-28).
  'fit/garmin-virb-ultra30.fit': positions(),
  // Architecture bytes 229 and 186 read as little-endian; the file checksum is wrong (device 8,074 m).
  'fit/lezyne-super-gps-bad-endian.fit': { activities: ['device'], warning: 'fit_tail_damaged' },
}

/** The independent reading of a file: one entry per activity that can be a workout. */
export function referenceOf(path: string): readonly ReferenceActivity[] {
  if (path.endsWith('.fit')) {
    // A leg of fewer than two records is no workout (see the triathlon above).
    return fitReference(path).activities.filter((activity) => activity.segments.reduce((sum, points) => sum + points.length, 0) >= 2)
  }
  if (path.endsWith('.tcx')) return tcxReference(path)
  return [gpxReference(path)]
}

/** The figures of one imported activity, however they were read (the analysis, or the API). */
export interface ImportedFigures {
  readonly distanceM: number
  readonly durationS: number
  readonly movingS: number
  readonly maxSpeedKmh: number
  readonly maxAltM: number | null
  readonly minAltM: number | null
  readonly ascentM: number | null
}

/**
 * An activity's distance within the tolerance of its independent figure, its duration
 * within 1 s of its time span, and only physically possible figures (no record may come from
 * sensor junk).
 *
 * @param stepM the step the distance was rounded to (the API gives km to 3 decimals: 1 m), 0 for none
 */
export function expectFiguresMatch(figures: ImportedFigures, check: DistanceCheck, activity: ReferenceActivity, stepM = 0): void {
  const { distanceM } = figures
  // + 1 m: workouts' figures are kept to the metre; plus the rounding of the figure read.
  const slackM = 1 + stepM / 2
  const expectedM = check === 'positions' ? positionDistanceM(activity) : activity.recordedDistanceM
  const share = check === 'positions' ? 0.01 : 0.03
  expect(Math.abs(distanceM - expectedM), `distance ${distanceM} m vs ${expectedM} m`).toBeLessThanOrEqual(expectedM * share + slackM)
  expect(Math.abs(figures.durationS - timeSpanS(activity))).toBeLessThanOrEqual(1)
  expect(figures.maxSpeedKmh).toBeLessThan(300)
  if (figures.maxAltM !== null) expect(figures.maxAltM).toBeLessThan(8_849)
  if (figures.minAltM !== null) expect(figures.minAltM).toBeGreaterThan(-430)
  if (figures.ascentM !== null) expect(figures.ascentM).toBeLessThanOrEqual(50 + 10 * figures.durationS)
  expect(figures.movingS).toBeLessThanOrEqual(figures.durationS)
}

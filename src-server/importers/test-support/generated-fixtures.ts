import { encodeFitActivity, type FitRecordInput } from '../fit/fit-test-writer'
import { rideToGpx, rideToTcx, syntheticRide } from './synthetic-ride'

/**
 * The generated fixtures stored under `tests/fixtures/` (FIT by fit-file-parser's encoder, TCX
 * and GPX by the synthetic-ride writers). `generated-fixtures.test.ts` checks the stored files
 * still equal these and rewrites them when `WAYMARK_UPDATE_FIXTURES=1`.
 */

/** The 25 points of the reference `gpx_file` fixture (lat, lon, ele, seconds after 12:44:45Z). */
const GPX_FILE_POINTS: readonly (readonly [number, number, number, number])[] = [
  [44.68095, 6.07367, 998, 0], [44.68091, 6.07367, 998, 5], [44.6808, 6.07364, 994, 15],
  [44.68075, 6.07364, 994, 20], [44.68071, 6.07364, 994, 25], [44.68049, 6.07361, 993, 45],
  [44.68019, 6.07356, 992, 70], [44.68014, 6.07355, 992, 75], [44.67995, 6.07358, 987, 90],
  [44.67977, 6.07364, 987, 105], [44.67972, 6.07367, 987, 110], [44.67966, 6.07368, 987, 115],
  [44.67961, 6.0737, 986, 120], [44.67938, 6.07377, 986, 140], [44.67933, 6.07381, 986, 145],
  [44.67922, 6.07385, 985, 155], [44.67911, 6.0739, 980, 165], [44.679, 6.07399, 980, 175],
  [44.67896, 6.07402, 980, 180], [44.67884, 6.07408, 979, 190], [44.67863, 6.07423, 981, 210],
  [44.67858, 6.07425, 980, 215], [44.67842, 6.07434, 979, 230], [44.67837, 6.07435, 979, 235],
  [44.67822, 6.07442, 975, 250],
]

const GPX_FILE_START = Date.UTC(2018, 2, 13, 12, 44, 45)

/** The `gpx_file` points as FIT records, with heart rate. */
function gpxFileRecords(): FitRecordInput[] {
  return GPX_FILE_POINTS.map(([lat, lon, ele, seconds], i) => ({
    time: GPX_FILE_START + seconds * 1000,
    lat,
    lon,
    ele,
    heartRate: 90 + i,
  }))
}

/** The ride shared by the three formats for the cross-format agreement test. */
function sameRide(): FitRecordInput[] {
  return syntheticRide(1_200, { stopEvery: 400 })
}

/** Fixture file name (relative to `tests/fixtures/`) → content. */
export function generatedFixtures(): Record<string, Uint8Array | string> {
  const ride = sameRide()
  const paused = syntheticRide(600)
  const pauseFrom = paused[299]?.time ?? 0
  // Points after the pause are shifted by 2 minutes: the rider stopped the timer.
  const pausedRide = paused.map((p, i) => (i < 300 ? p : { ...p, time: p.time + 120_000 }))
  const indoor = syntheticRide(300).map(({ time, heartRate, cadence, power, distance }) => ({
    time,
    heartRate,
    cadence,
    power,
    distance,
  }))
  const noDistance = syntheticRide(120).map(({ time, heartRate }) => ({ time, heartRate }))
  return {
    'fit/same_ride.fit': encodeFitActivity({ records: ride, sport: 2 }),
    'tcx/same_ride.tcx': rideToTcx(ride),
    'gpx-generated/same_ride.gpx': rideToGpx(ride),
    'fit/gpx_file.fit': encodeFitActivity({ records: gpxFileRecords(), sport: 1 }),
    'fit/paused_ride.fit': encodeFitActivity({
      records: pausedRide,
      pauses: [{ from: pauseFrom + 1000, to: pauseFrom + 120_000 }],
      sport: 2,
    }),
    'fit/indoor_distance_only.fit': encodeFitActivity({ records: indoor, sport: 2 }),
    'fit/no_position_no_distance.fit': encodeFitActivity({ records: noDistance, sport: 2 }),
  }
}

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Decoder, Stream } from '@garmin/fitsdk'
import { describe, expect, it } from 'vitest'
import { analyseTrack } from '../../../src/domain/analysis'
import { codeOf } from '../test-support/error-code'
import { activitiesOfFit, importFitBytes, importFitFile } from './fit-importer'
import { activityOfParsedFit, parseFitWithLibrary } from '../test-support/fit-library-reference'
import { encodeFitActivity } from './fit-test-writer'
import { syntheticRide } from '../test-support/synthetic-ride'
import { singleActivity } from '../test-support/single-activity'
import { encodeSpeedOnlyFit, speedOnlyRide, trapezoidDistanceM } from '../test-support/speed-only-fit'

const fixtures = fileURLToPath(new URL('../../../tests/fixtures/fit/', import.meta.url))
const fixture = (name: string): string => join(fixtures, name)

describe('FIT importer', () => {
  it('reproduces the reference gpx_file figures from the same points encoded as FIT', async () => {
    const track = singleActivity(await importFitFile(fixture('gpx_file.fit')))
    expect(track.format).toBe('fit')
    expect(track.sport).toBe('running')
    const { workout, series } = analyseTrack(track, { stoppedSpeedThresholdKmh: 1 })
    expect(workout.durationS).toBe(250)
    expect(workout.movingS).toBe(250)
    expect(workout.distanceKm).toBeCloseTo(0.32, 3)
    expect(workout.aveSpeedKmh).toBeCloseTo(4.61, 2)
    expect(workout.maxSpeedKmh).toBeCloseTo(5.12, 2)
    expect([workout.minAltM, workout.maxAltM]).toEqual([975, 998])
    // The reference's 0.4 m up and 23.4 m down, less its two 0.2 m climbs (under 1 m: see gpx-fixtures.test.ts).
    expect(workout.ascentM).toBe(0)
    expect(workout.descentM).toBeCloseTo(23, 6)
    expect(new Date(workout.startTime ?? 0).toISOString()).toBe('2018-03-13T12:44:45.000Z')
    expect(Array.from(series.heartRate ?? []).slice(0, 3)).toEqual([90, 91, 92])
  })

  it('makes a new segment at each timer stop/start and counts the pause', async () => {
    const { workout, segments } = analyseTrack(singleActivity(await importFitFile(fixture('paused_ride.fit'))), {
      stoppedSpeedThresholdKmh: 1,
    })
    expect(segments.map((segment) => segment.pointCount)).toEqual([300, 300])
    expect(segments.map((segment) => segment.durationS)).toEqual([299, 299])
    // 2 min paused plus the 1 s between the last point before and the first after.
    expect(workout.durationS).toBe(299 + 299 + 121)
    expect(workout.pausesS).toBe(workout.durationS - workout.movingS)
    expect(workout.pausesS).toBeGreaterThanOrEqual(121)
  })

  it('uses the recorded distance when the file has no positions (indoor ride)', async () => {
    const track = singleActivity(await importFitFile(fixture('indoor_distance_only.fit')))
    const { workout } = analyseTrack(track, { stoppedSpeedThresholdKmh: 1 })
    expect(workout.bounds).toBeNull()
    expect(workout.minAltM).toBeNull()
    // syntheticRide: 299 one-second steps at 7 ± 1.5 m/s.
    expect(workout.distanceKm).toBeGreaterThan(299 * 5.5e-3)
    expect(workout.distanceKm).toBeLessThan(299 * 8.5e-3)
    expect(workout.movingS).toBe(299)
  })

  it('gives one activity per session, each with its own sport, sub-sport and records', async () => {
    const records = syntheticRide(90)
    const at = (index: number): number => records[index]?.time ?? 0
    // Swim (open water), transition, ride: legs start at records 0, 30 and 40.
    const legs = [
      { start: at(0), end: at(29), sport: 5, subSport: 18 },
      { start: at(30), end: at(39), sport: 3 },
      { start: at(40), end: at(89), sport: 2 },
    ]
    const bytes = encodeFitActivity({ records, sessions: legs })
    const viaReader = importFitBytes(bytes).activities
    expect(viaReader.map((activity) => [activity.sport, activity.subSport])).toEqual([
      ['swimming', 'open_water'],
      ['transition', null],
      ['cycling', null],
    ])
    expect(viaReader.map((activity) => activity.tracks[0]?.segments.reduce((sum, segment) => sum + segment.size, 0))).toEqual([30, 10, 50])
    // fit-file-parser's decoding (the reference) splits the same way.
    const viaLibrary = activitiesOfFit(activityOfParsedFit(await parseFitWithLibrary(bytes)))
    expect(viaLibrary.map((activity) => activity.sport)).toEqual(['swimming', 'transition', 'cycling'])
    expect(viaLibrary.map((activity) => activity.tracks[0]?.segments[0]?.time[0])).toEqual([at(0), at(30), at(40)])
  })

  it('imports a FIT file with neither positions nor distance, its distance and speeds unknown (null), not 0', async () => {
    const { workout } = analyseTrack(singleActivity(await importFitFile(fixture('no_position_no_distance.fit'))), { stoppedSpeedThresholdKmh: 1 })
    expect([workout.distanceKm, workout.aveSpeedKmh, workout.maxSpeedKmh, workout.bounds]).toEqual([null, null, null, null])
    expect(workout.durationS).toBeGreaterThan(0)
    // Nothing says the athlete stopped: the time inside the timer's runs is moving time.
    expect(workout.movingS).toBeGreaterThan(0)
    expect(workout.movingS).toBeLessThanOrEqual(workout.durationS)
  })

  it('keeps what a damaged end left, with a warning: wrong checksum, cut short', () => {
    const good = readFileSync(fixture('same_ride.fit'))
    const pointsOf = (bytes: Uint8Array): number => singleActivity(importFitBytes(bytes)).tracks[0]?.segments.reduce((sum, segment) => sum + segment.size, 0) ?? 0
    const all = pointsOf(good)
    expect(importFitBytes(good).warnings).toEqual([])

    const wrongCrc = Uint8Array.from(good)
    wrongCrc[good.length - 1] = (wrongCrc[good.length - 1] ?? 0) ^ 0xff
    expect(importFitBytes(wrongCrc).warnings).toEqual([{ code: 'fit_tail_damaged', recordsRead: all }])
    expect(pointsOf(wrongCrc)).toBe(all)

    // 500 bytes short: the last record is cut in the middle, the ones before it are kept.
    const cut = good.subarray(0, good.length - 500)
    const kept = pointsOf(cut)
    expect(kept).toBeGreaterThan(all - 500 / 10)
    expect(kept).toBeLessThan(all)
    expect(importFitBytes(cut).warnings).toEqual([{ code: 'fit_tail_damaged', recordsRead: kept }])
  })

  it('refuses what is not FIT or too little to read', () => {
    const good = readFileSync(fixture('same_ride.fit'))
    expect(codeOf(() => importFitBytes(good.subarray(0, 14)))).toBe('fit_corrupt')
    expect(codeOf(() => importFitBytes(good.subarray(0, 120)))).toBe('fit_corrupt')
    expect(codeOf(() => importFitBytes(new Uint8Array(0)))).toBe('fit_corrupt')
  })
})

describe('FIT file with speed but neither positions nor distance', () => {
  it('takes its distance from the speeds over time, the pause left out', () => {
    const ride = speedOnlyRide(1_206)
    const track = singleActivity(importFitBytes(encodeSpeedOnlyFit(ride)))
    const { workout } = analyseTrack(track, { stoppedSpeedThresholdKmh: 1 })
    expect((workout.distanceKm ?? Number.NaN) * 1000).toBeCloseTo(trapezoidDistanceM(ride), 6)
    expect(workout.movingS).toBe(199 + 298)
    expect(workout.bounds).toBeNull()
  })

  it('a speed sensor that never turned gives no distance: unknown (null), not 0', () => {
    const track = singleActivity(importFitBytes(encodeSpeedOnlyFit(speedOnlyRide(1_206, { stillWheel: true }))))
    expect(analyseTrack(track, { stoppedSpeedThresholdKmh: 1 }).workout.distanceKm).toBeNull()
  })
})

describe('FIT files whose clock counts from power-on', () => {
  const fitEpochMs = Date.UTC(1989, 11, 31)
  // Ten records 1 s apart, 5 s after power-on by the device's own clock, 10 m a second.
  const sinceBoot = Array.from({ length: 10 }, (_, i) => ({ time: fitEpochMs + (5 + i) * 1000, distance: i * 10, heartRate: 120 }))

  it('dates the records by the timestamp_correlation, even one written after them', () => {
    // The device's clock read 12 s when UTC was 2024-05-01T10:00:12.250Z.
    const utcMs = Date.UTC(2024, 4, 1, 10, 0, 12, 250)
    const correlation = { utcMs, systemMs: fitEpochMs + 12_000 }
    const { workout } = analyseTrack(singleActivity(importFitBytes(encodeFitActivity({ records: sinceBoot, correlation }))), {
      stoppedSpeedThresholdKmh: 1,
    })
    expect(new Date(workout.startTime ?? 0).toISOString()).toBe('2024-05-01T10:00:05.250Z')
    expect(workout.durationS).toBe(9)
    expect(workout.distanceKm).toBeCloseTo(0.09, 3)
  })

  it('without a correlation the times stay as written (a clock never set counts from 1989-12-31)', () => {
    const { workout } = analyseTrack(singleActivity(importFitBytes(encodeFitActivity({ records: sinceBoot }))), { stoppedSpeedThresholdKmh: 1 })
    expect(workout.startTime).toBe(fitEpochMs + 5_000)
  })

  it('a Garmin VIRB camera file starts when GPSBabel dates it, not on 1989-12-31', async () => {
    const track = singleActivity(await importFitFile(join(fileURLToPath(new URL('../../../tests/fixtures/real/fit/', import.meta.url)), 'garmin-virb-ultra30.fit')))
    const first = track.tracks[0]?.segments[0]
    if (!first) throw new Error('no segment')
    // GPSBabel's reference output for this file (reference/track/garmin-virb-ultra-30-output.gpx)
    // dates the first record with a position 2017-06-28T02:34:11Z (whole seconds).
    const positioned = first.lat.findIndex((lat) => !Number.isNaN(lat))
    expect(Math.abs((first.time[positioned] ?? 0) - Date.UTC(2017, 5, 28, 2, 34, 11))).toBeLessThan(1000)
  })
})

describe('FIT records whose clock jumps and comes back', () => {
  it('a ride lasts what its session says, not the 791 days its records 92–105 are stamped ahead', async () => {
    const path = join(fileURLToPath(new URL('../../../tests/fixtures/real/fit/', import.meta.url)), 'goldencheetah-2013-04-11.fit')
    const { messages } = new Decoder(Stream.fromBuffer(readFileSync(path))).read()
    const session = messages.sessionMesgs?.[0]
    const records = messages.recordMesgs ?? []
    // The independent account: Garmin's SDK reads the session's elapsed time and the excursion itself.
    const elapsedS = Number(session?.totalElapsedTime)
    expect(elapsedS).toBeCloseTo(7057.19, 2)
    expect(records.filter((record) => record.timestamp instanceof Date && record.timestamp.getUTCFullYear() === 2015)).toHaveLength(14)

    const track = singleActivity(await importFitFile(path))
    const { workout } = analyseTrack(track, { stoppedSpeedThresholdKmh: 1 })
    expect(workout.startTime).toBe((session?.startTime as Date).getTime())
    expect(Math.abs(workout.durationS - elapsedS)).toBeLessThanOrEqual(1)
    // The pauses after the excursion still cut the ride: each timer stop the SDK reads ends a run at the
    // first record after it (the excursion's records, dated 2015, left out).
    const stops = (messages.eventMesgs ?? []).filter((event) => event.event === 'timer' && event.eventType !== 'start').map((event) => (event.timestamp as Date).getTime())
    const times = records.map((record) => (record.timestamp as Date).getTime()).filter((time) => new Date(time).getUTCFullYear() === 2013)
    const cuts = new Set(stops.map((stop) => times.find((time) => time > stop)).filter((time) => time !== undefined))
    expect(track.tracks[0]?.segments).toHaveLength(cuts.size + 1)
    // (Its distance is checked against the positions with the rest of the corpus: real-corpus.test.ts.)
  })
})

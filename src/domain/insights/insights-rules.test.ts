// The insights' rules on small hand-made tables, each figure worked out by hand from the rule the
// function's documentation states (the property tests cover random workouts; these pin the edges).
import { describe, expect, it } from 'vitest'
import { TrackSegmentBuilder } from '../track-builder'
import { analyseTrack } from '../analysis/workout-analysis'
import { allocatePointSeries } from '../analysis/point-series'
import type { Track } from '../track'
import { distanceEfforts, powerEfforts } from './best-efforts'
import { intervalTable, type IntervalTable } from './interval-table'
import { lapFigures, splits } from './splits'
import { computeInsights } from './stored-insights'
import { heartRateZoneBounds, powerZoneBounds, valueHistogram } from './zones'
import { totalsByDayOfYear } from './year-over-year'
import { createZoneClock } from '../zoned-time'

const f64 = (values: readonly number[]): Float64Array => Float64Array.from(values)
const NaN_ = Number.NaN

/** An interval table from its columns (index 0 carries nothing, as in a real table). */
function table(columns: {
  distanceM: readonly number[]
  movingMs: readonly number[]
  time?: readonly number[]
  ascentM?: readonly number[]
  descentM?: readonly number[]
  heartRate?: readonly number[]
  power?: readonly number[]
}): IntervalTable {
  const size = columns.distanceM.length
  return {
    size,
    distanceM: f64(columns.distanceM),
    movingMs: f64(columns.movingMs),
    time: f64(columns.time ?? columns.distanceM.map((_, k) => k * 1000)),
    ascentM: columns.ascentM ? f64(columns.ascentM) : null,
    descentM: columns.descentM ? f64(columns.descentM) : null,
    heartRate: columns.heartRate ? f64(columns.heartRate) : null,
    power: columns.power ? f64(columns.power) : null,
  }
}

describe('splits (hand-made tables)', () => {
  it('a crumb under half a metre past the last kilometre joins it, with all its figures', () => {
    const [parts = []] = splits(
      table({ distanceM: [0, 600, 400.3], movingMs: [0, 60_000, 40_000], ascentM: [0, 6, 4], descentM: [0, 0, 2], heartRate: [NaN_, 100, 120] }),
      [1000],
    )
    expect(parts).toHaveLength(1)
    expect(parts[0]?.distanceM).toBeCloseTo(1000.3, 9)
    expect(parts[0]?.movingMs).toBeCloseTo(100_000, 6)
    expect(parts[0]?.ascentM).toBeCloseTo(10, 9)
    expect(parts[0]?.descentM).toBeCloseTo(2, 9)
    // Time-weighted: (100 × 60 s + 120 × 40 s) / 100 s.
    expect(parts[0]?.heartRate).toBeCloseTo(108, 9)
  })

  it('an interval crossing two boundaries is shared in proportion to distance', () => {
    const [parts = []] = splits(table({ distanceM: [0, 2500], movingMs: [0, 250_000] }), [1000])
    expect(parts.map((part) => Math.round(part.distanceM * 1e6) / 1e6)).toEqual([1000, 1000, 500])
    expect(parts.map((part) => Math.round(part.movingMs))).toEqual([100_000, 100_000, 50_000])
    // No elevation and no heart rate: null, not zero.
    expect(parts[0]?.ascentM).toBeNull()
    expect(parts[0]?.heartRate).toBeNull()
  })

  it('a workout that never moved has no split; one with moving time but no distance has one holding that time', () => {
    expect(splits(table({ distanceM: [0, 0, 0], movingMs: [0, 0, 0] }), [1000])).toEqual([[]])
    const [parts = []] = splits(table({ distanceM: [0, 0], movingMs: [0, 30_000] }), [1000])
    expect(parts.map((part) => [part.distanceM, part.movingMs])).toEqual([[0, 30_000]])
  })

  it('refuses a split length that is not positive', () => {
    const empty = table({ distanceM: [0], movingMs: [0] })
    expect(() => splits(empty, [0])).toThrow(/positive/)
    expect(() => splits(empty, [-1000])).toThrow(RangeError)
  })
})

describe('laps (hand-made tables)', () => {
  // Intervals end at 1, 2, … 6 s; distances are powers of two, so a sum tells which intervals a lap took.
  const columns = {
    distanceM: [0, 1, 2, 4, 8, 16, 32],
    movingMs: [0, 1000, 2000, 4000, 8000, 16_000, 32_000],
    time: [0, 1000, 2000, 3000, 4000, 5000, 6000],
    heartRate: [NaN_, 100, 110, 120, 130, 140, 150],
  }
  // Given out of order: they are taken by start time.
  const laps = [
    { startTime: 2000, endTime: 4000 },
    { startTime: 1000, endTime: 2000 },
  ]

  it('take each interval whose end lies after the lap start and at or before its end; the rest goes nowhere', () => {
    const [first, second] = lapFigures(table(columns), laps)
    // First lap (1, 2]: only the interval ending at 2 s (the one ending at 1 s is not after its start).
    expect(first).toEqual({ distanceM: 2, movingMs: 2000, ascentM: null, descentM: null, heartRate: 110 })
    // Second lap (2, 4]: intervals ending at 3 and 4 s; those ending at 5 and 6 s are after the last lap.
    expect(second?.distanceM).toBe(12)
    expect(second?.movingMs).toBe(12_000)
    expect(second?.heartRate).toBeCloseTo((120 * 4000 + 130 * 8000) / 12_000, 9)
  })

  it('carry ascent and descent when the workout has elevations, and no heart rate without one', () => {
    const withElevation = table({ ...columns, heartRate: undefined, ascentM: [0, 0, 0.5, 1, 2, 4, 8], descentM: [0, 0, 0.25, 0, 0, 0, 0] })
    const [first, second] = lapFigures(withElevation, laps)
    expect(first).toEqual({ distanceM: 2, movingMs: 2000, ascentM: 0.5, descentM: 0.25, heartRate: null })
    expect(second?.ascentM).toBe(3)
    expect(second?.descentM).toBe(0)
  })
})

describe('best efforts (hand-made tables)', () => {
  it('an effort as long as the workout is the whole workout', () => {
    const [effort] = distanceEfforts(table({ distanceM: [0, 250, 250, 250, 250], movingMs: [0, 50_000, 50_000, 50_000, 50_000] }), [1000], 36)
    expect(effort).toEqual({ distanceM: 1000, movingMs: 200_000, startM: 0 })
  })

  it('an interval costs its moving time when it moved, its clock time when it did not, never less than its length at top speed', () => {
    // 10 s on the clock, 4 s of it moving, then 10 s stopped: 40 m each; top speed 36 km/h (10 m/s).
    const efforts = table({ distanceM: [0, 40, 40], movingMs: [0, 4000, 0], time: [0, 10_000, 20_000] })
    expect(distanceEfforts(efforts, [40, 80], 36)).toEqual([
      { distanceM: 40, movingMs: 4000, startM: 0 },
      { distanceM: 80, movingMs: 14_000, startM: 0 },
    ])
    // Without times, an interval that did not move costs its length at the top speed: 100 m at 10 m/s.
    const untimed = table({ distanceM: [0, 100, 100], movingMs: [0, 0, 0], time: [NaN_, NaN_, NaN_] })
    expect(distanceEfforts(untimed, [200], 36)).toEqual([{ distanceM: 200, movingMs: 20_000, startM: 0 }])
  })

  it('a pause behind a point without a time is still paid: the clock runs from the last point with one', () => {
    // 100 m moving in 20 s, a point whose time stepped back (NaN), then 100 m that took 10 min on
    // the clock without moving (a pause the stepped-back point sits in): 200 m cost 20 s + 600 s.
    const paused = table({ distanceM: [0, 100, 0, 100], movingMs: [0, 20_000, 0, 0], time: [0, 20_000, NaN_, 620_000] })
    expect(distanceEfforts(paused, [200], 36)).toEqual([{ distanceM: 200, movingMs: 620_000, startM: 0 }])
  })

  it('none without a top speed or for a distance that is not positive', () => {
    const moved = table({ distanceM: [0, 500, 500], movingMs: [0, 100_000, 100_000] })
    expect(distanceEfforts(moved, [400], 0)).toEqual([])
    expect(distanceEfforts(moved, [0, 400], 36).map((effort) => effort.distanceM)).toEqual([400])
  })

  it('best power stays within a segment, skips points without a time and weighs each value by its interval', () => {
    const start = Date.UTC(2025, 0, 1)
    const time: number[] = []
    const power: number[] = []
    // Segment one: 60 s at 1 Hz, 100 W then 300 W for the last 30 s; one point without a time (1000 W) is skipped.
    for (let s = 0; s <= 60; s++) {
      time.push(start + s * 1000)
      power.push(s > 30 ? 300 : 100)
      if (s === 10) {
        time.push(NaN_)
        power.push(1000)
      }
    }
    const second = time.length
    // Segment two, ten minutes later: 60 s at one point every 2 s, 250 W.
    for (let s = 0; s <= 60; s += 2) {
      time.push(start + 600_000 + s * 1000)
      power.push(250)
    }
    const columns = table({ distanceM: time.map(() => 0), movingMs: time.map(() => 0), time, power })
    // 5 s: 300 W in segment one; 60 s: 250 W in segment two (segment one holds (30 × 100 + 30 × 300) / 60 = 200 W);
    // 100 s: no segment lasts that long, and the ten minutes between them are no window.
    expect(powerEfforts(columns, [0, second], [5, 60, 100])).toEqual([
      { durationS: 5, watts: 300 },
      { durationS: 60, watts: 250 },
    ])
    expect(powerEfforts(columns, [0, second], [60, 5]).map((effort) => effort.watts)).toEqual([250, 300])
    expect(powerEfforts(table({ distanceM: [0, 1], movingMs: [0, 1000] }), [0], [5])).toEqual([])
  })
})

describe('interval table', () => {
  it('holds the sensor value recorded at an interval’s end, else at its start, and nothing at a segment’s first point', () => {
    const series = allocatePointSeries(5, { heartRate: true, cadence: false, power: true, temperature: false })
    series.segmentStarts.push(0, 3)
    series.heartRate?.set([100, 110, NaN_, 130, 140])
    series.power?.set([200, NaN_, 220, 230, NaN_])
    const columns = intervalTable(series)
    expect([...(columns.heartRate ?? [])]).toEqual([NaN_, 110, 110, NaN_, 140])
    expect([...(columns.power ?? [])]).toEqual([NaN_, 200, 220, NaN_, 230])
  })

  it('holds nothing at the first point of every segment, the third and later ones too', () => {
    const series = allocatePointSeries(6, { heartRate: true, cadence: false, power: false, temperature: false })
    series.segmentStarts.push(0, 2, 4)
    series.heartRate?.set([100, 110, 120, 130, 140, 150])
    expect([...(intervalTable(series).heartRate ?? [])]).toEqual([NaN_, 110, NaN_, 130, NaN_, 150])
  })
})

describe('zones (hand-made histograms)', () => {
  it('histogram: moving time per rounded value, stopped intervals and missing or negative values left out', () => {
    const values = f64([NaN_, 100.4, 100.6, 0, -5, 150, NaN_])
    const moving = f64([0, 1000, 2000, 500, 700, 0, 300])
    expect(valueHistogram(values, moving)).toEqual([
      [0, 500],
      [100, 1000],
      [101, 2000],
    ])
    // Coasting at 0 W the whole time is time at 0 W, not no data.
    expect(valueHistogram(f64([NaN_, 0, 0]), f64([0, 1000, 1000]))).toEqual([[0, 2000]])
  })

  it('refuses a maximum at or under the resting rate, a negative resting rate or a zero FTP, naming the value', () => {
    expect(() => heartRateZoneBounds(60, 60)).toThrow(/60/)
    expect(() => heartRateZoneBounds(200, -10)).toThrow(/-10/)
    expect(() => powerZoneBounds(0)).toThrow(/FTP/)
  })
})

describe('stored insights', () => {
  /** 1.5 km due north at 5 m/s, one point a second, heart rate 150 (unless without) and 200 W throughout. */
  function steadyRide(withElevation: boolean, withHeartRate = true): Track {
    const builder = new TrackSegmentBuilder()
    const step = 5 / ((2 * Math.PI * 6_378_137) / 360)
    for (let i = 0; i <= 300; i++) {
      builder.push({
        lat: 10 + i * step,
        lon: 20,
        time: Date.UTC(2025, 0, 1) + i * 1000,
        power: 200,
        ...(withHeartRate ? { heartRate: 150 } : {}),
        ...(withElevation ? { ele: 100 } : {}),
      })
    }
    return { format: 'fit', name: null, description: null, sport: null, tracks: [{ name: null, description: null, segments: [builder.build()] }] }
  }

  it('store splits in km and miles to the decimetre, with elevation and heart rate when recorded, and the power efforts', () => {
    const { workout, series } = analyseTrack(steadyRide(true), { stoppedSpeedThresholdKmh: 1 })
    const stored = computeInsights(series, [], workout.maxSpeedKmh)
    expect(stored.splitsKm).toEqual([
      { distanceM: 1000, movingMs: 200_000, ascentM: 0, descentM: 0, heartRate: 150 },
      { distanceM: 500, movingMs: 100_000, ascentM: 0, descentM: 0, heartRate: 150 },
    ])
    expect(stored.splitsMi).toEqual([{ distanceM: 1500, movingMs: 300_000, ascentM: 0, descentM: 0, heartRate: 150 }])
    expect(stored.powerEfforts).toEqual([
      { durationS: 5, watts: 200 },
      { durationS: 60, watts: 200 },
      { durationS: 300, watts: 200 },
    ])
    const flat = computeInsights(analyseTrack(steadyRide(false), { stoppedSpeedThresholdKmh: 1 }).series, [], workout.maxSpeedKmh)
    expect(flat.splitsKm[0]?.ascentM).toBeNull()
    expect(flat.splitsKm[0]?.descentM).toBeNull()
  })

  it('store a counted lap’s rest after it to the millisecond, and no rest for a lap without one', () => {
    const { workout, series } = analyseTrack(steadyRide(true), { stoppedSpeedThresholdKmh: 1 })
    const start = Date.UTC(2025, 0, 1)
    const laps = [
      { startTime: start, endTime: start + 100_000, distanceM: 500, restMs: 20_000.4 },
      { startTime: start + 100_000, endTime: start + 300_000, distanceM: 1000 },
    ]
    const stored = computeInsights(series, laps, workout.maxSpeedKmh)
    expect(stored.laps.map((lap) => lap.restMs)).toEqual([20_000, undefined])
    expect(Object.keys(stored.laps[1] ?? {})).not.toContain('restMs')
  })

  it('store no heart rate, not 0 bpm, in the splits of a workout recorded without one', () => {
    const { workout, series } = analyseTrack(steadyRide(true, false), { stoppedSpeedThresholdKmh: 1 })
    const stored = computeInsights(series, [], workout.maxSpeedKmh)
    expect(stored.splitsKm.map((split) => split.heartRate)).toEqual([null, null])
    expect(stored.splitsMi.map((split) => split.heartRate)).toEqual([null])
    expect(stored.heartRate).toBeNull()
  })
})

describe('year over year', () => {
  it('adds workouts of the same day together and keeps each day of a year', () => {
    const figures = { distance: 10, moving: 3600, ascent: 100, descent: 90, aveSpeed: 10 }
    const years = totalsByDayOfYear(
      [
        { epochMs: Date.UTC(2025, 0, 1, 8), ...figures },
        { epochMs: Date.UTC(2025, 0, 1, 18), ...figures, distance: 5 },
        { epochMs: Date.UTC(2025, 0, 2, 8), ...figures },
      ],
      createZoneClock('UTC'),
    )
    expect(years.get(2025)?.get(1)).toEqual({ workouts: 2, distance: 15, moving: 7200, ascent: 200, descent: 180, speedSum: 20 })
    expect(years.get(2025)?.get(2)?.workouts).toBe(1)
  })
})

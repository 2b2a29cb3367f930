import { describe, expect, it } from 'vitest'
import { analyseTrack } from '../analysis/workout-analysis'
import type { PointSeries } from '../analysis/point-series'
import type { Track, TrackSegment } from '../track'
import { TrackSegmentBuilder } from '../track-builder'
import { distanceEfforts, FOOT_EFFORT_DISTANCES_M, powerEfforts } from './best-efforts'
import { intervalTable, type IntervalTable } from './interval-table'
import { lapFigures, SPLIT_UNIT_M, splits } from './splits'
import { effortDistancesFor } from './sport-efforts'
import { computeInsights } from './stored-insights'
import { heartRateZoneBounds, powerZoneBounds, valueHistogram, zoneTimes } from './zones'
import { seededRandom as prng } from '../../test-support/seeded-random'

/**
 * A random outing: 1 to 3 segments of points 1–6 s apart, moving 0–8 m/s with stops, elevation
 * with gaps, heart rate and power on every point (or, with `gaps`, missing now and then).
 */
function randomTrack(random: () => number, points: number, gaps = false): Track {
  const segments: TrackSegment[] = []
  let time = Date.UTC(2025, 3, 1, 8)
  let lat = 45 + random()
  let lon = 5 + random()
  let ele = 200 + random() * 500
  const segmentCount = 1 + Math.floor(random() * 3)
  for (let s = 0; s < segmentCount; s++) {
    const builder = new TrackSegmentBuilder()
    for (let i = 0; i < points; i++) {
      const seconds = 1 + Math.floor(random() * 6)
      time += seconds * 1000
      const speed = random() < 0.1 ? 0 : random() * 8
      lat += (speed * seconds * (random() - 0.3)) / 111_000
      lon += (speed * seconds * (random() - 0.3)) / 78_000
      ele += (random() - 0.5) * 4
      builder.push({
        lat,
        lon,
        ele: random() < 0.05 ? Number.NaN : ele,
        time,
        heartRate: gaps && random() < 0.1 ? Number.NaN : 90 + Math.floor(random() * 100),
        power: gaps && random() < 0.1 ? Number.NaN : Math.floor(random() * 400),
      })
    }
    segments.push(builder.build())
    time += 120_000
  }
  return { format: 'gpx', name: null, description: null, sport: null, tracks: [{ name: null, description: null, segments }] }
}

const random = prng(17)
const cases = Array.from({ length: 40 }, (_, i) => analyseTrack(randomTrack(random, 50 + i * 40, i % 2 === 1), { stoppedSpeedThresholdKmh: 1 }))

describe('splits', () => {
  it('sum to the workout distance, moving time, ascent and descent; each full split is one unit long', () => {
    for (const { workout, series } of cases) {
      const table = intervalTable(series)
      const units = [SPLIT_UNIT_M.km, SPLIT_UNIT_M.mi]
      for (const [index, parts] of splits(table, units).entries()) {
        const unit = units[index] ?? 0
        const sum = (pick: (part: (typeof parts)[number]) => number): number => parts.reduce((total, part) => total + pick(part), 0)
        expect(sum((part) => part.distanceM) / 1000).toBeCloseTo(workout.distanceKm ?? Number.NaN, 6)
        // The workout truncates moving time to whole seconds.
        expect(Math.floor(sum((part) => part.movingMs) / 1000 + 1e-6)).toBe(workout.movingS)
        expect(sum((part) => part.ascentM ?? 0)).toBeCloseTo(workout.ascentM ?? 0, 6)
        expect(sum((part) => part.descentM ?? 0)).toBeCloseTo(workout.descentM ?? 0, 6)
        for (const part of parts.slice(0, -1)) expect(part.distanceM).toBeCloseTo(unit, 6)
        expect(parts.length).toBe(Math.ceil(((workout.distanceKm ?? Number.NaN) * 1000) / unit - 1e-9))
      }
    }
  })

  it('time a steady run exactly: 2.5 m/s gives 400 s per kilometre and the heart rate recorded', () => {
    // Due north along a meridian, 10 m every 4 s; 1° of latitude is 111,319.49 m on this sphere.
    const builder = new TrackSegmentBuilder()
    const step = 10 / ((2 * Math.PI * 6_378_137) / 360)
    for (let i = 0; i <= 500; i++) builder.push({ lat: 10 + i * step, lon: 20, time: Date.UTC(2025, 0, 1) + i * 4000, heartRate: i < 250 ? 140 : 160 })
    const track: Track = { format: 'gpx', name: null, description: null, sport: null, tracks: [{ name: null, description: null, segments: [builder.build()] }] }
    const { series } = analyseTrack(track, { stoppedSpeedThresholdKmh: 1 })
    const [parts = []] = splits(intervalTable(series), [1000])
    expect(parts).toHaveLength(5)
    for (const part of parts) expect(part.movingMs / 1000).toBeCloseTo(400, 0)
    expect(parts[0]?.heartRate).toBeCloseTo(140, 0)
    expect(parts[4]?.heartRate).toBeCloseTo(160, 0)
    expect(parts[0]?.ascentM).toBeNull()
  })
})

describe('laps', () => {
  it('two laps covering the workout sum to its distance and moving time', () => {
    for (const { workout, series } of cases.slice(0, 10)) {
      const start = workout.startTime ?? 0
      const end = workout.endTime ?? 0
      const middle = Math.round((start + end) / 2)
      const laps = lapFigures(intervalTable(series), [
        { startTime: middle, endTime: end },
        { startTime: start, endTime: middle },
      ])
      expect(laps).toHaveLength(2)
      expect(((laps[0]?.distanceM ?? 0) + (laps[1]?.distanceM ?? 0)) / 1000).toBeCloseTo(workout.distanceKm ?? Number.NaN, 6)
      expect(Math.floor(((laps[0]?.movingMs ?? 0) + (laps[1]?.movingMs ?? 0)) / 1000 + 1e-6)).toBe(workout.movingS)
    }
  })
})

/**
 * The rule for what an interval costs a best effort, stated on its own: its moving time when it
 * moved, else its clock time (a pause or the gap between segments), and never less than its
 * length at the top speed.
 */
function ruleCosts(series: PointSeries, table: IntervalTable, topSpeedKmh: number): Float64Array {
  const costs = new Float64Array(table.size)
  for (let k = 1; k < table.size; k++) {
    const clock = (series.time[k] ?? NaN) - (series.time[k - 1] ?? NaN)
    const spent = (table.movingMs[k] ?? 0) > 0 ? (table.movingMs[k] ?? 0) : clock > 0 ? clock : 0
    costs[k] = Math.max(spent, ((table.distanceM[k] ?? 0) / topSpeedKmh) * 3600)
  }
  return costs
}

/** Least time over any stretch of `target` metres, trying every pair of points (O(n²)). */
function bruteForceEffort(distance: Float64Array, costs: Float64Array, target: number): number {
  const n = distance.length
  const cumD = [0]
  const cumT = [0]
  for (let k = 1; k < n; k++) {
    cumD.push((cumD[k - 1] ?? 0) + (distance[k] ?? 0))
    cumT.push((cumT[k - 1] ?? 0) + (costs[k] ?? 0))
  }
  let best = Number.POSITIVE_INFINITY
  for (let j = 1; j < n; j++) {
    for (let i = j - 1; i >= 0; i--) {
      const covered = (cumD[j] ?? 0) - (cumD[i] ?? 0)
      if (covered < target) continue
      // The interval (i, i + 1) holds the start: take the part of it the window needs.
      const part = (cumD[j] ?? 0) - (cumD[i + 1] ?? 0)
      const need = (target - part) / (distance[i + 1] ?? 1)
      best = Math.min(best, (cumT[j] ?? 0) - (cumT[i + 1] ?? 0) + need * (costs[i + 1] ?? 0))
      break
    }
  }
  return best
}

/** A straight ride north, one point a second at the given speeds (km/h), from `start` (epoch ms). */
function rideNorth(speedsKmh: readonly number[], start: number, fromLat = 10): TrackSegment {
  const builder = new TrackSegmentBuilder()
  const metresPerDegree = (2 * Math.PI * 6_378_137) / 360
  let lat = fromLat
  builder.push({ lat, lon: 20, time: start })
  speedsKmh.forEach((speed, i) => {
    lat += speed / 3.6 / metresPerDegree
    builder.push({ lat, lon: 20, time: start + (i + 1) * 1000 })
  })
  return builder.build()
}

const trackOf = (...segments: TrackSegment[]): Track => ({ format: 'gpx', name: null, description: null, sport: null, tracks: [{ name: null, description: null, segments }] })

describe('best efforts', () => {
  it('are never faster than the top speed; over the whole distance they take at least the moving time; as a brute-force search', () => {
    for (const { workout, series } of cases) {
      const table = intervalTable(series)
      const total = (workout.distanceKm ?? Number.NaN) * 1000
      const top = workout.maxSpeedKmh ?? Number.NaN
      const [whole] = distanceEfforts(table, [total - 1e-9], top)
      expect(Math.floor((whole?.movingMs ?? 0) / 1000 + 1e-6)).toBeGreaterThanOrEqual(workout.movingS)
      const efforts = distanceEfforts(table, FOOT_EFFORT_DISTANCES_M, top)
      expect(efforts.map((effort) => effort.distanceM)).toEqual(FOOT_EFFORT_DISTANCES_M.filter((d) => d <= total + 0.5))
      for (let i = 1; i < efforts.length; i++) expect(efforts[i]?.movingMs).toBeGreaterThanOrEqual(efforts[i - 1]?.movingMs ?? 0)
      for (const effort of efforts) expect((effort.distanceM / effort.movingMs) * 3600).toBeLessThanOrEqual(top * (1 + 1e-12))
      const costs = ruleCosts(series, table, top)
      for (const effort of efforts.slice(0, 3)) {
        expect(effort.movingMs).toBeCloseTo(bruteForceEffort(table.distanceM, costs, effort.distanceM), 3)
      }
    }
  })

  it('a stretch through a pause or the gap between segments pays for its time', () => {
    const start = Date.UTC(2025, 0, 1)
    const km = Array<number>(360).fill(10) // 1 km at 10 km/h: 360 s
    // Stopped for 5 minutes in the middle, within the segment: points a second apart that do not move.
    const paused = rideNorth([...km, ...Array<number>(300).fill(0), ...km], start)
    // The same pause as a gap between two segments (the timer stopped), the second picking up where the first ended.
    const first = rideNorth(km, start)
    const second = rideNorth(km, start + 660_000, (first.lat[first.size - 1] ?? 0))
    for (const track of [trackOf(paused), trackOf(first, second)]) {
      const { workout, series } = analyseTrack(track, { stoppedSpeedThresholdKmh: 1 })
      expect(workout.distanceKm).toBeCloseTo(2, 3)
      const [two] = distanceEfforts(intervalTable(series), [1999], workout.maxSpeedKmh ?? Number.NaN)
      // 360 + 300 + 360 s, less the 1 m not needed; never 720 s as if the pause took no time.
      expect((two?.movingMs ?? 0) / 1000).toBeCloseTo(1020 - 0.36, 1)
    }
  })

  it('a GPS spike faster than the top speed does not make a best effort', () => {
    // 1 km at 20 km/h with a 3-second jump at 400 km/h: the top speed filter drops it.
    const speeds = Array<number>(180).fill(20)
    speeds.splice(90, 3, 400, 400, 400)
    const { workout, series } = analyseTrack(trackOf(rideNorth(speeds, Date.UTC(2025, 0, 1))), { stoppedSpeedThresholdKmh: 1 })
    expect(workout.maxSpeedKmh).toBeCloseTo(20, 6)
    const [effort] = distanceEfforts(intervalTable(series), [400], workout.maxSpeedKmh ?? Number.NaN)
    expect((400 / (effort?.movingMs ?? 1)) * 3600).toBeCloseTo(20, 6)
  })

  it('best power of a steady 1 Hz recording is that power; a 5 s burst wins the 5 s effort', () => {
    const builder = new TrackSegmentBuilder()
    for (let i = 0; i <= 600; i++) {
      builder.push({ lat: 45 + i * 0.0001, lon: 5, time: Date.UTC(2025, 0, 1) + i * 1000, power: i >= 100 && i < 105 ? 700 : 200 })
    }
    const track: Track = { format: 'fit', name: null, description: null, sport: null, tracks: [{ name: null, description: null, segments: [builder.build()] }] }
    const { series } = analyseTrack(track, {})
    const efforts = powerEfforts(intervalTable(series), series.segmentStarts, [5, 60, 300, 1200])
    expect(efforts.map((effort) => effort.durationS)).toEqual([5, 60, 300])
    // Independently: five seconds at 700 W; one minute holding them is (5 × 700 + 55 × 200) / 60.
    expect(efforts[0]?.watts).toBeCloseTo(700, 6)
    expect(efforts[1]?.watts).toBeCloseTo((5 * 700 + 55 * 200) / 60, 6)
    expect(efforts[2]?.watts).toBeCloseTo((5 * 700 + 295 * 200) / 300, 6)
  })

  it('shows the running distances for running and walking sports, the cycling ones for cycling', () => {
    expect(effortDistancesFor('Running')).toContain(42_195)
    expect(effortDistancesFor('Hiking')).toContain(400)
    expect(effortDistancesFor('Cycling (Sport)')).toEqual([5000, 10_000, 20_000, 40_000, 100_000])
    expect(effortDistancesFor('Mountain Biking (Electric)')).toContain(100_000)
    expect(effortDistancesFor('Rowing')).toEqual([])
  })
})

describe('zones', () => {
  it('zone times sum to the moving time (with the time without a reading)', () => {
    for (const { workout, series } of cases) {
      const table = intervalTable(series)
      const moving = table.movingMs.reduce((total, value) => total + value, 0)
      expect(Math.floor(moving / 1000 + 1e-6)).toBe(workout.movingS)
      for (const [values, bounds] of [
        [table.heartRate, heartRateZoneBounds(190, 50)],
        [table.power, powerZoneBounds(250)],
      ] as const) {
        if (!values) throw new Error('sensor expected')
        const times = zoneTimes(valueHistogram(values, table.movingMs), bounds, moving)
        expect(times.zonesMs.reduce((total, value) => total + value, 0) + times.unknownMs).toBeCloseTo(moving, 6)
      }
    }
  })

  it('bounds follow the percentages of max heart rate, heart-rate reserve and FTP', () => {
    expect(heartRateZoneBounds(200)).toEqual([120, 140, 160, 180])
    // Reserve 150 bpm above 50: 50 + 90, 50 + 105, 50 + 120, 50 + 135.
    expect(heartRateZoneBounds(200, 50)).toEqual([140, 155, 170, 185])
    expect(powerZoneBounds(200).map((bound) => Math.round(bound * 1e9) / 1e9)).toEqual([110, 150, 180, 210])
    expect(() => heartRateZoneBounds(60, 70)).toThrow(RangeError)
    expect(() => powerZoneBounds(0)).toThrow(RangeError)
  })

  it('puts each value in the highest zone it reaches', () => {
    const times = zoneTimes(
      [
        [100, 1000],
        [120, 2000],
        [185, 4000],
        [250, 8000],
      ],
      heartRateZoneBounds(200),
      20_000,
    )
    expect(times.zonesMs).toEqual([1000, 2000, 0, 0, 12_000])
    expect(times.unknownMs).toBe(5000)
  })
})

describe('stored insights', () => {
  it('are rounded, JSON-safe and keep every efforts distance the workout covers', () => {
    const first = cases[cases.length - 1]
    if (!first) throw new Error('no case')
    const stored = computeInsights(first.series, [], first.workout.maxSpeedKmh)
    expect(JSON.parse(JSON.stringify(stored))).toEqual(stored)
    expect(stored.laps).toEqual([])
    expect(stored.heartRate?.length).toBeGreaterThan(10)
    expect(stored.distanceEfforts.every((effort) => Number.isInteger(effort.movingMs))).toBe(true)
  })
})

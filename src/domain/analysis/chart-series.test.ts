import { describe, expect, it } from 'vitest'
import { CHART_FIELDS, chartIndices, chartPointsOf, chartSeries } from './chart-series'
import { allocatePointSeries, type MutablePointSeries } from './point-series'

const noSensors = { heartRate: false, cadence: false, power: false, temperature: false }

/** A series of `n` points in one segment: speeds and elevations from the given functions. */
function series(
  n: number,
  speed: (i: number) => number,
  ele: (i: number) => number,
  sensors: Partial<typeof noSensors> = {},
): MutablePointSeries {
  const s = allocatePointSeries(n, { ...noSensors, ...sensors })
  s.segmentStarts.push(0)
  for (let i = 0; i < n; i++) {
    s.speedKmh[i] = speed(i)
    s.ele[i] = ele(i)
    s.distanceM[i] = i * 10
    s.time[i] = 1_700_000_000_000 + i * 1000
    s.elapsedS[i] = i
    s.lat[i] = 45 + i * 1e-5
    s.lon[i] = 6 + i * 1e-5
  }
  return s
}

/**
 * Largest-triangle-three-buckets as Steinarsson's thesis states it (bucket b of the points between
 * the first and the last; the point of bucket b forming the largest triangle with the previous
 * pick and the next bucket's average), written plainly, without NaN handling.
 */
function referenceLttb(values: readonly number[], threshold: number): number[] {
  const n = values.length
  const every = (n - 2) / (threshold - 2)
  const picked = [0]
  let a = 0
  for (let b = 0; b < threshold - 2; b++) {
    const next = []
    for (let j = Math.floor((b + 1) * every) + 1; j < Math.min(Math.floor((b + 2) * every) + 1, n); j++) next.push(j)
    const avgX = next.reduce((sum, j) => sum + j, 0) / next.length
    const avgY = next.reduce((sum, j) => sum + (values[j] ?? 0), 0) / next.length
    let best = -1
    let bestArea = -1
    for (let j = Math.floor(b * every) + 1; j < Math.min(Math.floor((b + 1) * every) + 1, n - 1); j++) {
      const area = Math.abs((a - avgX) * ((values[j] ?? 0) - (values[a] ?? 0)) - (a - j) * (avgY - (values[a] ?? 0))) / 2
      if (area > bestArea) {
        bestArea = area
        best = j
      }
    }
    picked.push(best)
    a = best
  }
  picked.push(n - 1)
  return picked
}

describe('chart series: which points a chart keeps', () => {
  it('keeps every point of a series no longer than the budget', () => {
    const varied = series(40, (i) => 20 + ((i * 7) % 5), (i) => 300 + ((i * 3) % 11))
    expect(chartIndices(varied, 40)).toEqual(Array.from({ length: 40 }, (_, i) => i))
    expect(chartIndices(varied, 39).length).toBeLessThanOrEqual(39)
    expect(chartIndices(series(0, () => 10, () => 100), 5)).toEqual([])
  })

  it('keeps at most the budget, sorted, once each, with the first and last points', () => {
    const s = series(10_000, (i) => 20 + 5 * Math.sin(i / 37), (i) => 300 + 50 * Math.cos(i / 91))
    const kept = chartIndices(s, 500)
    expect(kept.length).toBeLessThanOrEqual(500)
    expect(kept.length).toBeGreaterThan(450)
    expect(kept[0]).toBe(0)
    expect(kept.at(-1)).toBe(9_999)
    for (let k = 1; k < kept.length; k++) expect(kept[k]).toBeGreaterThan(kept[k - 1] ?? Infinity)
  })

  it('keeps the fastest, highest and lowest points and the highest heart rate, each at its first occurrence', () => {
    const s = series(
      3_000,
      (i) => (i === 1_234 || i === 2_500 ? 80 : 20),
      (i) => (i === 777 || i === 2_777 ? 900 : i === 1_999 || i === 2_001 ? -50 : 300),
      { heartRate: true },
    )
    const heartRate = s.heartRate ?? new Float64Array()
    for (let i = 0; i < 3_000; i++) heartRate[i] = i === 2_222 || i === 2_900 ? 199 : 140
    // The budget is so small that only forced points and the first and last survive the shaping.
    const kept = chartIndices(s, 12)
    for (const index of [1_234, 777, 1_999, 2_222]) expect(kept).toContain(index)
    for (const index of [2_500, 2_777, 2_001, 2_900]) expect(kept).not.toContain(index)
  })

  it('never picks a missing value as an extreme', () => {
    const s = series(3_000, (i) => (i === 10 ? Number.NaN : i === 20 ? 30 : 20), (i) => (i < 5 ? Number.NaN : i === 40 ? 500 : i === 50 ? 100 : 300))
    const kept = chartIndices(s, 12)
    for (const index of [20, 40, 50]) expect(kept).toContain(index)
  })

  it('keeps the first point of each segment, up to a quarter of the budget', () => {
    const s = series(4_000, () => 20, () => 300)
    s.segmentStarts.push(1_001, 2_002, 3_003)
    expect(chartIndices(s, 100)).toEqual(expect.arrayContaining([1_001, 2_002, 3_003]))
    // Flat curves: the extremes are the first point, and the shaping picks each bucket's first
    // point (1, 115, 229, …), never a segment start below.
    const many = series(4_000, () => 20, () => 300)
    for (let start = 13; start < 4_000; start += 10) many.segmentStarts.push(start)
    const kept = chartIndices(many, 100)
    expect(kept.length).toBeLessThanOrEqual(100)
    // 0 and 3,999 are forced first, then segment starts until a quarter of the budget (25): 23 of them.
    expect(kept.filter((index) => index % 10 === 3 && index < 340)).toEqual([13, 23, 33, 43, 53, 63, 73, 83, 93, 103, 113, 123, 133, 143, 153, 163, 173, 183, 193, 203, 213, 223, 233])
  })

  it('shapes speed with largest-triangle-three-buckets as the reference method picks', () => {
    const speeds = Array.from({ length: 1_000 }, (_, i) => 20 + 8 * Math.sin(i / 13) + ((i * 7919) % 11))
    // Flat elevation and no heart rate: only the speed curve is shaped, with the whole budget
    // after the forced points (first, last, the fastest point, the first highest and lowest).
    const s = series(1_000, (i) => speeds[i] ?? 0, () => Number.NaN)
    const kept = chartIndices(s, 102)
    const forced = new Set([0, 999, speeds.indexOf(Math.max(...speeds))])
    const reference = referenceLttb(speeds, 102 - forced.size)
    expect(kept).toEqual([...new Set([...forced, ...reference])].sort((a, b) => a - b))
  })

  it('shapes a curve of tiny variations as the reference method does (areas under 1 still count)', () => {
    const speeds = Array.from({ length: 1_000 }, (_, i) => 20 + 0.000_1 * (((i * 7919) % 13) - 6))
    const s = series(1_000, (i) => speeds[i] ?? 0, () => Number.NaN)
    const forced = new Set([0, 999, speeds.indexOf(Math.max(...speeds))])
    const reference = referenceLttb(speeds, 102 - forced.size)
    expect(chartIndices(s, 102)).toEqual([...new Set([...forced, ...reference])].sort((a, b) => a - b))
  })

  it('never keeps a missing value for the shape when its bucket has a real one', () => {
    // Elevation missing on two points of three, speed flat: the elevation picks are real values.
    const s = series(3_000, () => 20, (i) => (i % 3 === 0 ? 300 + ((i * 37) % 101) : Number.NaN))
    const kept = chartIndices(s, 200)
    const forced = new Set([0, 2_999])
    const flatSpeedPicks = new Set(referenceLttb(new Array<number>(3_000).fill(20), Math.floor((200 - 4) / 2)))
    const missing = kept.filter((index) => !forced.has(index) && !flatSpeedPicks.has(index) && Number.isNaN(s.ele[index] ?? Number.NaN))
    expect(missing).toEqual([])
    expect(kept.filter((index) => !Number.isNaN(s.ele[index] ?? Number.NaN)).length).toBeGreaterThan(90)
  })

  it('aims at the mean of the next bucket’s values, or at its middle at height 0 when it has none', () => {
    // 14 points, elevation only, the highest first and the lowest last (the forced points), a
    // budget of 8: 6 shaped picks, buckets of 3 between the ends ([1, 4), [4, 7), [7, 10), [10, 13)).
    const ele = [100, 80, 50, 35, Number.NaN, 3, 35, Number.NaN, Number.NaN, Number.NaN, 20, 30, 40, -10]
    const s = series(14, () => Number.NaN, (i) => ele[i] ?? Number.NaN)
    // Bucket [1, 4) from point 0 (0, 100) towards the mean of the next bucket's values (5.5, 19),
    // areas ×2 |5.5 (100 − y) − 81 j| = 29, 113 and 114.5 for points 1, 2 and 3: point 3 (3, 35).
    // (Aiming at the bucket's middle, 5, would take point 2: 88 against 82.)
    // Bucket [4, 7): the next one has no value, so the aim is its middle at 0, (8, 0):
    // |(3 − 8)(y − 35) + 35 (3 − j)| = 90 and 105 for points 5 and 6 (point 4 has none): point 6.
    // (Aiming at (9, 0) would take point 5, at 122.)
    // Bucket [7, 10) has no value and keeps its first point; from it, every area of [10, 13) is unknown: 10.
    expect(chartIndices(s, 8)).toEqual([0, 3, 6, 7, 10, 13])
  })

  it('shapes elevation too when the file has it, each curve with its share of the budget', () => {
    const s = series(2_000, () => 20, (i) => 300 + ((i * 31) % 97))
    s.speedKmh.fill(20)
    const kept = chartIndices(s, 200)
    // Both curves are shaped (speed is flat, so its picks carry no shape), so the union stays within the budget.
    expect(kept.length).toBeLessThanOrEqual(200)
    expect(kept.length).toBeGreaterThan(100)
  })
})

describe('chart series: the stored columns', () => {
  it('rounds each field to its stored decimals and keeps missing values apart', () => {
    const s = series(3, () => 12.345_6, (i) => (i === 1 ? Number.NaN : 321.06), { heartRate: true, temperature: true })
    s.distanceM.set([0, 1_234.5678, 2_000.4])
    s.time[2] = Number.NaN
    s.elapsedS[2] = Number.NaN
    s.speedKmh[1] = Number.NaN
    s.lat[0] = 45.123_456_78
    s.lon[0] = Number.NaN
    s.heartRate?.set([150.4, Number.NaN, 150.6])
    s.temperature?.set([21.26, 21.24, Number.NaN])
    const points = chartPointsOf(chartSeries(s))
    expect(points).toEqual([
      { segment: 0, distanceKm: 0, elapsedS: 0, time: 1_700_000_000_000, speedKmh: 12.35, elevationM: 321.1, lat: 45.123_457, lon: null, heartRate: 150, temperature: 21.3 },
      { segment: 0, distanceKm: 1.235, elapsedS: 1, time: 1_700_000_001_000, speedKmh: 0, elevationM: null, lat: 45.000_01, lon: 6.000_01, heartRate: null, temperature: 21.2 },
      { segment: 0, distanceKm: 2, elapsedS: null, time: null, speedKmh: 12.35, elevationM: 321.1, lat: 45.000_02, lon: 6.000_02, heartRate: 151, temperature: null },
    ])
    // Fields in the stored order, sensors only when the workout has them.
    expect(Object.keys(points[0] ?? {})).toEqual(CHART_FIELDS.filter((field) => field !== 'cadence' && field !== 'power'))
  })

  it('numbers each kept point with its segment, past segments the budget skipped', () => {
    const s = series(5, () => 20, () => 300, { cadence: true, power: true })
    s.segmentStarts.push(2, 4)
    const chart = chartSeries(s)
    expect(chart.size).toBe(5)
    expect(chart.columns.segment).toEqual([0, 0, 1, 1, 2])
    expect(chart.columns.cadence).toHaveLength(5)
    expect(chart.columns.power).toHaveLength(5)
    expect(Object.keys(chart.columns)).toEqual(['segment', 'distanceKm', 'elapsedS', 'time', 'speedKmh', 'elevationM', 'lat', 'lon', 'cadence', 'power'])
    expect(chartSeries(series(0, () => 20, () => 300))).toEqual({ size: 0, columns: expect.objectContaining({ segment: [], distanceKm: [] }) })
    const long = series(3_000, () => 20, () => 300)
    long.segmentStarts.push(1_000, 1_001, 2_000)
    const kept = chartIndices(long)
    const stored = chartSeries(long).columns.segment ?? []
    kept.forEach((index, k) => expect(stored[k]).toBe(index >= 2_000 ? 3 : index >= 1_001 ? 2 : index >= 1_000 ? 1 : 0))
  })
})

import { describe, expect, it } from 'vitest'
import type { Track, TrackSegment } from '../track'
import { TrackSegmentBuilder } from '../track-builder'
import { chartIndices, chartPointsOf, chartSeries, MAX_CHART_POINTS } from './chart-series'
import { mapPolyline } from './map-polyline'
import { analyseTrack } from './workout-analysis'
import { seededRandom as prng } from '../../test-support/seeded-random'

interface RandomTrackOptions {
  readonly segments: number
  readonly pointsPerSegment: number
}

/**
 * A random but plausible track: a walk with random steps (including stops, jumps, missing
 * elevations and duplicate or backwards timestamps), segments separated by random gaps.
 */
function randomTrack(random: () => number, options: RandomTrackOptions): Track {
  const segments: TrackSegment[] = []
  let time = Date.UTC(2024, 0, 1) + Math.floor(random() * 1e9)
  let lat = -60 + random() * 120
  let lon = -170 + random() * 340
  let ele = random() * 3000
  for (let s = 0; s < options.segments; s++) {
    const builder = new TrackSegmentBuilder()
    const size = 1 + Math.floor(random() * options.pointsPerSegment)
    for (let i = 0; i < size; i++) {
      const roll = random()
      time += roll < 0.05 ? 0 : roll < 0.08 ? -3000 : Math.floor(1000 + random() * 10_000)
      // A fix written twice with the same time does not move (150 m in no time is a spike, dropped).
      const moving = random() > 0.2 && roll >= 0.05
      if (moving) {
        lat += (random() - 0.5) * 0.002
        lon += (random() - 0.5) * 0.002
        if (random() < 0.01) {
          // A long step (haversine branch), at a possible speed: 33 km in 15 minutes.
          lat += 0.3
          time += 900_000
        }
      }
      ele += (random() - 0.5) * 10
      builder.push({
        lat: Math.max(-90, Math.min(90, lat)),
        lon,
        ele: random() < 0.1 ? Number.NaN : ele,
        time: random() < 0.03 ? Number.NaN : time,
        heartRate: 60 + Math.floor(random() * 120),
      })
    }
    segments.push(builder.build())
    time += Math.floor(random() * 600_000)
  }
  return { format: 'gpx', name: null, description: null, sport: null, tracks: [{ name: null, description: null, segments }] }
}

function tryAnalyse(track: Track, threshold: number): ReturnType<typeof analyseTrack> | null {
  try {
    return analyseTrack(track, { stoppedSpeedThresholdKmh: threshold })
  } catch (error) {
    // Degenerate random tracks (no 2 timed points) are refused with a catalogued error.
    expect(error).toHaveProperty('code')
    return null
  }
}

describe('analysis properties on random tracks', () => {
  const random = prng(20_240_501)
  const cases = Array.from({ length: 150 }, (_, i) => ({
    track: randomTrack(random, { segments: 1 + (i % 5), pointsPerSegment: 5 + (i % 7) * 60 }),
    threshold: [0.1, 1, 5][i % 3] ?? 1,
  }))

  it('distance is additive over segments; moving ≤ duration; pauses, ascent and descent ≥ 0', () => {
    let analysed = 0
    for (const { track, threshold } of cases) {
      const analysis = tryAnalyse(track, threshold)
      if (!analysis) continue
      analysed++
      const { workout, segments, series } = analysis
      const sum = segments.reduce((total, segment) => total + (segment.distanceKm ?? Number.NaN), 0)
      expect(workout.distanceKm).toBeCloseTo(sum, 9)
      expect((series.distanceM[series.size - 1] ?? 0) / 1000).toBeCloseTo(workout.distanceKm ?? Number.NaN, 9)
      expect(workout.movingS).toBeLessThanOrEqual(workout.durationS)
      expect(workout.pausesS).toBeGreaterThanOrEqual(0)
      expect(workout.pausesS).toBeGreaterThanOrEqual(workout.durationS - workout.movingS - 1)
      expect(workout.pausesS).toBeLessThanOrEqual(workout.durationS - workout.movingS)
      for (const figures of [workout, ...segments]) {
        expect(figures.movingS).toBeLessThanOrEqual(figures.durationS)
        expect(figures.pausesS).toBeGreaterThanOrEqual(0)
        expect(figures.ascentM ?? 0).toBeGreaterThanOrEqual(0)
        expect(figures.descentM ?? 0).toBeGreaterThanOrEqual(0)
        expect(figures.maxSpeedKmh).toBeGreaterThanOrEqual(0)
        expect(Number.isFinite(figures.distanceKm)).toBe(true)
      }
      const segmentSeconds = segments.reduce((total, segment) => total + segment.durationS, 0)
      expect(workout.durationS).toBeGreaterThanOrEqual(segmentSeconds - segments.length)
      expect(workout.maxSpeedKmh).toBe(Math.max(0, ...segments.map((segment) => segment.maxSpeedKmh ?? Number.NaN)))
    }
    // Most random tracks are analysable: the properties were really exercised.
    expect(analysed).toBeGreaterThan(120)
  })

  it('a lower stopped-speed threshold never gives less moving time', () => {
    for (const { track } of cases.slice(0, 60)) {
      const low = tryAnalyse(track, 0.1)
      const high = tryAnalyse(track, 5)
      if (!low || !high) continue
      expect(low.workout.movingS).toBeGreaterThanOrEqual(high.workout.movingS)
      expect(low.workout.distanceKm).toBe(high.workout.distanceKm)
    }
  })

  it('the chart series keeps first, last, max-speed and max-elevation points, ≤ 2,000 points', () => {
    const big = randomTrack(prng(7), { segments: 3, pointsPerSegment: 6_000 })
    const analysis = analyseTrack(big, { stoppedSpeedThresholdKmh: 1 })
    const { series } = analysis
    expect(series.size).toBeGreaterThan(MAX_CHART_POINTS)
    const indices = chartIndices(series)
    expect(indices.length).toBeLessThanOrEqual(MAX_CHART_POINTS)
    expect(indices.length).toBeGreaterThan(MAX_CHART_POINTS * 0.9)
    const argmax = (values: Float64Array): number =>
      values.reduce((best, value, i) => (value > (values[best] ?? -Infinity) ? i : best), 0)
    expect(indices[0]).toBe(0)
    expect(indices[indices.length - 1]).toBe(series.size - 1)
    expect(indices).toContain(argmax(series.speedKmh))
    expect(indices).toContain(argmax(series.ele))
    for (let i = 1; i < indices.length; i++) expect(indices[i]).toBeGreaterThan(indices[i - 1] ?? -1)

    const chart = chartPointsOf(chartSeries(series))
    const maxSpeed = Math.max(...series.speedKmh)
    expect(Math.max(...chart.map((point) => point.speedKmh))).toBeCloseTo(maxSpeed, 2)
    expect(chart[chart.length - 1]?.distanceKm).toBeCloseTo(analysis.workout.distanceKm ?? Number.NaN, 3)
    expect(chart.every((point) => point.heartRate !== undefined)).toBe(true)
    expect(new Set(chart.map((point) => point.segment))).toEqual(new Set([0, 1, 2]))
  })

  it('short series are kept whole', () => {
    const small = randomTrack(prng(3), { segments: 1, pointsPerSegment: 50 })
    const analysis = tryAnalyse(small, 1)
    if (!analysis) throw new Error('seed 3 should give an analysable track')
    expect(chartIndices(analysis.series)).toEqual(Array.from({ length: analysis.series.size }, (_, i) => i))
  })

  it('the map polyline has one line per segment, ends kept, ≤ 2,000 points, within 1 m of rounding', () => {
    const big = randomTrack(prng(11), { segments: 4, pointsPerSegment: 8_000 })
    const { series } = analyseTrack(big, { stoppedSpeedThresholdKmh: 1 })
    const lines = mapPolyline(series)
    expect(lines).toHaveLength(series.segmentStarts.length)
    expect(lines.reduce((total, line) => total + line.length, 0)).toBeLessThanOrEqual(2_000)
    series.segmentStarts.forEach((start, s) => {
      const end = (series.segmentStarts[s + 1] ?? series.size) - 1
      const line = lines[s] ?? []
      expect(line[0]?.[0]).toBeCloseTo(series.lat[start] ?? 0, 5)
      expect(line[line.length - 1]?.[1]).toBeCloseTo(series.lon[end] ?? 0, 5)
    })
  })
})

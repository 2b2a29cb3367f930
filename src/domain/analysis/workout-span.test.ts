import { describe, expect, it } from 'vitest'
import type { Track } from '../track'
import { TrackSegmentBuilder } from '../track-builder'
import { analyseTrack } from './workout-analysis'

const start = Date.UTC(2024, 0, 1)

function trackOf(...segments: { s: number; lat: number }[][]): Track {
  const built = segments.map((points) => {
    const builder = new TrackSegmentBuilder()
    for (const point of points) builder.push({ time: start + point.s * 1000, lat: point.lat, lon: 6, ele: Number.NaN })
    return builder.build()
  })
  return { format: 'fit', name: null, description: null, sport: null, tracks: [{ name: null, description: null, segments: built }] }
}

describe('the span of a workout', () => {
  it('runs from the first to the last recorded moment, a lone point of its own segment included', () => {
    // Started, paused a second later, resumed 100 s on; 0.001° of latitude ≈ 111 m.
    const { workout, segments } = analyseTrack(trackOf([{ s: 0, lat: 45 }], [{ s: 100, lat: 45 }, { s: 160, lat: 45.001 }], [{ s: 400, lat: 45.002 }]))
    expect(workout.startTime).toBe(start)
    expect(workout.endTime).toBe(start + 400_000)
    expect(workout.durationS).toBe(400)
    // The lone points add no distance and no moving time, and are no segment of their own.
    expect(workout.distanceKm).toBeCloseTo(0.1112, 3)
    expect(workout.movingS).toBe(60)
    expect(segments).toHaveLength(1)
  })
})

import { describe, expect, it } from 'vitest'
import type { Track } from '../track'
import { TrackSegmentBuilder } from '../track-builder'
import { analyseTrack } from './workout-analysis'

const start = Date.UTC(2024, 0, 1)

function trackOf(format: Track['format'], ...segments: { s: number; lat: number }[][]): Track {
  const built = segments.map((points) => {
    const builder = new TrackSegmentBuilder()
    for (const point of points) builder.push({ time: start + point.s * 1000, lat: point.lat, lon: 6, ele: Number.NaN })
    return builder.build()
  })
  return { format, name: null, description: null, sport: null, tracks: [{ name: null, description: null, segments: built }] }
}

// Started, paused a second later, resumed 100 s on; a last lone point at 400 s. 0.001° of latitude ≈ 111 m.
const segments = [[{ s: 0, lat: 45 }], [{ s: 100, lat: 45 }, { s: 160, lat: 45.001 }], [{ s: 400, lat: 45.002 }]]

describe('the span of a workout', () => {
  it('in a FIT file, runs from the first to the last record, a lone record of its own timer run included', () => {
    const { workout, segments: kept } = analyseTrack(trackOf('fit', ...segments))
    expect(workout.startTime).toBe(start)
    expect(workout.endTime).toBe(start + 400_000)
    expect(workout.durationS).toBe(400)
    // The lone records add no distance and no moving time, and are no segment of their own.
    expect(workout.distanceKm).toBeCloseTo(0.1112, 3)
    expect(workout.movingS).toBe(60)
    expect(kept).toHaveLength(1)
  })

  it('in a TCX file, runs to a lap of one trackpoint too: the lap says the watch timed it', () => {
    const { workout } = analyseTrack(trackOf('tcx', ...segments))
    expect(workout.startTime).toBe(start)
    expect(workout.durationS).toBe(400)
    expect(workout.movingS).toBe(60)
  })

  it('in a KML file, as in GPX, spans the segments of two points or more', () => {
    expect(analyseTrack(trackOf('kml', ...segments)).workout.durationS).toBe(60)
  })

  it('in a GPX file, spans the segments of two points or more, as the reference tracker does', () => {
    const { workout } = analyseTrack(trackOf('gpx', ...segments))
    expect(workout.startTime).toBe(start + 100_000)
    expect(workout.durationS).toBe(60)
    expect(workout.distanceKm).toBeCloseTo(0.1112, 3)
  })
})

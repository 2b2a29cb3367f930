import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors/app-error'
import type { Track } from '../track'
import { TrackSegmentBuilder } from '../track-builder'
import { analyseTrack } from './workout-analysis'

const start = Date.UTC(2024, 0, 1)
/** 0.001° of latitude on the reference tracker's sphere (R = 6,378,137 m), metres. */
const MILLIDEGREE_M = (2 * Math.PI * 6_378_137) / 360 / 1000

interface Point {
  readonly s: number
  readonly lat: number
  readonly lon?: number
}

function gpxOf(...segments: Point[][]): Track {
  const built = segments.map((points) => {
    const builder = new TrackSegmentBuilder()
    for (const point of points) builder.push({ time: start + point.s * 1000, lat: point.lat, lon: point.lon ?? 6, ele: Number.NaN })
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
    const { workout } = analyseTrack(
      gpxOf([
        { s: 0, lat: 45 },
        { s: 0, lat: 45.0005 },
        { s: 10, lat: 45.001 },
        { s: 10, lat: 45.0015 },
        { s: 20, lat: 45.002 },
      ]),
    )
    expect((workout.distanceKm ?? 0) * 1000).toBeCloseTo(2 * MILLIDEGREE_M, 1)
    expect(workout.durationS).toBe(20)
    expect(workout.movingS).toBe(20)
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

  it("a clock that was not running (most points at one time) is refused with that reason; a coarse clock is not", () => {
    // A logger's epoch under 8 of 10 fixes, then two real times (GPSBabel's PathAway file: 494 of 496).
    const stopped = gpxOf([...Array.from({ length: 8 }, (_, i) => ({ s: 0, lat: 45 + i * 0.0001 })), { s: 600, lat: 45.001 }, { s: 610, lat: 45.0011 }])
    expect(() => analyseTrack(stopped)).toThrow(new AppError('track_clock_stopped'))
    // Whole seconds under five fixes a second: each time is shared by five of 20 points.
    const coarse = gpxOf(Array.from({ length: 20 }, (_, i) => ({ s: Math.floor(i / 5), lat: 45 + i * 0.00001 })))
    expect(analyseTrack(coarse).workout.durationS).toBe(3)
  })

  it('positions mostly out of anyone\'s reach are refused with that reason; one spike among them is dropped', () => {
    // 1 s apart, each 1.1 km beyond the last (4,000 km/h): no two within reach (georust's test file).
    const jumps = gpxOf(Array.from({ length: 5 }, (_, i) => ({ s: i, lat: 45 + i * 0.01 })))
    expect(() => analyseTrack(jumps)).toThrow(new AppError('track_positions_impossible'))
    const spike = gpxOf(Array.from({ length: 5 }, (_, i) => ({ s: i * 10, lat: i === 2 ? 46 : 45 + i * 0.001 })))
    expect((analyseTrack(spike).workout.distanceKm ?? 0) * 1000).toBeCloseTo(4 * MILLIDEGREE_M, 1)
  })
})

import { describe, expect, it } from 'vitest'
import { mapPolyline, simplifyLines } from './map-polyline'
import { allocatePointSeries } from './point-series'

describe('the map line', () => {
  it('keeps both ends of every line, even when the lines outnumber half the points allowed', () => {
    // Three segments of three points on a straight line each: only their ends are significant.
    const series = allocatePointSeries(9, { heartRate: false, cadence: false, power: false, temperature: false })
    for (let i = 0; i < 9; i++) {
      series.lat[i] = 45 + i * 0.001
      series.lon[i] = 6
    }
    series.segmentStarts.push(0, 3, 6)
    expect(mapPolyline(series, { maxPoints: 4 })).toEqual([
      [
        [45, 6],
        [45.002, 6],
      ],
      [
        [45.003, 6],
        [45.005, 6],
      ],
      [
        [45.006, 6],
        [45.008, 6],
      ],
    ])
    const lines = [0, 1, 2].map((k) => [0, 1, 2].map((i): [number, number] => [45 + k + i * 0.001, 6]))
    expect(simplifyLines(lines, { maxPoints: 2 }).map((line) => line.length)).toEqual([2, 2, 2])
  })

  const seriesOf = (...segments: (readonly (readonly [number, number])[])[]) => {
    const size = segments.reduce((total, points) => total + points.length, 0)
    const series = allocatePointSeries(size, { heartRate: false, cadence: false, power: false, temperature: false })
    let at = 0
    for (const points of segments) {
      series.segmentStarts.push(at)
      for (const [lat, lon] of points) {
        series.lat[at] = lat
        series.lon[at] = lon
        at++
      }
    }
    return series
  }

  it('keeps the corners of a loop that closes on itself', () => {
    // A square of 0.001° (111 m north, 79 m east): each corner lies far beyond 5 m of any chord, the closing one too.
    const square: [number, number][] = [
      [45, 6],
      [45.001, 6],
      [45.001, 6.001],
      [45, 6.001],
      [45, 6],
    ]
    expect(mapPolyline(seriesOf(square))).toEqual([square])
  })

  it('keeps the point of a loop farthest from where it closes longest, wherever the others lie', () => {
    // From (45, 6) 848 m south-west, then 623 m north, then 622 m east, and back: at 640 m of
    // tolerance only the south-west point is significant, though the north one lies farther north
    // and the east one farther east, and the east one comes last.
    const loop: [number, number][] = [
      [45, 6],
      [44.9946, 5.9924],
      [45.0056, 6.0001],
      [45.0001, 6.0079],
      [45, 6],
    ]
    expect(mapPolyline(seriesOf(loop), { maxPoints: 3 })).toEqual([[loop[0], loop[1], loop[4]]])
  })

  it('draws each segment on its own, a point without a position in one leaving room for none of the next', () => {
    const line = mapPolyline(
      seriesOf(
        [
          [45, 6],
          [45.0005, Number.NaN],
          [45.001, 6],
        ],
        [
          [46, 7],
          [46.001, 7],
        ],
      ),
    )
    expect(line).toEqual([
      [
        [45, 6],
        [45.001, 6],
      ],
      [
        [46, 7],
        [46.001, 7],
      ],
    ])
    // Lines simplified again (the heatmap's): one without a position is no line.
    expect(simplifyLines([[[Number.NaN, Number.NaN]], line[1] ?? []], {})).toEqual([line[1]])
  })

  it('leaves out half positions and draws no line for a segment without a position', () => {
    const line = mapPolyline(
      seriesOf(
        [
          [45, 6],
          [45.001, 6],
          [45.002, Number.NaN],
        ],
        [[Number.NaN, Number.NaN]],
      ),
    )
    expect(line).toEqual([
      [
        [45, 6],
        [45.001, 6],
      ],
    ])
  })

  it('holds at most 2,000 points unless told otherwise', () => {
    // 2,001 points zigzagging 111 m: every one a corner at the first tolerance.
    const zigzag = Array.from({ length: 2_001 }, (_, i): [number, number] => [45 + (i % 2) * 0.001, 6 + i * 0.0001])
    const [only = []] = mapPolyline(seriesOf(zigzag))
    expect(only.length).toBeLessThanOrEqual(2_000)
    expect(only[0]).toEqual([45, 6])
    expect(only[only.length - 1]).toEqual([45, 6.2])
  })
})

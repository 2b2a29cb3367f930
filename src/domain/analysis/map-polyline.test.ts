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
})

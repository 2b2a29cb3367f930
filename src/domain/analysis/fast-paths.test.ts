import { describe, expect, it } from 'vitest'
import { mapPolyline, type LatLon } from './map-polyline'
import { kthSmallest } from './max-speed'
import { allocatePointSeries } from './point-series'
import { ONE_DEGREE_M } from '../geo/distance'
import { seededRandom as prng } from '../../test-support/seeded-random'

/** The straightforward algorithm the fast path replaced: Douglas–Peucker from scratch per tolerance. */
function referencePolyline(lat: Float64Array, lon: Float64Array, maxPoints: number): LatLon[] {
  const n = lat.length
  const scale = Math.cos(((lat[0] ?? 0) * Math.PI) / 180) * ONE_DEGREE_M
  const x = lon.map((value) => value * scale)
  const y = lat.map((value) => value * ONE_DEGREE_M)
  const round5 = (value: number): number => Math.round(value * 1e5) / 1e5
  for (let tolerance = 5; ; tolerance *= 2) {
    const keep = new Uint8Array(n)
    keep[0] = 1
    keep[n - 1] = 1
    const simplify = (first: number, last: number): void => {
      const dx = (x[last] ?? 0) - (x[first] ?? 0)
      const dy = (y[last] ?? 0) - (y[first] ?? 0)
      const length2 = dx * dx + dy * dy
      let farthest = -1
      let farthest2 = tolerance * tolerance
      for (let i = first + 1; i < last; i++) {
        const px = (x[i] ?? 0) - (x[first] ?? 0)
        const py = (y[i] ?? 0) - (y[first] ?? 0)
        const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / length2))
        const d2 = (px - t * dx) ** 2 + (py - t * dy) ** 2
        if (d2 > farthest2) {
          farthest2 = d2
          farthest = i
        }
      }
      if (farthest < 0) return
      keep[farthest] = 1
      simplify(first, farthest)
      simplify(farthest, last)
    }
    simplify(0, n - 1)
    if (keep.reduce((sum, value) => sum + value, 0) <= maxPoints) {
      const line: LatLon[] = []
      for (let i = 0; i < n; i++) if (keep[i]) line.push([round5(lat[i] ?? 0), round5(lon[i] ?? 0)])
      return line
    }
  }
}

describe('analysis fast paths give the results of the plain algorithms', () => {
  it('k-th smallest equals sorting, with duplicates and adversarial orders', () => {
    const random = prng(7)
    const inputs: Float64Array[] = [
      Float64Array.from({ length: 1000 }, () => random() * 50),
      Float64Array.from({ length: 1000 }, () => Math.floor(random() * 5)),
      Float64Array.from({ length: 777 }, (_, i) => i),
      Float64Array.from({ length: 777 }, (_, i) => 777 - i),
      new Float64Array(300).fill(4.2),
      Float64Array.of(3),
    ]
    for (const input of inputs) {
      const sorted = Float64Array.from(input).sort()
      for (const k of [0, 1, Math.floor(input.length * 0.95), input.length - 1]) {
        if (k >= input.length) continue
        expect(kthSmallest(Float64Array.from(input), k)).toBe(sorted[k])
      }
    }
  })

  it('the map line is the Douglas–Peucker line at the first tolerance that fits', () => {
    const random = prng(11)
    for (const [points, maxPoints] of [
      [3000, 2000],
      [3000, 200],
      [5000, 50],
      [400, 2000],
    ] as const) {
      const series = allocatePointSeries(points, { heartRate: false, cadence: false, power: false, temperature: false })
      let lat = 45
      let lon = 6
      for (let i = 0; i < points; i++) {
        lat += (random() - 0.45) * 1e-4
        lon += (random() - 0.4) * 1e-4
        series.lat[i] = lat
        series.lon[i] = lon
      }
      series.segmentStarts.push(0)
      expect(mapPolyline(series, { maxPoints })[0], `${points} points, ≤ ${maxPoints}`).toEqual(
        referencePolyline(series.lat, series.lon, maxPoints),
      )
    }
  })
})

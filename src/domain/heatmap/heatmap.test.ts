import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../test-support/seeded-random'
import type { LatLon } from '../analysis'
import { decodePolyline, encodePolyline } from './encoded-polyline'
import { HEATMAP_MAX_POINTS, heatmapLines } from './heatmap-lines'

describe('encoded polyline', () => {
  it('encodes the example of the published algorithm', () => {
    // Google's "Encoded Polyline Algorithm Format" page: this line and this text.
    const line: LatLon[] = [
      [38.5, -120.2],
      [40.7, -120.95],
      [43.252, -126.453],
    ]
    expect(encodePolyline(line)).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@')
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual(line)
  })

  it('decodes what it encodes, at 5 decimals, anywhere on Earth', () => {
    const random = seededRandom(17)
    for (let run = 0; run < 20; run++) {
      const line: LatLon[] = []
      for (let i = 0; i < 50; i++) line.push([Math.round((random() * 180 - 90) * 1e5) / 1e5, Math.round((random() * 360 - 180) * 1e5) / 1e5])
      expect(decodePolyline(encodePolyline(line))).toEqual(line)
    }
  })
})

describe('heatmap lines', () => {
  it('keeps a long wiggly ride under the point budget, with its ends, one text per line', () => {
    const ride: LatLon[] = []
    for (let i = 0; i < 2000; i++) ride.push([Math.round((45 + i * 1e-4) * 1e5) / 1e5, Math.round((6 + 0.002 * Math.sin(i / 10)) * 1e5) / 1e5])
    const second: LatLon[] = [
      [46, 7],
      [46.01, 7.01],
    ]
    const texts = heatmapLines([ride, second, [[47, 8]]]).split('\n')
    expect(texts).toHaveLength(2)
    const lines = texts.map(decodePolyline)
    expect(lines[0]?.length).toBeLessThanOrEqual(HEATMAP_MAX_POINTS)
    expect(lines[0]?.length).toBeGreaterThan(20)
    expect(lines[0]?.[0]).toEqual(ride[0])
    expect(lines[0]?.at(-1)).toEqual(ride.at(-1))
    expect(lines[1]).toEqual(second)
  })

  it('is empty without positions', () => {
    expect(heatmapLines([])).toBe('')
  })
})

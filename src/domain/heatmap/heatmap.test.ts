import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../test-support/seeded-random'
import type { LatLon } from '../analysis'
import { decodePolyline, decodePolylines, encodePolyline } from './encoded-polyline'
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

  it('writes a coordinate that does not change as "?" (zero: 63, the first printable character of the format)', () => {
    const still: LatLon[] = [
      [38.5, -120.2],
      [38.5, -120.2],
    ]
    expect(encodePolyline(still)).toBe('_p~iF~ps|U??')
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

describe('encoded polylines in one array', () => {
  it('puts each line after the previous one, and says where each starts', () => {
    // The published example, then one point, then an empty text.
    const { values, starts } = decodePolylines(['_p~iF~ps|U_ulLnnqC_mqNvxq`@', encodePolyline([[-1.5, 2.25]]), ''])
    expect([...starts]).toEqual([0, 6, 8, 8])
    expect([...values]).toEqual([38.5, -120.2, 40.7, -120.95, 43.252, -126.453, -1.5, 2.25])
  })

  it('keeps to the points a text holds, even cut short', () => {
    // Cut after a latitude: that point with the longitude unchanged; a number cut halfway is left out.
    const text = encodePolyline([
      [38.5, -120.2],
      [40.7, -120.95],
    ])
    const { values, starts } = decodePolylines([text.slice(0, 15), text.slice(0, 13), text])
    expect([...starts]).toEqual([0, 4, 6, 10])
    expect([...values]).toEqual([38.5, -120.2, 40.7, -120.2, 38.5, -120.2, 38.5, -120.2, 40.7, -120.95])
  })

  it('leaves out a number cut after a chunk that holds only the continuation bit', () => {
    // Two points' latitudes, then a longitude cut after "~" (31, go on) and "_" (0, go on): unchanged.
    expect([...decodePolylines(['_p~iF~ps|U_ulL~_']).values]).toEqual([38.5, -120.2, 40.7, -120.2])
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

import L from 'leaflet'
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../../src/test-support/seeded-random'
import { projectLines } from './heatmapLayer'

describe('heatmap projection', () => {
  it('puts every point where Leaflet’s own Web Mercator puts it (1,000 random points, zoom 0 is 256 px wide)', () => {
    const random = seededRandom(17)
    const line = Array.from({ length: 1000 }, () => [(random() - 0.5) * 170, (random() - 0.5) * 360] as [number, number])
    const { lines } = projectLines([line])
    line.forEach(([lat, lon], i) => {
      const point = L.CRS.EPSG3857.latLngToPoint(L.latLng(lat, lon), 0)
      expect((lines[0]?.[2 * i] ?? 0) * 256).toBeCloseTo(point.x, 9)
      expect((lines[0]?.[2 * i + 1] ?? 0) * 256).toBeCloseTo(point.y, 9)
    })
  })

  it('keeps each line’s box and the bounds of all points', () => {
    const { boxes, bounds } = projectLines([
      [
        [45, 5],
        [46, 6],
      ],
      [[-10, -20]],
    ])
    const corner = (lat: number, lon: number) => L.CRS.EPSG3857.latLngToPoint(L.latLng(lat, lon), 0).divideBy(256)
    expect([...boxes.slice(0, 4)].map((value) => Number(value.toFixed(9)))).toEqual(
      [corner(45, 5).x, corner(46, 6).y, corner(46, 6).x, corner(45, 5).y].map((value) => Number(value.toFixed(9))),
    )
    expect(bounds?.getSouthWest()).toEqual(L.latLng(-10, -20))
    expect(bounds?.getNorthEast()).toEqual(L.latLng(46, 6))
    expect(projectLines([]).bounds).toBeNull()
  })
})

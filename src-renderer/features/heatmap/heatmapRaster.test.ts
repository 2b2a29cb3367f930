import L from 'leaflet'
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../../src/test-support/seeded-random'
import { encodePolyline } from '../../../src/domain/heatmap'
import { countLines, FIT, fitView, paintCounts, projectLines, unproject, type ProjectedLines } from './heatmapRaster'

describe('heatmap projection', () => {
  it('decodes and puts every point where Leaflet’s own Web Mercator puts it (1,000 random points, zoom 0 is 256 px wide)', () => {
    const random = seededRandom(17)
    // At the 5 decimals of the answer's encoding.
    const line = Array.from({ length: 1000 }, () => [Math.round((random() - 0.5) * 170e5) / 1e5, Math.round((random() - 0.5) * 360e5) / 1e5] as [number, number])
    const { points, starts } = projectLines([encodePolyline(line)])
    expect([...starts]).toEqual([0, 2000])
    line.forEach(([lat, lon], i) => {
      const point = L.CRS.EPSG3857.latLngToPoint(L.latLng(lat, lon), 0)
      expect((points[2 * i] ?? 0) * 256).toBeCloseTo(point.x, 9)
      expect((points[2 * i + 1] ?? 0) * 256).toBeCloseTo(point.y, 9)
    })
  })

  it('keeps each line’s box and the bounds of all points', () => {
    const { boxes, bounds } = projectLines([
      encodePolyline([
        [45, 5],
        [46, 6],
      ]),
      encodePolyline([[-10, -20]]),
    ])
    const corner = (lat: number, lon: number) => L.CRS.EPSG3857.latLngToPoint(L.latLng(lat, lon), 0).divideBy(256)
    expect([...boxes.slice(0, 4)].map((value) => Number(value.toFixed(9)))).toEqual(
      [corner(45, 5).x, corner(46, 6).y, corner(46, 6).x, corner(45, 5).y].map((value) => Number(value.toFixed(9))),
    )
    expect(bounds).toEqual([-10, -20, 46, 6])
    expect(projectLines([]).bounds).toBeNull()
  })
})

describe('heatmap fitting', () => {
  /** A Leaflet map of `width` × `height` pixels (the test's DOM lays nothing out: the size is given). */
  function leafletMap(width: number, height: number): L.Map {
    const element = document.createElement('div')
    Object.defineProperty(element, 'clientWidth', { value: width })
    Object.defineProperty(element, 'clientHeight', { value: height })
    document.body.append(element)
    return L.map(element, { zoomSnap: FIT.zoomSnap }).setView([0, 0], 1)
  }

  it('fits the lines as Leaflet’s fitBounds does, and Leaflet takes that view back from its centre (60 random boxes and maps)', () => {
    // Zoom steps of a quarter, as in a browser (the test's DOM has no 3D transforms: Leaflet would snap to whole zooms).
    Object.assign(L.Browser, { any3d: true })
    const random = seededRandom(7)
    for (let i = 0; i < 60; i++) {
      const south = (random() - 0.5) * 140
      const west = (random() - 0.5) * 240
      // From a few metres (the maximum zoom applies) to a continent.
      const span = 10 ** (random() * 5 - 4) * 60
      const line = [
        [south, west],
        [Math.min(84, south + span * random()), west + span],
      ].map(([lat, lon]) => [Math.round((lat ?? 0) * 1e5) / 1e5, Math.round((lon ?? 0) * 1e5) / 1e5] as [number, number])
      const { bounds, extent } = projectLines([encodePolyline(line)])
      const [width, height] = [300 + Math.round(random() * 1100), 318 + Math.round(random() * 600)]
      if (!bounds || !extent) throw new Error('no bounds')
      const fitted = fitView(extent, width, height)
      const map = leafletMap(width, height)
      map.fitBounds(
        [
          [bounds[0], bounds[1]],
          [bounds[2], bounds[3]],
        ],
        { padding: [FIT.padding, FIT.padding], maxZoom: FIT.maxZoom, animate: false },
      )
      expect(fitted.zoom).toBe(map.getZoom())
      // Leaflet's corner (world pixel of the map's top left) is within a pixel of ours (its own rounding of the same centre).
      const corner = map.containerPointToLayerPoint([0, 0]).add(map.getPixelOrigin())
      expect(Math.abs(corner.x - fitted.left)).toBeLessThanOrEqual(1)
      expect(Math.abs(corner.y - fitted.top)).toBeLessThanOrEqual(1)
      // The map set afresh (as the page does) to our centre and zoom has exactly our corner: the worker's picture fits it.
      const scale = 256 * 2 ** fitted.zoom
      const centred = leafletMap(width, height).setView(unproject((fitted.left + width / 2) / scale, (fitted.top + height / 2) / scale), fitted.zoom, { reset: true })
      expect([centred.getPixelOrigin().x, centred.getPixelOrigin().y]).toEqual([fitted.left, fitted.top])
      for (const used of [map, centred]) {
        used.getContainer().remove()
        used.remove()
      }
    }
  })
})

/** Lines given straight in raster pixels (scale 1, no offset), with their boxes. */
function pixelLines(lines: number[][]): ProjectedLines {
  const boxes = new Float64Array(lines.length * 4)
  const starts = new Uint32Array(lines.length + 1)
  lines.forEach((xy, index) => {
    const xs = xy.filter((_, i) => i % 2 === 0)
    const ys = xy.filter((_, i) => i % 2 === 1)
    boxes.set([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], index * 4)
    starts[index + 1] = (starts[index] ?? 0) + xy.length
  })
  return { points: Float64Array.from(lines.flat()), starts, boxes, bounds: null, extent: null }
}

const view = { scale: 1, left: 0, top: 0, width: 20, height: 10, thickness: 1 }
const painted = (counts: Uint8Array) => [...counts].filter((count) => count > 0).length

describe('heatmap raster', () => {
  it('marks each pixel a line crosses, as wide as asked, across its direction', () => {
    // A horizontal line from x 2 to 12 covers 11 pixels; 2 pixels wide, rows 4 and 5.
    const counts = countLines(pixelLines([[2, 5, 12, 5]]), { ...view, thickness: 2 })
    expect(painted(counts)).toBe(22)
    expect(counts[4 * 20 + 2]).toBe(1)
    expect(counts[5 * 20 + 12]).toBe(1)
    expect(counts[6 * 20 + 7]).toBe(0)
    // A vertical one: 2 pixels wide in x, 9 rows.
    expect(painted(countLines(pixelLines([[5, 0, 5, 8]]), { ...view, thickness: 2 }))).toBe(18)
    // A diagonal: one pixel per step, both ends included.
    const diagonal = countLines(pixelLines([[0, 0, 7, 7]]), view)
    expect(painted(diagonal)).toBe(8)
    expect([0, 1, 2, 3, 4, 5, 6, 7].every((i) => diagonal[i * 20 + i] === 1)).toBe(true)
  })

  it('counts overlapping lines, but a line crossing itself once', () => {
    const twice = countLines(pixelLines([[0, 3, 19, 3], [0, 3, 19, 3]]), view)
    expect(twice[3 * 20 + 10]).toBe(2)
    // Out, back and across itself: still one line on each pixel.
    const folded = countLines(pixelLines([[0, 3, 19, 3, 0, 3, 10, 0, 10, 9]]), view)
    expect(Math.max(...folded)).toBe(1)
  })

  it('clips segments to the raster: far-off parts cost nothing and leave nothing', () => {
    // From a billion pixels left to a billion right through row 2: exactly the row (walked
    // unclipped, its two billion steps would outlast the test's time limit).
    expect(painted(countLines(pixelLines([[-1e9, 2, 1e9, 2]]), view))).toBe(20)
    expect(painted(countLines(pixelLines([[-50, -50, -10, -40]]), view))).toBe(0)
    // The scale and offset place projected points: 0.5 × 40 − 10 = 10.
    expect(countLines(pixelLines([[0.5, 0.25, 0.5, 0.25]]), { ...view, scale: 40, left: 10, top: 5 })[5 * 20 + 10]).toBe(1)
  })

  it('colours n lines as n strokes of 60 % opacity one over the other: alpha 1 − 0.4^n', () => {
    const pixels = paintCounts(Uint8Array.from([0, 1, 2, 255]), { color: '#a61e4d', opacity: 0.6 })
    // 0.6 × 255 = 153; (1 − 0.16) × 255 = 214.2; 255 lines cover fully.
    expect([...pixels]).toEqual([0, 0, 0, 0, 0xa6, 0x1e, 0x4d, 153, 0xa6, 0x1e, 0x4d, 214, 0xa6, 0x1e, 0x4d, 255])
  })
})

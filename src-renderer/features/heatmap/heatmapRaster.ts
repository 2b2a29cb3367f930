import { decodePolylineFlat } from '../../../src/domain/heatmap'

/** Leaflet's Web Mercator latitude limit (beyond it the projection runs to infinity). */
const MAX_LATITUDE = 85.0511287798

/** Lines projected once, in Web Mercator units (the world 1 wide; × the CRS scale of a zoom gives Leaflet's pixels). */
export interface ProjectedLines {
  /** Per line: x, y, x, y… */
  readonly lines: readonly Float64Array[]
  /** Per line: its box, minX, minY, maxX, maxY. */
  readonly boxes: Float64Array
  /** Every point's box in degrees (south, west, north, east), for fitting the map; null without points. */
  readonly bounds: readonly [number, number, number, number] | null
}

/**
 * Decodes the answer's lines (encoded polylines) and projects every point once, straight into
 * typed arrays (no object per point), so a redraw only scales and shifts.
 */
export function projectLines(texts: readonly string[]): ProjectedLines {
  const boxes = new Float64Array(texts.length * 4)
  let [south, west, north, east] = [Infinity, Infinity, -Infinity, -Infinity]
  const lines = texts.map((text, index) => {
    // Projected in place: lat, lon becomes x, y.
    const xy = decodePolylineFlat(text)
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity]
    for (let i = 0; i < xy.length; i += 2) {
      const lat = xy[i] ?? 0
      const lon = xy[i + 1] ?? 0
      const sin = Math.sin((Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180)
      const x = (lon + 180) / 360
      const y = 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)
      xy[i] = x
      xy[i + 1] = y
      minX = Math.min(minX, x)
      maxX = Math.max(maxX, x)
      minY = Math.min(minY, y)
      maxY = Math.max(maxY, y)
      south = Math.min(south, lat)
      north = Math.max(north, lat)
      west = Math.min(west, lon)
      east = Math.max(east, lon)
    }
    boxes.set([minX, minY, maxX, maxY], index * 4)
    return xy
  })
  return { lines, boxes, bounds: south <= north ? [south, west, north, east] : null }
}

/** Where the lines land: device pixels = projected × scale − (left, top), clipped to width × height. */
export interface RasterView {
  readonly scale: number
  readonly left: number
  readonly top: number
  readonly width: number
  readonly height: number
  /** Line width in device pixels. */
  readonly thickness: number
}

/**
 * Per pixel, how many distinct lines cross it (at most 255): each segment walked with
 * Bresenham's algorithm, `thickness` pixels across its main direction. A line that crosses
 * itself counts once there, as one see-through stroke per line did. Plain arithmetic on arrays:
 * Chromium's software canvas took ~1 s to stroke 5,000 lines.
 */
export function countLines(projected: ProjectedLines, view: RasterView): Uint8Array {
  const { scale, left, top, width, height, thickness } = view
  const counts = new Uint8Array(width * height)
  // The last line that marked each pixel (its index + 1).
  const seen = new Int32Array(width * height)
  // Pixel x covers [x, x + 1): a 2-pixel line at y 5 covers rows 4 and 5.
  const before = Math.floor(thickness / 2)
  const { lines, boxes } = projected
  let mark = 0
  const segment = new Float64Array(4)
  const plot = (x: number, y: number): void => {
    if (x < 0 || y < 0 || x >= width || y >= height) return
    const pixel = y * width + x
    if (seen[pixel] === mark) return
    seen[pixel] = mark
    if ((counts[pixel] ?? 255) < 255) counts[pixel] = (counts[pixel] ?? 0) + 1
  }
  lines.forEach((xy, index) => {
    const box = index * 4
    // Lines wholly outside cost nothing.
    if ((boxes[box + 2] ?? 0) * scale - left < -thickness || (boxes[box] ?? 0) * scale - left > width + thickness) return
    if ((boxes[box + 3] ?? 0) * scale - top < -thickness || (boxes[box + 1] ?? 0) * scale - top > height + thickness) return
    mark = index + 1
    for (let i = 2; i < xy.length; i += 2) {
      segment[0] = (xy[i - 2] ?? 0) * scale - left
      segment[1] = (xy[i - 1] ?? 0) * scale - top
      segment[2] = (xy[i] ?? 0) * scale - left
      segment[3] = (xy[i + 1] ?? 0) * scale - top
      if (!clip(segment, width, height, thickness)) continue
      let x = Math.floor(segment[0] ?? 0)
      let y = Math.floor(segment[1] ?? 0)
      const endX = Math.floor(segment[2] ?? 0)
      const endY = Math.floor(segment[3] ?? 0)
      const dx = Math.abs(endX - x)
      const dy = -Math.abs(endY - y)
      const stepX = x < endX ? 1 : -1
      const stepY = y < endY ? 1 : -1
      const alongX = dx >= -dy
      let error = dx + dy
      for (;;) {
        for (let k = 0; k < thickness; k++) {
          if (alongX) plot(x, y - before + k)
          else plot(x - before + k, y)
        }
        if (x === endX && y === endY) break
        const twice = 2 * error
        if (twice >= dy) {
          error += dy
          x += stepX
        }
        if (twice <= dx) {
          error += dx
          y += stepY
        }
      }
    }
  })
  return counts
}

/**
 * Clips a segment to the raster plus a margin (Liang–Barsky), in place in `segment` (x0, y0, x1,
 * y1); false when none of it is inside. In place, without closures: it runs for each of
 * ~450,000 segments.
 */
function clip(segment: Float64Array, width: number, height: number, margin: number): boolean {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = segment
  const dx = x1 - x0
  const dy = y1 - y0
  let from = 0
  let to = 1
  // Each edge keeps the part of the segment where p × t ≤ q.
  for (let edge = 0; edge < 4; edge++) {
    const p = edge === 0 ? -dx : edge === 1 ? dx : edge === 2 ? -dy : dy
    const q = edge === 0 ? x0 + margin : edge === 1 ? width + margin - x0 : edge === 2 ? y0 + margin : height + margin - y0
    if (p === 0) {
      if (q < 0) return false
    } else if (p < 0) from = Math.max(from, q / p)
    else to = Math.min(to, q / p)
  }
  if (from > to) return false
  segment[0] = x0 + from * dx
  segment[1] = y0 + from * dy
  segment[2] = x0 + to * dx
  segment[3] = y0 + to * dy
  return true
}

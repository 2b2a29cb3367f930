import { decodePolylines } from '../../../src/domain/heatmap'

/** Leaflet's Web Mercator latitude limit (beyond it the projection runs to infinity). */
const MAX_LATITUDE = 85.0511287798

export interface LineStyle {
  readonly color: string
  readonly opacity: number
}

/**
 * Light and dark line colours: see-through, so where routes overlap the colour builds up (the
 * "heat"). Even a single line keeps 3:1 against the plain background (WCAG non-text contrast:
 * 3.0:1 on gray-1, 3.6:1 on dark-6, computed from the blended colours).
 */
export const LINE_STYLES: Readonly<Record<'light' | 'dark', LineStyle>> = { light: { color: '#a61e4d', opacity: 0.6 }, dark: { color: '#ffa94d', opacity: 0.6 } }
/** Line width in CSS pixels. */
const LINE_WEIGHT = 2

/** How the map fits the lines (Leaflet's `fitBounds` options), for the map and the worker's first picture alike. */
export const FIT = { padding: 20, maxZoom: 15, zoomSnap: 0.25 } as const

/** Share of the map drawn beyond each edge, so a drag shows lines before the redraw at its end. */
const CANVAS_PADDING = 0.1

/** Lines projected once, in Web Mercator units (the world 1 wide; × the CRS scale of a zoom gives Leaflet's pixels). */
export interface ProjectedLines {
  /** x, y, x, y… of every line, one after the other. */
  readonly points: Float64Array
  /** Where each line starts in `points`, and one past the last line's end (lines + 1 entries). */
  readonly starts: Uint32Array
  /** Per line: its box, minX, minY, maxX, maxY. */
  readonly boxes: Float64Array
  /** Every point's box in degrees (south, west, north, east), for fitting the map; null without points. */
  readonly bounds: readonly [number, number, number, number] | null
  /** The same box projected (minX, minY, maxX, maxY); null without points. */
  readonly extent: readonly [number, number, number, number] | null
}

/**
 * Decodes the answer's lines (encoded polylines) into one typed array and projects every point
 * there, in place (lat, lon becomes x, y), so a redraw only scales and shifts.
 */
export function projectLines(texts: readonly string[]): ProjectedLines {
  const { values: points, starts } = decodePolylines(texts)
  const boxes = new Float64Array(texts.length * 4)
  let [south, west, north, east] = [Infinity, Infinity, -Infinity, -Infinity]
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity]
  for (let line = 0; line < texts.length; line++) {
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity]
    for (let i = starts[line] ?? 0, end = starts[line + 1] ?? 0; i < end; i += 2) {
      const lat = points[i] ?? 0
      const lon = points[i + 1] ?? 0
      const sin = Math.sin((Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180)
      const x = (lon + 180) / 360
      const y = 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)
      points[i] = x
      points[i + 1] = y
      minX = Math.min(minX, x)
      maxX = Math.max(maxX, x)
      minY = Math.min(minY, y)
      maxY = Math.max(maxY, y)
      south = Math.min(south, lat)
      north = Math.max(north, lat)
      west = Math.min(west, lon)
      east = Math.max(east, lon)
    }
    boxes[4 * line] = minX
    boxes[4 * line + 1] = minY
    boxes[4 * line + 2] = maxX
    boxes[4 * line + 3] = maxY
    left = Math.min(left, minX)
    top = Math.min(top, minY)
    right = Math.max(right, maxX)
    bottom = Math.max(bottom, maxY)
  }
  const found = south <= north
  return { points, starts, boxes, bounds: found ? [south, west, north, east] : null, extent: found ? [left, top, right, bottom] : null }
}

/** The map's view: its zoom and the world pixel (at that zoom) of its top-left corner, as Leaflet's pixel origin. */
export interface MapView {
  readonly zoom: number
  readonly left: number
  readonly top: number
}

/**
 * The view Leaflet's `fitBounds` (with {@link FIT}) gives a map of `width` × `height` CSS pixels
 * for a projected `extent`: the largest zoom step where it fits inside the padding (a zoom within
 * 1 % of a step counts as that step), centred, the corner rounded to whole pixels as Leaflet does.
 */
export function fitView(extent: readonly [number, number, number, number], width: number, height: number): MapView {
  const [minX, minY, maxX, maxY] = extent
  const fits = Math.min(Math.log2((width - 2 * FIT.padding) / ((maxX - minX) * 256)), Math.log2((height - 2 * FIT.padding) / ((maxY - minY) * 256)))
  const step = FIT.zoomSnap
  const zoom = Math.max(0, Math.min(FIT.maxZoom, Math.floor((Math.round(fits / (step / 100)) * (step / 100)) / step) * step))
  const scale = 256 * 2 ** zoom
  return { zoom, left: Math.round(((minX + maxX) / 2) * scale - width / 2), top: Math.round(((minY + maxY) / 2) * scale - height / 2) }
}

/** Latitude and longitude of a projected point (the inverse of {@link projectLines}' projection). */
export function unproject(x: number, y: number): [number, number] {
  return [(Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI, x * 360 - 180]
}

/** The canvas behind a map of `width` × `height` CSS pixels: its margin beyond each edge and its size. */
export function canvasAround(width: number, height: number): { marginX: number; marginY: number; width: number; height: number } {
  const marginX = Math.round(width * CANVAS_PADDING)
  const marginY = Math.round(height * CANVAS_PADDING)
  return { marginX, marginY, width: width + 2 * marginX, height: height + 2 * marginY }
}

/**
 * The raster of a canvas of `width` × `height` CSS pixels whose corner is world pixel (left, top)
 * at `zoom`, on a screen of `ratio` device pixels per CSS pixel.
 */
export function rasterView(canvas: MapView & { width: number; height: number }, ratio: number): RasterView {
  return {
    scale: 256 * 2 ** canvas.zoom * ratio,
    left: canvas.left * ratio,
    top: canvas.top * ratio,
    width: Math.round(canvas.width * ratio),
    height: Math.round(canvas.height * ratio),
    thickness: Math.max(1, Math.round(LINE_WEIGHT * ratio)),
  }
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
 * itself counts once there, as one see-through stroke per line did. Plain arithmetic on typed
 * arrays, without closures or destructuring in the loops (~450,000 segments): Chromium's
 * software canvas took ~1 s to stroke 5,000 lines.
 */
export function countLines(projected: ProjectedLines, view: RasterView): Uint8Array {
  const { scale, left, top, width, height, thickness } = view
  const counts = new Uint8Array(width * height)
  // The last line that marked each pixel (its index + 1).
  const seen = new Int32Array(width * height)
  // Pixel x covers [x, x + 1): a 2-pixel line at y 5 covers rows 4 and 5.
  const before = Math.floor(thickness / 2)
  const { points, starts, boxes } = projected
  const segment = new Float64Array(4)
  for (let line = 0; line + 1 < starts.length; line++) {
    const box = line * 4
    // Lines wholly outside cost nothing.
    if ((boxes[box + 2] ?? 0) * scale - left < -thickness || (boxes[box] ?? 0) * scale - left > width + thickness) continue
    if ((boxes[box + 3] ?? 0) * scale - top < -thickness || (boxes[box + 1] ?? 0) * scale - top > height + thickness) continue
    const mark = line + 1
    for (let i = (starts[line] ?? 0) + 2, end = starts[line + 1] ?? 0; i < end; i += 2) {
      segment[0] = (points[i - 2] ?? 0) * scale - left
      segment[1] = (points[i - 1] ?? 0) * scale - top
      segment[2] = (points[i] ?? 0) * scale - left
      segment[3] = (points[i + 1] ?? 0) * scale - top
      if (!clip(segment, width, height, thickness)) continue
      let x = Math.floor(segment[0] ?? 0)
      let y = Math.floor(segment[1] ?? 0)
      const endX = Math.floor(segment[2] ?? 0)
      const endY = Math.floor(segment[3] ?? 0)
      const dx = Math.abs(endX - x)
      const dy = -Math.abs(endY - y)
      const stepX = x < endX ? 1 : -1
      const stepY = y < endY ? 1 : -1
      // Across the main direction: the next row for a flat segment, the next column for a steep one.
      const acrossX = dx >= -dy ? 0 : 1
      const acrossY = 1 - acrossX
      let error = dx + dy
      for (;;) {
        for (let k = 0, px = x - before * acrossX, py = y - before * acrossY; k < thickness; k++, px += acrossX, py += acrossY) {
          if (px < 0 || py < 0 || px >= width || py >= height) continue
          const pixel = py * width + px
          if (seen[pixel] === mark) continue
          seen[pixel] = mark
          const count = counts[pixel] ?? 255
          if (count < 255) counts[pixel] = count + 1
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
  }
  return counts
}

/**
 * Clips a segment to the raster plus a margin (Liang–Barsky), in place in `segment` (x0, y0, x1,
 * y1); false when none of it is inside.
 */
function clip(segment: Float64Array, width: number, height: number, margin: number): boolean {
  const x0 = segment[0] ?? 0
  const y0 = segment[1] ?? 0
  const dx = (segment[2] ?? 0) - x0
  const dy = (segment[3] ?? 0) - y0
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

/**
 * The counts as RGBA pixels of `color` (#rrggbb): n lines give alpha 1 − (1 − opacity)^n, the
 * colour n see-through strokes one over the other gave, so overlaps keep their colours and contrast.
 */
export function paintCounts(counts: Uint8Array, style: { color: string; opacity: number }): Uint8ClampedArray<ArrayBuffer> {
  const pixels = new Uint8ClampedArray(counts.length * 4)
  const red = parseInt(style.color.slice(1, 3), 16)
  const green = parseInt(style.color.slice(3, 5), 16)
  const blue = parseInt(style.color.slice(5, 7), 16)
  const alphas = Uint8Array.from({ length: 256 }, (_, count) => Math.round(255 * (1 - (1 - style.opacity) ** count)))
  for (let pixel = 0; pixel < counts.length; pixel++) {
    const count = counts[pixel] ?? 0
    if (count === 0) continue
    pixels[4 * pixel] = red
    pixels[4 * pixel + 1] = green
    pixels[4 * pixel + 2] = blue
    pixels[4 * pixel + 3] = alphas[count] ?? 255
  }
  return pixels
}

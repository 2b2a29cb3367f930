import type { LatLon } from '../analysis/map-polyline'

/**
 * The "encoded polyline" text form of a line (the algorithm Google publishes for its maps):
 * each coordinate as the difference from the previous one at 5 decimals, zig-zag signed, in
 * 5-bit chunks offset into printable ASCII (63–126). About 2–3 characters per coordinate for
 * nearby points, against ~10 in JSON, and never a quote, backslash or newline.
 */
export function encodePolyline(line: readonly LatLon[]): string {
  let text = ''
  let previousLat = 0
  let previousLon = 0
  for (const [lat, lon] of line) {
    const latE5 = Math.round(lat * 1e5)
    const lonE5 = Math.round(lon * 1e5)
    text += encodeNumber(latE5 - previousLat) + encodeNumber(lonE5 - previousLon)
    previousLat = latE5
    previousLon = lonE5
  }
  return text
}

function encodeNumber(delta: number): string {
  let value = delta < 0 ? ~(delta << 1) : delta << 1
  let text = ''
  while (value >= 0x20) {
    text += String.fromCharCode((0x20 | (value & 0x1f)) + 63)
    value >>= 5
  }
  return text + String.fromCharCode(value + 63)
}

/** The line of an {@link encodePolyline} text (5 decimals). */
export function decodePolyline(text: string): LatLon[] {
  const { values } = decodePolylines([text])
  return Array.from({ length: values.length / 2 }, (_, i) => [values[2 * i] ?? 0, values[2 * i + 1] ?? 0])
}

/** Many lines decoded into one array: line `i` is `values[starts[i]]` up to `values[starts[i + 1]]`. */
export interface DecodedLines {
  /** lat, lon, lat, lon… of every line, one after the other. */
  readonly values: Float64Array
  /** Where each line starts in `values`, and one past the last line's end (lines + 1 entries). */
  readonly starts: Uint32Array
}

/**
 * Every line of {@link encodePolyline} texts in one typed array: no object per point nor array
 * per line, for the heatmap's ~450,000 points in ~5,000 lines. A first pass counts the numbers
 * (each ends on a character below 95) so the array is allocated once, at its size.
 */
export function decodePolylines(texts: readonly string[]): DecodedLines {
  const starts = new Uint32Array(texts.length + 1)
  for (let line = 0; line < texts.length; line++) {
    const text = texts[line] ?? ''
    let numbers = 0
    for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) < 95) numbers++
    // A text cut after a latitude still gets its point (longitude unchanged).
    starts[line + 1] = (starts[line] ?? 0) + numbers + (numbers % 2)
  }
  const values = new Float64Array(starts[texts.length] ?? 0)
  for (let line = 0; line < texts.length; line++) {
    const text = texts[line] ?? ''
    // Whole 1e-5 degrees, summed as integers so no rounding builds up along the line.
    let lat = 0
    let lon = 0
    let index = 0
    // As many points as the first pass counted, whatever the text's end holds.
    let count = starts[line] ?? 0
    const end = starts[line + 1] ?? 0
    while (count < end) {
      for (let coordinate = 0; coordinate < 2; coordinate++) {
        let result = 0
        let shift = 0
        let chunk = 0x20
        while (chunk >= 0x20 && index < text.length) {
          chunk = text.charCodeAt(index++) - 63
          result |= (chunk & 0x1f) << shift
          shift += 5
        }
        // A number the text cuts off (or none left) changes nothing.
        const delta = chunk >= 0x20 ? 0 : result & 1 ? ~(result >> 1) : result >> 1
        if (coordinate === 0) lat += delta
        else lon += delta
      }
      values[count++] = lat / 1e5
      values[count++] = lon / 1e5
    }
  }
  return { values, starts }
}

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
  const flat = decodePolylineFlat(text)
  return Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i] ?? 0, flat[2 * i + 1] ?? 0])
}

/**
 * The same line as lat, lon, lat, lon… in one typed array: no object per point, for the heatmap
 * page's ~450,000 points.
 */
export function decodePolylineFlat(text: string): Float64Array {
  // Each coordinate takes one character at least: the text's length bounds the array's.
  const flat = new Float64Array(text.length)
  let count = 0
  let index = 0
  let lat = 0
  let lon = 0
  const next = (): number => {
    let result = 0
    let shift = 0
    let byte: number
    do {
      byte = text.charCodeAt(index++) - 63
      result |= (byte & 0x1f) << shift
      shift += 5
    } while (byte >= 0x20 && index < text.length)
    return result & 1 ? ~(result >> 1) : result >> 1
  }
  while (index < text.length) {
    lat += next()
    lon += next()
    flat[count++] = lat / 1e5
    flat[count++] = lon / 1e5
  }
  return flat.slice(0, count)
}

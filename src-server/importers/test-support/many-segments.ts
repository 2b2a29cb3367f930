/**
 * A GPX whose track is `count` segments of `points` points each, without elevation, one second
 * apart: the shape of issue 14 H1 (200,000 one-point segments are 17.6 MB, under the default
 * 20 MB limit; 88 bytes a one-point segment).
 */
export function manySegmentsGpx(count: number, points: number): string {
  const parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="hostile" xmlns="http://www.topografix.com/GPX/1/1"><trk>']
  for (let s = 0, n = 0; s < count; s += 1) {
    parts.push('<trkseg>')
    for (let p = 0; p < points; p += 1, n += 1) {
      const time = new Date(Date.UTC(2024, 0, 1) + n * 1000).toISOString().replace('.000', '')
      parts.push(`<trkpt lat="${(45 + n * 1e-5).toFixed(5)}" lon="6"><time>${time}</time></trkpt>`)
    }
    parts.push('</trkseg>')
  }
  parts.push('</trk></gpx>')
  return parts.join('')
}

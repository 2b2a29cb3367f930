import { allSegments, type Track, type TrackSegment } from '../../../src/domain/track'
import { AppError } from '../../../src/errors'

const GPX_NS = 'http://www.topografix.com/GPX/1/1'
/** Garmin's extensions, as Garmin Connect, Strava and most apps write and read them. */
const TPX_NS = 'http://www.garmin.com/xmlschemas/TrackPointExtension/v1'
const PWR_NS = 'http://www.garmin.com/xmlschemas/PowerExtension/v1'
const SCHEMAS = [
  `${GPX_NS} http://www.topografix.com/GPX/1/1/gpx.xsd`,
  `${TPX_NS} http://www.garmin.com/xmlschemas/TrackPointExtensionv1.xsd`,
  `${PWR_NS} http://www.garmin.com/xmlschemas/PowerExtensionv1.xsd`,
].join(' ')

/** Text for XML content and attributes; control characters (not allowed in XML 1.0) are dropped. */
const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/[^\P{Cc}\t\n\r]/gu, '')

/** What to write beside the points. */
export interface GpxExportOptions {
  /** The track's `<name>` (the workout's title). */
  readonly name: string
  /** The track's `<type>`: the sport's label, which our importer reads back as that sport. */
  readonly type: string | null
  /**
   * Only this segment, 1-based, counted as the analysis counts them (segments of at least two
   * points, in file order), so `/gpx/segment/2` is the segment the workout page shows as 2.
   */
  readonly segment?: number
}

/** An integer sensor value, when the extension's schema type can hold it (unsigned byte/short). */
function whole(column: Float64Array | null, index: number, max: number): number | null {
  const value = column?.[index]
  if (value === undefined || Number.isNaN(value)) return null
  const rounded = Math.round(value)
  return rounded >= 0 && rounded <= max ? rounded : null
}

function pointXml(segment: TrackSegment, index: number): string {
  const lat = segment.lat[index] ?? Number.NaN
  const lon = segment.lon[index] ?? Number.NaN
  const ele = segment.ele[index] ?? Number.NaN
  const time = segment.time[index] ?? Number.NaN
  let xml = `<trkpt lat="${lat}" lon="${lon}">`
  if (!Number.isNaN(ele)) xml += `<ele>${ele}</ele>`
  if (!Number.isNaN(time)) xml += `<time>${new Date(time).toISOString()}</time>`
  const temperature = segment.temperature?.[index] ?? Number.NaN
  const heartRate = whole(segment.heartRate, index, 255)
  const cadence = whole(segment.cadence, index, 255)
  const power = whole(segment.power, index, 65_535)
  // TrackPointExtension v1's children in its schema's order: atemp, (wtemp, depth,) hr, cad.
  let tpx = ''
  if (!Number.isNaN(temperature)) tpx += `<gpxtpx:atemp>${temperature}</gpxtpx:atemp>`
  if (heartRate !== null) tpx += `<gpxtpx:hr>${heartRate}</gpxtpx:hr>`
  if (cadence !== null) tpx += `<gpxtpx:cad>${cadence}</gpxtpx:cad>`
  if (tpx !== '' || power !== null) {
    xml += '<extensions>'
    if (power !== null) xml += `<gpxpx:PowerInWatts>${power}</gpxpx:PowerInWatts>`
    if (tpx !== '') xml += `<gpxtpx:TrackPointExtension>${tpx}</gpxtpx:TrackPointExtension>`
    xml += '</extensions>'
  }
  return `${xml}</trkpt>`
}

/**
 * An activity as a GPX 1.1 document that keeps what was recorded: positions, elevation and time
 * of every point, and heart rate, cadence, temperature (Garmin TrackPointExtension v1) and power
 * (Garmin PowerExtension v1), one `<trkseg>` per segment, so importing it again (here or elsewhere)
 * gives the same workout. Points without a position cannot be written in GPX and are left out:
 * like our own analysis, an importer bridges them.
 *
 * The document comes in pieces (a point, a tag, a line break), in order: a caller writes them out
 * as they come, so the text of a long track is never whole in memory. The segment is chosen at
 * once, so a wrong one throws before any piece.
 *
 * @throws AppError `segment_not_found` when `options.segment` names no segment
 */
export function gpxPieces(track: Track, options: GpxExportOptions): Generator<string, void, undefined> {
  const all = allSegments(track)
  let segments: TrackSegment[] = all
  if (options.segment !== undefined) {
    const chosen = all.filter((segment) => segment.size >= 2)[options.segment - 1]
    if (!chosen) throw new AppError('segment_not_found')
    segments = [chosen]
  }
  return pieces(segments, options)
}

const hasPosition = (segment: TrackSegment, index: number) => !Number.isNaN((segment.lat[index] ?? Number.NaN) + (segment.lon[index] ?? Number.NaN))

function* pieces(segments: readonly TrackSegment[], options: GpxExportOptions): Generator<string, void, undefined> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n'
  yield `<gpx version="1.1" creator="Waymark" xmlns="${GPX_NS}" xmlns:gpxtpx="${TPX_NS}" xmlns:gpxpx="${PWR_NS}"`
  yield ` xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${SCHEMAS}">\n`
  yield `<trk><name>${escapeXml(options.name)}</name>${options.type === null ? '' : `<type>${escapeXml(options.type)}</type>`}\n`
  for (const segment of segments) {
    // A segment without any position is left out whole (no empty <trkseg>).
    let first = 0
    while (first < segment.size && !hasPosition(segment, first)) first += 1
    if (first === segment.size) continue
    yield `<trkseg>\n${pointXml(segment, first)}`
    for (let index = first + 1; index < segment.size; index += 1) if (hasPosition(segment, index)) yield `\n${pointXml(segment, index)}`
    yield '\n</trkseg>\n'
  }
  yield '</trk></gpx>\n'
}

import type { Track, TrackSegment } from '../../../src/domain/track'
import { TrackSegmentBuilder, type TrackPointInput } from '../../../src/domain/track-builder'
import { PointBudget } from '../point-budget'
import { TrackFileError } from '../track-file-error'
import { cleanText, SENSOR_RANGES, validPosition, withinRange } from '../values'
import { readXmlFile, type XmlHandler } from '../xml/xml-reader'
import type { XmlAttributes } from '../xml/xml-scanner'
import { XmlText } from '../xml/xml-text'

type Sensor = 'heartRate' | 'cadence' | 'power' | 'temperature'

/** `gx:SimpleArrayData` names apps use for sensor series (Google My Tracks, OpenTracks, …). */
const SENSOR_ARRAYS: Readonly<Record<string, Sensor>> = {
  heart_rate: 'heartRate',
  heartrate: 'heartRate',
  hr: 'heartRate',
  cadence: 'cadence',
  power: 'power',
  temperature: 'temperature',
}

/** A `gx:Track` being read: its `<when>`s and `<gx:coord>`s pair up by position. */
interface OpenTrack {
  times: number[]
  coords: string[]
  sensors: Partial<Record<Sensor, number[]>>
}

/**
 * Reads a KML document (Google Earth, My Tracks, OpenTracks…) into one activity, as the
 * reference tracker does: every `gx:Track` (also inside a `gx:MultiTrack`) is a segment, cut at
 * its empty `<gx:coord/>` pause markers, whose `<when>` and `<gx:coord>` pair up in order, with heart rate, cadence, power and temperature
 * from its `gx:SimpleArrayData`; without any, every `LineString` is a segment of positions without
 * time (which the analysis refuses as a route). Placemarks that are points are not tracks.
 */
class KmlHandler implements XmlHandler {
  private readonly stack: string[] = []
  private readonly budget = new PointBudget()
  private readonly timed: TrackSegment[] = []
  private readonly lines: TrackSegment[] = []
  private name: string | null = null
  private description: string | null = null
  private track: OpenTrack | null = null
  /** A `gx:Track` was read, even one without a position (then its points, not the track, are missing). */
  private sawTrack = false
  private sensor: Sensor | null = null
  private field: 'when' | 'coord' | 'coordinates' | 'value' | 'name' | 'description' | null = null
  private readonly buffer = new XmlText()

  open(name: string, attributes: XmlAttributes): void {
    const parent = this.stack[this.stack.length - 1]
    this.stack.push(name)
    if (this.stack.length === 1) {
      if (name !== 'kml') throw new TrackFileError('track_format_unsupported', `root element <${name}>`)
      return
    }
    if (name === 'Track') this.track = { times: [], coords: [], sensors: {} }
    else if (this.track && name === 'SimpleArrayData') {
      this.sensor = SENSOR_ARRAYS[(attributes.get('name') ?? '').toLowerCase()] ?? null
      if (this.sensor) this.track.sensors[this.sensor] = []
    } else if (this.track && name === 'when' && parent === 'Track') this.capture('when')
    else if (this.track && name === 'coord' && parent === 'Track') this.capture('coord')
    else if (this.track && this.sensor && name === 'value' && parent === 'SimpleArrayData') this.capture('value')
    else if (name === 'coordinates' && parent === 'LineString') this.capture('coordinates')
    else if ((name === 'name' || name === 'description') && (parent === 'Placemark' || parent === 'Document')) this.capture(name)
  }

  close(name: string): void {
    this.stack.pop()
    if (this.field !== null) this.finishText()
    if (name === 'SimpleArrayData') this.sensor = null
    else if (name === 'Track' && this.track) {
      this.timed.push(...this.trackSegments(this.track))
      this.sawTrack = true
      this.track = null
    }
  }

  get wantsText(): boolean {
    return this.field !== null
  }

  text(bytes: Uint8Array, start: number, end: number): void {
    if (this.field !== null) this.buffer.append(bytes, start, end)
  }

  /**
   * The activity.
   * @throws TrackFileError `track_no_points` when its tracks have no position, `track_no_track`
   *   when the document has no track or line
   */
  result(): Track {
    const segments = this.timed.length > 0 ? this.timed : this.lines
    if (segments.length === 0 && this.sawTrack) throw new TrackFileError('track_no_points', 'gx:Track without a position')
    if (segments.length === 0) throw new TrackFileError('track_no_track', 'no gx:Track or LineString')
    return { format: 'kml', name: this.name, description: this.description, sport: null, tracks: [{ name: this.name, description: this.description, segments }] }
  }

  private capture(field: NonNullable<KmlHandler['field']>): void {
    this.field = field
    this.buffer.clear()
  }

  private finishText(): void {
    const field = this.field
    this.field = null
    if (field === 'when') this.track?.times.push(this.buffer.isoTime())
    else if (field === 'coord') this.track?.coords.push(this.buffer.string())
    else if (field === 'value' && this.sensor) this.track?.sensors[this.sensor]?.push(this.buffer.decimal())
    else if (field === 'coordinates') this.lines.push(this.lineSegment(this.buffer.string()))
    else if (field === 'name') this.name ??= cleanText(this.buffer.string())
    else if (field === 'description') this.description ??= cleanText(this.buffer.string())
  }

  /** `lon lat [alt]` (gx:coord) or `lon,lat[,alt]` (coordinates) as a point's position. */
  private position(text: string, separator: RegExp): TrackPointInput {
    const [lon = Number.NaN, lat = Number.NaN, ele = Number.NaN] = text.trim().split(separator).map(Number)
    if (!validPosition(lat, lon)) throw new TrackFileError('track_invalid_coordinates', `coordinates "${text.slice(0, 80)}"`)
    return { lat, lon, ele }
  }

  /**
   * The segments of a `gx:Track`: its `<when>`s and `<gx:coord>`s in pairs. An empty `<gx:coord/>`
   * is a time without a position, which recorders (OpenTracks, Google My Tracks) write where the
   * recording started, paused or resumed: the track is cut there, so the pause is not ridden.
   */
  private trackSegments(track: OpenTrack): TrackSegment[] {
    if (track.times.length !== track.coords.length) {
      throw new TrackFileError('track_invalid_coordinates', `${track.times.length} <when> for ${track.coords.length} <gx:coord>`)
    }
    const segments: TrackSegment[] = []
    let builder = new TrackSegmentBuilder()
    let points = 0
    const cut = (): void => {
      if (points > 0) segments.push(builder.build())
      builder = new TrackSegmentBuilder()
      points = 0
    }
    for (const [index, coord] of track.coords.entries()) {
      if (coord.trim() === '') {
        cut()
        continue
      }
      this.budget.take()
      const point: TrackPointInput = { ...this.position(coord, /\s+/), time: track.times[index] ?? Number.NaN }
      for (const [sensor, values] of Object.entries(track.sensors) as [Sensor, number[]][]) {
        const [min, max] = SENSOR_RANGES[sensor]
        point[sensor] = withinRange(values[index] ?? Number.NaN, min, max)
      }
      builder.push(point)
      points += 1
    }
    cut()
    return segments
  }

  private lineSegment(text: string): TrackSegment {
    const builder = new TrackSegmentBuilder()
    // Some writers put a space after each comma (`4.86697, 44.85691, 0.0`, a KML 2.0 export):
    // white space beside a comma is inside a tuple, not between two.
    for (const tuple of text.trim().replace(/\s*,\s*/g, ',').split(/\s+/)) {
      if (tuple === '') continue
      this.budget.take()
      builder.push(this.position(tuple, /,/))
    }
    return builder.build()
  }
}

/**
 * Reads a KML file from disk, streaming.
 * @throws TrackFileError (`track_xml_invalid`, `track_no_track`, `track_invalid_coordinates`, …)
 */
export async function importKmlFile(path: string): Promise<Track> {
  const handler = new KmlHandler()
  await readXmlFile(path, handler)
  return handler.result()
}

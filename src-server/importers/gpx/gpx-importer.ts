import { stat } from 'node:fs/promises'
import type { Track, TrackPart, TrackSegment } from '../../../src/domain/track'
import { TrackSegmentBuilder } from '../../../src/domain/track-builder'
import { PointBudget } from '../point-budget'
import { TrackFileError } from '../track-file-error'
import { cleanText, SENSOR_RANGES, validPosition, withinRange } from '../values'
import { readXmlFile, readXmlString, type XmlHandler } from '../xml/xml-reader'
import type { XmlAttributes } from '../xml/xml-scanner'
import { XmlText } from '../xml/xml-text'

/** Which point column an extension element feeds (local names from Garmin, Cluetrust and others). */
const EXTENSION_FIELDS: Readonly<Record<string, 'heartRate' | 'cadence' | 'power' | 'temperature'>> = {
  hr: 'heartRate',
  heartrate: 'heartRate',
  HeartRate: 'heartRate',
  cad: 'cadence',
  cadence: 'cadence',
  Cadence: 'cadence',
  RunCadence: 'cadence',
  power: 'power',
  Watts: 'power',
  PowerInWatts: 'power',
  atemp: 'temperature',
  temp: 'temperature',
  temperature: 'temperature',
}

type TextTarget = 'ele' | 'time' | 'trkName' | 'trkDesc' | 'trkType' | 'metaName' | 'metaDesc' | 'extension' | null

/**
 * Reads GPX 1.0 and 1.1 into a {@link Track}: every `<trk>` with its `<trkseg>`s and `<trkpt>`s
 * (lat, lon, ele, time, and heart rate / cadence / power / temperature from `<extensions>`
 * whatever their namespace prefix). Routes and waypoints are not workouts and are ignored.
 */
class GpxHandler implements XmlHandler {
  /** @param expectedPoints a guess of the points per segment, to size the columns once */
  constructor(private readonly expectedPoints = 256) {}

  private readonly stack: string[] = []
  private readonly tracks: TrackPart[] = []
  private readonly budget = new PointBudget()
  private sawGpxRoot = false
  private sawRouteOrWaypoint = false
  private metaName: string | null = null
  private metaDesc: string | null = null
  private sport: string | null = null
  // current track
  private inTrack = false
  private trackName: string | null = null
  private trackDesc: string | null = null
  private segments: TrackSegment[] = []
  private segment: TrackSegmentBuilder | null = null
  // current point: plain fields, not an object per point
  private inPoint = false
  private lat = Number.NaN
  private lon = Number.NaN
  private ele = Number.NaN
  private time = Number.NaN
  private heartRate = Number.NaN
  private cadence = Number.NaN
  private power = Number.NaN
  private temperature = Number.NaN
  private extensionDepth = 0
  private extensionField: 'heartRate' | 'cadence' | 'power' | 'temperature' | null = null
  // text capture
  private target: TextTarget = null
  private readonly buffer = new XmlText()

  open(name: string, attributes: XmlAttributes): void {
    const parent = this.stack[this.stack.length - 1]
    this.stack.push(name)
    if (this.stack.length === 1) {
      if (name !== 'gpx') throw new TrackFileError('track_format_unsupported', `root element <${name}>`)
      this.sawGpxRoot = true
      return
    }
    if (this.inPoint) {
      this.openInPoint(name, parent)
      return
    }
    switch (name) {
      case 'trk':
        if (parent === 'gpx') this.startTrack()
        break
      case 'trkseg':
        if (this.inTrack && parent === 'trk') this.segment = new TrackSegmentBuilder(this.expectedPoints)
        break
      case 'trkpt':
        if (this.segment && parent === 'trkseg') this.startPoint(attributes)
        break
      case 'rte':
      case 'wpt':
        if (parent === 'gpx') this.sawRouteOrWaypoint = true
        break
      case 'name':
      case 'desc':
      case 'type':
        this.captureDescriptive(name, parent)
        break
    }
  }

  close(name: string): void {
    this.stack.pop()
    if (this.target !== null) this.finishText()
    if (this.inPoint) {
      if (this.extensionDepth > 0 && name === 'extensions' && this.extensionDepth === this.stack.length + 1) {
        this.extensionDepth = 0
      }
      if (name === 'trkpt' && this.stack[this.stack.length - 1] === 'trkseg') this.finishPoint()
      return
    }
    if (name === 'trkseg' && this.segment && this.stack[this.stack.length - 1] === 'trk') {
      this.segments.push(this.segment.build())
      this.segment = null
    } else if (name === 'trk' && this.inTrack && this.stack.length === 1) {
      this.tracks.push({ name: this.trackName, description: this.trackDesc, segments: this.segments })
      this.inTrack = false
    }
  }

  get wantsText(): boolean {
    return this.target !== null
  }

  text(bytes: Uint8Array, start: number, end: number): void {
    if (this.target !== null) this.buffer.append(bytes, start, end)
  }

  result(): Track {
    if (!this.sawGpxRoot) throw new TrackFileError('track_xml_invalid', 'no root element')
    if (this.tracks.length === 0) {
      throw new TrackFileError('track_no_track', this.sawRouteOrWaypoint ? 'only routes or waypoints' : 'no <trk>')
    }
    const named = this.tracks.find((track) => track.name !== null)
    const described = this.tracks.find((track) => track.description !== null)
    return {
      format: 'gpx',
      name: named?.name ?? this.metaName,
      description: described?.description ?? this.metaDesc,
      sport: this.sport,
      tracks: this.tracks,
    }
  }

  private startTrack(): void {
    this.inTrack = true
    this.trackName = null
    this.trackDesc = null
    this.segments = []
  }

  private startPoint(attributes: XmlAttributes): void {
    const lat = attributes.decimal('lat')
    const lon = attributes.decimal('lon')
    if (!validPosition(lat, lon)) {
      throw new TrackFileError('track_invalid_coordinates', `lat="${attributes.get('lat') ?? ''}" lon="${attributes.get('lon') ?? ''}"`)
    }
    this.budget.take()
    this.inPoint = true
    this.lat = lat
    this.lon = lon
    this.ele = Number.NaN
    this.time = Number.NaN
    this.heartRate = Number.NaN
    this.cadence = Number.NaN
    this.power = Number.NaN
    this.temperature = Number.NaN
  }

  private openInPoint(name: string, parent: string | undefined): void {
    if (parent === 'trkpt') {
      if (name === 'ele' || name === 'time') this.capture(name)
      else if (name === 'extensions') this.extensionDepth = this.stack.length
      return
    }
    if (this.extensionDepth > 0) {
      const field = EXTENSION_FIELDS[name]
      if (field !== undefined) {
        this.extensionField = field
        this.capture('extension')
      }
    }
  }

  private captureDescriptive(name: 'name' | 'desc' | 'type', parent: string | undefined): void {
    if (parent === 'trk' && this.inTrack) {
      this.capture(name === 'name' ? 'trkName' : name === 'desc' ? 'trkDesc' : 'trkType')
    } else if (parent === 'metadata' && name !== 'type') {
      this.capture(name === 'name' ? 'metaName' : 'metaDesc')
    }
  }

  private capture(target: TextTarget): void {
    this.target = target
    this.buffer.clear()
  }

  private finishText(): void {
    const text = this.buffer
    const target = this.target
    this.target = null
    switch (target) {
      case 'ele':
        this.ele = text.decimal()
        break
      case 'time':
        this.time = text.isoTime()
        break
      case 'extension':
        if (this.extensionField) this.setSensor(this.extensionField, text.decimal())
        this.extensionField = null
        break
      case 'trkName':
        this.trackName = cleanText(text.string())
        break
      case 'trkDesc':
        this.trackDesc = cleanText(text.string())
        break
      case 'trkType':
        this.sport ??= cleanText(text.string())?.toLowerCase() ?? null
        break
      case 'metaName':
        this.metaName = cleanText(text.string())
        break
      case 'metaDesc':
        this.metaDesc = cleanText(text.string())
        break
      case null:
        break
    }
  }

  /** The first plausible value wins: some files repeat heart rate in two extension namespaces. */
  private setSensor(field: 'heartRate' | 'cadence' | 'power' | 'temperature', raw: number): void {
    const [min, max] = SENSOR_RANGES[field]
    const value = withinRange(raw, min, max)
    if (Number.isNaN(value) || !Number.isNaN(this[field])) return
    this[field] = value
  }

  private finishPoint(): void {
    this.segment?.append(this.lat, this.lon, this.ele, this.time, this.heartRate, this.cadence, this.power, this.temperature)
    this.inPoint = false
    this.extensionDepth = 0
  }
}

/**
 * Reads a GPX file from disk, streaming.
 * @throws TrackFileError (`track_xml_invalid`, `track_no_track`, `track_invalid_coordinates`, …)
 */
export async function importGpxFile(path: string): Promise<Track> {
  // Compact exports take ~100 bytes a point; a larger guess only costs unused capacity.
  const handler = new GpxHandler(Math.ceil((await stat(path)).size / 100))
  await readXmlFile(path, handler)
  return handler.result()
}

/** Reads a GPX document held in memory (same rules as {@link importGpxFile}). */
export function importGpxString(xml: string): Track {
  const handler = new GpxHandler()
  readXmlString(xml, handler)
  return handler.result()
}

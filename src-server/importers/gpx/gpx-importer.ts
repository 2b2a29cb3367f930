import { open } from 'node:fs/promises'
import { withEachColumn, type ImportWarning, type Track, type TrackPart, type TrackSegment } from '../../../src/domain/track'
import { TrackSegmentBuilder } from '../../../src/domain/track-builder'
import { PointBudget } from '../point-budget'
import { TrackFileError } from '../track-file-error'
import { cleanText, parseDecimalBytes, parseIsoTimeBytes, SENSOR_RANGES, validPosition, withinRange } from '../values'
import { fileReader, readXml, readXmlChunks, type ByteReader, type XmlEnd, type XmlHandler } from '../xml/xml-reader'
import { XML_NEED_MORE, type XmlAttributes } from '../xml/xml-scanner'
import { XmlText } from '../xml/xml-text'

type SensorField = 'heartRate' | 'cadence' | 'power' | 'temperature'

/**
 * Which point column an extension element feeds (local names from Garmin, Cluetrust and others).
 * A Map, not an object: a file's element names must never reach `Object.prototype`
 * (`<constructor>` is not a sensor).
 */
const EXTENSION_FIELDS: ReadonlyMap<string, SensorField> = new Map([
  ['hr', 'heartRate'],
  ['heartrate', 'heartRate'],
  ['HeartRate', 'heartRate'],
  ['cad', 'cadence'],
  ['cadence', 'cadence'],
  ['Cadence', 'cadence'],
  ['RunCadence', 'cadence'],
  ['power', 'power'],
  ['Watts', 'power'],
  ['PowerInWatts', 'power'],
  ['atemp', 'temperature'],
  ['temp', 'temperature'],
  ['temperature', 'temperature'],
])

/** The fast path's sensor slots, in `fastSensors` order (see `GpxHandler.fastExtensions`). */
const SENSOR_SLOTS: readonly SensorField[] = ['heartRate', 'cadence', 'power', 'temperature']
/** Each slot's plausible range, read by index in the fast path. */
const SLOT_MIN = Float64Array.from(SENSOR_SLOTS, (field) => SENSOR_RANGES[field][0])
const SLOT_MAX = Float64Array.from(SENSOR_SLOTS, (field) => SENSOR_RANGES[field][1])

/** Extension slot by the bytes of its local name (the fast path reads names as bytes). */
const EXTENSION_SLOT_BYTES: readonly (readonly [Uint8Array, number])[] = [...EXTENSION_FIELDS].map(
  ([name, field]) => [Buffer.from(name), SENSOR_SLOTS.indexOf(field)] as const,
)

/** 1 for the bytes that end an element name in a bare tag without attributes (`bareTagNameEnd`). */
const NOT_IN_BARE_NAME = new Uint8Array(256)
for (let code = 0; code <= 0x20; code++) NOT_IN_BARE_NAME[code] = 1
for (const code of [0x2f, 0x3c, 0x3d, 0x22, 0x27, 0x26]) NOT_IN_BARE_NAME[code] = 1

/** Sensor element names a file's fast path remembers (a file has a few: `hr`, `cad`, perhaps with two prefixes). */
const MAX_KNOWN_SENSOR_NAMES = 8

const FAST_ELEMENTS: ReadonlySet<string> = new Set(['trkpt'])

/** A cut `<trkpt>` shorter than this waits for the next chunk (see `readElement`). */
const MAX_FAST_POINT_BYTES = 4096
const NO_ELEMENTS: ReadonlySet<string> = new Set()

const TRKPT_OPEN = Buffer.from('<trkpt')
const TRKPT_CLOSE = Buffer.from('</trkpt>')
const EXTENSIONS_OPEN = Buffer.from('<extensions>')
const EXTENSIONS_CLOSE = Buffer.from('</extensions>')
const TRACK_POINT_EXTENSION = Buffer.from('TrackPointExtension')

/** True when `bytes[at…]` starts with `literal` (within `end`). */
function hasAt(bytes: Uint8Array, at: number, end: number, literal: Uint8Array): boolean {
  if (at + literal.length > end) return false
  for (let k = 0; k < literal.length; k++) if (bytes[at + k] !== literal[k]) return false
  return true
}

function skipSpace(bytes: Uint8Array, at: number, end: number): number {
  let i = at
  for (; i < end; i++) {
    const code = bytes[i]
    if (code !== 0x20 && code !== 0x0a && code !== 0x09 && code !== 0x0d) break
  }
  return i
}

/** End of a run of character data (the next `<`), or -1 when it holds a `&` or runs past `end`. */
function plainTextEnd(bytes: Uint8Array, at: number, end: number): number {
  for (let i = at; i < end; i++) {
    const code = bytes[i]
    if (code === 0x3c) return i
    if (code === 0x26) return -1
  }
  return -1
}

/** End of an element name at `at` (the `>` that closes a tag without attributes), or -1. */
function bareTagNameEnd(bytes: Uint8Array, at: number, end: number): number {
  for (let i = at; i < end; i++) {
    const code = bytes[i] ?? 0
    if (code === 0x3e) return i > at ? i : -1
    if (NOT_IN_BARE_NAME[code] === 1) return -1
  }
  return -1
}

/** `</` + `bytes[nameStart, nameEnd)` + `>` at `at`: the position after it, or -1. */
function endTagAt(bytes: Uint8Array, at: number, end: number, nameStart: number, nameEnd: number): number {
  const length = nameEnd - nameStart
  if (at + length + 3 > end || bytes[at] !== 0x3c || bytes[at + 1] !== 0x2f || bytes[at + length + 2] !== 0x3e) return -1
  for (let k = 0; k < length; k++) if (bytes[at + 2 + k] !== bytes[nameStart + k]) return -1
  return at + length + 3
}

/** The sensor slot named by the local part of `bytes[start, end)` (after the first `:`), or -1. */
function extensionSlotOf(bytes: Uint8Array, start: number, end: number): number {
  let local = start
  for (let i = start; i < end; i++) {
    if (bytes[i] === 0x3a) {
      local = i + 1
      break
    }
  }
  // `hr` first: nearly every file has it, often alone.
  if (end - local === 2 && bytes[local] === 0x68 && bytes[local + 1] === 0x72) return 0
  for (let k = 0; k < EXTENSION_SLOT_BYTES.length; k++) {
    const entry = EXTENSION_SLOT_BYTES[k]
    if (entry !== undefined && entry[0].length === end - local && hasAt(bytes, local, end, entry[0])) return entry[1]
  }
  return -1
}

/**
 * Refuses a track where fewer than half the points have a time: a route planner's export
 * (GraphHopper writes times on its 22 turn points of 171) or a drawn line with a few stamped
 * points, whose times say when the line was planned or drawn, not where an athlete was when.
 * Measured only between its timed points it would give 0.11 km for a 7.38 km line; measured on
 * the whole line, a speed nobody rode. A track with no time at all is refused later, as a route.
 * @throws TrackFileError `track_times_sparse`
 */
function rejectSparseTimes(tracks: readonly TrackPart[]): void {
  let points = 0
  let timed = 0
  for (const track of tracks) {
    for (const segment of track.segments) {
      points += segment.size
      for (const time of segment.time) if (!Number.isNaN(time)) timed += 1
    }
  }
  if (timed > 0 && timed * 2 < points) throw new TrackFileError('track_times_sparse', `${timed} of ${points} points have a time`)
}

/**
 * A segment written as runs of points out of time order, its runs in time order: a logger that
 * wrote a later minute before an earlier one (a V-900 log: 6 s of driving at 06:38, then 15 s parked
 * at 06:26). The runs are the stretches between steps back in time; they are reordered only when,
 * taken by their start, none begins before the one before it ends. A clock that jitters (a point a
 * few hundredths of a second early) or a stretch written twice overlaps its neighbour and stays as
 * written, as does a segment with an untimed point at a step, or with a lone point between two steps
 * back (a run is a stretch the logger wrote forward in time: a file whose every step goes back is
 * no logger's blocks, and is refused as times going backwards).
 */
function inTimeOrder(segment: TrackSegment): TrackSegment {
  const { time, size } = segment
  const runs: { readonly first: number; readonly end: number }[] = []
  let first = 0
  for (let i = 1; i <= size; i++) {
    if (i < size && !((time[i] ?? 0) < (time[i - 1] ?? 0))) continue
    runs.push({ first, end: i })
    first = i
  }
  if (runs.length < 2 || runs.some((run) => run.end - run.first < 2)) return segment
  const startOf = (run: { readonly first: number }): number => time[run.first] ?? Number.NaN
  const endOf = (run: { readonly end: number }): number => time[run.end - 1] ?? Number.NaN
  if (runs.some((run) => Number.isNaN(startOf(run)) || Number.isNaN(endOf(run)))) return segment
  const sorted = [...runs].sort((a, b) => startOf(a) - startOf(b))
  if (sorted.some((run, index) => index > 0 && startOf(run) < endOf(sorted[index - 1] ?? run))) return segment
  const order = sorted.flatMap((run) => Array.from({ length: run.end - run.first }, (_, offset) => run.first + offset))
  return withEachColumn(segment, size, (column) => Float64Array.from(order, (from) => column[from] ?? Number.NaN))
}

type TextTarget = 'ele' | 'time' | 'trkName' | 'trkDesc' | 'trkType' | 'metaName' | 'metaDesc' | 'extension' | null

/**
 * Reads GPX 1.0 and 1.1 into a {@link Track}: every `<trk>` with its `<trkseg>`s and `<trkpt>`s
 * (lat, lon, ele, time, and heart rate / cadence / power / temperature from `<extensions>`
 * whatever their namespace prefix). Routes and waypoints are not workouts and are ignored.
 */
class GpxHandler implements XmlHandler {
  /**
   * @param expectedPoints a guess of the points of the file, to size the first segment's columns
   *   once (the builder is reused, and after a large segment starts small and grows: a file of
   *   200,000 one-point segments must not allocate the whole file's guess 200,000 times)
   * @param fastPoints whether `<trkpt>` elements go through {@link readElement} (tests compare both paths)
   */
  constructor(
    private readonly expectedPoints = 256,
    fastPoints = true,
  ) {
    this.rawElements = fastPoints ? FAST_ELEMENTS : NO_ELEMENTS
  }

  private readonly stack: string[] = []
  private readonly tracks: TrackPart[] = []
  private readonly budget = new PointBudget()
  private sawRouteOrWaypoint = false
  private metaName: string | null = null
  private metaDesc: string | null = null
  private sport: string | null = null
  // current track
  private inTrack = false
  private trackName: string | null = null
  private trackDesc: string | null = null
  private segments: TrackSegment[] = []
  private builder: TrackSegmentBuilder | null = null
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
  private extensionField: SensorField | null = null
  /** The fast path is offered `<trkpt>` elements (see {@link readElement}). */
  readonly rawElements: ReadonlySet<string>
  // text capture
  private target: TextTarget = null
  private readonly buffer = new XmlText()

  open(name: string, attributes: XmlAttributes): void {
    const parent = this.stack[this.stack.length - 1]
    this.stack.push(name)
    if (this.stack.length === 1) {
      if (name !== 'gpx') throw new TrackFileError('track_format_unsupported', `root element <${name}>`)
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
        if (this.inTrack && parent === 'trk') {
          // One builder for the whole file: it allocates nothing per small segment (see its build()).
          this.builder ??= new TrackSegmentBuilder(this.expectedPoints)
          this.segment = this.builder
        }
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
      this.finishSegment(this.segment)
    } else if (name === 'trk' && this.inTrack && this.stack.length === 1) {
      this.finishTrack()
    }
  }

  private finishSegment(segment: TrackSegmentBuilder): void {
    this.segments.push(inTimeOrder(segment.build()))
    this.segment = null
  }

  private finishTrack(): void {
    this.tracks.push({ name: this.trackName, description: this.trackDesc, segments: this.segments })
    this.inTrack = false
  }

  /**
   * Ends what a document cut off mid-write left open: the segment and track being written keep
   * their complete points; the point being written, incomplete, is dropped (it never reached
   * `finishPoint`), as is any text being read.
   */
  private endCut(): void {
    if (this.segment) this.finishSegment(this.segment)
    if (this.inTrack) this.finishTrack()
  }

  get wantsText(): boolean {
    return this.target !== null
  }

  text(bytes: Uint8Array, start: number, end: number): void {
    if (this.target !== null) this.buffer.append(bytes, start, end)
  }

  /**
   * The file's track and what was worked around: a document cut off keeps its complete points
   * (`file_cut_off`), or, with fewer than two, is refused as the invalid XML it is.
   */
  imported(end: XmlEnd): GpxImport {
    if (end === 'whole') return { track: this.result(), warnings: [] }
    this.endCut()
    let pointsRead = 0
    for (const part of this.tracks) for (const segment of part.segments) pointsRead += segment.size
    // Nothing usable before the cut: the file is the invalid XML it is (the reference tracker's answer).
    if (pointsRead < 2) throw end.refusal
    return { track: this.result(), warnings: [{ code: 'file_cut_off', pointsRead }] }
  }

  private result(): Track {
    // The scanner refused a document without a root, open() one that is not <gpx>.
    if (this.tracks.length === 0) {
      throw new TrackFileError('track_no_track', this.sawRouteOrWaypoint ? 'only routes or waypoints' : 'no <trk>')
    }
    rejectSparseTimes(this.tracks)
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
      const field = EXTENSION_FIELDS.get(name)
      if (field !== undefined) {
        this.extensionField = field
        this.capture('extension')
      }
    }
  }

  private captureDescriptive(name: 'name' | 'desc' | 'type', parent: string | undefined): void {
    // Only <gpx><trk><name> and <gpx><metadata><name>: a <trk> or <metadata> nested in extensions names nothing.
    if (this.stack.length !== 3) return
    if (parent === 'trk') {
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

  /**
   * Fast path for the common `<trkpt>` (see `XmlScanHandler.readElement`): reads
   * `<trkpt lat=".." lon="..">` with `<ele>`, `<time>` and
   * `<extensions><P:TrackPointExtension><P:hr>…` children straight from the bytes, with the same
   * value rules as the event path, and answers -1 (changing nothing) for anything else — other
   * attributes or children, references, comments, an incomplete element, invalid coordinates —
   * which the event path then reads (and reports) as usual.
   */
  readElement(bytes: Uint8Array, start: number, end: number): number {
    if (this.segment === null || this.inPoint || this.stack[this.stack.length - 1] !== 'trkseg') return -1
    let next = this.fastPoint(bytes, start, end)
    if (next >= 0) {
      // Points follow one another, whitespace between: read the next ones here rather than back
      // through the scanner's tag dispatch for each (whitespace in a segment is nobody's text).
      // The first that is not a whole fast point is left to the scanner, as any element.
      for (;;) {
        const following = this.fastPoint(bytes, skipSpace(bytes, next, end), end)
        if (following < 0) return next
        next = following
      }
    }
    // A point cut by the end of a chunk waits for the rest rather than being read the slow way.
    if (end - start < MAX_FAST_POINT_BYTES) {
      for (let i = start; i + TRKPT_CLOSE.length <= end; i++) if (hasAt(bytes, i, end, TRKPT_CLOSE)) return -1
      return XML_NEED_MORE
    }
    return -1
  }

  private fastPoint(bytes: Uint8Array, start: number, end: number): number {
    const segment = this.segment
    if (segment === null || !hasAt(bytes, start, end, TRKPT_OPEN)) return -1
    let i = start + TRKPT_OPEN.length
    let lat = Number.NaN
    let lon = Number.NaN
    let attributes = 0
    // Start tag: exactly the attributes lat and lon, each once.
    for (;;) {
      const afterSpace = skipSpace(bytes, i, end)
      if (afterSpace >= end) return -1
      if (bytes[afterSpace] === 0x3e) {
        i = afterSpace + 1
        break
      }
      if (afterSpace === i || afterSpace + 3 >= end || bytes[afterSpace] !== 0x6c) return -1
      const a = bytes[afterSpace + 1]
      const b = bytes[afterSpace + 2]
      const isLat = a === 0x61 && b === 0x74
      if (!isLat && !(a === 0x6f && b === 0x6e)) return -1
      const bit = isLat ? 1 : 2
      if ((attributes & bit) !== 0) return -1
      attributes |= bit
      i = skipSpace(bytes, afterSpace + 3, end)
      if (bytes[i] !== 0x3d) return -1
      i = skipSpace(bytes, i + 1, end)
      const quote = bytes[i]
      if (quote !== 0x22 && quote !== 0x27) return -1
      const valueStart = i + 1
      let close = valueStart
      for (; close < end; close++) {
        const code = bytes[close]
        if (code === quote) break
        if (code === 0x3c || code === 0x26) return -1
      }
      if (close >= end) return -1
      const value = parseDecimalBytes(bytes, valueStart, close)
      if (isLat) lat = value
      else lon = value
      i = close + 1
    }
    if (attributes !== 3 || !validPosition(lat, lon)) return -1
    let ele = Number.NaN
    let time = Number.NaN
    const sensors = this.fastSensors
    sensors[0] = Number.NaN
    sensors[1] = Number.NaN
    sensors[2] = Number.NaN
    sensors[3] = Number.NaN
    // Children: <ele>, <time>, <extensions> in any order, whitespace between. Tags are matched
    // byte by byte inline (this loop runs for every point of the file).
    for (;;) {
      i = skipSpace(bytes, i, end)
      if (i + 8 > end || bytes[i] !== 0x3c) return -1
      const c1 = bytes[i + 1]
      const c2 = bytes[i + 2]
      if (c1 === 0x2f) {
        // </trkpt>
        if (c2 !== 0x74 || bytes[i + 3] !== 0x72 || bytes[i + 4] !== 0x6b || bytes[i + 5] !== 0x70 || bytes[i + 6] !== 0x74 || bytes[i + 7] !== 0x3e) {
          return -1
        }
        i += 8
        break
      }
      if (c1 === 0x65 && c2 === 0x6c) {
        // <ele>…</ele>
        if (bytes[i + 3] !== 0x65 || bytes[i + 4] !== 0x3e) return -1
        const textStart = i + 5
        let textEnd = textStart
        while (textEnd < end && bytes[textEnd] !== 0x3c && bytes[textEnd] !== 0x26) textEnd++
        if (textEnd + 6 > end || bytes[textEnd] !== 0x3c || bytes[textEnd + 1] !== 0x2f || bytes[textEnd + 2] !== 0x65) return -1
        if (bytes[textEnd + 3] !== 0x6c || bytes[textEnd + 4] !== 0x65 || bytes[textEnd + 5] !== 0x3e) return -1
        ele = parseDecimalBytes(bytes, textStart, textEnd)
        i = textEnd + 6
      } else if (c1 === 0x74 && c2 === 0x69) {
        // <time>…</time>
        if (bytes[i + 3] !== 0x6d || bytes[i + 4] !== 0x65 || bytes[i + 5] !== 0x3e) return -1
        const textStart = i + 6
        let textEnd = textStart
        while (textEnd < end && bytes[textEnd] !== 0x3c && bytes[textEnd] !== 0x26) textEnd++
        if (textEnd + 7 > end || bytes[textEnd] !== 0x3c || bytes[textEnd + 1] !== 0x2f || bytes[textEnd + 2] !== 0x74) return -1
        if (bytes[textEnd + 3] !== 0x69 || bytes[textEnd + 4] !== 0x6d || bytes[textEnd + 5] !== 0x65 || bytes[textEnd + 6] !== 0x3e) return -1
        time = parseIsoTimeBytes(bytes, textStart, textEnd)
        i = textEnd + 7
      } else if (c1 === 0x65 && c2 === 0x78 && hasAt(bytes, i, end, EXTENSIONS_OPEN)) {
        i = this.fastExtensions(bytes, i + EXTENSIONS_OPEN.length, end)
        if (i < 0) return -1
      } else {
        return -1
      }
    }
    this.budget.take()
    segment.append(lat, lon, ele, time, sensors[0], sensors[1], sensors[2], sensors[3])
    return i
  }

  /** Sensor values of the point being read by the fast path: heart rate, cadence, power, temperature. */
  private readonly fastSensors = new Float64Array(4)

  /**
   * `<P:TrackPointExtension>` with sensor children, then `</extensions>`, into `fastSensors`;
   * the position after `</extensions>`, or -1 for anything else.
   */
  private fastExtensions(bytes: Uint8Array, from: number, end: number): number {
    let i = skipSpace(bytes, from, end)
    if (bytes[i] !== 0x3c) return -1
    const wrapperStart = i + 1
    let wrapperEnd = this.knownNameEnd(bytes, wrapperStart, end, this.wrapperName)
    if (wrapperEnd < 0) {
      wrapperEnd = bareTagNameEnd(bytes, wrapperStart, end)
      if (wrapperEnd < 0) return -1
      const wrapperLocal = wrapperEnd - TRACK_POINT_EXTENSION.length
      const prefixed = wrapperLocal > wrapperStart && bytes[wrapperLocal - 1] === 0x3a
      if (!hasAt(bytes, wrapperLocal, end, TRACK_POINT_EXTENSION) || (!prefixed && wrapperLocal !== wrapperStart)) return -1
      this.wrapperName = Uint8Array.from(bytes.subarray(wrapperStart, wrapperEnd))
    }
    i = wrapperEnd + 1
    for (;;) {
      i = skipSpace(bytes, i, end)
      const closed = endTagAt(bytes, i, end, wrapperStart, wrapperEnd)
      if (closed >= 0) {
        i = skipSpace(bytes, closed, end)
        return hasAt(bytes, i, end, EXTENSIONS_CLOSE) ? i + EXTENSIONS_CLOSE.length : -1
      }
      if (bytes[i] !== 0x3c) return -1
      const nameStart = i + 1
      let nameEnd = -1
      let slot = -1
      const known = this.sensorNames
      for (let k = 0; k < known.length && nameEnd < 0; k++) {
        nameEnd = this.knownNameEnd(bytes, nameStart, end, known[k] ?? null)
        slot = this.sensorSlots[k] ?? -1
      }
      if (nameEnd < 0) {
        nameEnd = bareTagNameEnd(bytes, nameStart, end)
        if (nameEnd < 0) return -1
        slot = extensionSlotOf(bytes, nameStart, nameEnd)
        if (slot < 0) return -1
        if (known.length < MAX_KNOWN_SENSOR_NAMES) {
          known.push(Uint8Array.from(bytes.subarray(nameStart, nameEnd)))
          this.sensorSlots.push(slot)
        }
      }
      const textEnd = plainTextEnd(bytes, nameEnd + 1, end)
      if (textEnd < 0) return -1
      const after = endTagAt(bytes, textEnd, end, nameStart, nameEnd)
      if (after < 0) return -1
      const value = withinRange(parseDecimalBytes(bytes, nameEnd + 1, textEnd), SLOT_MIN[slot] ?? Number.NaN, SLOT_MAX[slot] ?? Number.NaN)
      // The first plausible value wins, as in the event path.
      if (!Number.isNaN(value) && Number.isNaN(this.fastSensors[slot] ?? Number.NaN)) this.fastSensors[slot] = value
      i = after
    }
  }

  /*
   * Element names the fast path has already checked in this file, as bytes: the next point
   * nearly always has the same, and matching them whole skips finding where each name ends and
   * what it names. A name of the same bytes gets the same answer, so the track is the same.
   * They are copies: the bytes read are a buffer the next chunk overwrites (a Buffer's `slice`
   * is a view).
   */
  /** The `P:TrackPointExtension` wrapper's name. */
  private wrapperName: Uint8Array | null = null
  /** Sensor element names (`gpxtpx:hr`…), and the slot of each. */
  private readonly sensorNames: Uint8Array[] = []
  private readonly sensorSlots: number[] = []

  /** The end of the name at `at` when it is `name` followed by `>` (a bare start tag), or -1. */
  private knownNameEnd(bytes: Uint8Array, at: number, end: number, name: Uint8Array | null): number {
    if (name === null) return -1
    const nameEnd = at + name.length
    return nameEnd < end && bytes[nameEnd] === 0x3e && hasAt(bytes, at, end, name) ? nameEnd : -1
  }

  /** The first plausible value wins: some files repeat heart rate in two extension namespaces. */
  private setSensor(field: SensorField, raw: number): void {
    const range = SENSOR_RANGES[field]
    const value = withinRange(raw, range[0], range[1])
    if (Number.isNaN(value) || !Number.isNaN(this[field])) return
    this[field] = value
  }

  private finishPoint(): void {
    this.segment?.append(this.lat, this.lon, this.ele, this.time, this.heartRate, this.cadence, this.power, this.temperature)
    this.inPoint = false
    this.extensionDepth = 0
  }
}

/** A GPX file's track and what was worked around to read it (a file cut off mid-write). */
export interface GpxImport {
  readonly track: Track
  readonly warnings: ImportWarning[]
}

/**
 * Reads a GPX document streaming, from a file or as an upload arrives (see `ByteReader`). A
 * document cut off inside its root element (a device's battery died mid-write, a download
 * stopped) keeps every complete point before the cut, with a `file_cut_off` warning, as a FIT
 * file's damaged end does; XML malformed before the end is refused.
 * @param sizeHint the document's size in bytes or a guess near it (only sizes the point columns)
 * @throws TrackFileError (`track_xml_invalid`, `track_no_track`, `track_invalid_coordinates`, …)
 */
export async function importGpx(read: ByteReader, sizeHint: number): Promise<GpxImport> {
  // Compact exports take ~100 bytes a point; a larger guess only costs unused capacity.
  const handler = new GpxHandler(Math.ceil(sizeHint / 100))
  return handler.imported(await readXml(read, handler, 'kept'))
}

/** The earliest and latest time of a track, epoch ms; `null` when none of its points has one. */
function spanOf(part: TrackPart): { readonly start: number; readonly end: number } | null {
  let start = Number.POSITIVE_INFINITY
  let end = Number.NEGATIVE_INFINITY
  for (const segment of part.segments) {
    for (const t of segment.time) {
      if (t < start) start = t
      if (t > end) end = t
    }
  }
  return start <= end ? { start, end } : null
}

/**
 * The longest pause between two tracks of one outing, ms: a trek recorded a track a day stays one
 * workout over its nights, while tracks written days or years apart (a chart plotter's 2010 and 2016
 * tracks in one export) are outings collected in one file, not one workout of six years.
 */
const LONGEST_PAUSE_MS = 24 * 3600 * 1000

/**
 * The outings of a GPX file. Its tracks are one workout when they follow each other in time with
 * pauses of up to {@link LONGEST_PAUSE_MS} (the reference tracker's rule: a recording paused into
 * several tracks); a longer pause starts another outing. Tracks written out of time order that do
 * not overlap are outings of their own, collected in one file (a GPS unit's three hikes on three
 * days, the autumn one before the spring one): a workout each, in time order, rather than one
 * workout spanning months. Overlapping tracks stay one activity, which the analysis refuses as
 * `track_segments_overlap` (the same ride twice).
 */
export function gpxOutings(track: Track): Track[] {
  const spans = track.tracks.map(spanOf)
  if (spans.includes(null)) return [track]
  const inOrder = spans.every((span, index) => index === 0 || (span?.start ?? 0) >= (spans[index - 1]?.end ?? 0))
  if (inOrder) {
    const outings: TrackPart[][] = []
    for (const [index, part] of track.tracks.entries()) {
      const last = outings.at(-1)
      if (last && (spans[index]?.start ?? 0) - (spans[index - 1]?.end ?? 0) <= LONGEST_PAUSE_MS) last.push(part)
      else outings.push([part])
    }
    if (outings.length === 1) return [track]
    return outings.map((parts) => ({ ...track, name: parts[0]?.name ?? track.name, description: parts[0]?.description ?? track.description, tracks: parts }))
  }
  const sorted = track.tracks.map((part, index) => ({ part, span: spans[index] ?? { start: 0, end: 0 } })).sort((a, b) => a.span.start - b.span.start)
  if (sorted.some((entry, index) => index > 0 && entry.span.start < (sorted[index - 1]?.span.end ?? Number.NEGATIVE_INFINITY))) return [track]
  return sorted.map(({ part }) => ({ ...track, name: part.name ?? track.name, description: part.description ?? track.description, tracks: [part] }))
}

/** Reads a GPX file from disk, streaming (see {@link importGpx}). */
export async function importGpxFile(path: string): Promise<GpxImport> {
  const file = await open(path, 'r')
  try {
    return await importGpx(fileReader(file), (await file.stat()).size)
  } finally {
    await file.close()
  }
}

/**
 * Reads a GPX document held in memory (same rules as {@link importGpxFile}).
 * @param options.fastPoints `false` reads every point through the XML events (for tests that
 *   check the `<trkpt>` fast path gives the same track)
 * @param options.splitAt byte offsets where the document is cut into chunks, as a stream would
 *   cut it (tests: any cut must give the same track)
 */
export function importGpxString(xml: string, options: { readonly fastPoints?: boolean; readonly splitAt?: readonly number[] } = {}): Track {
  const handler = new GpxHandler(256, options.fastPoints ?? true)
  const bytes = Buffer.from(xml, 'utf8')
  const cuts = [0, ...(options.splitAt ?? []), bytes.length]
  const end = readXmlChunks(
    cuts.slice(1).map((end, index) => bytes.subarray(cuts[index], end)),
    handler,
    'kept',
  )
  return handler.imported(end).track
}

import { readFile } from 'node:fs/promises'
import FitParser, { type ParsedFit } from 'fit-file-parser'
import type { Track, TrackSegment } from '../../../src/domain/track'
import { TrackSegmentBuilder } from '../../../src/domain/track-builder'
import { PointBudget } from '../point-budget'
import { TrackFileError } from '../track-file-error'
import { SENSOR_RANGES, validPosition, withinRange } from '../values'

type ParsedRecord = NonNullable<ParsedFit['records']>[number]
type ParsedEvent = NonNullable<ParsedFit['events']>[number]

/** A timer start or stop, in epoch ms. */
interface TimerEvent {
  readonly time: number
  readonly running: boolean
}

function timeOf(date: Date | undefined): number {
  return date instanceof Date ? date.getTime() : Number.NaN
}

function finite(value: number | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN
}

function timerEvents(events: readonly ParsedEvent[]): TimerEvent[] {
  const timers: TimerEvent[] = []
  for (const event of events) {
    if (event.event !== 'timer') continue
    const time = timeOf(event.timestamp)
    if (Number.isNaN(time)) continue
    if (event.event_type === 'start') timers.push({ time, running: true })
    else if (event.event_type === 'stop' || event.event_type === 'stop_all' || event.event_type === 'stop_disable_all') {
      timers.push({ time, running: false })
    }
  }
  return timers.sort((a, b) => a.time - b.time)
}

/**
 * Splits the records into segments at timer stop → start (the athlete paused the recording):
 * a record that comes after a stop and a later start opens a new segment.
 */
function segmentsOf(records: readonly ParsedRecord[], timers: readonly TimerEvent[]): TrackSegment[] {
  const budget = new PointBudget()
  const segments: TrackSegment[] = []
  let builder = new TrackSegmentBuilder()
  let next = 0
  let running = true
  let stoppedSinceLastRecord = false
  for (const record of records) {
    const time = timeOf(record.timestamp)
    while (next < timers.length && (timers[next]?.time ?? Number.POSITIVE_INFINITY) <= time) {
      running = timers[next]?.running ?? running
      if (!running) stoppedSinceLastRecord = true
      next += 1
    }
    if (stoppedSinceLastRecord && running) {
      if (builder.length > 0) segments.push(builder.build())
      builder = new TrackSegmentBuilder()
      stoppedSinceLastRecord = false
    }
    budget.take()
    const lat = finite(record.position_lat)
    const lon = finite(record.position_long)
    const hasPosition = validPosition(lat, lon)
    const altitude = finite(record.enhanced_altitude ?? record.altitude)
    builder.push({
      time,
      lat: hasPosition ? lat : Number.NaN,
      lon: hasPosition ? lon : Number.NaN,
      ele: altitude,
      heartRate: withinRange(finite(record.heart_rate), ...SENSOR_RANGES.heartRate),
      cadence: withinRange(finite(record.cadence), ...SENSOR_RANGES.cadence),
      power: withinRange(finite(record.power), ...SENSOR_RANGES.power),
      temperature: withinRange(finite(record.temperature), ...SENSOR_RANGES.temperature),
      recordedDistance: finite(record.distance),
    })
  }
  if (builder.length > 0) segments.push(builder.build())
  return segments
}

/** Turns the parser's output into a track; library types stop here. */
export function trackOfParsedFit(data: ParsedFit): Track {
  const records = (data.records ?? []).filter((record) => record.timestamp instanceof Date)
  if (records.length === 0) throw new TrackFileError('track_no_points', 'no FIT record with a timestamp')
  const segments = segmentsOf(records, timerEvents(data.events ?? []))
  const hasPosition = segments.some((segment) => segment.lat.some((value) => !Number.isNaN(value)))
  const hasDistance = segments.some((segment) => segment.recordedDistance !== null)
  if (!hasPosition && !hasDistance) throw new TrackFileError('fit_no_position_no_distance')
  const sport = data.sessions?.find((session) => session.sport !== undefined)?.sport
  return {
    format: 'fit',
    name: null,
    description: null,
    sport: typeof sport === 'string' ? sport : null,
    tracks: [{ name: null, description: null, segments }],
  }
}

/**
 * Decodes FIT bytes with `fit-file-parser`, CRCs checked (`force: false`).
 * @throws TrackFileError `fit_corrupt` (bad CRC, truncated or malformed file),
 *   `fit_no_position_no_distance`, `track_no_points`
 */
export async function importFitBytes(bytes: Uint8Array): Promise<Track> {
  const parser = new FitParser({ force: false, mode: 'list', lengthUnit: 'm', speedUnit: 'm/s', temperatureUnit: 'celsius' })
  let data: ParsedFit
  try {
    // A private copy: the parser gets an ArrayBuffer holding exactly the file (a Buffer's
    // `.buffer` may be a larger shared pool, and `Buffer#slice` does not copy).
    data = await parser.parseAsync(new Uint8Array(bytes).buffer)
  } catch (error) {
    // The parser rejects with a string (or occasionally an Error) describing the damage.
    throw new TrackFileError('fit_corrupt', error instanceof Error ? error.message : String(error))
  }
  return trackOfParsedFit(data)
}

/** Reads a FIT file from disk (FIT files are compact: ~25 bytes a point, read whole). */
export async function importFitFile(path: string): Promise<Track> {
  return importFitBytes(await readFile(path))
}

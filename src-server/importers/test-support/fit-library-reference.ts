import FitParser, { type ParsedFit } from 'fit-file-parser'
import type { FitActivityData, FitSession, FitTimerEvent } from '../fit/fit-reader'
import { TrackFileError } from '../track-file-error'

/**
 * fit-file-parser, a general FIT decoder written independently of ours, as the tests' reference
 * for what `fit-reader.ts` decodes. Not used by imports (it builds every message as objects).
 */

function timeOf(date: Date | undefined): number {
  return date instanceof Date ? date.getTime() : Number.NaN
}

function finite(value: number | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN
}

/** The later of a session's timestamp and its start + elapsed time, either when the other is unknown (a watch may stamp the session with its start). */
function sessionEnd(stamped: number, ranUntil: number): number {
  return Number.isNaN(ranUntil) ? stamped : Number.isNaN(stamped) ? ranUntil : Math.max(stamped, ranUntil)
}

/** fit-file-parser's output in the shape of {@link readFitActivity}'s (tests cross-check the two). */
export function activityOfParsedFit(data: ParsedFit): FitActivityData {
  const records = (data.records ?? []).filter((record) => record.timestamp instanceof Date)
  const n = records.length
  const column = (): Float64Array => new Float64Array(n)
  const columns = {
    count: n,
    time: column(),
    lat: column(),
    lon: column(),
    ele: column(),
    heartRate: column(),
    cadence: column(),
    power: column(),
    temperature: column(),
    distance: column(),
    speed: column(),
  }
  records.forEach((record, i) => {
    columns.time[i] = timeOf(record.timestamp)
    columns.lat[i] = finite(record.position_lat)
    columns.lon[i] = finite(record.position_long)
    columns.ele[i] = finite(record.enhanced_altitude ?? record.altitude)
    columns.heartRate[i] = finite(record.heart_rate)
    columns.cadence[i] = finite(record.cadence)
    columns.power[i] = finite(record.power)
    columns.temperature[i] = finite(record.temperature)
    columns.distance[i] = finite(record.distance)
    columns.speed[i] = finite(record.enhanced_speed ?? record.speed)
  })
  const timers: FitTimerEvent[] = []
  for (const event of data.events ?? []) {
    if (event.event !== 'timer') continue
    const time = timeOf(event.timestamp)
    if (Number.isNaN(time)) continue
    if (event.event_type === 'start') timers.push({ time, running: true })
    else if (event.event_type === 'stop' || event.event_type === 'stop_all' || event.event_type === 'stop_disable_all') {
      timers.push({ time, running: false })
    }
  }
  const sessions: FitSession[] = (data.sessions ?? []).map((session) => ({
    start: timeOf(session.start_time),
    end: sessionEnd(timeOf(session.timestamp), timeOf(session.start_time) + Math.round(1000 * finite(session.total_elapsed_time))),
    sport: typeof session.sport === 'string' ? session.sport : null,
    subSport: typeof session.sub_sport === 'string' ? session.sub_sport : null,
    poolLengthM: finite(session.pool_length),
    calories: finite(session.total_calories),
    distanceM: finite(session.total_distance),
    elapsedMs: Math.round(1000 * finite(session.total_elapsed_time)),
    ascentM: finite(session.total_ascent),
    descentM: finite(session.total_descent),
    maxSpeedMs: finite(session.enhanced_max_speed ?? session.max_speed),
  }))
  const laps = (data.laps ?? []).map((lap) => ({ start: timeOf(lap.start_time), end: timeOf(lap.timestamp), distanceM: finite(lap.total_distance), firstLength: finite(lap.first_length_index), lengthCount: finite(lap.num_lengths) }))
  const fileType: unknown = data.file_ids?.[0]?.type
  return { records: columns, timers, sessions, laps, lengths: [], fileType: typeof fileType === 'string' ? fileType : null, tailDamaged: false }
}

/** Decodes FIT bytes with fit-file-parser, CRCs checked (`force: false`). @throws TrackFileError `fit_corrupt` */
export async function parseFitWithLibrary(bytes: Uint8Array): Promise<ParsedFit> {
  const parser = new FitParser({ force: false, mode: 'list', lengthUnit: 'm', speedUnit: 'm/s', temperatureUnit: 'celsius' })
  try {
    // A private copy: the parser gets an ArrayBuffer holding exactly the file (a Buffer's
    // `.buffer` may be a larger shared pool, and `Buffer#slice` does not copy).
    return await parser.parseAsync(new Uint8Array(bytes).buffer)
  } catch (error) {
    // The parser rejects with a string (or occasionally an Error) describing the damage.
    throw new TrackFileError('fit_corrupt', error instanceof Error ? error.message : String(error))
  }
}

/**
 * Plain arrays, so that a difference shows as values (NaN equals NaN for `toEqual`); a column
 * the file does not define (`null`) reads as missing values, as fit-file-parser's. Cadence is
 * compared whole: fit-file-parser does not decode a record's `fractional_cadence`, which
 * `run-cadence.test.ts` checks against Garmin's SDK.
 */
export function comparable(data: FitActivityData): { columns: number[][] } & Record<string, unknown> {
  const { records } = data
  const cadence = records.cadence?.map(Math.trunc) ?? null
  return {
    timers: data.timers,
    sessions: data.sessions,
    laps: data.laps,
    fileType: data.fileType,
    count: records.count,
    columns: [records.time, records.lat, records.lon, records.ele, records.heartRate, cadence, records.power, records.temperature, records.distance, records.speed].map(
      (column) => (column === null ? Array.from({ length: records.count }, () => Number.NaN) : Array.from(column)),
    ),
  }
}

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

/** Units a developer field must declare to stand for a native field (lower case), by unit of the native field. */
const UNITS: Readonly<Record<string, readonly string[]>> = { m: ['m'], 'm/s': ['m/s'], bpm: ['bpm'], W: ['w', 'watt', 'watts'], kcal: ['kcal'] }
/** The native fields compared here that an app's developer field may stand for: message, field number, their units. */
const NATIVE: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  record: { 3: 'bpm', 5: 'm', 6: 'm/s', 7: 'W', 73: 'm/s' },
  session: { 9: 'm', 11: 'kcal', 15: 'm/s', 44: 'm', 125: 'm/s' },
  lap: { 9: 'm' },
}

/**
 * Where a message's native value is absent or 0, the value of a Connect IQ app's developer field that declares
 * itself that native field in its units (fit-file-parser names a developer field's value after it): `native`, else that.
 */
function standingIn(native: number, message: object, fieldNumber: number, kind: string, descriptions: ParsedFit['field_descriptions']): number {
  if (native > 0 || native < 0) return native
  for (const description of descriptions ?? []) {
    const units = NATIVE[kind]?.[fieldNumber]
    if (description.native_mesg_num !== kind || description.native_field_num !== fieldNumber || units === undefined) continue
    if (!(UNITS[units] ?? []).includes(String(description.units ?? '').trim().toLowerCase())) continue
    const value = finite((message as Record<string, number | undefined>)[String(description.field_name)])
    if (!Number.isNaN(value)) return value
  }
  return native
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
  const descriptions = data.field_descriptions
  records.forEach((record, i) => {
    const app = (native: number, field: number): number => standingIn(native, record, field, 'record', descriptions)
    columns.time[i] = timeOf(record.timestamp)
    columns.lat[i] = finite(record.position_lat)
    columns.lon[i] = finite(record.position_long)
    columns.ele[i] = finite(record.enhanced_altitude ?? record.altitude)
    columns.heartRate[i] = app(finite(record.heart_rate), 3)
    columns.cadence[i] = finite(record.cadence)
    columns.power[i] = app(finite(record.power), 7)
    columns.temperature[i] = finite(record.temperature)
    columns.distance[i] = app(finite(record.distance), 5)
    const enhanced = app(finite(record.enhanced_speed), 73)
    columns.speed[i] = Number.isNaN(enhanced) ? app(finite(record.speed), 6) : enhanced
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
    poolLengthM: standingIn(finite(session.pool_length), session, 44, 'session', descriptions),
    calories: standingIn(finite(session.total_calories), session, 11, 'session', descriptions),
    distanceM: standingIn(finite(session.total_distance), session, 9, 'session', descriptions),
    elapsedMs: Math.round(1000 * finite(session.total_elapsed_time)),
    ascentM: finite(session.total_ascent),
    descentM: finite(session.total_descent),
    maxSpeedMs: ((enhanced) => (Number.isNaN(enhanced) ? standingIn(finite(session.max_speed), session, 15, 'session', descriptions) : enhanced))(
      standingIn(finite(session.enhanced_max_speed), session, 125, 'session', descriptions),
    ),
  }))
  const laps = (data.laps ?? []).map((lap) => ({ start: timeOf(lap.start_time), end: timeOf(lap.timestamp), distanceM: standingIn(finite(lap.total_distance), lap, 9, 'lap', descriptions), firstLength: finite(lap.first_length_index), lengthCount: finite(lap.num_lengths) }))
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

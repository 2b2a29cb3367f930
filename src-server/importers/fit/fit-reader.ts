import { getFitSportName, getFitSubSportName } from 'fit-file-parser/profile'

/**
 * A small purpose-built FIT decoder for what an activity import needs: `record` (20), timer
 * `event`s (21), the `session`s (18: start, end, sport, sub-sport) and the `lap`s (19: start, end). Why: fit-file-parser builds an object (and a
 * `Date`) per message and formats every field through its profile, ~130–180 ms for 50,000
 * records; reading the few fields we use straight into typed arrays is ~10× less work.
 *
 * fit-file-parser stays the reference: this reader only handles the plain, common layout and
 * answers `null` for anything else — CRC or structure problems, compressed-timestamp headers,
 * developer data, a field of interest with an unexpected base type or size — and the importer
 * then asks fit-file-parser (which also words the errors). Tests cross-check both decoders on
 * every FIT fixture. Values follow fit-file-parser exactly: invalid values dropped, the same
 * scale/offset arithmetic, semicircles × 180 / 2³¹, FIT epoch 1989-12-31T00:00:00Z.
 */

/** A timer start or stop, in epoch ms. */
export interface FitTimerEvent {
  readonly time: number
  readonly running: boolean
}

/** The records with a valid timestamp, column-wise; a missing value is `NaN`. */
export interface FitRecordColumns {
  readonly count: number
  /** Epoch ms. */
  readonly time: Float64Array
  /** Decimal degrees. */
  readonly lat: Float64Array
  readonly lon: Float64Array
  /** Metres: `enhanced_altitude` when present, else `altitude`. */
  readonly ele: Float64Array
  readonly heartRate: Float64Array
  readonly cadence: Float64Array
  readonly power: Float64Array
  /** °C. */
  readonly temperature: Float64Array
  /** Cumulative metres. */
  readonly distance: Float64Array
}

/** One session (a leg of a multisport file, or the whole activity), times in epoch ms. */
export interface FitSession {
  /** `start_time`; `NaN` when absent. */
  readonly start: number
  /** `timestamp` (the session's end); `NaN` when absent. */
  readonly end: number
  /** The sport as fit-file-parser names it; `null` when unnamed or absent. */
  readonly sport: string | null
  /** The sub-sport as fit-file-parser names it; `null` when unnamed or absent. */
  readonly subSport: string | null
}

/** One lap the device recorded (lap button or auto-lap), times in epoch ms. */
export interface FitLap {
  /** `start_time`; `NaN` when absent. */
  readonly start: number
  /** `timestamp` (the lap's end); `NaN` when absent. */
  readonly end: number
  /** `total_distance` in metres; `NaN` when absent (pool swims carry their distance only here). */
  readonly distanceM: number
}

/** What an activity import reads from a FIT file. */
export interface FitActivityData {
  readonly records: FitRecordColumns
  /** Timer events (start, stop, stop_all, stop_disable_all) in file order. */
  readonly timers: readonly FitTimerEvent[]
  /** The sessions in file order (none in files that lack them). */
  readonly sessions: readonly FitSession[]
  /** The laps in file order (none in files that lack them). */
  readonly laps: readonly FitLap[]
  /**
   * `file_id.type` as fit-file-parser names it (`activity`, `settings`, `monitoring_b`, `course`,
   * …), or `null` when the file has no file_id.
   */
  readonly fileType: string | null
}

/** Milliseconds from the Unix epoch to the FIT epoch (1989-12-31T00:00:00Z). */
const FIT_EPOCH_MS = 631_065_600_000
const SEMICIRCLE_DEGREES = 180 / Math.pow(2, 31)

const FILE_ID = 0
const SESSION = 18
const LAP = 19
const RECORD = 20
const EVENT = 21

// Base type bytes of the FIT profile.
const ENUM = 0x00
const SINT8 = 0x01
const UINT8 = 0x02
const BYTE = 0x0d
const UINT16 = 0x84
const SINT32 = 0x85
const UINT32 = 0x86

// What a field of interest becomes: an index into the decoded values of a message.
const SLOT_TIMESTAMP = 0
const SLOT_LAT = 1
const SLOT_LON = 2
const SLOT_ALTITUDE = 3
const SLOT_HEART_RATE = 4
const SLOT_CADENCE = 5
const SLOT_DISTANCE = 6
const SLOT_POWER = 7
const SLOT_TEMPERATURE = 8
const SLOT_ENHANCED_ALTITUDE = 9
const SLOT_EVENT = 10
const SLOT_EVENT_TYPE = 11
const SLOT_SPORT = 12
const SLOT_START_TIME = 13
const SLOT_SUB_SPORT = 14
const SLOT_FILE_TYPE = 15
const SLOT_COUNT = 16

/** The FIT profile's `file` type names fit-file-parser gives, for the types an upload may meet. */
const FILE_TYPES: ReadonlyMap<number, string> = new Map([
  [1, 'device'],
  [2, 'settings'],
  [3, 'sport'],
  [4, 'activity'],
  [5, 'workout'],
  [6, 'course'],
  [7, 'schedules'],
  [9, 'weight'],
  [10, 'totals'],
  [11, 'goals'],
  [14, 'blood_pressure'],
  [15, 'monitoring_a'],
  [20, 'activity_summary'],
  [28, 'monitoring_daily'],
  [32, 'monitoring_b'],
  [34, 'segment'],
  [35, 'segment_list'],
])

/** Field number → (slot, base types accepted) per message of interest. */
type FieldTable = ReadonlyMap<number, readonly [number, readonly number[]]>

const UINT8_LIKE = [ENUM, UINT8, BYTE]
const FIELDS: ReadonlyMap<number, FieldTable> = new Map([
  [
    RECORD,
    new Map<number, readonly [number, readonly number[]]>([
      [253, [SLOT_TIMESTAMP, [UINT32]]],
      [0, [SLOT_LAT, [SINT32]]],
      [1, [SLOT_LON, [SINT32]]],
      [2, [SLOT_ALTITUDE, [UINT16]]],
      [3, [SLOT_HEART_RATE, [UINT8]]],
      [4, [SLOT_CADENCE, [UINT8]]],
      [5, [SLOT_DISTANCE, [UINT32]]],
      [7, [SLOT_POWER, [UINT16]]],
      [13, [SLOT_TEMPERATURE, [SINT8]]],
      [78, [SLOT_ENHANCED_ALTITUDE, [UINT32]]],
    ]),
  ],
  [
    EVENT,
    new Map<number, readonly [number, readonly number[]]>([
      [253, [SLOT_TIMESTAMP, [UINT32]]],
      [0, [SLOT_EVENT, UINT8_LIKE]],
      [1, [SLOT_EVENT_TYPE, UINT8_LIKE]],
    ]),
  ],
  [
    SESSION,
    new Map<number, readonly [number, readonly number[]]>([
      [253, [SLOT_TIMESTAMP, [UINT32]]],
      [2, [SLOT_START_TIME, [UINT32]]],
      [5, [SLOT_SPORT, UINT8_LIKE]],
      [6, [SLOT_SUB_SPORT, UINT8_LIKE]],
    ]),
  ],
  [
    LAP,
    new Map<number, readonly [number, readonly number[]]>([
      [253, [SLOT_TIMESTAMP, [UINT32]]],
      [2, [SLOT_START_TIME, [UINT32]]],
      [9, [SLOT_DISTANCE, [UINT32]]],
    ]),
  ],
  [FILE_ID, new Map<number, readonly [number, readonly number[]]>([[0, [SLOT_FILE_TYPE, UINT8_LIKE]]])],
])

function baseTypeSize(baseType: number): number {
  return baseType === UINT16 ? 2 : baseType === SINT32 || baseType === UINT32 ? 4 : 1
}

/** A local message definition: where the fields of interest sit in its data messages. */
interface Definition {
  readonly global: number
  readonly littleEndian: boolean
  /** Bytes of a data message after its header. */
  readonly size: number
  /** Per field of interest: slot, byte offset, base type (flat triples). */
  readonly fields: Int32Array
}

/** CRC-16 of the FIT protocol (reflected polynomial 0xA001), a byte at a time. */
const CRC_TABLE = (() => {
  const table = new Uint16Array(256)
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1
    table[byte] = crc
  }
  return table
})()

/** The FIT CRC of `bytes[start, end)`. */
export function fitCrc(bytes: Uint8Array, start: number, end: number): number {
  let crc = 0
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ (CRC_TABLE[(crc ^ (bytes[i] ?? 0)) & 0xff] ?? 0)
  return crc
}

/** Growable columns for the records. */
class Columns {
  count = 0
  capacity: number
  time: Float64Array
  lat: Float64Array
  lon: Float64Array
  ele: Float64Array
  heartRate: Float64Array
  cadence: Float64Array
  power: Float64Array
  temperature: Float64Array
  distance: Float64Array

  constructor(capacity: number) {
    this.capacity = capacity
    this.time = new Float64Array(capacity)
    this.lat = new Float64Array(capacity)
    this.lon = new Float64Array(capacity)
    this.ele = new Float64Array(capacity)
    this.heartRate = new Float64Array(capacity)
    this.cadence = new Float64Array(capacity)
    this.power = new Float64Array(capacity)
    this.temperature = new Float64Array(capacity)
    this.distance = new Float64Array(capacity)
  }

  grow(): void {
    const capacity = this.capacity * 2
    const grown = (column: Float64Array): Float64Array => {
      const next = new Float64Array(capacity)
      next.set(column)
      return next
    }
    this.time = grown(this.time)
    this.lat = grown(this.lat)
    this.lon = grown(this.lon)
    this.ele = grown(this.ele)
    this.heartRate = grown(this.heartRate)
    this.cadence = grown(this.cadence)
    this.power = grown(this.power)
    this.temperature = grown(this.temperature)
    this.distance = grown(this.distance)
    this.capacity = capacity
  }

  finish(): FitRecordColumns {
    const n = this.count
    return {
      count: n,
      time: this.time.subarray(0, n),
      lat: this.lat.subarray(0, n),
      lon: this.lon.subarray(0, n),
      ele: this.ele.subarray(0, n),
      heartRate: this.heartRate.subarray(0, n),
      cadence: this.cadence.subarray(0, n),
      power: this.power.subarray(0, n),
      temperature: this.temperature.subarray(0, n),
      distance: this.distance.subarray(0, n),
    }
  }
}

/** Reads one field of interest; `NaN` for FIT's "invalid" value of its base type. */
function fieldValue(view: DataView, at: number, baseType: number, littleEndian: boolean): number {
  switch (baseType) {
    case SINT32: {
      const value = view.getInt32(at, littleEndian)
      return value === 0x7fffffff ? Number.NaN : value
    }
    case UINT32: {
      const value = view.getUint32(at, littleEndian)
      return value === 0xffffffff ? Number.NaN : value
    }
    case UINT16: {
      const value = view.getUint16(at, littleEndian)
      return value === 0xffff ? Number.NaN : value
    }
    case SINT8: {
      const value = view.getInt8(at)
      return value === 0x7f ? Number.NaN : value
    }
    default: {
      const value = view.getUint8(at)
      return value === 0xff ? Number.NaN : value
    }
  }
}

/**
 * Decodes the activity data of a FIT file, or returns `null` when the file is anything but the
 * plain common layout (the caller then uses fit-file-parser, which also reports damage).
 */
export function readFitActivity(bytes: Uint8Array): FitActivityData | null {
  const length = bytes.length
  if (length < 14) return null
  const headerSize = bytes[0] ?? 0
  if (headerSize !== 12 && headerSize !== 14) return null
  if (bytes[8] !== 0x2e || bytes[9] !== 0x46 || bytes[10] !== 0x49 || bytes[11] !== 0x54) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const dataEnd = headerSize + view.getUint32(4, true)
  if (dataEnd + 2 > length) return null
  if (headerSize === 14) {
    const headerCrc = view.getUint16(12, true)
    if (headerCrc !== 0 && headerCrc !== fitCrc(bytes, 0, 12)) return null
  }
  if (view.getUint16(dataEnd, true) !== fitCrc(bytes, 0, dataEnd)) return null

  const definitions: (Definition | undefined)[] = []
  const columns = new Columns(Math.max(256, Math.ceil((dataEnd - headerSize) / 24)))
  const timers: FitTimerEvent[] = []
  const sessions: FitSession[] = []
  const laps: FitLap[] = []
  let fileType: string | null | undefined
  const values = new Float64Array(SLOT_COUNT)
  let pos = headerSize
  while (pos < dataEnd) {
    const header = bytes[pos] ?? 0
    // Compressed timestamps and reserved bits: left to fit-file-parser.
    if ((header & 0x80) !== 0 || (header & 0x10) !== 0) return null
    const local = header & 0x0f
    if ((header & 0x40) !== 0) {
      // Definition message; developer data (0x20) is left to fit-file-parser.
      if ((header & 0x20) !== 0 || pos + 6 > dataEnd) return null
      const architecture = bytes[pos + 2] ?? 0
      if (architecture > 1) return null
      const littleEndian = architecture === 0
      const global = view.getUint16(pos + 3, littleEndian)
      const fieldCount = bytes[pos + 5] ?? 0
      const end = pos + 6 + fieldCount * 3
      if (end > dataEnd) return null
      const table = FIELDS.get(global)
      const fields: number[] = []
      let offset = 0
      for (let i = pos + 6; i < end; i += 3) {
        const number = bytes[i] ?? 0
        const size = bytes[i + 1] ?? 0
        const baseType = bytes[i + 2] ?? 0
        const wanted = table?.get(number)
        if (wanted !== undefined) {
          const [slot, accepted] = wanted
          if (!accepted.includes(baseType) || size !== baseTypeSize(baseType)) return null
          fields.push(slot, offset, baseType)
        }
        offset += size
      }
      definitions[local] = { global, littleEndian, size: offset, fields: Int32Array.from(fields) }
      pos = end
      continue
    }
    if ((header & 0x20) !== 0) return null
    const definition = definitions[local]
    if (definition === undefined) return null
    const start = pos + 1
    pos = start + definition.size
    if (pos > dataEnd) return null
    const global = definition.global
    if (global !== RECORD && global !== EVENT && global !== SESSION && global !== LAP && global !== FILE_ID) continue
    values.fill(Number.NaN)
    const fields = definition.fields
    for (let f = 0; f < fields.length; f += 3) {
      values[fields[f] ?? 0] = fieldValue(view, start + (fields[f + 1] ?? 0), fields[f + 2] ?? 0, definition.littleEndian)
    }
    const timestamp = values[SLOT_TIMESTAMP] ?? Number.NaN
    const time = timestamp * 1000 + FIT_EPOCH_MS
    if (global === RECORD) {
      // fit-file-parser's records without a timestamp are not points.
      if (Number.isNaN(timestamp)) continue
      if (columns.count === columns.capacity) columns.grow()
      const n = columns.count++
      columns.time[n] = time
      columns.lat[n] = (values[SLOT_LAT] ?? Number.NaN) * SEMICIRCLE_DEGREES
      columns.lon[n] = (values[SLOT_LON] ?? Number.NaN) * SEMICIRCLE_DEGREES
      const enhanced = values[SLOT_ENHANCED_ALTITUDE] ?? Number.NaN
      columns.ele[n] = Number.isNaN(enhanced) ? (values[SLOT_ALTITUDE] ?? Number.NaN) / 5 + -500 : enhanced / 5 + -500
      columns.heartRate[n] = values[SLOT_HEART_RATE] ?? Number.NaN
      columns.cadence[n] = values[SLOT_CADENCE] ?? Number.NaN
      columns.power[n] = values[SLOT_POWER] ?? Number.NaN
      columns.temperature[n] = values[SLOT_TEMPERATURE] ?? Number.NaN
      columns.distance[n] = (values[SLOT_DISTANCE] ?? Number.NaN) / 100
    } else if (global === EVENT) {
      const type = values[SLOT_EVENT_TYPE]
      if (values[SLOT_EVENT] !== 0 || Number.isNaN(timestamp)) continue
      if (type === 0) timers.push({ time, running: true })
      else if (type === 1 || type === 4 || type === 9) timers.push({ time, running: false })
    } else if (global === LAP) {
      laps.push({ start: (values[SLOT_START_TIME] ?? Number.NaN) * 1000 + FIT_EPOCH_MS, end: time, distanceM: (values[SLOT_DISTANCE] ?? Number.NaN) / 100 })
    } else if (global === FILE_ID) {
      const type = values[SLOT_FILE_TYPE] ?? Number.NaN
      // The first file_id names the file (a chained file repeats it).
      fileType ??= Number.isNaN(type) ? null : (FILE_TYPES.get(type) ?? String(type))
    } else {
      const start = values[SLOT_START_TIME] ?? Number.NaN
      const sport = values[SLOT_SPORT] ?? Number.NaN
      const subSport = values[SLOT_SUB_SPORT] ?? Number.NaN
      sessions.push({
        start: start * 1000 + FIT_EPOCH_MS,
        end: time,
        sport: Number.isNaN(sport) ? null : getFitSportName(sport),
        subSport: Number.isNaN(subSport) ? null : getFitSubSportName(subSport),
      })
    }
  }
  if (pos !== dataEnd) return null
  return { records: columns.finish(), timers, sessions, laps, fileType: fileType ?? null }
}

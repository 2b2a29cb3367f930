import { getFitSportName, getFitSubSportName } from 'fit-file-parser/profile'
import { MAX_TRACK_POINTS } from '../point-budget'
import { TrackFileError } from '../track-file-error'

/**
 * Waymark's FIT decoder, reading what an activity import needs: `record` (20), timer `event`s
 * (21), the `session`s (18: start, end, sport, sub-sport), the `lap`s (19) and `file_id` (0).
 * Why our own: a general decoder (fit-file-parser) builds an object and a `Date` per message and
 * formats every field through its profile — ~10× the work, and for a 20 MB file ~900 MB of objects
 * before any budget could apply. This reader writes the few fields we use straight into typed
 * columns. A first walk over the message headers and timestamps (no other field decoded) counts
 * the points and sees which fields they carry: a file past the point budget is refused there,
 * before any column exists, and otherwise each column is allocated once at its final size, and
 * only the columns the file has. Memory is bounded by the budget whatever the file holds.
 *
 * It reads every layout the FIT protocol allows: both byte orders, developer fields (skipped, unless
 * one declares itself a native field we read: see {@link NATIVE_UNITS}),
 * compressed-timestamp headers, fields of any base type (arrays of the fields we use read as
 * missing, as fit-file-parser does), `compressed_speed_distance` records (distance accumulated).
 * Values follow fit-file-parser, the reference the tests compare with: invalid values dropped,
 * the profile's scale/offset, semicircles × 180 / 2³¹, FIT epoch 1989-12-31T00:00:00Z.
 *
 * Damage: a file cut short (its last message runs past the end of the data or of the file) or
 * with a wrong checksum keeps what was read and says so (`tailDamaged`); a file whose structure
 * breaks before that (an undefined message type, a reserved bit) is refused: the message before
 * such a break was already misread (a byte lost inside it shifts everything after), so nothing
 * read can be trusted.
 */

/** A timer start or stop, in epoch ms. */
export interface FitTimerEvent {
  readonly time: number
  readonly running: boolean
}

/**
 * The records with a valid timestamp, column-wise; a missing value is `NaN`. An optional column is
 * `null` when no record definition of the file has its field.
 */
export interface FitRecordColumns {
  readonly count: number
  /** Epoch ms. */
  readonly time: Float64Array
  /** Decimal degrees. */
  readonly lat: Float64Array
  readonly lon: Float64Array
  /** Metres: `enhanced_altitude` when present, else `altitude`. */
  readonly ele: Float64Array
  readonly heartRate: Float64Array | null
  readonly cadence: Float64Array | null
  readonly power: Float64Array | null
  /** °C. */
  readonly temperature: Float64Array | null
  /** Cumulative metres: `distance`, else the accumulated `compressed_speed_distance`. */
  readonly distance: Float64Array | null
  /** m/s: `enhanced_speed` when present, else `speed`. */
  readonly speed: Float64Array | null
}

/** One session (a leg of a multisport file, or the whole activity), times in epoch ms. */
export interface FitSession {
  /** `start_time`; `NaN` when absent. */
  readonly start: number
  /**
   * The session's end: the later of its `timestamp` and `start_time` + `total_elapsed_time`. Some watches
   * (a Garmin run, a Garmin road ride) stamp the session message with its start; its elapsed time still says
   * how long it ran. `NaN` when neither is known.
   */
  readonly end: number
  /** The sport as fit-file-parser names it; `null` when unnamed or absent. */
  readonly sport: string | null
  /** The sub-sport as fit-file-parser names it; `null` when unnamed or absent. */
  readonly subSport: string | null
  /** `pool_length` in metres (pool swims); `NaN` when absent. */
  readonly poolLengthM: number
  /** `total_calories` in kcal; `NaN` when absent. */
  readonly calories: number
  /** `total_distance` in metres; `NaN` when absent (0 when the device measured none, e.g. a trainer without a speed sensor). */
  readonly distanceM: number
  /** `total_elapsed_time` in ms (pauses included); `NaN` when absent. */
  readonly elapsedMs: number
  /** `total_ascent` and `total_descent` in metres, as the device counted them; `NaN` when absent. */
  readonly ascentM: number
  readonly descentM: number
  /** m/s: `enhanced_max_speed` when present, else `max_speed`; `NaN` when absent. */
  readonly maxSpeedMs: number
}

/** One length of a pool swim, times in epoch ms. */
export interface FitLength {
  /** `start_time`; `NaN` when absent. */
  readonly start: number
  /** `start_time` + `total_elapsed_time` (devices leave its timestamp out); `NaN` when absent. */
  readonly end: number
  /** `length_type` active (swum), not idle (a rest at the wall). */
  readonly active: boolean
}

/** One lap the device recorded (lap button or auto-lap), times in epoch ms. */
export interface FitLap {
  /** `start_time`; `NaN` when absent. */
  readonly start: number
  /** `timestamp` (the lap's end); `NaN` when absent. */
  readonly end: number
  /** `total_distance` in metres; `NaN` when absent (pool swims carry their distance only here). */
  readonly distanceM: number
  /** `first_length_index` and `num_lengths`: the pool lengths it holds (indexes in file order), `NaN` when absent. */
  readonly firstLength: number
  readonly lengthCount: number
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
  /** A pool swim's lengths in file order (none in other files). */
  readonly lengths: readonly FitLength[]
  /**
   * `file_id.type` as fit-file-parser names it (`activity`, `settings`, `monitoring_b`, `course`,
   * …), or `null` when the file has no file_id.
   */
  readonly fileType: string | null
  /** True when the file ends in damage (cut short, or a wrong checksum): what is here was readable. */
  readonly tailDamaged: boolean
}

/** Milliseconds from the Unix epoch to the FIT epoch (1989-12-31T00:00:00Z). */
const FIT_EPOCH_MS = 631_065_600_000
/**
 * Epoch ms of FIT's 0x10000000 s: the protocol's `date_time` values below it are not times of day
 * but seconds since the device was powered on; a `timestamp_correlation` message ties them to UTC.
 */
const RELATIVE_TIME_LIMIT_MS = FIT_EPOCH_MS + 0x10000000 * 1000
const SEMICIRCLE_DEGREES = 180 / Math.pow(2, 31)

/**
 * Most laps, sessions and timer events kept (each is a small object). Real files have a few
 * hundred; the cap bounds memory for a file made of nothing else.
 */
const MAX_FIT_EVENTS = 100_000

const FILE_ID = 0
const SESSION = 18
const LAP = 19
const RECORD = 20
const EVENT = 21
const LENGTH = 101
const TIMESTAMP_CORRELATION = 162
const FIELD_DESCRIPTION = 206

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
/** `compressed_speed_distance`'s 12-bit distance (1/16 m, rolling over at 256 m). */
const SLOT_COMPRESSED_DISTANCE = 16
const SLOT_SPEED = 17
const SLOT_ENHANCED_SPEED = 18
/** `timestamp_correlation`: the device's own clock (seconds since power-on) and the milliseconds. */
const SLOT_SYSTEM_TIMESTAMP = 19
const SLOT_TIMESTAMP_MS = 20
const SLOT_SYSTEM_TIMESTAMP_MS = 21
/** `length` and `session`: `total_elapsed_time` (ms); `length`: `length_type`; `session`: `pool_length` (cm). */
const SLOT_ELAPSED = 22
const SLOT_LENGTH_TYPE = 23
const SLOT_POOL_LENGTH = 24
/** `session`: `total_calories` (kcal). */
const SLOT_CALORIES = 25
/** A record's `fractional_cadence` (1/128 of a revolution or stride a minute), added to `cadence`. */
const SLOT_FRACTIONAL_CADENCE = 26
/** `lap`: `first_length_index` and `num_lengths`. */
const SLOT_FIRST_LENGTH = 27
const SLOT_NUM_LENGTHS = 28
/** `session`: `total_ascent` and `total_descent` (m). */
const SLOT_ASCENT = 29
const SLOT_DESCENT = 30
/** `field_description`: which developer field it describes, its type, scale and offset, and the native field it stands for. */
const SLOT_DEVELOPER_INDEX = 31
const SLOT_DEVELOPER_FIELD = 32
const SLOT_DEVELOPER_TYPE = 33
const SLOT_DEVELOPER_SCALE = 34
const SLOT_DEVELOPER_OFFSET = 35
const SLOT_NATIVE_MESSAGE = 36
const SLOT_NATIVE_FIELD = 37
/** `field_description`'s `units`, a string: read by {@link unitsOf}, never into the values. */
const SLOT_DEVELOPER_UNITS = 38
const SLOT_COUNT = 39

/**
 * The native fields a developer field may stand for, by slot: the units it must declare (lower
 * case), and the profile's scale and offset of the native raw value (a value in those units is
 * stored as (value + offset) × scale). A Connect IQ app recording what the watch does not measure
 * (a swim app, a rowing machine's monitor) declares its `distance` as the record's field 5 and its
 * `total_distance` as the lap's and session's field 9 (`field_description.native_mesg_num` and
 * `native_field_num`), while the watch writes 0 there. Other units are no stand-in: an app's speed
 * "as field 6" in km/h is not the record's m/s. Cadence is left out: an app's steps a minute would
 * double a runner's strides.
 */
const NATIVE_UNITS: ReadonlyMap<number, { readonly units: readonly string[]; readonly scale: number; readonly offset: number }> = new Map([
  [SLOT_DISTANCE, { units: ['m'], scale: 100, offset: 0 }],
  [SLOT_SPEED, { units: ['m/s'], scale: 1000, offset: 0 }],
  [SLOT_ENHANCED_SPEED, { units: ['m/s'], scale: 1000, offset: 0 }],
  [SLOT_HEART_RATE, { units: ['bpm'], scale: 1, offset: 0 }],
  [SLOT_POWER, { units: ['w', 'watt', 'watts'], scale: 1, offset: 0 }],
  [SLOT_CALORIES, { units: ['kcal'], scale: 1, offset: 0 }],
  [SLOT_POOL_LENGTH, { units: ['m'], scale: 100, offset: 0 }],
])

/** A developer field standing for a native one (see {@link NATIVE_UNITS}), keyed by developer data index × 256 + field number. */
interface NativeStandIn {
  readonly message: number
  readonly slot: number
  readonly baseType: number
  /** Raw native value = (developer raw ÷ its scale − its offset + native offset) × native scale = developer raw × factor + shift. */
  readonly factor: number
  readonly shift: number
}

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

/** Field number → slot, per message of interest. */
const FIELDS: ReadonlyMap<number, ReadonlyMap<number, number>> = new Map([
  [
    RECORD,
    new Map([
      [253, SLOT_TIMESTAMP],
      [0, SLOT_LAT],
      [1, SLOT_LON],
      [2, SLOT_ALTITUDE],
      [3, SLOT_HEART_RATE],
      [4, SLOT_CADENCE],
      [53, SLOT_FRACTIONAL_CADENCE],
      [5, SLOT_DISTANCE],
      [6, SLOT_SPEED],
      [7, SLOT_POWER],
      [8, SLOT_COMPRESSED_DISTANCE],
      [13, SLOT_TEMPERATURE],
      [73, SLOT_ENHANCED_SPEED],
      [78, SLOT_ENHANCED_ALTITUDE],
    ]),
  ],
  [
    EVENT,
    new Map([
      [253, SLOT_TIMESTAMP],
      [0, SLOT_EVENT],
      [1, SLOT_EVENT_TYPE],
    ]),
  ],
  [
    SESSION,
    new Map([
      [253, SLOT_TIMESTAMP],
      [2, SLOT_START_TIME],
      [5, SLOT_SPORT],
      [6, SLOT_SUB_SPORT],
      [7, SLOT_ELAPSED],
      [9, SLOT_DISTANCE],
      [11, SLOT_CALORIES],
      [15, SLOT_SPEED],
      [22, SLOT_ASCENT],
      [23, SLOT_DESCENT],
      [44, SLOT_POOL_LENGTH],
      [125, SLOT_ENHANCED_SPEED],
    ]),
  ],
  [
    LENGTH,
    new Map([
      [253, SLOT_TIMESTAMP],
      [2, SLOT_START_TIME],
      [3, SLOT_ELAPSED],
      [12, SLOT_LENGTH_TYPE],
    ]),
  ],
  [
    LAP,
    new Map([
      [253, SLOT_TIMESTAMP],
      [2, SLOT_START_TIME],
      [9, SLOT_DISTANCE],
      [32, SLOT_NUM_LENGTHS],
      [35, SLOT_FIRST_LENGTH],
    ]),
  ],
  [FILE_ID, new Map([[0, SLOT_FILE_TYPE]])],
  [
    FIELD_DESCRIPTION,
    new Map([
      [0, SLOT_DEVELOPER_INDEX],
      [1, SLOT_DEVELOPER_FIELD],
      [2, SLOT_DEVELOPER_TYPE],
      [6, SLOT_DEVELOPER_SCALE],
      [7, SLOT_DEVELOPER_OFFSET],
      [8, SLOT_DEVELOPER_UNITS],
      [14, SLOT_NATIVE_MESSAGE],
      [15, SLOT_NATIVE_FIELD],
    ]),
  ],
  [
    TIMESTAMP_CORRELATION,
    new Map([
      [253, SLOT_TIMESTAMP],
      [1, SLOT_SYSTEM_TIMESTAMP],
      [4, SLOT_TIMESTAMP_MS],
      [5, SLOT_SYSTEM_TIMESTAMP_MS],
    ]),
  ],
])

/** Bytes of one value of a base type (its low 5 bits are the type number); -1 for no known type. */
function baseTypeSize(baseType: number): number {
  switch (baseType & 0x1f) {
    case 0: // enum
    case 1: // sint8
    case 2: // uint8
    case 7: // string
    case 10: // uint8z
    case 13: // byte
      return 1
    case 3: // sint16
    case 4: // uint16
    case 11: // uint16z
      return 2
    case 5: // sint32
    case 6: // uint32
    case 8: // float32
    case 12: // uint32z
      return 4
    case 9: // float64
    case 14: // sint64
    case 15: // uint64
    case 16: // uint64z
      return 8
    default:
      return -1
  }
}

/** A local message definition: where the fields of interest sit in its data messages. */
interface Definition {
  readonly global: number
  readonly littleEndian: boolean
  /** Bytes of a data message after its header, developer fields included. */
  readonly size: number
  /** Per field of interest: slot, byte offset, base type, size (flat quadruples). */
  readonly fields: Int32Array
  /** Byte offset of the `timestamp` (253) field, for compressed-timestamp headers; -1 when none. */
  readonly timestampAt: number
  /** Developer fields standing for a native one: slot, byte offset, base type, factor, shift (flat quintuples, see {@link NativeStandIn}). */
  readonly standIns: Float64Array
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

/**
 * The record columns, each allocated once for the points the census counted (exactly those the
 * decoder keeps): lat, lon, ele and time always (a segment has them), the others only when some
 * record definition has their field.
 */
class Columns {
  count = 0
  readonly time: Float64Array
  readonly lat: Float64Array
  readonly lon: Float64Array
  readonly ele: Float64Array
  readonly heartRate: Float64Array | null
  readonly cadence: Float64Array | null
  readonly power: Float64Array | null
  readonly temperature: Float64Array | null
  readonly distance: Float64Array | null
  readonly speed: Float64Array | null

  /** `slots`: the record fields the file defines, a bit per slot (see {@link recordCensus}). */
  constructor(
    capacity: number,
    slots: number,
  ) {
    const optional = (...fieldSlots: number[]): Float64Array | null => (fieldSlots.some((slot) => (slots & (1 << slot)) !== 0) ? new Float64Array(capacity) : null)
    this.time = new Float64Array(capacity)
    this.lat = new Float64Array(capacity)
    this.lon = new Float64Array(capacity)
    this.ele = new Float64Array(capacity)
    this.heartRate = optional(SLOT_HEART_RATE)
    this.cadence = optional(SLOT_CADENCE)
    this.power = optional(SLOT_POWER)
    this.temperature = optional(SLOT_TEMPERATURE)
    this.distance = optional(SLOT_DISTANCE, SLOT_COMPRESSED_DISTANCE)
    this.speed = optional(SLOT_SPEED, SLOT_ENHANCED_SPEED)
  }

  finish(): FitRecordColumns {
    const n = this.count
    const view = (column: Float64Array | null): Float64Array | null => column?.subarray(0, n) ?? null
    return {
      count: n,
      time: this.time.subarray(0, n),
      lat: this.lat.subarray(0, n),
      lon: this.lon.subarray(0, n),
      ele: this.ele.subarray(0, n),
      heartRate: view(this.heartRate),
      cadence: view(this.cadence),
      power: view(this.power),
      temperature: view(this.temperature),
      distance: view(this.distance),
      speed: view(this.speed),
    }
  }
}

/**
 * The local message type a data message's header names: 4 bits in a normal header (whose 0x10
 * and 0x20 bits are reserved), 2 in a compressed-timestamp one; -1 when a reserved bit is set.
 */
function localType(header: number): number {
  if ((header & 0x80) !== 0) return (header >> 5) & 0x03
  return (header & 0x30) !== 0 ? -1 : header & 0x0f
}

/**
 * Reads the definition message at `pos` (0x20 in its header: developer fields follow the
 * fields). The architecture byte says big-endian only when it is 1: the protocol allows 0 or 1,
 * and devices that write anything else (a Lezyne unit writes 229 now and then) write
 * little-endian data, as GPSBabel and other decoders read it.
 * @returns the definition and where the next message starts, or `null` when it runs past `end`
 */
function readDefinition(bytes: Uint8Array, view: DataView, pos: number, end: number, standIns: ReadonlyMap<number, NativeStandIn>): { definition: Definition; next: number } | null {
  if (pos + 6 > end) return null
  const header = bytes[pos] ?? 0
  const littleEndian = bytes[pos + 2] !== 1
  const global = view.getUint16(pos + 3, littleEndian)
  const fieldCount = bytes[pos + 5] ?? 0
  let next = pos + 6 + fieldCount * 3
  const developer = (header & 0x20) !== 0
  if (next + (developer ? 1 : 0) > end) return null
  const table = FIELDS.get(global)
  const fields: number[] = []
  let offset = 0
  let timestampAt = -1
  for (let i = pos + 6; i < pos + 6 + fieldCount * 3; i += 3) {
    const number = bytes[i] ?? 0
    const size = bytes[i + 1] ?? 0
    const baseType = bytes[i + 2] ?? 0
    if (number === 253 && size === 4 && (baseType & 0x1f) === 6) timestampAt = offset
    const slot = table?.get(number)
    // A field number given twice is malformed: the first one counts, as for fit-file-parser.
    // A session's value written as an array (a triathlon watch's per-leg maximum speeds) is read as its
    // first, as Garmin's SDK and fit-file-parser read it; elsewhere an array is no single value.
    const read = global === SESSION && size > baseTypeSize(baseType) && baseTypeSize(baseType) > 0 ? baseTypeSize(baseType) : size
    if (slot !== undefined && !fields.some((taken, f) => f % 4 === 0 && taken === slot)) fields.push(slot, offset, baseType, read)
    offset += size
  }
  const standing: number[] = []
  if (developer) {
    const developerCount = bytes[next] ?? 0
    const developerEnd = next + 1 + developerCount * 3
    if (developerEnd > end) return null
    for (let i = next + 1; i < developerEnd; i += 3) {
      const size = bytes[i + 1] ?? 0
      const standIn = standIns.get((bytes[i + 2] ?? 0) * 256 + (bytes[i] ?? 0))
      if (standIn?.message === global && size === baseTypeSize(standIn.baseType)) standing.push(standIn.slot, offset, standIn.baseType, standIn.factor, standIn.shift)
      offset += size
    }
    next = developerEnd
  }
  return { definition: { global, littleEndian, size: offset, fields: Int32Array.from(fields), timestampAt, standIns: Float64Array.from(standing) }, next }
}

/**
 * Walks the messages from `pos` to `end` by their headers (and timestamps) alone, as
 * {@link readFitActivity} does, stopping where it would stop (damage, a broken structure) or one
 * point past the budget. It follows the timestamps as the decoder does, so the count is exact: a
 * file past the budget is refused before any column is allocated.
 * @returns how many records have a timestamp (the points), at most one past the budget, and the
 *   record fields defined (a bit per slot)
 */
function recordCensus(bytes: Uint8Array, view: DataView, pos: number, end: number, maxPoints: number): { records: number; slots: number } {
  const definitions: (Definition | undefined)[] = []
  const standIns = new Map<number, NativeStandIn>()
  const values = new Float64Array(SLOT_COUNT)
  let records = 0
  let slots = 0
  // Whether some earlier message had a timestamp: a compressed-timestamp header counts from it.
  let timed = false
  while (pos < end && records <= maxPoints) {
    const header = bytes[pos] ?? 0
    if ((header & 0xc0) === 0x40) {
      const read = readDefinition(bytes, view, pos, end, standIns)
      if (read === null) break
      definitions[header & 0x0f] = read.definition
      if (read.definition.global === RECORD) {
        for (let f = 0; f < read.definition.fields.length; f += 4) slots |= 1 << (read.definition.fields[f] ?? 0)
        for (let f = 0; f < read.definition.standIns.length; f += 5) slots |= 1 << (read.definition.standIns[f] ?? 0)
      }
      pos = read.next
      continue
    }
    const local = localType(header)
    const definition = local < 0 ? undefined : definitions[local]
    if (definition === undefined || pos + 1 + definition.size > end) break
    const stamped: boolean = (header & 0x80) !== 0 && timed
    const hasTimestamp: boolean = stamped || (definition.timestampAt >= 0 && view.getUint32(pos + 1 + definition.timestampAt) !== 0xffffffff)
    timed ||= hasTimestamp
    if (definition.global === FIELD_DESCRIPTION) noteStandIn(readValues(bytes, view, pos + 1, definition, values), unitsOf(bytes, pos + 1, definition), standIns)
    pos += 1 + definition.size
    if (definition.global === RECORD && hasTimestamp) records += 1
  }
  return { records, slots }
}

/** Reads one value of a base type; `NaN` for FIT's "invalid" value of that type. */
function fieldValue(view: DataView, at: number, baseType: number, littleEndian: boolean): number {
  switch (baseType & 0x1f) {
    case 1: {
      const value = view.getInt8(at)
      return value === 0x7f ? Number.NaN : value
    }
    case 3: {
      const value = view.getInt16(at, littleEndian)
      return value === 0x7fff ? Number.NaN : value
    }
    case 4:
    case 11: {
      const value = view.getUint16(at, littleEndian)
      // A "z" type's invalid value is 0 (all ones is a value there), the others' all ones.
      return value === ((baseType & 0x1f) === 11 ? 0 : 0xffff) ? Number.NaN : value
    }
    case 5: {
      const value = view.getInt32(at, littleEndian)
      return value === 0x7fffffff ? Number.NaN : value
    }
    case 6:
    case 12: {
      const value = view.getUint32(at, littleEndian)
      return value === ((baseType & 0x1f) === 12 ? 0 : 0xffffffff) ? Number.NaN : value
    }
    case 8: {
      const value = view.getFloat32(at, littleEndian)
      return view.getUint32(at) === 0xffffffff ? Number.NaN : value
    }
    case 9: {
      const value = view.getFloat64(at, littleEndian)
      return view.getUint32(at) === 0xffffffff && view.getUint32(at + 4) === 0xffffffff ? Number.NaN : value
    }
    case 14:
    case 15:
    case 16:
      // 64-bit integers: no field we read uses them.
      return Number.NaN
    case 10: {
      const value = view.getUint8(at)
      return value === 0 ? Number.NaN : value
    }
    default: {
      const value = view.getUint8(at)
      return value === 0xff ? Number.NaN : value
    }
  }
}

/** A record's speed or a session's maximum, m/s: its `enhanced_` field when present, else the plain one (both mm/s). */
function speedMsOf(values: ArrayLike<number>): number {
  const enhanced = values[SLOT_ENHANCED_SPEED] ?? Number.NaN
  return (Number.isNaN(enhanced) ? (values[SLOT_SPEED] ?? Number.NaN) : enhanced) / 1000
}

/** The 12-bit distance of a 3-byte `compressed_speed_distance` (speed is its low 12 bits); `NaN` when invalid. */
function compressedDistance(bytes: Uint8Array, at: number): number {
  const b0 = bytes[at] ?? 0xff
  const b1 = bytes[at + 1] ?? 0xff
  const b2 = bytes[at + 2] ?? 0xff
  if (b0 === 0xff && b1 === 0xff && b2 === 0xff) return Number.NaN
  return (b1 >> 4) | (b2 << 4)
}

/**
 * Fills `values` (`NaN` when absent) with the fields of interest of the data message at `start`, a
 * developer field standing for a native one where the native one is absent or 0 (what a watch
 * writes for what it did not measure), and returns it.
 */
function readValues(bytes: Uint8Array, view: DataView, start: number, definition: Definition, values: Float64Array): Float64Array {
  values.fill(Number.NaN)
  const { fields, standIns, littleEndian } = definition
  for (let f = 0; f < fields.length; f += 4) {
    const slot = fields[f] ?? 0
    const at = start + (fields[f + 1] ?? 0)
    const baseType = fields[f + 2] ?? 0
    const size = fields[f + 3] ?? 0
    if (slot === SLOT_COMPRESSED_DISTANCE) {
      if (size === 3) values[slot] = compressedDistance(bytes, at)
    } else if (size === baseTypeSize(baseType)) {
      // A field written as an array (size a multiple of its type's) is no single value.
      values[slot] = fieldValue(view, at, baseType, littleEndian)
    }
  }
  for (let f = 0; f < standIns.length; f += 5) {
    const slot = standIns[f] ?? 0
    const native = values[slot] ?? Number.NaN
    if (!Number.isNaN(native) && native !== 0) continue
    const raw = fieldValue(view, start + (standIns[f + 1] ?? 0), standIns[f + 2] ?? 0, littleEndian)
    if (!Number.isNaN(raw)) values[slot] = raw * (standIns[f + 3] ?? 1) + (standIns[f + 4] ?? 0)
  }
  return values
}

/** A `field_description`'s `units` at `start`, lower case, up to its first NUL; `''` when it has none. */
function unitsOf(bytes: Uint8Array, start: number, definition: Definition): string {
  const { fields } = definition
  for (let f = 0; f < fields.length; f += 4) {
    if (fields[f] !== SLOT_DEVELOPER_UNITS || ((fields[f + 2] ?? 0) & 0x1f) !== 7) continue
    const from = start + (fields[f + 1] ?? 0)
    const text = bytes.subarray(from, from + (fields[f + 3] ?? 0))
    const nul = text.indexOf(0)
    return new TextDecoder().decode(nul < 0 ? text : text.subarray(0, nul)).trim().toLowerCase()
  }
  return ''
}

/**
 * Keeps what a `field_description` says of a developer field that stands for a native field we read
 * (`native_mesg_num`, `native_field_num`; see {@link NATIVE_UNITS}), or forgets an earlier description
 * of that developer field that no longer does.
 */
function noteStandIn(values: Float64Array, units: string, standIns: Map<number, NativeStandIn>): void {
  const key = (values[SLOT_DEVELOPER_INDEX] ?? Number.NaN) * 256 + (values[SLOT_DEVELOPER_FIELD] ?? Number.NaN)
  if (Number.isNaN(key)) return
  const message = values[SLOT_NATIVE_MESSAGE] ?? Number.NaN
  const slot = FIELDS.get(message)?.get(values[SLOT_NATIVE_FIELD] ?? Number.NaN)
  const native = slot === undefined ? undefined : NATIVE_UNITS.get(slot)
  if (slot === undefined || native === undefined || !native.units.includes(units)) {
    standIns.delete(key)
    return
  }
  // The developer value in the field's units is raw ÷ scale − offset (the profile's rule); an unstated scale is 1.
  const scale = values[SLOT_DEVELOPER_SCALE] || 1
  const offset = values[SLOT_DEVELOPER_OFFSET] ?? Number.NaN
  standIns.set(key, {
    message,
    slot,
    baseType: values[SLOT_DEVELOPER_TYPE] ?? Number.NaN,
    factor: native.scale / scale,
    shift: (native.offset - (Number.isNaN(offset) ? 0 : offset)) * native.scale,
  })
}

/**
 * Decodes the activity data of a FIT file.
 * @throws TrackFileError `fit_corrupt` (not a FIT file, or its structure breaks before its end, or more laps, sessions,
 *   lengths and timer events than `maxEvents`), `track_too_many_points` (more points than `maxPoints`); a test may
 *   name smaller limits than the budget's
 */
export function readFitActivity(bytes: Uint8Array, maxPoints = MAX_TRACK_POINTS, maxEvents = MAX_FIT_EVENTS): FitActivityData {
  const length = bytes.length
  const headerSize = bytes[0] ?? 0
  if (length < 12 || headerSize < 12 || headerSize > length) throw new TrackFileError('fit_corrupt', 'no FIT header')
  if (bytes[8] !== 0x2e || bytes[9] !== 0x46 || bytes[10] !== 0x49 || bytes[11] !== 0x54) throw new TrackFileError('fit_corrupt', 'no .FIT signature')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const dataEnd = headerSize + view.getUint32(4, true)
  // Where reading stops: the header's data size, or the end of a file cut short.
  const end = Math.min(dataEnd, length)
  let tailDamaged = dataEnd + 2 > length
  if (!tailDamaged) tailDamaged = view.getUint16(dataEnd, true) !== fitCrc(bytes, 0, dataEnd)
  if (headerSize >= 14) {
    const headerCrc = view.getUint16(12, true)
    if (headerCrc !== 0 && headerCrc !== fitCrc(bytes, 0, 12)) tailDamaged = true
  }
  const corrupt = (at: number, what: string): TrackFileError => new TrackFileError('fit_corrupt', `byte ${at}: ${what}`)

  const definitions: (Definition | undefined)[] = []
  const standIns = new Map<number, NativeStandIn>()
  const census = recordCensus(bytes, view, headerSize, end, maxPoints)
  if (census.records > maxPoints) throw new TrackFileError('track_too_many_points', `more than ${maxPoints} FIT records`)
  const columns = new Columns(census.records, census.slots)
  const { heartRate, cadence, power, temperature, distance: distances, speed } = columns
  const timers: FitTimerEvent[] = []
  const sessions: FitSession[] = []
  const laps: FitLap[] = []
  const lengths: FitLength[] = []
  let events = 0
  const keep = (at: number): void => {
    events += 1
    if (events > maxEvents) throw corrupt(at, `more than ${maxEvents} laps, sessions, lengths and timer events`)
  }
  let fileType: string | null | undefined
  // The last full timestamp, which compressed-timestamp headers count from (FIT seconds).
  let lastTimestamp = Number.NaN
  // compressed_speed_distance: the last 12-bit value and the distance accumulated so far (1/16 m).
  let lastCompressed = 0
  let accumulated = 0
  // Milliseconds to add to a relative time (see `RELATIVE_TIME_LIMIT_MS`), from the first timestamp_correlation.
  let relativeToUtcMs = Number.NaN
  const values = new Float64Array(SLOT_COUNT)
  let pos = headerSize
  while (pos < end) {
    const header = bytes[pos] ?? 0
    const compressedHeader = (header & 0x80) !== 0
    if (!compressedHeader && (header & 0x40) !== 0) {
      const read = readDefinition(bytes, view, pos, end, standIns)
      if (read === null) {
        tailDamaged = true
        break
      }
      definitions[header & 0x0f] = read.definition
      pos = read.next
      continue
    }
    const local = localType(header)
    if (local < 0) throw corrupt(pos, 'reserved header bit set')
    const definition = definitions[local]
    if (definition === undefined) throw corrupt(pos, `data of undefined local message ${local}`)
    const start = pos + 1
    if (start + definition.size > end) {
      tailDamaged = true
      break
    }
    pos = start + definition.size
    const { global, littleEndian } = definition
    let timestamp = definition.timestampAt < 0 ? Number.NaN : fieldValue(view, start + definition.timestampAt, 0x86, littleEndian)
    if (compressedHeader && !Number.isNaN(lastTimestamp)) {
      // 5 bits of seconds after the last full timestamp, rolling over every 32 s.
      const offset = header & 0x1f
      const base = lastTimestamp - (lastTimestamp % 32)
      timestamp = base + offset + (offset < lastTimestamp % 32 ? 32 : 0)
    }
    if (!Number.isNaN(timestamp)) lastTimestamp = timestamp
    if (!FIELDS.has(global)) continue
    readValues(bytes, view, start, definition, values)
    values[SLOT_TIMESTAMP] = timestamp
    const time = timestamp * 1000 + FIT_EPOCH_MS
    if (global === RECORD) {
      // Records without a timestamp are not points (fit-file-parser's rule too).
      if (Number.isNaN(timestamp)) continue
      const n = columns.count++
      columns.time[n] = time
      columns.lat[n] = (values[SLOT_LAT] ?? Number.NaN) * SEMICIRCLE_DEGREES
      columns.lon[n] = (values[SLOT_LON] ?? Number.NaN) * SEMICIRCLE_DEGREES
      const enhanced = values[SLOT_ENHANCED_ALTITUDE] ?? Number.NaN
      columns.ele[n] = Number.isNaN(enhanced) ? (values[SLOT_ALTITUDE] ?? Number.NaN) / 5 + -500 : enhanced / 5 + -500
      if (heartRate !== null) heartRate[n] = values[SLOT_HEART_RATE] ?? Number.NaN
      if (cadence !== null) {
        // A runner's 81.5 strides a minute are written 81 + 64/128: the whole value alone loses half a stride.
        const fraction = values[SLOT_FRACTIONAL_CADENCE] ?? Number.NaN
        cadence[n] = (values[SLOT_CADENCE] ?? Number.NaN) + (Number.isNaN(fraction) ? 0 : fraction / 128)
      }
      if (power !== null) power[n] = values[SLOT_POWER] ?? Number.NaN
      if (temperature !== null) temperature[n] = values[SLOT_TEMPERATURE] ?? Number.NaN
      const compressed = values[SLOT_COMPRESSED_DISTANCE] ?? Number.NaN
      if (!Number.isNaN(compressed)) {
        // The 12 bits roll over every 256 m: add the step since the last value.
        accumulated += (compressed - lastCompressed) & 0xfff
        lastCompressed = compressed
      }
      const distance = values[SLOT_DISTANCE] ?? Number.NaN
      if (distances !== null) distances[n] = !Number.isNaN(distance) ? distance / 100 : !Number.isNaN(compressed) ? accumulated / 16 : Number.NaN
      if (speed !== null) speed[n] = speedMsOf(values)
    } else if (global === EVENT) {
      const type = values[SLOT_EVENT_TYPE]
      if (values[SLOT_EVENT] !== 0 || Number.isNaN(timestamp)) continue
      const running = type === 0 ? true : type === 1 || type === 4 || type === 9 ? false : null
      if (running === null) continue
      keep(pos)
      timers.push({ time, running })
    } else if (global === LAP) {
      keep(pos)
      laps.push({
        start: (values[SLOT_START_TIME] ?? Number.NaN) * 1000 + FIT_EPOCH_MS,
        end: time,
        distanceM: (values[SLOT_DISTANCE] ?? Number.NaN) / 100,
        firstLength: values[SLOT_FIRST_LENGTH] ?? Number.NaN,
        lengthCount: values[SLOT_NUM_LENGTHS] ?? Number.NaN,
      })
    } else if (global === LENGTH) {
      keep(pos)
      const start = (values[SLOT_START_TIME] ?? Number.NaN) * 1000 + FIT_EPOCH_MS
      lengths.push({ start, end: start + (values[SLOT_ELAPSED] ?? Number.NaN), active: values[SLOT_LENGTH_TYPE] === 1 })
    } else if (global === TIMESTAMP_CORRELATION) {
      const system = values[SLOT_SYSTEM_TIMESTAMP] ?? Number.NaN
      if (Number.isNaN(relativeToUtcMs) && !Number.isNaN(timestamp) && !Number.isNaN(system)) {
        const milliseconds = (slot: number): number => (Number.isNaN(values[slot] ?? Number.NaN) ? 0 : (values[slot] ?? 0))
        relativeToUtcMs = (timestamp - system) * 1000 + milliseconds(SLOT_TIMESTAMP_MS) - milliseconds(SLOT_SYSTEM_TIMESTAMP_MS)
      }
    } else if (global === FIELD_DESCRIPTION) {
      noteStandIn(values, unitsOf(bytes, start, definition), standIns)
    } else if (global === FILE_ID) {
      const type = values[SLOT_FILE_TYPE] ?? Number.NaN
      // The first file_id names the file (a chained file repeats it).
      fileType ??= Number.isNaN(type) ? null : (FILE_TYPES.get(type) ?? String(type))
    } else {
      keep(pos)
      const sessionStart = values[SLOT_START_TIME] ?? Number.NaN
      const sport = values[SLOT_SPORT] ?? Number.NaN
      const subSport = values[SLOT_SUB_SPORT] ?? Number.NaN
      const start = sessionStart * 1000 + FIT_EPOCH_MS
      const ranUntil = start + (values[SLOT_ELAPSED] ?? Number.NaN)
      sessions.push({
        start,
        end: Number.isNaN(ranUntil) ? time : Number.isNaN(time) ? ranUntil : Math.max(time, ranUntil),
        sport: Number.isNaN(sport) ? null : getFitSportName(sport),
        subSport: Number.isNaN(subSport) ? null : getFitSubSportName(subSport),
        poolLengthM: (values[SLOT_POOL_LENGTH] ?? Number.NaN) / 100,
        calories: values[SLOT_CALORIES] ?? Number.NaN,
        distanceM: (values[SLOT_DISTANCE] ?? Number.NaN) / 100,
        elapsedMs: values[SLOT_ELAPSED] ?? Number.NaN,
        ascentM: values[SLOT_ASCENT] ?? Number.NaN,
        descentM: values[SLOT_DESCENT] ?? Number.NaN,
        maxSpeedMs: speedMsOf(values),
      })
    }
  }
  // A file that ends before the header's data size was cut short, even at a message boundary.
  if (pos < dataEnd) tailDamaged = true
  const records = columns.finish()
  // Without a correlation, relative times stay as they are, as every decoder reads them: a device
  // whose clock was never set counts from 1989-12-31 all the same.
  if (Number.isNaN(relativeToUtcMs)) return { records, timers, sessions, laps, lengths, fileType: fileType ?? null, tailDamaged }
  // The correlation may come after the messages it dates (a VIRB writes it at its first GPS fix).
  const utc = (time: number): number => (time < RELATIVE_TIME_LIMIT_MS ? time + relativeToUtcMs : time)
  records.time.forEach((time, i) => (records.time[i] = utc(time)))
  return {
    records,
    timers: timers.map((timer) => ({ ...timer, time: utc(timer.time) })),
    sessions: sessions.map((session) => ({ ...session, start: utc(session.start), end: utc(session.end) })),
    laps: laps.map((lap) => ({ ...lap, start: utc(lap.start), end: utc(lap.end) })),
    lengths: lengths.map((length) => ({ ...length, start: utc(length.start), end: utc(length.end) })),
    fileType: fileType ?? null,
    tailDamaged,
  }
}

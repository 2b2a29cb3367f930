import { FitBaseType, FitEncoder, type FitEncoderField } from 'fit-file-parser/encoder'

/** One record to write; omitted fields are not written (the FIT "invalid" value is used). */
export interface FitRecordInput {
  /** Epoch ms (FIT has 1 s resolution). */
  readonly time: number
  readonly lat?: number
  readonly lon?: number
  /** Metres. */
  readonly ele?: number
  readonly heartRate?: number
  readonly cadence?: number
  readonly power?: number
  readonly temperature?: number
  /** Cumulative metres. */
  readonly distance?: number
}

/** What to write besides the records. */
export interface FitActivityInput {
  readonly records: readonly FitRecordInput[]
  /** Timer pauses: the timer stops at `from` and restarts at `to` (epoch ms). */
  readonly pauses?: readonly { readonly from: number; readonly to: number }[]
  /** FIT sport enum (1 running, 2 cycling); written in the session message. */
  readonly sport?: number
  /**
   * Several sessions (a multisport file) instead of one spanning the records: each with its
   * start and end (epoch ms), FIT sport and optional sub-sport enum.
   */
  readonly sessions?: readonly { readonly start: number; readonly end: number; readonly sport: number; readonly subSport?: number }[]
  /**
   * A `timestamp_correlation` written after the records (as a VIRB camera writes it at its first
   * fix): the UTC time (epoch ms) at which the device's own clock read `systemMs` (epoch ms too,
   * so a record time near the FIT epoch is "seconds since power-on").
   */
  readonly correlation?: { readonly utcMs: number; readonly systemMs: number }
}

// Global message numbers and invalid values of the FIT profile.
const FILE_ID = 0
const SESSION = 18
const RECORD = 20
const EVENT = 21
const TIMESTAMP_CORRELATION = 162
const INVALID_SINT32 = 0x7fffffff
const INVALID_UINT32 = 0xffffffff
const INVALID_UINT16 = 0xffff
const INVALID_UINT8 = 0xff
const INVALID_SINT8 = 0x7f

function semicircles(degrees: number | undefined): number {
  return degrees === undefined ? INVALID_SINT32 : Math.round((degrees * 2 ** 31) / 180)
}

function fitTime(ms: number): number {
  return FitEncoder.toFitTimestamp(new Date(ms))
}

function field(number: number, size: number, baseType: FitBaseType, value: number): FitEncoderField {
  return { number, size, baseType, value }
}

function timerEvent(ms: number, eventType: number): FitEncoderField[] {
  return [field(253, 4, FitBaseType.Uint32, fitTime(ms)), field(0, 1, FitBaseType.Enum, 0), field(1, 1, FitBaseType.Enum, eventType)]
}

/**
 * Encodes an activity as a FIT file (test and benchmark fixtures) with fit-file-parser's
 * profile-agnostic encoder: file_id, timer events, records (scaled as the FIT profile says:
 * altitude ×5 +500 offset, distance ×100) and the session(s) carrying the sport.
 */
export function encodeFitActivity(input: FitActivityInput): Uint8Array {
  // Protocol 2.0 written as FIT does (major version in the high nibble), like real devices.
  const encoder = new FitEncoder({ protocolVersion: 0x20, profileVersion: 2132 })
  const first = input.records[0]?.time ?? 0
  const last = input.records[input.records.length - 1]?.time ?? first
  encoder.writeMessage(FILE_ID, [field(0, 1, FitBaseType.Enum, 4), field(4, 4, FitBaseType.Uint32, fitTime(first))])
  encoder.writeMessage(EVENT, timerEvent(first, 0), 1)
  const pauses = [...(input.pauses ?? [])]
  for (const record of input.records) {
    while (pauses.length > 0 && (pauses[0]?.to ?? Number.POSITIVE_INFINITY) <= record.time) {
      const pause = pauses.shift()
      if (!pause) break
      encoder.writeMessage(EVENT, timerEvent(pause.from, 4), 1)
      encoder.writeMessage(EVENT, timerEvent(pause.to, 0), 1)
    }
    encoder.writeMessage(RECORD, [
      field(253, 4, FitBaseType.Uint32, fitTime(record.time)),
      field(0, 4, FitBaseType.Sint32, semicircles(record.lat)),
      field(1, 4, FitBaseType.Sint32, semicircles(record.lon)),
      field(2, 2, FitBaseType.Uint16, record.ele === undefined ? INVALID_UINT16 : Math.round((record.ele + 500) * 5)),
      field(3, 1, FitBaseType.Uint8, record.heartRate ?? INVALID_UINT8),
      field(4, 1, FitBaseType.Uint8, record.cadence ?? INVALID_UINT8),
      field(5, 4, FitBaseType.Uint32, record.distance === undefined ? INVALID_UINT32 : Math.round(record.distance * 100)),
      field(7, 2, FitBaseType.Uint16, record.power ?? INVALID_UINT16),
      field(13, 1, FitBaseType.Sint8, record.temperature ?? INVALID_SINT8),
    ])
  }
  encoder.writeMessage(EVENT, timerEvent(last, 4), 1)
  const { correlation } = input
  if (correlation) {
    encoder.writeMessage(TIMESTAMP_CORRELATION, [
      field(253, 4, FitBaseType.Uint32, fitTime(correlation.utcMs)),
      field(1, 4, FitBaseType.Uint32, fitTime(correlation.systemMs)),
      field(4, 2, FitBaseType.Uint16, correlation.utcMs % 1000),
      field(5, 2, FitBaseType.Uint16, correlation.systemMs % 1000),
    ])
  }
  for (const session of input.sessions ?? [{ start: first, end: last, sport: input.sport ?? 2 }]) {
    encoder.writeMessage(SESSION, [
      field(253, 4, FitBaseType.Uint32, fitTime(session.end)),
      field(2, 4, FitBaseType.Uint32, fitTime(session.start)),
      field(5, 1, FitBaseType.Enum, session.sport),
      // Written only when given, so the stored single-session fixtures keep their bytes.
      ...(session.subSport === undefined ? [] : [field(6, 1, FitBaseType.Enum, session.subSport)]),
    ])
  }
  return encoder.close()
}

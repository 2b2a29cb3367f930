import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Decoder, Stream, type FieldDescriptionMesg, type LengthMesg, type Mesg, type SessionMesg, type TimestampCorrelationMesg } from '@garmin/fitsdk'
import FitParser from 'fit-file-parser'

/**
 * Expected figures of real files from sources independent of Waymark's importers and analysis:
 * FIT files decoded by Garmin's own SDK (`@garmin/fitsdk`; records of compressed-timestamp files,
 * which it does not decode, by fit-file-parser), GPX/TCX points read with plain
 * regular expressions, distances by the haversine formula on the reference tracker's sphere
 * (R = 6,378,137 m, 3-D when both elevations are known). Nothing here imports `src/domain` or
 * the importers: a bug there cannot hide by being copied into the expectation.
 */

/** One point as an independent reader sees it; `NaN` = missing. */
interface ReferencePoint {
  readonly lat: number
  readonly lon: number
  readonly ele: number
  /** Epoch ms. */
  readonly time: number
  /** The device's cumulative distance counter (FIT record `distance`, TCX trackpoint `DistanceMeters`), metres; absent or `NaN` = none. */
  readonly counter?: number
}

/** One activity: its points (per segment where the format has segments) and device totals. */
export interface ReferenceActivity {
  readonly segments: readonly (readonly ReferencePoint[])[]
  /** The distance the device summed up (FIT session `total_distance`, TCX laps), metres, or `NaN`. */
  readonly recordedDistanceM: number
  /**
   * The sport the file names, lower-case snake_case (FIT session `sport`, TCX `Sport` attribute,
   * GPX track `<type>`), or `null` when it names none.
   */
  readonly sport?: string | null
  /** The fastest the device measured (FIT session `enhanced_max_speed`, else `max_speed`; TCX laps' largest `MaximumSpeed`), m/s, or `NaN`. */
  readonly deviceMaxSpeedMs?: number
}

const RADIUS_M = 6_378_137
const RAD = Math.PI / 180

/**
 * Haversine distance, 3-D when both elevations are known and non-zero (the reference's "truthy"
 * rule) and the climb between them is physically possible (at most 50 m plus 10 m/s of the time
 * between them, the plausibility rule): the reference tracker would add a barometer's
 * 650 m startup jump to the distance, which no athlete covered.
 */
function haversine3dM(a: ReferencePoint, b: ReferencePoint, flatOnly = false): number {
  const s1 = Math.sin(((b.lat - a.lat) * RAD) / 2)
  const s2 = Math.sin(((b.lon - a.lon) * RAD) / 2)
  const h = s1 * s1 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * s2 * s2
  const flat = 2 * RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))
  if (flatOnly) return flat
  const bothElevations = Number.isFinite(a.ele) && Number.isFinite(b.ele) && a.ele !== 0 && b.ele !== 0
  const climb = Math.abs(b.ele - a.ele)
  const possible = climb <= 50 + (10 * Math.abs(b.time - a.time)) / 1000
  return bothElevations && possible ? Math.hypot(flat, climb) : flat
}

/** A position; exactly (0, 0) is what GPS chips write before their first fix, not a place. */
const positioned = (point: ReferencePoint): boolean =>
  Number.isFinite(point.lat) && Number.isFinite(point.lon) && !(point.lat === 0 && point.lon === 0)

/**
 * Whether a step is one an athlete can make: at most 100 m plus 300 km/h over the time between
 * (the plausibility rule). A logger's first fixes that jump 2 km within a second are not.
 */
function travelled(a: ReferencePoint, b: ReferencePoint, metres: number): boolean {
  return metres <= 100 + ((300 / 3.6) * (b.time - a.time)) / 1000
}

/**
 * Distance from positions: consecutive points of a segment that both have a position and a time,
 * the later one not written with an earlier time (two fixes written within one tick of a coarse
 * clock are two places, as gpxpy's length counts them), less the steps no one can travel. A point
 * whose clock stepped back still counts from the next point on. `flatOnly`: on the ground (2-D), every
 * altitude left out.
 */
export function positionDistanceM(activity: ReferenceActivity, flatOnly = false): number {
  let total = 0
  for (const segment of activity.segments.flatMap(betweenRests)) {
    // Points without a position are left out, as a FIT or TCX file converted to GPX loses them:
    // the distance runs straight from the last position to the next. So is a fix the segment
    // already holds (same time, same place): a stretch written twice is travelled once.
    const seen = new Set<string>()
    const points = segment.filter((point) => {
      const key = `${point.time} ${point.lat} ${point.lon}`
      if (seen.has(key)) return false
      seen.add(key)
      return positioned(point)
    })
    const onTrack = withoutExcursions(points)
    for (let i = 1; i < onTrack.length; i++) {
      const a = onTrack[i - 1]
      const b = onTrack[i]
      if (!a || !b || !(b.time >= a.time)) continue
      const metres = haversine3dM(a, b, flatOnly)
      if (travelled(a, b, metres)) total += metres
    }
  }
  return total
}

/** How long after leaving the track a receiver's excursion is looked for its way back, ms. */
const EXCURSION_LOOKOUT_MS = 10 * 60_000

/**
 * The points less the runs a receiver wrote away from where the athlete was: a run entered by a step
 * no one can travel and left by another, after which the track is back within reach of the point
 * before the run (a phone's network fixes kilometres off for a minute, hopping up to 100 m a step
 * while there). The distance runs straight across, as over points without a position.
 */
function withoutExcursions(points: readonly ReferencePoint[]): ReferencePoint[] {
  const reachable = (a: ReferencePoint, b: ReferencePoint): boolean => travelled(a, b, haversine3dM(a, b, true))
  const kept: ReferencePoint[] = []
  let i = 0
  while (i < points.length) {
    const before = kept.at(-1)
    const point = points[i]
    if (!point) break
    let back = -1
    if (before && point.time >= before.time && !reachable(before, point)) {
      for (let j = i + 1; j < points.length && back < 0; j++) {
        const previous = points[j - 1]
        const candidate = points[j]
        if (!previous || !candidate || candidate.time - point.time > EXCURSION_LOOKOUT_MS) break
        if (!reachable(previous, candidate) && reachable(before, candidate)) back = j
      }
    }
    if (back > 0) {
      i = back
    } else {
      kept.push(point)
      i++
    }
  }
  return kept
}

/**
 * A segment split where the device rested without recording: two records in a row, each with a position and a
 * counter reading, more than 20 s apart, whose positions lie more than 100 m apart on the ground while the counter
 * rose less than half of that, the straight line between them slower than the positions went in the minute before
 * and in the minute after (a rowing monitor's rests between its work intervals, a ski watch on the lift). Not where
 * the segment's other such pairs cover 100 m or less on the ground, or their counter's rises stray more than
 * 10 % + 10 m from it: nothing shows that counter measures what the positions do.
 */
function betweenRests(segment: readonly ReferencePoint[]): (readonly ReferencePoint[])[] {
  const reads = (point: ReferencePoint | undefined): point is ReferencePoint & { counter: number } =>
    point !== undefined && positioned(point) && Number.isFinite(point.counter)
  const flat = (a: ReferencePoint, b: ReferencePoint): number => haversine3dM(a, b, true)
  const gaps = new Set<number>()
  let groundM = 0
  let risenM = 0
  segment.forEach((point, index) => {
    const before = segment[index - 1]
    if (!reads(before) || !reads(point)) return
    if (point.time - before.time > 20_000 && flat(before, point) > 100 && point.counter - before.counter < flat(before, point) / 2) gaps.add(index)
    else {
      groundM += flat(before, point)
      risenM += Math.max(point.counter - before.counter, 0)
    }
  })
  if (gaps.size === 0 || groundM <= 100 || Math.abs(risenM - groundM) > 0.1 * groundM + 10) return [segment]
  // Metres per ms over the pairs of positions from `edge` on, one way, within 60 s of it.
  const pace = (edge: number, way: -1 | 1): number => {
    let metres = 0
    let ms = 0
    for (let a = edge, b = edge + way; segment[a] && segment[b]; a = b, b += way) {
      const [early, late] = way > 0 ? [segment[a], segment[b]] : [segment[b], segment[a]]
      if (!early || !late || Math.abs((segment[b]?.time ?? Number.NaN) - (segment[edge]?.time ?? Number.NaN)) > 60_000) break
      if (!positioned(early) || !positioned(late)) continue
      metres += flat(early, late)
      ms += late.time - early.time
    }
    return ms > 0 ? metres / ms : Number.NaN
  }
  const rests = [...gaps].filter((index) => {
    const before = segment[index - 1]
    const after = segment[index]
    if (!before || !after) return false
    const across = flat(before, after) / (after.time - before.time)
    const paces = [pace(index - 1, -1), pace(index, 1)].filter(Number.isFinite)
    return paces.length > 0 && paces.every((went) => across < went)
  })
  if (rests.length === 0) return [segment]
  const parts: ReferencePoint[][] = [[]]
  segment.forEach((point, index) => {
    if (rests.includes(index)) parts.push([])
    parts[parts.length - 1]?.push(point)
  })
  return parts
}

/** Seconds between the earliest and latest timestamp of the activity. */
export function timeSpanS(activity: ReferenceActivity): number {
  let first = Number.POSITIVE_INFINITY
  let last = Number.NEGATIVE_INFINITY
  for (const points of activity.segments) {
    for (const point of points) {
      if (!Number.isFinite(point.time)) continue
      first = Math.min(first, point.time)
      last = Math.max(last, point.time)
    }
  }
  return (last - first) / 1000
}

const SEMICIRCLE = 180 / 2 ** 31

/** What Garmin's SDK reads from a FIT file. */
export interface FitReference {
  /** `file_id.type` ('activity', 'monitoringB', 'settings', 'course', …). */
  readonly fileType: string
  /** True when header and file CRCs are right. */
  readonly intact: boolean
  /** Records the SDK decoded (before any error). */
  readonly recordCount: number
  /** One activity per session (records split at session start times); the file's records when it has none. */
  readonly activities: readonly ReferenceActivity[]
  /** Session sports as the SDK names them. */
  readonly sports: readonly string[]
}

/** The SDK names enum values in camelCase (`crossCountrySkiing`); the FIT profile, in snake_case. */
function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
}

function asNumber(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN
}

function asTime(value: unknown): number {
  return value instanceof Date ? value.getTime() : Number.NaN
}

/** The largest cumulative distance of the records (files without a session total), metres. */
function lastRecordedDistance(records: readonly ({ distance?: number } & Mesg)[], descriptions: readonly FieldDescriptionMesg[]): number {
  let last = Number.NaN
  for (const record of records) {
    const distance = recordDistance(record, descriptions)
    if (!(distance <= last)) last = distance
  }
  return last
}

/**
 * The value of a message's developer field that a Connect IQ app declares to be native field
 * `field` of message `mesg` in metres (`native_mesg_num`, `native_field_num`, `units`), as the SDK
 * decodes it; `NaN` when none is. A rowing machine's monitor app writes the distance there while the
 * watch writes 0 in the native field.
 */
function metresStandingFor(message: Mesg | object, descriptions: readonly FieldDescriptionMesg[], mesg: number, field: number): number {
  const values = 'developerFields' in message ? message.developerFields : undefined
  for (const description of descriptions) {
    const key = (description as { key?: number }).key
    if (description.nativeMesgNum !== mesg || description.nativeFieldNum !== field || String(description.units).toLowerCase() !== 'm' || key === undefined) continue
    const value = asNumber(values?.[String(key)])
    if (Number.isFinite(value)) return value
  }
  return Number.NaN
}

/** A record's distance: its own, or where that is absent or 0 an app's developer field standing for it. */
function recordDistance(record: { distance?: number } & Mesg, descriptions: readonly FieldDescriptionMesg[]): number {
  const native = asNumber(record.distance)
  return native > 0 ? native : (metresStandingFor(record, descriptions, 20, 5) || native)
}

/** The fields of a session the reference reads, as the SDK names them. */
type SessionReading = Pick<SessionMesg, 'startTime' | 'timestamp' | 'totalElapsedTime' | 'totalDistance' | 'maxSpeed' | 'enhancedMaxSpeed'> & { readonly sport?: unknown }

/** What fit-file-parser reads of a FIT file: its records and sessions. */
interface LibraryReading {
  readonly points: ReferencePoint[]
  readonly sessions: SessionReading[]
}

/**
 * The records and sessions of a FIT file as fit-file-parser reads them, for files the SDK stops at:
 * its decoder does not support compressed-timestamp headers ("not currently supported"), and
 * stops at an error before the first record of some triathlons. `null` when fit-file-parser
 * cannot read the file either (a compressed-header byte inside damage at its end).
 */
function libraryReading(bytes: Buffer): LibraryReading | null {
  let reading: LibraryReading = { points: [], sessions: [] }
  const parser = new FitParser({ force: true, mode: 'list', lengthUnit: 'm' })
  try {
    // `parse` calls back before it returns.
    parser.parse(new Uint8Array(bytes).buffer, (_error, data) => {
      reading = {
        points: (data?.records ?? []).map((record) => ({
          lat: asNumber(record.position_lat),
          lon: asNumber(record.position_long),
          ele: asNumber(record.enhanced_altitude ?? record.altitude),
          time: asTime(record.timestamp),
          counter: asNumber(record.distance),
        })),
        sessions: (data?.sessions ?? []).map((session) => ({
          startTime: session.start_time,
          timestamp: session.timestamp,
          totalElapsedTime: session.total_elapsed_time,
          totalDistance: session.total_distance,
          maxSpeed: session.max_speed,
          enhancedMaxSpeed: session.enhanced_max_speed,
          sport: session.sport,
        })),
      }
    })
  } catch {
    return null
  }
  return reading
}

/** FIT times count from 1989-12-31; a clock that reads before 1990-01-01 counts from power-on. */
const POWER_ON_CLOCK_END = Date.UTC(1990, 0, 1)

/**
 * Records dated by a camera's power-on clock (a VIRB), moved onto UTC by the file's own
 * `timestamp_correlation` message: the UTC `timestamp` that matched its `system_timestamp`.
 */
function withCorrelatedClock(points: ReferencePoint[], correlation: TimestampCorrelationMesg | undefined): ReferencePoint[] {
  if (!correlation || !points.some((point) => point.time < POWER_ON_CLOCK_END)) return points
  const utc = asTime(correlation.timestamp) + (asNumber(correlation.timestampMs) || 0)
  const system = asTime(correlation.systemTimestamp) + (asNumber(correlation.systemTimestampMs) || 0)
  return points.map((point) => (point.time < POWER_ON_CLOCK_END ? { ...point, time: point.time + utc - system } : point))
}

/**
 * A pool swim's records start at the end of its first length: the swim began when the first
 * length did. Each length's start and end join the records as moments without a position.
 */
function withSwimLengths(points: ReferencePoint[], lengths: readonly LengthMesg[]): ReferencePoint[] {
  if (lengths.length === 0) return points
  const moment = (time: number): ReferencePoint => ({ lat: Number.NaN, lon: Number.NaN, ele: Number.NaN, time })
  const bounds = lengths.flatMap((length) => {
    const start = asTime(length.startTime)
    return [moment(start), moment(start + 1000 * (asNumber(length.totalElapsedTime) || 0))]
  })
  return [...points, ...bounds.filter((point) => Number.isFinite(point.time))].sort((a, b) => a.time - b.time)
}

/**
 * The session messages say when the device ran (`start_time` to `timestamp`): a record stamped more than an hour
 * outside all of them (a clock that jumped 791 days ahead for 14 records and came back) keeps its place but not its
 * time, unless most records disagree with the sessions (then the sessions' clock is the broken one).
 */
function withinSessions(points: ReferencePoint[], sessions: readonly SessionReading[]): ReferencePoint[] {
  // A session ends at the later of its timestamp and its start + elapsed time (a watch may stamp it with its start).
  const spans = sessions.map((session) => [asTime(session.startTime), Math.max(asTime(session.timestamp), asTime(session.startTime) + 1000 * (asNumber(session.totalElapsedTime) || 0))]).filter(([start, end]) => (start ?? Number.NaN) <= (end ?? Number.NaN))
  if (spans.length === 0) return points
  const from = Math.min(...spans.map(([start]) => start ?? Number.NaN)) - 3_600_000
  const until = Math.max(...spans.map(([, end]) => end ?? Number.NaN)) + 3_600_000
  const outside = (point: ReferencePoint) => point.time < from || point.time > until
  if (points.filter(outside).length * 2 >= points.length) return points
  return points.map((point) => (outside(point) ? { ...point, time: Number.NaN } : point))
}

/**
 * A session whose end lies more than an hour further from its start than its `total_elapsed_time`
 * (pauses included) says: the device's clock jumped. The points after the longest gap between two
 * of its points, when that gap holds the difference, come back by it, so the session lasts what its
 * device timed.
 */
function withinElapsed(points: ReferencePoint[], sessions: readonly SessionReading[]): ReferencePoint[] {
  let result = points
  for (const session of sessions) {
    const start = asTime(session.startTime)
    const end = asTime(session.timestamp)
    const excess = end - start - 1000 * asNumber(session.totalElapsedTime)
    if (!(excess > 3_600_000)) continue
    let gapAt = Number.NaN
    let gap = 0
    for (let i = 1; i < result.length; i++) {
      const before = result[i - 1]?.time ?? Number.NaN
      const after = result[i]?.time ?? Number.NaN
      if (before >= start && after <= end && after - before > gap) [gap, gapAt] = [after - before, after]
    }
    if (gap >= excess) result = result.map((point) => (point.time >= gapAt ? { ...point, time: point.time - excess } : point))
  }
  return result
}

/** Decodes a FIT file with `@garmin/fitsdk`. */
/** The fastest speed the records state (`enhanced_speed`, else `speed`), m/s; `NaN` when none is above 0. */
function fastestRecord(records: readonly { enhancedSpeed?: number; speed?: number }[]): number {
  let fastest = Number.NaN
  for (const record of records) {
    const speed = asNumber(record.enhancedSpeed ?? record.speed)
    if (speed > 0 && !(speed <= fastest)) fastest = speed
  }
  return fastest
}

export function fitReference(path: string): FitReference {
  const bytes = readFileSync(path)
  const intact = new Decoder(Stream.fromBuffer(bytes)).checkIntegrity()
  const { messages, errors } = new Decoder(Stream.fromBuffer(bytes)).read()
  const descriptions = messages.fieldDescriptionMesgs ?? []
  const sdkPoints = (messages.recordMesgs ?? []).map(
    (record): ReferencePoint => ({
      lat: asNumber(record.positionLat) * SEMICIRCLE,
      lon: asNumber(record.positionLong) * SEMICIRCLE,
      ele: asNumber(record.enhancedAltitude ?? record.altitude),
      time: asTime(record.timestamp),
      counter: recordDistance(record, descriptions),
    }),
  )
  // The SDK stops at compressed-timestamp headers ("not currently supported"), and before the
  // first record of a triathlon whose summary comes first: then the other decoder's records.
  const compressedTimestamps = errors.some((error) => /compressed timestamp/i.test(String(error)))
  const fromLibrary = compressedTimestamps || (errors.length > 0 && sdkPoints.length === 0)
  const library = fromLibrary ? libraryReading(bytes) : null
  const decoded = library?.points ?? sdkPoints
  // A triathlon whose summary comes last: the SDK stops before its sessions too.
  const sessionMesgs: readonly SessionReading[] = messages.sessionMesgs?.length ? messages.sessionMesgs : (library?.sessions ?? [])
  const points = withinElapsed(
    withinSessions(withSwimLengths(withCorrelatedClock(decoded, messages.timestampCorrelationMesgs?.[0]), messages.lengthMesgs ?? []), sessionMesgs),
    sessionMesgs,
  )
  // The athlete paused the recording between two records when a timer stop lies between them.
  const stops = (messages.eventMesgs ?? [])
    .filter((event) => event.event === 'timer' && event.eventType !== 'start')
    .map((event) => asTime(event.timestamp))
  const pausedBefore = (index: number): boolean => {
    const previous = points[index - 1]?.time ?? Number.NaN
    const current = points[index]?.time ?? Number.NaN
    return stops.some((stop) => stop >= previous && stop < current)
  }
  const split = (first: number, end: number): ReferencePoint[][] => {
    const segments: ReferencePoint[][] = [[]]
    for (let i = first; i < end; i++) {
      const point = points[i]
      if (!point) continue
      if (i > first && pausedBefore(i)) segments.push([])
      segments[segments.length - 1]?.push(point)
    }
    return segments
  }
  const sessions = [...sessionMesgs].sort((a, b) => asTime(a.startTime) - asTime(b.startTime))
  // A session's total, or an app's developer field standing for it where the watch wrote none or 0.
  const sessionTotal = (session: SessionReading): number => {
    const total = asNumber(session.totalDistance)
    return total > 0 ? total : (metresStandingFor(session, descriptions, 18, 9) || total)
  }
  const activities: ReferenceActivity[] =
    sessions.length === 0
      ? [{ segments: split(0, points.length), recordedDistanceM: lastRecordedDistance(messages.recordMesgs ?? [], descriptions), deviceMaxSpeedMs: fastestRecord(messages.recordMesgs ?? []) }]
      : sessions.map((session, index) => {
          const start = index === 0 ? Number.NEGATIVE_INFINITY : asTime(session.startTime)
          const next = sessions[index + 1]
          const end = next ? asTime(next.startTime) : Number.POSITIVE_INFINITY
          const first = points.findIndex((point) => point.time >= start)
          const after = points.findIndex((point) => point.time >= end)
          const segments = first < 0 ? [] : split(first, after < 0 ? points.length : after)
          const records = (messages.recordMesgs ?? []).filter((record) => asTime(record.timestamp) >= start && asTime(record.timestamp) < end)
          const total = sessionTotal(session)
          const appCounts = records.some((record) => metresStandingFor(record, descriptions, 20, 5) > 0)
          return {
            segments,
            // A session without its total (an SDK example), or stating 0 where an app's records count: the records' distance counter.
            recordedDistanceM: Number.isFinite(total) && (total > 0 || !appCounts) ? total : lastRecordedDistance(records, descriptions),
            sport: typeof session.sport === 'string' ? snakeCase(session.sport) : null,
            deviceMaxSpeedMs: asNumber(session.enhancedMaxSpeed ?? session.maxSpeed) || fastestRecord(records),
          }
        })
  return {
    fileType: String(messages.fileIdMesgs?.[0]?.type),
    intact,
    recordCount: decoded.length,
    activities,
    sports: sessions.map((session) => String(session.sport)),
  }
}

function tagValue(xml: string, tag: string): string | undefined {
  return new RegExp(`<(?:\\w+:)?${tag}>\\s*([^<]*?)\\s*</(?:\\w+:)?${tag}>`).exec(xml)?.[1]
}

function parseTime(text: string | undefined): number {
  return text === undefined ? Number.NaN : Date.parse(text)
}

/** The `<trkseg>`s of a GPX file as one activity (the reference tracker's multi-track rule). */
export function gpxReference(path: string): ReferenceActivity {
  return gpxSegments(readFileSync(path, 'utf8'))
}

/** Each `<trk>` of a GPX file as an activity of its own, earliest first. */
export function gpxTrackReferences(path: string): ReferenceActivity[] {
  const tracks = [...readFileSync(path, 'utf8').matchAll(/<trk\b[\s\S]*?<\/trk>/g)].map((track) => gpxSegments(track[0]))
  const first = (activity: ReferenceActivity): number => Math.min(...activity.segments.flatMap((points) => points.map((point) => point.time).filter(Number.isFinite)))
  return tracks.sort((a, b) => first(a) - first(b))
}

function gpxSegments(xml: string): ReferenceActivity {
  // Elements may carry a namespace prefix (`<ns2:trkseg>` where the GPX namespace is bound to ns2).
  const segments = [...xml.matchAll(/<(?:\w+:)?trkseg\b[\s\S]*?<\/(?:\w+:)?trkseg>/g)].map((segment) =>
    [...segment[0].matchAll(/<(?:\w+:)?trkpt\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?trkpt>)/g)].map((point): ReferencePoint => {
      const attributes = point[1] ?? ''
      const body = point[2] ?? ''
      return {
        lat: Number(/lat="([^"]*)"/.exec(attributes)?.[1] ?? Number.NaN),
        lon: Number(/lon="([^"]*)"/.exec(attributes)?.[1] ?? Number.NaN),
        ele: Number(tagValue(body, 'ele') ?? Number.NaN),
        time: parseTime(tagValue(body, 'time')),
      }
    }),
  )
  return { segments, recordedDistanceM: Number.NaN }
}

/**
 * The `<Activity>`s of a TCX file, the laps' `DistanceMeters` summed. A lap is a press of a button,
 * not a pause: consecutive laps are one line where the device says its recording ran on — its
 * trackpoints' distance counter reads on across the boundary (not reset, not back), or, with no
 * counter there, the lap's `StartTime` + `TotalTimeSeconds` reaches the next lap's `StartTime`
 * within 10 s; else the next lap starts a segment (CrewNerd resets its counter after each rest).
 */
export function tcxReference(path: string): ReferenceActivity[] {
  const xml = readFileSync(path, 'utf8')
  return [...xml.matchAll(/<Activity\b[\s\S]*?<\/Activity>/g)].map((activity) => {
    let recordedDistanceM = 0
    const lapMaxSpeedsMs: number[] = []
    const segments: ReferencePoint[][] = []
    let previous: { readonly endS: number; readonly lastCounterM: number } | null = null
    for (const lap of activity[0].matchAll(/<Lap\b[\s\S]*?<\/Lap>/g)) {
      // The lap's own DistanceMeters comes before its <Track>; trackpoints carry their own.
      const summary = lap[0].split('<Track>')[0] ?? ''
      recordedDistanceM += Number(tagValue(summary, 'DistanceMeters') ?? 0)
      const maxSpeedMs = Number(tagValue(summary, 'MaximumSpeed'))
      if (Number.isFinite(maxSpeedMs)) lapMaxSpeedsMs.push(maxSpeedMs)
      // A trackpoint may declare its namespace again (`<Trackpoint xmlns="…">`, an app's TCX of a run without positions).
      const bodies = [...lap[0].matchAll(/<Trackpoint(?:\s[^>]*)?(?<!\/)>([\s\S]*?)<\/Trackpoint>/g)].map((point) => point[1] ?? '')
      const points = bodies.map(
        (body): ReferencePoint => ({
          lat: Number(tagValue(body, 'LatitudeDegrees') ?? Number.NaN),
          lon: Number(tagValue(body, 'LongitudeDegrees') ?? Number.NaN),
          ele: Number(tagValue(body, 'AltitudeMeters') ?? Number.NaN),
          time: parseTime(tagValue(body, 'Time')),
          counter: Number(tagValue(body, 'DistanceMeters') ?? Number.NaN),
        }),
      )
      const counters = bodies.map((body) => Number(tagValue(body, 'DistanceMeters') ?? Number.NaN)).filter(Number.isFinite)
      const startS = parseTime(/<Lap\b[^>]*\bStartTime="([^"]*)"/.exec(summary)?.[1]) / 1000
      const firstCounterM = counters[0] ?? Number.NaN
      const ranOn = previous !== null && (Number.isFinite(firstCounterM + previous.lastCounterM) ? firstCounterM >= previous.lastCounterM : Math.abs(startS - previous.endS) <= 10)
      const last = segments[segments.length - 1]
      if (ranOn && last) last.push(...points)
      else segments.push(points)
      previous = { endS: startS + Number(tagValue(summary, 'TotalTimeSeconds') ?? Number.NaN), lastCounterM: counters[counters.length - 1] ?? Number.NaN }
    }
    const sport = /<Activity\b[^>]*\bSport="([^"]*)"/.exec(activity[0])?.[1]
    // Without a lap's maximum, the fastest speed the trackpoints state (TPX `Speed`), as a FIT session's records.
    const pointSpeedsMs = [...activity[0].matchAll(/<(?:\w+:)?Speed>\s*([^<]*?)\s*<\/(?:\w+:)?Speed>/g)].map((match) => Number(match[1])).filter(Number.isFinite)
    const lapsMs = Math.max(0, ...lapMaxSpeedsMs)
    const fastestMs = lapsMs > 0 ? lapsMs : pointSpeedsMs.reduce((max, speed) => Math.max(max, speed), 0)
    const deviceMaxSpeedMs = fastestMs > 0 ? fastestMs : Number.NaN
    return { segments, recordedDistanceM, deviceMaxSpeedMs, sport: sport ? sport.toLowerCase() : null }
  })
}

/** `lon,lat[,alt]` (KML coordinate order; also space-separated in `gx:coord`); `null` for an empty marker. */
function kmlPoint(text: string, time: number): ReferencePoint | null {
  const [lon, lat, ele] = text.trim().split(/[\s,]+/).map(Number)
  if (text.trim() === '' || lon === undefined || lat === undefined) return null
  return { lat, lon, ele: ele ?? Number.NaN, time }
}

/**
 * A KML document as one activity: every `gx:Track` a segment (its `<when>`s and `<gx:coord>`s
 * pair up in order), split where an empty `<gx:coord/>` marks a pause (OpenTracks); without
 * any `gx:Track`, every `LineString` a segment of positions without time.
 */
export function kmlReference(path: string): ReferenceActivity {
  // KML 2.3 puts `Track` and `coord` in the main namespace; 2.2 has them as `gx:` extensions.
  const xml = readFileSync(path, 'utf8')
  const tracks = [...xml.matchAll(/<(?:gx:)?Track\b[\s\S]*?<\/(?:gx:)?Track>/g)].map((match) => match[0])
  if (tracks.length === 0) {
    const lines = [...xml.matchAll(/<LineString\b[\s\S]*?<coordinates>([\s\S]*?)<\/coordinates>/g)]
    const segments = lines.map((line) =>
      (line[1] ?? '')
        .trim()
        .split(/\s+/)
        .flatMap((tuple) => kmlPoint(tuple.replace(/,/g, ' '), Number.NaN) ?? []),
    )
    return { segments, recordedDistanceM: Number.NaN, sport: null }
  }
  const segments: ReferencePoint[][] = []
  for (const track of tracks) {
    // An empty `<when/>` is a point without a time: it still takes its place in the pairing.
    const whens = [...track.matchAll(/<when\s*\/>|<when>([^<]*)<\/when>/g)].map((match) => Date.parse(match[1] ?? ''))
    const coords = [...track.matchAll(/<(?:gx:)?coord\s*\/>|<(?:gx:)?coord>([^<]*)<\/(?:gx:)?coord>/g)].map((match) => match[1] ?? '')
    let segment: ReferencePoint[] = []
    coords.forEach((coord, index) => {
      const point = kmlPoint(coord, whens[index] ?? Number.NaN)
      if (point) segment.push(point)
      else if (segment.length > 0) {
        segments.push(segment)
        segment = []
      }
    })
    if (segment.length > 0) segments.push(segment)
  }
  return { segments, recordedDistanceM: Number.NaN, sport: null }
}

/** What Debian's python3-gpxpy made of a GPX file (`tests/fixtures/real/gpxpy-reference.py`). */
export interface GpxpyFigures {
  readonly error?: string
  readonly tracks: number
  readonly points: number
  readonly timedPoints: number
  readonly routes: number
  readonly waypoints: number
  readonly length2dM: number
  readonly length3dM: number
  /** Earliest and latest timestamp, epoch ms, or `null` without any. */
  readonly first: number | null
  readonly last: number | null
  readonly types: readonly string[]
}

/** gpxpy's figures of the corpus' GPX files, by path relative to the corpus (`gpxpy-reference.json`). */
export function gpxpyReference(corpus: string): Readonly<Record<string, GpxpyFigures>> {
  const { files } = JSON.parse(readFileSync(join(corpus, 'gpxpy-reference.json'), 'utf8')) as { files: Record<string, GpxpyFigures> }
  // A file gpxpy refuses has no figures: the positions' reference alone checks what we import of it.
  return Object.fromEntries(Object.entries(files).filter(([, figures]) => figures.error === undefined))
}

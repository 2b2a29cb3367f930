import { readFileSync } from 'node:fs'
import { Decoder, Stream } from '@garmin/fitsdk'
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
}

/** One activity: its points (per segment where the format has segments) and device totals. */
export interface ReferenceActivity {
  readonly segments: readonly (readonly ReferencePoint[])[]
  /** The distance the device summed up (FIT session `total_distance`, TCX laps), metres, or `NaN`. */
  readonly recordedDistanceM: number
}

const RADIUS_M = 6_378_137
const RAD = Math.PI / 180

/**
 * Haversine distance, 3-D when both elevations are known and non-zero (the reference's "truthy"
 * rule) and the climb between them is physically possible (at most 50 m plus 10 m/s of the time
 * between them, the plausibility rule): the reference tracker would add a barometer's
 * 650 m startup jump to the distance, which no athlete covered.
 */
function haversine3dM(a: ReferencePoint, b: ReferencePoint): number {
  const s1 = Math.sin(((b.lat - a.lat) * RAD) / 2)
  const s2 = Math.sin(((b.lon - a.lon) * RAD) / 2)
  const h = s1 * s1 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * s2 * s2
  const flat = 2 * RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))
  const bothElevations = Number.isFinite(a.ele) && Number.isFinite(b.ele) && a.ele !== 0 && b.ele !== 0
  const climb = Math.abs(b.ele - a.ele)
  const possible = climb <= 50 + (10 * Math.abs(b.time - a.time)) / 1000
  return bothElevations && possible ? Math.hypot(flat, climb) : flat
}

/** A position; exactly (0, 0) is what GPS chips write before their first fix, not a place. */
const positioned = (point: ReferencePoint): boolean =>
  Number.isFinite(point.lat) && Number.isFinite(point.lon) && !(point.lat === 0 && point.lon === 0)

/**
 * Distance from positions as the reference tracker counts it: consecutive points of a segment
 * that both have a position and a time, the later one written with a later time. A point whose
 * clock stepped back still counts from the next point on.
 */
export function positionDistanceM(activity: ReferenceActivity): number {
  let total = 0
  for (const segment of activity.segments) {
    // Points without a position are left out, as a FIT or TCX file converted to GPX loses them:
    // the distance runs straight from the last position to the next.
    const points = segment.filter(positioned)
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1]
      const b = points[i]
      if (!a || !b || !(b.time > a.time)) continue
      total += haversine3dM(a, b)
    }
  }
  return total
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

function asNumber(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN
}

function asTime(value: unknown): number {
  return value instanceof Date ? value.getTime() : Number.NaN
}

/** The largest cumulative distance of the records (files without a session total), metres. */
function lastRecordedDistance(records: readonly { distance?: number }[]): number {
  let last = Number.NaN
  for (const record of records) if (!(asNumber(record.distance) <= last)) last = asNumber(record.distance)
  return last
}

/**
 * The records of a FIT file as fit-file-parser reads them, for files the SDK stops at: its
 * decoder does not support compressed-timestamp headers ("not currently supported"). `null` when
 * fit-file-parser cannot read the file either (a compressed-header byte inside damage at its end).
 */
function libraryPoints(bytes: Buffer): ReferencePoint[] | null {
  let points: ReferencePoint[] = []
  const parser = new FitParser({ force: true, mode: 'list', lengthUnit: 'm' })
  try {
    // `parse` calls back before it returns.
    parser.parse(new Uint8Array(bytes).buffer, (_error, data) => {
      points = (data?.records ?? []).map((record) => ({
        lat: asNumber(record.position_lat),
        lon: asNumber(record.position_long),
        ele: asNumber(record.enhanced_altitude ?? record.altitude),
        time: asTime(record.timestamp),
      }))
    })
  } catch {
    return null
  }
  return points
}

/** Decodes a FIT file with `@garmin/fitsdk`. */
export function fitReference(path: string): FitReference {
  const bytes = readFileSync(path)
  const intact = new Decoder(Stream.fromBuffer(bytes)).checkIntegrity()
  const { messages, errors } = new Decoder(Stream.fromBuffer(bytes)).read()
  const sdkPoints = (messages.recordMesgs ?? []).map(
    (record): ReferencePoint => ({
      lat: asNumber(record.positionLat) * SEMICIRCLE,
      lon: asNumber(record.positionLong) * SEMICIRCLE,
      ele: asNumber(record.enhancedAltitude ?? record.altitude),
      time: asTime(record.timestamp),
    }),
  )
  const compressedTimestamps = errors.some((error) => /compressed timestamp/i.test(String(error)))
  const points = (compressedTimestamps ? libraryPoints(bytes) : null) ?? sdkPoints
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
  const sessions = [...(messages.sessionMesgs ?? [])].sort((a, b) => asTime(a.startTime) - asTime(b.startTime))
  const activities: ReferenceActivity[] =
    sessions.length === 0
      ? [{ segments: split(0, points.length), recordedDistanceM: lastRecordedDistance(messages.recordMesgs ?? []) }]
      : sessions.map((session, index) => {
          const start = index === 0 ? Number.NEGATIVE_INFINITY : asTime(session.startTime)
          const next = sessions[index + 1]
          const end = next ? asTime(next.startTime) : Number.POSITIVE_INFINITY
          const first = points.findIndex((point) => point.time >= start)
          const after = points.findIndex((point) => point.time >= end)
          return {
            segments: first < 0 ? [] : split(first, after < 0 ? points.length : after),
            recordedDistanceM: asNumber(session.totalDistance),
          }
        })
  return {
    fileType: String(messages.fileIdMesgs?.[0]?.type),
    intact,
    recordCount: points.length,
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
  const xml = readFileSync(path, 'utf8')
  const segments = [...xml.matchAll(/<trkseg\b[\s\S]*?<\/trkseg>/g)].map((segment) =>
    [...segment[0].matchAll(/<trkpt\b([^>]*?)(?:\/>|>([\s\S]*?)<\/trkpt>)/g)].map((point): ReferencePoint => {
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

/** The `<Activity>`s of a TCX file, laps as segments, the laps' `DistanceMeters` summed. */
export function tcxReference(path: string): ReferenceActivity[] {
  const xml = readFileSync(path, 'utf8')
  return [...xml.matchAll(/<Activity\b[\s\S]*?<\/Activity>/g)].map((activity) => {
    let recordedDistanceM = 0
    const segments = [...activity[0].matchAll(/<Lap\b[\s\S]*?<\/Lap>/g)].map((lap) => {
      // The lap's own DistanceMeters comes before its <Track>; trackpoints carry their own.
      recordedDistanceM += Number(tagValue(lap[0].split('<Track>')[0] ?? '', 'DistanceMeters') ?? 0)
      return [...lap[0].matchAll(/<Trackpoint>([\s\S]*?)<\/Trackpoint>/g)].map(
        (point): ReferencePoint => ({
          lat: Number(tagValue(point[1] ?? '', 'LatitudeDegrees') ?? Number.NaN),
          lon: Number(tagValue(point[1] ?? '', 'LongitudeDegrees') ?? Number.NaN),
          ele: Number(tagValue(point[1] ?? '', 'AltitudeMeters') ?? Number.NaN),
          time: parseTime(tagValue(point[1] ?? '', 'Time')),
        }),
      )
    })
    return { segments, recordedDistanceM }
  })
}

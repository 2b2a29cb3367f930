/**
 * The track every importer (GPX, TCX, FIT) produces, independent of the file format.
 *
 * Points are stored column-wise in typed arrays ("struct of arrays"): a 200,000-point track is
 * a handful of contiguous buffers instead of 200,000 objects, which keeps parsing and analysis
 * fast and memory small. A missing value is `NaN` in its column; a column that no point of the
 * segment carries is `null`.
 *
 * Units: latitude/longitude in decimal degrees (WGS 84), elevation in metres, time in
 * milliseconds since the Unix epoch (UTC), heart rate in beats per minute, cadence in revolutions
 * (or steps) per minute, power in watts, temperature in degrees Celsius, recorded distance in
 * metres (cumulative, as written by the device).
 */

import type { WarningCode } from '../errors/catalogue'

/** The points of one segment (a continuous recording), column-wise. */
export interface TrackSegment {
  /** Number of points; every column has exactly this length. */
  readonly size: number
  /** Latitude in decimal degrees; `NaN` when the point has no position (TCX/FIT indoor points). */
  readonly lat: Float64Array
  /** Longitude in decimal degrees; `NaN` when the point has no position. */
  readonly lon: Float64Array
  /** Elevation in metres as written in the file (not sanitised); `NaN` when missing. */
  readonly ele: Float64Array
  /** Time in epoch milliseconds (UTC), fractional milliseconds kept; `NaN` when missing. */
  readonly time: Float64Array
  /** Heart rate in bpm, or `null` when no point has one. */
  readonly heartRate: Float64Array | null
  /** Cadence in rpm (or steps per minute), or `null` when no point has one. */
  readonly cadence: Float64Array | null
  /** Power in watts, or `null` when no point has one. */
  readonly power: Float64Array | null
  /** Temperature in °C, or `null` when no point has one. */
  readonly temperature: Float64Array | null
  /**
   * Cumulative distance in metres recorded by the device (TCX `DistanceMeters`, FIT `distance`),
   * or `null`. Analysis only uses it between points that have no position (indoor recordings).
   */
  readonly recordedDistance: Float64Array | null
  /**
   * Speed in m/s recorded by the device (FIT `enhanced_speed`, else `speed`), absent or `null`
   * when none. Only read to derive a distance when the activity has neither positions nor any
   * recorded distance (see `withDeviceDistance`).
   */
  readonly recordedSpeed?: Float64Array | null
}

/**
 * A segment of `size` points whose every column is `change(column)`, the sensors' columns `null` where
 * the segment has none: points kept, cut out or reordered alike in every column.
 */
export function withEachColumn(segment: TrackSegment, size: number, change: (column: Float64Array) => Float64Array): TrackSegment {
  const optional = (column: Float64Array | null | undefined): Float64Array | null => (column ? change(column) : null)
  return {
    size,
    lat: change(segment.lat),
    lon: change(segment.lon),
    ele: change(segment.ele),
    time: change(segment.time),
    heartRate: optional(segment.heartRate),
    cadence: optional(segment.cadence),
    power: optional(segment.power),
    temperature: optional(segment.temperature),
    recordedDistance: optional(segment.recordedDistance),
    recordedSpeed: optional(segment.recordedSpeed),
  }
}

/** One track of a file (`<trk>` in GPX, an activity in TCX, the records of a FIT file). */
export interface TrackPart {
  /** The track's name, trimmed, or `null` when absent or blank. */
  readonly name: string | null
  /** The track's description, trimmed, or `null`. */
  readonly description: string | null
  /** The segments in file order (GPX `<trkseg>`, TCX laps, FIT timer start/stop spans). */
  readonly segments: readonly TrackSegment[]
}

/**
 * A lap the device recorded (FIT lap message, TCX `<Lap>`): only its time span is kept, and its
 * figures are computed from the analysed series like splits, so laps and splits always agree.
 */
export interface Lap {
  /** Start, epoch ms UTC. */
  readonly startTime: number
  /** End, epoch ms UTC (≥ start). */
  readonly endTime: number
  /**
   * What the device counted over the lap, metres, when it counts exactly: a pool swim's interval
   * is its active lengths × the pool's length. Absent: measured on the points.
   */
  readonly distanceM?: number
  /** Milliseconds of rest at the wall after the lap, before the next one (pool swims). */
  readonly restMs?: number
  /** A pool swim's lengths swum in the lap, in order, each `distanceM` ÷ their number metres (its splits per 100 m are made of them). */
  readonly lengths?: readonly { readonly startTime: number; readonly endTime: number }[]
}

/** The file formats an importer understands. */
export type TrackFormat = 'gpx' | 'tcx' | 'fit' | 'kml'

/**
 * One activity of a parsed file: what becomes one workout.
 *
 * Multi-track rule: the segments of every track of an activity are taken in file order (track
 * 1's segments, then track 2's, …) and analysed as one sequence of segments; the time between
 * the end of one kept segment and the start of the next counts as a pause. A GPX file with
 * several `<trk>` is one activity (the reference tracker's rule); a TCX `<Activity>` or a FIT
 * session is one activity each (see {@link ParsedFile}).
 */
export interface Track {
  /** The format the file was read as. */
  readonly format: TrackFormat
  /** First non-blank track name (falls back to the file's metadata name), or `null`. */
  readonly name: string | null
  /** First non-blank track description (falls back to the metadata description), or `null`. */
  readonly description: string | null
  /**
   * The sport written in the file, lower-case, as the file spells it (FIT session sport such as
   * `cycling`, TCX `Sport` attribute such as `biking`, GPX `<type>`), or `null`. A hint only.
   */
  readonly sport: string | null
  /**
   * The FIT session's sub-sport, lower-case as the FIT profile names it (`lap_swimming`,
   * `indoor_cycling`, `treadmill`, …), or absent/`null`. A hint that refines {@link sport}.
   */
  readonly subSport?: string | null
  /** The tracks in file order. */
  readonly tracks: readonly TrackPart[]
  /** The laps the device recorded, in file order; absent when the format has none (GPX). */
  readonly laps?: readonly Lap[]
  /**
   * The positions draw the map but do not measure the distance, which is the device's (records,
   * laps, session, speeds): a virtual ride's positions are the game's map, not the road.
   */
  readonly distanceFromDevice?: boolean
  /**
   * The energy the file states, kcal (FIT session `total_calories`, the sum of TCX laps'
   * `<Calories>`); absent or `null` when it states none (GPX, KML).
   */
  readonly calories?: number | null
  /**
   * The climb and drop the device counted over the whole activity, metres (FIT session
   * `total_ascent`, `total_descent`); absent when it states none. The workout's figures then, as
   * Garmin Connect and Strava show a barometric watch's: devices smooth and threshold their own way,
   * which no one counting rule matches across makers (see `elevation.ts`).
   */
  readonly deviceAscentM?: number
  readonly deviceDescentM?: number
  /**
   * The fastest the device measured over the activity, m/s (FIT session `enhanced_max_speed`, else
   * `max_speed`; TCX the largest lap `<MaximumSpeed>`, else its trackpoints' fastest `<Speed>`); absent when it states none (or 0, a device that measured no speed). No top speed
   * of the workout or its segments is above it (see `analyseTrack`).
   */
  readonly deviceMaxSpeedMs?: number
}

/**
 * Something the importer noticed and worked around; the file still imported. A catalogue code
 * (translated by the UI like an error code) plus the numbers its message needs.
 */
export type ImportWarning =
  | {
      /** The file ends in damage (a truncated last message or a wrong checksum): the readable part was kept. */
      readonly code: Extract<WarningCode, 'fit_tail_damaged'>
      /** How many records were read before the damage. */
      readonly recordsRead: number
    }
  | {
      /** The XML file was cut off mid-write (it ends inside its document): its complete points were kept. */
      readonly code: Extract<WarningCode, 'file_cut_off'>
      /** How many complete points were read before the cut. */
      readonly pointsRead: number
    }

/**
 * A parsed workout file: one or more activities, each of which becomes one workout.
 * TCX gives one activity per `<Activity>`, FIT one per session (a multisport file one per leg),
 * GPX always exactly one.
 */
export interface ParsedFile {
  /** The format the file was read as. */
  readonly format: TrackFormat
  /** The activities in file order; never empty (a file without one is refused). */
  readonly activities: readonly Track[]
  /** What was worked around while reading (empty for a clean file). */
  readonly warnings: readonly ImportWarning[]
}

/** Every segment of a track, in the order the multi-track rule analyses them. */
export function allSegments(track: Track): TrackSegment[] {
  const segments: TrackSegment[] = []
  // One push per segment: spreading an array of 200,000 segments overflows the call stack.
  for (const part of track.tracks) for (const segment of part.segments) segments.push(segment)
  return segments
}

/** The sum of the stated calories, `null` when none is stated (an unstated part counts as nothing). */
export function totalCalories(values: readonly (number | null)[]): number | null {
  const stated = values.filter((value): value is number => value !== null && Number.isFinite(value))
  return stated.length === 0 ? null : stated.reduce((sum, value) => sum + value, 0)
}

/**
 * The activities of a file joined into one track (their tracks in file order), as every file was
 * read before files could hold several workouts. For callers that still store one workout per
 * file; a single-activity file gives its only activity unchanged.
 */
export function joinActivities(file: ParsedFile): Track {
  const [first, ...rest] = file.activities
  if (first === undefined) throw new Error('a parsed file has at least one activity')
  if (rest.length === 0) return first
  const tracks: TrackPart[] = []
  for (const activity of file.activities) for (const part of activity.tracks) tracks.push(part)
  return {
    ...first,
    name: file.activities.find((activity) => activity.name !== null)?.name ?? null,
    description: file.activities.find((activity) => activity.description !== null)?.description ?? null,
    tracks,
    calories: totalCalories(file.activities.map((activity) => activity.calories ?? null)),
  }
}

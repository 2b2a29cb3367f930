import type { UserRecord, Weather, Workout, WorkoutFigures, WorkoutLeg, WorkoutSegment } from '../../../src/contracts'
import { roundLikeToFixed } from '../../../src/domain/rounding'
import { formatTimedelta } from '../../../src/format/duration'
import { toHttpDate } from '../../lib/http-date'
import { presentedLevels } from '../sharing/workout-access'
import type { WorkoutLegRow, WorkoutRow, WorkoutSegmentRow } from '../../db/repositories/workouts.repository'

/** As `toFixed` rounds (a list of 100 rounds ~1,400 figures: `Number(toFixed)` cost ~0.1 µs each, 6× this). */
const round = (value: number | null, decimals: number): number | null => (value === null ? null : roundLikeToFixed(value, decimals))

function parseJson<T>(text: string | null): T | null {
  if (text === null) return null
  return JSON.parse(text) as T
}

/**
 * Figures in the API's units and precision: km 3 decimals, km/h 2, m 2, durations `H:MM:SS`.
 *
 * Zero or null — one rule for every figure on the wire: a figure that was computed is sent as
 * computed, even when it is zero (0 m of ascent on a flat ride, `0:00:00` of pauses on a ride
 * without stops); a figure that could not be computed is `null`: altitudes, ascent and descent
 * without any elevation data, speeds without moving time, and pauses without timed points (a
 * workout typed in by hand has no pause information). The reference tracker sends `null` for
 * every zero; its client shows both the same way, and ours can tell "none" from "unknown".
 */
function presentFigures(
  figures: {
  duration: number
  moving: number
  pauses: number
  distance: number | null
  aveSpeed: number | null
  maxSpeed: number | null
  minAlt: number | null
  maxAlt: number | null
  ascent: number | null
  descent: number | null
  },
  timed: boolean,
): WorkoutFigures {
  return {
    duration: formatTimedelta(figures.duration),
    moving: formatTimedelta(figures.moving),
    pauses: timed ? formatTimedelta(figures.pauses) : null,
    distance: round(figures.distance, 3),
    ave_speed: round(figures.aveSpeed, 2),
    max_speed: round(figures.maxSpeed, 2),
    min_alt: round(figures.minAlt, 2),
    max_alt: round(figures.maxAlt, 2),
    ascent: round(figures.ascent, 2),
    descent: round(figures.descent, 2),
  }
}

function presentSegment(segment: WorkoutSegmentRow): WorkoutSegment {
  // Segments come from files, whose points are timed (a file without times is refused).
  return { workout_id: segment.workoutId, segment_id: segment.segmentIndex, ...presentFigures(segment, true) }
}

/** Rows grouped by their workout, in their order. */
export function byWorkout<T extends { workoutId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const group = groups.get(row.workoutId)
    if (group) group.push(row)
    else groups.set(row.workoutId, [row])
  }
  return groups
}

/** What a workout's answer needs besides its row. */
export interface WorkoutExtras {
  username: string
  segments: readonly WorkoutSegmentRow[]
  records: UserRecord[]
  previousId: string | null
  nextId: string | null
  /** Filled by the equipment module where the answer carries it (none: `[]`). */
  equipments?: Workout['equipments']
}

/**
 * The workout object of the API (the reference tracker's shape; zero or null as {@link presentFigures} says).
 * Every field is written out in one literal, not spread: spreads made each of a list's objects a
 * slower kind for V8 to build and for `JSON.stringify` to read (a list of 100: presenting and
 * serialising ~25 % less CPU, measured).
 */
export function presentWorkout(workout: WorkoutRow, extras: WorkoutExtras): Workout {
  const levels = presentedLevels(workout)
  const figures = presentFigures(workout, workout.filePath !== null)
  return {
    id: workout.id,
    user: extras.username,
    sport_id: workout.sportId,
    title: workout.title ?? '',
    notes: workout.notes,
    creation_date: toHttpDate(workout.createdAt),
    modification_date: workout.modifiedAt ? toHttpDate(workout.modifiedAt) : null,
    workout_date: toHttpDate(workout.workoutDate),
    with_gpx: workout.filePath !== null,
    with_analysis: workout.filePath !== null,
    file_format: workout.fileFormat,
    bounds: parseJson<number[]>(workout.bounds) ?? [],
    map: workout.mapId,
    previous_workout: extras.previousId,
    next_workout: extras.nextId,
    weather_start: parseJson<Weather>(workout.weatherStart),
    weather_end: parseJson<Weather>(workout.weatherEnd),
    records: extras.records,
    segments: extras.segments.map(presentSegment),
    has_heart_rate: workout.hasHeartRate,
    has_cadence: workout.hasCadence,
    has_power: workout.hasPower,
    calories: workout.calories,
    workout_visibility: levels.workout_visibility,
    analysis_visibility: levels.analysis_visibility,
    map_visibility: levels.map_visibility,
    equipments: extras.equipments ?? [],
    duration: figures.duration,
    moving: figures.moving,
    pauses: figures.pauses,
    distance: figures.distance,
    ave_speed: figures.ave_speed,
    max_speed: figures.max_speed,
    min_alt: figures.min_alt,
    max_alt: figures.max_alt,
    ascent: figures.ascent,
    descent: figures.descent,
  }
}

/** A multisport file's leg as its workouts' pages list it. */
export function presentLeg(leg: WorkoutLegRow): WorkoutLeg {
  return {
    id: leg.id,
    sport_id: leg.sportId,
    title: leg.title ?? '',
    workout_date: toHttpDate(leg.workoutDate),
    distance: round(leg.distance, 3),
    moving: formatTimedelta(leg.moving),
    transition: leg.transition,
  }
}

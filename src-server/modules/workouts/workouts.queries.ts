/** The SQL of the workout aggregate: services decide what to ask, this module how to ask SQLite. */
import type { EntityManager } from 'typeorm'
import type { WorkoutEntity, WorkoutSegmentEntity } from '../../db/entities'
import { containsPattern } from '../../db/like'
import { placeholders } from '../../db/placeholders'
import { fromSqlDate, toSqlDate } from '../../lib/sql-date'

/** A filter on a user's workouts; absent fields do not filter. Instants are UTC milliseconds. */
export interface WorkoutListFilter {
  sportId?: number
  /** Inclusive. */
  from?: number
  /** Exclusive. */
  to?: number
  distanceFrom?: number
  distanceTo?: number
  /** Moving time, seconds. */
  movingFrom?: number
  movingTo?: number
  aveSpeedFrom?: number
  aveSpeedTo?: number
  maxSpeedFrom?: number
  maxSpeedTo?: number
  /** Part of the title, matched literally (not as a pattern). */
  title?: string
}

export interface WorkoutListOrder {
  by: 'workout_date' | 'distance' | 'duration' | 'ave_speed'
  direction: 'asc' | 'desc'
}

export interface WorkoutListSums {
  total: number
  distance: number | null
  duration: number | null
  ascent: number | null
  descent: number | null
}

export interface WorkoutLinks {
  previousId: string | null
  nextId: string | null
}

const ORDER_COLUMNS = { workout_date: 'workout_date', distance: 'distance', duration: 'moving', ave_speed: 'ave_speed' } as const

function whereOf(userId: number, filter: WorkoutListFilter): { where: string; params: unknown[] } {
  const conditions = ['user_id = ?']
  const params: unknown[] = [userId]
  const add = (condition: string, value: unknown) => {
    if (value === undefined) return
    conditions.push(condition)
    params.push(value)
  }
  add('sport_id = ?', filter.sportId)
  add('workout_date >= ?', filter.from === undefined ? undefined : toSqlDate(filter.from))
  add('workout_date < ?', filter.to === undefined ? undefined : toSqlDate(filter.to))
  add('distance >= ?', filter.distanceFrom)
  add('distance <= ?', filter.distanceTo)
  add('moving >= ?', filter.movingFrom)
  add('moving <= ?', filter.movingTo)
  add('ave_speed >= ?', filter.aveSpeedFrom)
  add('ave_speed <= ?', filter.aveSpeedTo)
  add('max_speed >= ?', filter.maxSpeedFrom)
  add('max_speed <= ?', filter.maxSpeedTo)
  add(`title LIKE ? ESCAPE '\\'`, filter.title ? containsPattern(filter.title) : undefined)
  return { where: conditions.join(' AND '), params }
}

/** Count and sums of the filtered workouts (sums are null when none match). */
export async function workoutListSums(manager: EntityManager, userId: number, filter: WorkoutListFilter): Promise<WorkoutListSums> {
  const { where, params } = whereOf(userId, filter)
  const [sums] = await manager.query<[WorkoutListSums]>(
    `SELECT COUNT(*) AS total, SUM(distance) AS distance, SUM(moving) AS duration, SUM(ascent) AS ascent, SUM(descent) AS descent
       FROM workout WHERE ${where}`,
    params,
  )
  return sums
}

/** The figures of every workout of a user that day totals need (dates as stored, UTC text). */
export function workoutDayFigures(
  manager: EntityManager,
  userId: number,
): Promise<{ workout_date: string; distance: number | null; moving: number | null; ascent: number | null; descent: number | null; ave_speed: number | null }[]> {
  return manager.query(`SELECT workout_date, distance, moving, ascent, descent, ave_speed FROM workout WHERE user_id = ?`, [userId])
}

/** Heatmap lines (`workout_track.heatmap`) of the filtered workouts that have positions. */
export async function heatmapLinesOf(manager: EntityManager, userId: number, filter: WorkoutListFilter): Promise<string[]> {
  const { where, params } = whereOf(userId, filter)
  const rows = await manager.query<{ heatmap: string }[]>(
    `SELECT t.heatmap FROM workout JOIN workout_track t ON t.workout_id = workout.id WHERE ${where} AND t.heatmap != ''`,
    params,
  )
  return rows.map((row) => row.heatmap)
}

/**
 * A user's workouts dated within [first, last], plus the one just before and the one just after,
 * in date order (ties by id).
 */
export async function workoutsAroundSpan(
  manager: EntityManager,
  userId: number,
  first: number,
  last: number,
): Promise<{ id: string; workout_date: string }[]> {
  const from = toSqlDate(first)
  const until = toSqlDate(last)
  const span = await manager.query<{ id: string; workout_date: string }[]>(
    `SELECT * FROM (SELECT id, workout_date FROM workout WHERE user_id = ? AND workout_date < ? ORDER BY workout_date DESC, id DESC LIMIT 1)
     UNION ALL SELECT id, workout_date FROM workout WHERE user_id = ? AND workout_date BETWEEN ? AND ?
     UNION ALL SELECT * FROM (SELECT id, workout_date FROM workout WHERE user_id = ? AND workout_date > ? ORDER BY workout_date, id LIMIT 1)`,
    [userId, from, userId, from, until, userId, until],
  )
  return span.sort((a, b) => (a.workout_date === b.workout_date ? (a.id < b.id ? -1 : 1) : a.workout_date < b.workout_date ? -1 : 1))
}

/** The workouts just before and just after one, in the date order of all its owner's workouts. */
export async function workoutNeighbours(
  manager: EntityManager,
  workout: { id: string; userId: number; workoutDate: Date },
): Promise<WorkoutLinks> {
  const date = toSqlDate(workout.workoutDate)
  const [previous] = await manager.query<{ id: string }[]>(
    `SELECT id FROM workout WHERE user_id = ? AND (workout_date < ? OR (workout_date = ? AND id < ?))
      ORDER BY workout_date DESC, id DESC LIMIT 1`,
    [workout.userId, date, date, workout.id],
  )
  const [next] = await manager.query<{ id: string }[]>(
    `SELECT id FROM workout WHERE user_id = ? AND (workout_date > ? OR (workout_date = ? AND id > ?))
      ORDER BY workout_date ASC, id ASC LIMIT 1`,
    [workout.userId, date, date, workout.id],
  )
  return { previousId: previous?.id ?? null, nextId: next?.id ?? null }
}

/** A workout row as the presenters read it: the entity's columns, without its relations. */
export type WorkoutRow = Omit<WorkoutEntity, 'user' | 'sport'>

/** A segment row as the presenters read it. */
export type WorkoutSegmentRow = Omit<WorkoutSegmentEntity, 'workout'>

/** The workout row as SQLite gives it: columns named as the entity's fields, dates as text, flags 0/1. */
type StoredWorkoutRow = Omit<WorkoutRow, 'workoutDate' | 'createdAt' | 'modifiedAt' | 'hasHeartRate' | 'hasCadence' | 'hasPower'> & {
  workoutDate: string
  createdAt: string
  modifiedAt: string | null
  hasHeartRate: number
  hasCadence: number
  hasPower: number
}

const WORKOUT_ROW_COLUMNS = `w.id, w.user_id AS userId, w.sport_id AS sportId, w.title, w.notes, w.workout_date AS workoutDate,
  w.created_at AS createdAt, w.modified_at AS modifiedAt, w.duration, w.moving, w.pauses, w.distance, w.ave_speed AS aveSpeed,
  w.max_speed AS maxSpeed, w.min_alt AS minAlt, w.max_alt AS maxAlt, w.ascent, w.descent, w.bounds, w.file_path AS filePath,
  w.file_format AS fileFormat, w.file_hash AS fileHash, w.map_id AS mapId, w.weather_start AS weatherStart,
  w.weather_end AS weatherEnd, w.has_heart_rate AS hasHeartRate, w.has_cadence AS hasCadence, w.has_power AS hasPower`

/** Dates and flags as TypeORM's entity hydration gives them. */
function workoutRowOf(row: StoredWorkoutRow): WorkoutRow {
  return {
    ...row,
    workoutDate: fromSqlDate(row.workoutDate),
    createdAt: fromSqlDate(row.createdAt),
    modifiedAt: row.modifiedAt === null ? null : fromSqlDate(row.modifiedAt),
    hasHeartRate: Boolean(row.hasHeartRate),
    hasCadence: Boolean(row.hasCadence),
    hasPower: Boolean(row.hasPower),
  }
}

/**
 * One page of the filtered workouts, sorted (ties fall back to the date, then the id), with each
 * one's previous and next workout in the date order of all the user's workouts (whatever the
 * filters; two index seeks per row), in one statement and without TypeORM's entity hydration (it
 * cost twice the query itself for a page of 100). The page's ids are chosen from the index first;
 * only their rows are then read.
 */
export async function workoutListPage(
  manager: EntityManager,
  userId: number,
  filter: WorkoutListFilter,
  order: WorkoutListOrder,
  page: { limit: number; offset: number },
): Promise<(WorkoutRow & WorkoutLinks)[]> {
  const { where, params } = whereOf(userId, filter)
  const direction = order.direction === 'asc' ? 'ASC' : 'DESC'
  // In date order the date is not repeated as a tie-break: SQLite would sort the ties in a temporary b-tree instead of reading the index in order.
  const keys = [ORDER_COLUMNS[order.by], ...(order.by === 'workout_date' ? [] : ['workout_date']), 'id']
  const orderBy = (table: string) => keys.map((key) => `${table}${key} ${direction}`).join(', ')
  const neighbour = (comparison: '<' | '>', order: 'ASC' | 'DESC') =>
    `(SELECT n.id FROM workout n WHERE n.user_id = w.user_id AND (n.workout_date, n.id) ${comparison} (w.workout_date, w.id)
       ORDER BY n.workout_date ${order}, n.id ${order} LIMIT 1)`
  const rows = await manager.query<(StoredWorkoutRow & WorkoutLinks)[]>(
    `SELECT ${WORKOUT_ROW_COLUMNS}, ${neighbour('<', 'DESC')} AS previousId, ${neighbour('>', 'ASC')} AS nextId
       FROM (SELECT id AS page_id FROM workout WHERE ${where} ORDER BY ${orderBy('')} LIMIT ? OFFSET ?) AS page
       JOIN workout w ON w.id = page.page_id
      ORDER BY ${orderBy('w.')}`,
    [...params, page.limit, page.offset],
  )
  return rows.map((row) => ({ ...workoutRowOf(row), previousId: row.previousId, nextId: row.nextId }))
}

/** The segments of some workouts, by segment index. */
export function segmentsOfWorkouts(manager: EntityManager, workoutIds: readonly string[]): Promise<WorkoutSegmentRow[]> {
  if (workoutIds.length === 0) return Promise.resolve([])
  return manager.query<WorkoutSegmentRow[]>(
    `SELECT workout_id AS workoutId, segment_index AS segmentIndex, duration, moving, pauses, distance, ave_speed AS aveSpeed,
            max_speed AS maxSpeed, min_alt AS minAlt, max_alt AS maxAlt, ascent, descent
       FROM workout_segment WHERE workout_id IN (${placeholders(workoutIds)}) ORDER BY segment_index`,
    [...workoutIds],
  )
}

/** Ids of the sports that have at least one workout (anyone's). */
export async function sportIdsWithWorkouts(manager: EntityManager): Promise<Set<number>> {
  const rows = await manager.query<{ sport_id: number }[]>(`SELECT DISTINCT sport_id FROM workout`)
  return new Set(rows.map((row) => row.sport_id))
}

/** A user's workout stored from exactly these file bytes, if any. */
export async function workoutIdWithFileHash(manager: EntityManager, userId: number, fileHash: string): Promise<string | null> {
  const [same] = await manager.query<{ id: string }[]>(`SELECT id FROM workout WHERE user_id = ? AND file_hash = ? LIMIT 1`, [userId, fileHash])
  return same?.id ?? null
}

/**
 * What an imported file's first activity duplicates, in one statement: a workout of the user from
 * the same file bytes (`sameBytes`), else one of the same outing (see {@link sameOutingId}, at
 * exactly its start), else null. Two indexed lookups, each stopping at its first row.
 */
export async function duplicateOfFile(
  manager: EntityManager,
  file: { userId: number; fileHash: string; sportId: number; start: Date; distanceKm: number },
): Promise<{ id: string; sameBytes: boolean } | null> {
  const start = toSqlDate(file.start)
  const rows = await manager.query<{ id: string; sameBytes: number }[]>(
    `SELECT id, 1 AS sameBytes FROM (SELECT id FROM workout WHERE user_id = ? AND file_hash = ? LIMIT 1)
     UNION ALL
     SELECT id, 0 AS sameBytes FROM (SELECT id FROM workout WHERE user_id = ? AND sport_id = ? AND workout_date BETWEEN ? AND ? AND abs(distance - ?) < 0.0005 LIMIT 1)`,
    [file.userId, file.fileHash, file.userId, file.sportId, start, start, file.distanceKm],
  )
  const found = rows.find((row) => row.sameBytes === 1) ?? rows[0]
  return found ? { id: found.id, sameBytes: found.sameBytes === 1 } : null
}

/**
 * A user's workout of the same sport and distance (to half a metre) dated within [from, until],
 * and of the same duration when one is given: the same outing, imported again.
 */
export async function sameOutingId(
  manager: EntityManager,
  outing: { userId: number; sportId: number; from: Date; until: Date; distanceKm: number; durationS?: number },
): Promise<string | null> {
  const duration = outing.durationS === undefined ? '' : 'AND duration = ?'
  const [same] = await manager.query<{ id: string }[]>(
    `SELECT id FROM workout WHERE user_id = ? AND sport_id = ? AND workout_date BETWEEN ? AND ? ${duration} AND abs(distance - ?) < 0.0005 LIMIT 1`,
    [
      outing.userId,
      outing.sportId,
      toSqlDate(outing.from),
      toSqlDate(outing.until),
      ...(outing.durationS === undefined ? [] : [outing.durationS]),
      outing.distanceKm,
    ],
  )
  return same?.id ?? null
}

/** The workout with the highest positive value of a column among a user's workouts of one sport (ties: earliest). */
export async function bestWorkoutBy(
  manager: EntityManager,
  userId: number,
  sportId: number,
  column: 'distance' | 'ave_speed' | 'max_speed' | 'moving' | 'ascent',
): Promise<{ id: string; workoutDate: Date; value: number } | null> {
  const [best] = await manager.query<{ id: string; workout_date: string; value: number }[]>(
    `SELECT id, workout_date, ${column} AS value FROM workout
      WHERE user_id = ? AND sport_id = ? AND ${column} > 0
      ORDER BY ${column} DESC, workout_date ASC, id ASC LIMIT 1`,
    [userId, sportId],
  )
  return best ? { id: best.id, workoutDate: fromSqlDate(best.workout_date), value: best.value } : null
}

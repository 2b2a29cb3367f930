import { rm } from 'node:fs/promises'
import { gzipSync } from 'node:zlib'
import { extname } from 'node:path'
import type { EntityManager } from 'typeorm'
import { analyseForStorage, type ChartPoint, type StoredAnalysis } from '../../../src/domain/analysis'
import { effortDistancesFor } from '../../../src/domain/insights'
import { sportFromFile } from '../../../src/domain/sports'
import { joinActivities, type Track } from '../../../src/domain/track'
import { createZoneClock } from '../../../src/domain/zoned-time'
import { AppError } from '../../../src/errors'
import type { ServerContext } from '../../context'
import { SportEntity, UserSportPreferenceEntity, WorkoutEntity, WorkoutSegmentEntity, WorkoutTrackEntity, type UserEntity } from '../../db/entities'
import { importTrackFile } from '../../importers'
import { shortId } from '../../lib/short-id'
import { toSqlDate } from '../../lib/sql-date'
import type { WeatherPoint } from '../../weather/weather-jobs'
import { saveInsights } from '../insights/insights-store'
import { recomputeRecords } from '../records/records.service'
import { originalFilePath, removeFiles, sha256File, storeOriginal } from './workout-files'

/** Extensions of files that can become a workout. */
export const TRACK_EXTENSIONS = new Set(['.gpx', '.fit', '.tcx'])

/** What the user chose for the imported workout. */
export interface ImportChoices {
  /** The sport of the workout; with `detectSport`, the fallback for files that name no usable sport. */
  sportId: number
  title?: string | undefined
  notes?: string | undefined
  /** Take the sport the file names when it is an active sport (see {@link sportOfActivity}). */
  detectSport?: boolean | undefined
}

/** An imported file became a new workout, or matched one already there. */
export type FileImportOutcome = { status: 'imported'; workout: WorkoutEntity } | { status: 'duplicate'; workoutId: string }

/** The sport, checked to exist, and the user's stopped-speed threshold for it (km/h). */
export async function sportAndThreshold(
  manager: EntityManager,
  user: UserEntity,
  sportId: number,
): Promise<{ sport: SportEntity; threshold: number }> {
  const sport = await manager.findOneBy(SportEntity, { id: sportId })
  if (!sport) throw new AppError('sport_not_found')
  const preference = await manager.findOneBy(UserSportPreferenceEntity, { userId: user.id, sportId })
  return { sport, threshold: preference?.stoppedSpeedThreshold ?? sport.stoppedSpeedThreshold }
}

/** Whether any point of the track has a position (a swim with positions is an open-water swim). */
function hasPositions(track: Track): boolean {
  for (const part of track.tracks) {
    for (const segment of part.segments) {
      for (let index = 0; index < segment.size; index += 1) if (!Number.isNaN(segment.lat[index])) return true
    }
  }
  return false
}

/**
 * The sport of an imported activity and the user's threshold for it. With `detectSport`, the sport
 * the file names (mapped by `sportFromFile`) when it exists and is active for everyone and for the
 * user; otherwise, and for files that name none, the chosen sport (which must exist).
 */
export async function sportOfActivity(
  manager: EntityManager,
  user: UserEntity,
  choices: ImportChoices,
  activity: Track,
): Promise<{ sport: SportEntity; threshold: number }> {
  const fallback = await sportAndThreshold(manager, user, choices.sportId)
  if (!choices.detectSport) return fallback
  const named = sportFromFile(activity.sport, activity.subSport ?? null, { hasPositions: hasPositions(activity) })
  if (named === null || named === fallback.sport.id) return fallback
  const sport = await manager.findOneBy(SportEntity, { id: named })
  const preference = await manager.findOneBy(UserSportPreferenceEntity, { userId: user.id, sportId: named })
  if (!sport?.isActive || preference?.isActive === false) return fallback
  return { sport, threshold: preference?.stoppedSpeedThreshold ?? sport.stoppedSpeedThreshold }
}

/** The first chart point with a position and a time, for the weather there and then. */
function weatherPoint(points: readonly ChartPoint[]): WeatherPoint | null {
  const point = points.find((candidate) => candidate.lat !== null && candidate.lon !== null && candidate.time !== null)
  return point && point.lat !== null && point.lon !== null && point.time !== null ? { lat: point.lat, lon: point.lon, time: point.time } : null
}

/** `Cycling (Sport) - 2018-03-13 13:44:45`, the start in the user's time zone. */
export function defaultTitle(sportLabel: string, start: Date, timezone: string): string {
  const local = createZoneClock(timezone).local(start.getTime())
  const two = (value: number) => String(value).padStart(2, '0')
  return `${sportLabel} - ${local.year}-${two(local.month)}-${two(local.day)} ${two(local.hour)}:${two(local.minute)}:${two(local.second)}`
}

/** Copies an analysis into a workout row's figure columns (and its segments' rows). */
export function applyAnalysis(workout: WorkoutEntity, analysis: StoredAnalysis): WorkoutSegmentEntity[] {
  const figures = analysis.workout
  Object.assign(workout, {
    workoutDate: new Date(figures.startTime ?? 0),
    duration: figures.durationS,
    moving: figures.movingS,
    pauses: figures.pausesS,
    distance: figures.distanceKm,
    aveSpeed: figures.aveSpeedKmh,
    maxSpeed: figures.maxSpeedKmh,
    minAlt: figures.minAltM,
    maxAlt: figures.maxAltM,
    ascent: figures.ascentM,
    descent: figures.descentM,
    bounds: figures.bounds ? JSON.stringify(figures.bounds) : null,
    hasHeartRate: analysis.chart.some((point) => point.heartRate != null),
    hasCadence: analysis.chart.some((point) => point.cadence != null),
    hasPower: analysis.chart.some((point) => point.power != null),
  })
  return analysis.segments.map((segment) =>
    Object.assign(new WorkoutSegmentEntity(), {
      workoutId: workout.id,
      segmentIndex: segment.index,
      duration: segment.durationS,
      moving: segment.movingS,
      pauses: segment.pausesS,
      distance: segment.distanceKm,
      aveSpeed: segment.aveSpeedKmh,
      maxSpeed: segment.maxSpeedKmh,
      minAlt: segment.minAltM,
      maxAlt: segment.maxAltM,
      ascent: segment.ascentM,
      descent: segment.descentM,
    }),
  )
}

/** The stored track data of an analysis (level 1: nearly the best size for a fraction of the time). */
export function trackRow(workoutId: string, analysis: StoredAnalysis): WorkoutTrackEntity {
  return Object.assign(new WorkoutTrackEntity(), {
    workoutId,
    chart: gzipSync(JSON.stringify(analysis.chart), { level: 1 }),
    polyline: gzipSync(JSON.stringify(analysis.polyline), { level: 1 }),
  })
}

/** An existing workout of the user with the same file bytes, or the same start, sport and distance. */
async function findDuplicate(
  manager: EntityManager,
  userId: number,
  fileHash: string,
  match?: { sportId: number; start: Date; distanceKm: number },
): Promise<string | null> {
  const [sameBytes] = await manager.query<{ id: string }[]>(`SELECT id FROM workout WHERE user_id = ? AND file_hash = ? LIMIT 1`, [
    userId,
    fileHash,
  ])
  if (sameBytes) return sameBytes.id
  if (!match) return null
  const [sameRide] = await manager.query<{ id: string }[]>(
    `SELECT id FROM workout WHERE user_id = ? AND sport_id = ? AND workout_date = ? AND abs(distance - ?) < 0.0005 LIMIT 1`,
    [userId, match.sportId, toSqlDate(match.start), match.distanceKm],
  )
  return sameRide?.id ?? null
}

/**
 * Turns one uploaded GPX, FIT or TCX file into a workout, atomically: the workout, its segments,
 * its chart data and records are committed together with the stored original, or nothing is kept.
 * The uploaded file is consumed (moved into `uploads/` or deleted).
 *
 * @param originalName the file's name as uploaded (only its extension is used)
 * @throws AppError for a file that cannot become a workout, an unknown sport, or a wrong extension
 */
export async function importWorkoutFile(
  context: ServerContext,
  user: UserEntity,
  uploadedPath: string,
  originalName: string,
  choices: ImportChoices,
): Promise<FileImportOutcome> {
  const { db, write, layout, maps } = context
  const written: string[] = []
  try {
    const extension = extname(originalName).toLowerCase()
    if (!TRACK_EXTENSIONS.has(extension)) throw new AppError('file_extension_not_allowed')
    const fileHash = await sha256File(uploadedPath)
    const earlyDuplicate = await findDuplicate(db.manager, user.id, fileHash)
    if (earlyDuplicate) return { status: 'duplicate', workoutId: earlyDuplicate }

    await sportAndThreshold(db.manager, user, choices.sportId) // an unknown sport is refused before the file is read
    // One workout per file until several workouts per file land: the activities joined.
    const track = joinActivities(await importTrackFile(uploadedPath))
    const { sport, threshold } = await sportOfActivity(db.manager, user, choices, track)
    const analysis = analyseForStorage(track, { stoppedSpeedThresholdKmh: threshold, effortDistancesM: effortDistancesFor(sport.label) })
    const start = new Date(analysis.workout.startTime ?? 0)

    const workout = Object.assign(new WorkoutEntity(), {
      id: shortId(),
      userId: user.id,
      sportId: sport.id,
      notes: choices.notes ?? null,
      createdAt: context.now(),
      modifiedAt: null,
      fileFormat: track.format,
      fileHash,
      mapId: null as string | null,
      weatherStart: null,
      weatherEnd: null,
    })
    const segments = applyAnalysis(workout, analysis)
    workout.title = choices.title?.trim() || track.name || defaultTitle(sport.label, start, user.timezone)
    workout.filePath = originalFilePath(user.id, workout.id, track.format)

    written.push(await storeOriginal(layout, uploadedPath, workout.filePath))
    const bounds = analysis.workout.bounds
    if (bounds && analysis.polyline.some((line) => line.length > 0)) {
      workout.mapId = await maps.create(analysis.polyline, bounds)
      written.push(maps.path(workout.mapId))
    }
    const outcome = await write(async (manager): Promise<FileImportOutcome> => {
      // Checked again inside the transaction: another upload of the same file may have just landed.
      const duplicate = await findDuplicate(manager, user.id, fileHash, { sportId: sport.id, start, distanceKm: workout.distance })
      if (duplicate) return { status: 'duplicate', workoutId: duplicate }
      await manager.insert(WorkoutEntity, workout)
      if (segments.length > 0) await manager.insert(WorkoutSegmentEntity, segments)
      await manager.insert(WorkoutTrackEntity, trackRow(workout.id, analysis))
      await saveInsights(manager, workout.id, analysis.insights)
      await recomputeRecords(manager, user.id, sport.id)
      return { status: 'imported', workout }
    })
    if (outcome.status === 'duplicate') await removeFiles(written)
    else {
      if (workout.mapId && bounds) maps.refine(workout.mapId, analysis.polyline, bounds)
      context.weather.schedule(workout.id, weatherPoint(analysis.chart), weatherPoint([...analysis.chart].reverse()))
    }
    return outcome
  } catch (error) {
    await removeFiles(written)
    throw error
  } finally {
    await rm(uploadedPath, { force: true })
  }
}

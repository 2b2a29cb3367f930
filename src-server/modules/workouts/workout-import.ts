import { extname, join } from 'node:path'
import type { UploadWarning } from '../../../src/contracts'
import { insightOptionsFor } from '../../../src/domain/insights'
import { isTransitionLeg, sportFromFile } from '../../../src/domain/sports'
import type { ImportWarning } from '../../../src/domain/track'
import { createZoneClock } from '../../../src/domain/zoned-time'
import { AppError } from '../../../src/errors'
import { transitionTitle, workoutTitle } from '../../../src/i18n/workout-titles'
import type { ArrivingUpload } from '../../compute/compute-pool'
import type { AnalysisSummary, PackedTrack, TrackHeader } from '../../compute/compute-tasks'
import type { ServerContext } from '../../context'
import { type SportEntity, type UserSportPreferenceEntity, WorkoutEntity, WorkoutSegmentEntity, WorkoutTrackEntity, type UserEntity } from '../../db/entities'
import { shareWork, type Repositories } from '../../db/repositories'
import { shortId } from '../../lib/short-id'
import { equipNewWorkouts } from '../equipment/workout-equipment'
import { randomToken } from '../../lib/secrets'
import { readSettings } from '../app-config/app-config.service'
import { addToRecords } from '../records/records.service'
import { unpackedName, unpackTrackFile } from './packed-track-file'
import { originalFilePath, removeFiles, sha256File, storeOriginal, storeOriginalCopy } from './workout-files'
import { newWorkoutLevels, type NewWorkoutLevels } from '../sharing/workout-access'

/** Extensions of files that can become a workout (also gzipped, and `.kmz`: see {@link trackExtension}). */
const TRACK_EXTENSIONS = new Set(['.gpx', '.fit', '.tcx', '.kml'])

/**
 * The extension of a name that can become a workout, looking through packing (`ride.fit.gz` →
 * `.fit`, see `unpackedName`), or null for any other name.
 */
export function trackExtension(name: string): string | null {
  const extension = extname(unpackedName(name)).toLowerCase()
  return TRACK_EXTENSIONS.has(extension) ? extension : null
}

/** What the user chose for the imported workout. */
export interface ImportChoices {
  /** The sport of the workout; with `detectSport`, the fallback for files that name no usable sport. */
  sportId: number
  title?: string | undefined
  notes?: string | undefined
  /** Take the sport the file names when it is an active sport (see {@link sportOfActivity}). */
  detectSport?: boolean | undefined
  /** The equipment of every workout made (omitted: each sport's defaults). */
  equipmentIds?: readonly string[] | undefined
  /** The levels of every workout made (each left out: the user's default). */
  levels?: NewWorkoutLevels | undefined
}

/**
 * An imported file became new workouts (one per activity; `workout` is the first), or matched
 * workouts already there (every activity a duplicate: `workoutId` is the first matched,
 * `workoutIds` each one matched; the first only when the same bytes were imported before).
 */
export type FileImportOutcome =
  | { status: 'imported'; workout: WorkoutEntity; workouts: WorkoutEntity[]; warnings: UploadWarning[] }
  | { status: 'duplicate'; workoutId: string; workoutIds: string[] }

/** A sport (null: there is none of that id) and the user's preference for it (null: none set). */
interface SportSetting {
  readonly sport: SportEntity | null
  readonly preference: UserSportPreferenceEntity | null
}

/** Where an import reads a sport and the user's preference for it. */
export type SportSettings = (sportId: number) => Promise<SportSetting>

/** The sport settings as `repositories` read them: two reads per sport asked. */
export function sportSettingsOf(repositories: Repositories, user: UserEntity): SportSettings {
  return async (sportId) => ({
    sport: await repositories.sports.byId(sportId),
    preference: await repositories.users.sportPreference(user.id, sportId),
  })
}

/**
 * The sport settings read once per sport and kept (an archive's files share them: changes made
 * while it is imported apply to the next import).
 */
export function sportSettingsOnce(settings: SportSettings): SportSettings {
  const read = new Map<number, Promise<SportSetting>>()
  return (sportId) => {
    let setting = read.get(sportId)
    if (!setting) {
      setting = settings(sportId)
      read.set(sportId, setting)
      // A failed read is tried again by the next file.
      setting.catch(() => read.delete(sportId))
    }
    return setting
  }
}

/** The sport, checked to exist, and the user's stopped-speed threshold for it (km/h). */
export async function sportAndThreshold(settings: SportSettings, sportId: number): Promise<{ sport: SportEntity; threshold: number }> {
  const { sport, preference } = await settings(sportId)
  if (!sport) throw new AppError('sport_not_found')
  return { sport, threshold: preference?.stoppedSpeedThreshold ?? sport.stoppedSpeedThreshold }
}

/**
 * The sport of an imported activity and the user's threshold for it. With `detectSport`, the sport
 * the file names (mapped by `sportFromFile`) when it exists and is active for everyone and for the
 * user; otherwise, and for files that name none, the chosen sport.
 * @param fallback the chosen sport and threshold ({@link sportAndThreshold} of `choices.sportId`)
 */
async function sportOfActivity(
  settings: SportSettings,
  choices: ImportChoices,
  activity: Pick<TrackHeader, 'sport' | 'subSport' | 'hasPositions'>,
  fallback: { sport: SportEntity; threshold: number },
): Promise<{ sport: SportEntity; threshold: number }> {
  if (!choices.detectSport) return fallback
  const named = sportFromFile(activity.sport, activity.subSport ?? null, { hasPositions: activity.hasPositions })
  if (named === null || named === fallback.sport.id) return fallback
  const { sport, preference } = await settings(named)
  if (!sport?.isActive || preference?.isActive === false) return fallback
  return { sport, threshold: preference?.stoppedSpeedThreshold ?? sport.stoppedSpeedThreshold }
}

/**
 * `Morning run`, `Sortie vélo du soir`: the sport and part of the day (in the user's time zone) in
 * the user's language, without a clock time that a later change of time zone would contradict.
 */
export function defaultTitle(sportLabel: string, start: Date, user: Pick<UserEntity, 'timezone' | 'language'>): string {
  return workoutTitle(sportLabel, createZoneClock(user.timezone).local(start.getTime()).hour, user.language)
}

/** Copies an analysis into a workout row's figure columns (and its segments' rows). */
function applyAnalysis(workout: WorkoutEntity, analysis: AnalysisSummary): WorkoutSegmentEntity[] {
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
    hasHeartRate: analysis.chartSummary.hasHeartRate,
    hasCadence: analysis.chartSummary.hasCadence,
    hasPower: analysis.chartSummary.hasPower,
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

/**
 * Replaces a stored workout's figures, segments, track and insights with a new analysis of its
 * file (a sport change, or the background recompute after the analysis changed); the caller saves
 * the workout. Its date stays: it names which activity of a multi-activity file the workout is.
 */
export async function reapplyAnalysis(repositories: Repositories, workout: WorkoutEntity, reanalysis: { analysis: AnalysisSummary; packed: PackedTrack }): Promise<void> {
  const workoutDate = workout.workoutDate
  const segments = applyAnalysis(workout, reanalysis.analysis)
  workout.workoutDate = workoutDate
  const workouts = repositories.workouts
  await workouts.deleteSegments(workout.id)
  await workouts.insertSegments(segments)
  await workouts.saveTrack(trackRow(workout.id, reanalysis.packed))
  await repositories.insights.save(workout.id, reanalysis.analysis.insights)
}

/** The stored track row of a workout, from its track packed in the worker (`packTrack`). */
function trackRow(workoutId: string, packed: PackedTrack): WorkoutTrackEntity {
  return Object.assign(new WorkoutTrackEntity(), { workoutId, ...packed })
}

/** One activity of a file, analysed and ready to become a workout. */
interface PreparedWorkout {
  workout: WorkoutEntity
  segments: WorkoutSegmentEntity[]
  analysis: AnalysisSummary
  packed: PackedTrack
  start: Date
  /** Absolute paths of the files written for it (original, map). */
  written: string[]
}

/** A warning in the wire's shape: the code and its numbers in snake case. */
function wireWarning(warning: ImportWarning): UploadWarning {
  const wire: UploadWarning = { code: warning.code }
  for (const [key, value] of Object.entries(warning)) {
    if (key !== 'code' && typeof value === 'number') wire[key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)] = value
  }
  return wire
}

/** What importing a file uses of the server. */
export type FileImportContext = Pick<ServerContext, 'database' | 'layout' | 'maps' | 'compute' | 'weather' | 'now'>

/** How an archive imports one of its files (see {@link importWorkoutFile}). */
export interface InArchive {
  /**
   * Awaited before the write is queued: an archive imports several files at once but writes them
   * in its own order, so which of two copies is the duplicate never depends on timing.
   */
  readonly writeAfter?: Promise<void>
  /** Called once the write is queued (see `WriteOptions.queued`): the next file may queue its own. */
  readonly writeQueued?: () => void
  /**
   * Runs last in the import's own write, with its outcome, so what the archive stores about the
   * file (its result row) commits with it. Its failure rolls the file's import back (its write
   * alone, whatever other writes share its transaction). Not called for a file refused, or found a duplicate, before the write.
   * It may be called twice (see `WriteOptions.shared`); the rows it adds with `insertRowsShared`
   * are written with the other files' of the same batch.
   */
  readonly inTransaction?: (repositories: Repositories, outcome: FileImportOutcome) => Promise<void>
  /**
   * The SHA-256 of the uploaded file's bytes, when computed while the file was written (an
   * archive's extraction, an upload's receipt), so it is not read again. Unused for a packed
   * file, whose hash is that of what it holds.
   */
  readonly fileHash?: string
  /** Where the sports are read (an archive reads each once for all its files); the database by default. */
  readonly sportSettings?: SportSettings
  /** Parse in the compute pool's background lane (an archive's files: other users' tasks go first). */
  readonly background?: boolean
  /** An upload's file as a compute thread read it while it arrived: analysed there first (unused for a packed file). */
  readonly arriving?: ArrivingUpload
}

/**
 * Turns one uploaded GPX, FIT or TCX file into workouts, one per activity (a TCX `<Activity>`, a
 * FIT session: each leg of a multisport file), each with its own sport, date and figures,
 * atomically: every workout with its segments, chart data, insights and records is committed with
 * its stored original (the same bytes for each: hard links), or nothing is kept.
 *
 * Duplicates: a file whose bytes were already imported is a duplicate as a whole (its activities
 * were imported together); otherwise each activity is checked on its own (same sport, start and
 * distance) and only new ones are created. An activity that cannot be analysed (a transition
 * without two points) is left out with a warning when others can be imported.
 * The uploaded file is consumed (moved into `uploads/` or deleted); a packed one (`.gz`) is
 * unpacked first, and the unpacked file is what is kept.
 *
 * @param originalName the file's name as uploaded (only its extensions are used)
 * @throws AppError for a file that cannot become a workout, an unknown sport, or a wrong extension
 */
export async function importWorkoutFile(
  context: FileImportContext,
  user: UserEntity,
  uploadedPath: string,
  originalName: string,
  choices: ImportChoices,
  inArchive: InArchive = {},
): Promise<FileImportOutcome> {
  const { database, layout, maps } = context
  const { reads } = database
  const { writeAfter = Promise.resolve(), writeQueued, inTransaction, sportSettings = sportSettingsOf(reads, user) } = inArchive
  const prepared: PreparedWorkout[] = []
  const allWritten = () => prepared.flatMap((item) => item.written)
  const extension = trackExtension(originalName)
  const unpacked = join(layout.tmp, `unpacked-${randomToken()}${extension ?? ''}`)
  // What this import may leave in tmp/ (removed at the end): only files that may exist, as each
  // removal is a trip to libuv's pool, and an archive imports thousands of files.
  const scratch = new Set([uploadedPath])
  try {
    if (extension === null) throw new AppError('file_extension_not_allowed')
    // A packed file is imported (and kept) as the file it holds, under the single-file size limit.
    const packed = unpackedName(originalName) !== originalName
    if (packed) {
      scratch.add(unpacked)
      await unpackTrackFile(uploadedPath, originalName, unpacked, (await readSettings(reads)).maxSingleFileSize)
    }
    const path = packed ? unpacked : uploadedPath
    const fileHash = (!packed && inArchive.fileHash) || (await sha256File(path))
    const earlyDuplicate = await reads.workouts.idWithFileHash(user.id, fileHash)
    if (earlyDuplicate) return { status: 'duplicate', workoutId: earlyDuplicate, workoutIds: [earlyDuplicate] }

    // An unknown sport is refused before the file is read.
    const chosen = await sportAndThreshold(sportSettings, choices.sportId)
    const optionsFor = (choice: { sport: SportEntity; threshold: number }) => ({
      stoppedSpeedThresholdKmh: choice.threshold,
      ...insightOptionsFor(choice.sport),
    })
    // Parsed and analysed in a worker thread, so the event loop stays free for other requests;
    // the points stay there, only figures, chart and map line come back. Each activity is
    // analysed with the chosen sport's options; an activity whose file names another sport that
    // analyses differently is analysed once more with its own (rare, and in the worker too).
    const chosenOptions = optionsFor(chosen)
    const lane = { background: inArchive.background ?? false }
    const firstOptions = { analysis: chosenOptions, joinActivities: false, maps: true }
    let parsed =
      (!packed && (await inArchive.arriving?.analyse(firstOptions))) || (await context.compute.parseAndAnalyse(path, firstOptions, lane))
    const sports = []
    for (const activity of parsed.activities) sports.push(await sportOfActivity(sportSettings, choices, activity.track, chosen))
    const wanted = sports.map(optionsFor)
    if (wanted.some((options) => JSON.stringify(options) !== JSON.stringify(chosenOptions))) {
      parsed = await context.compute.parseAndAnalyse(path, { analysis: wanted, joinActivities: false, maps: true }, lane)
    }
    const warnings: UploadWarning[] = parsed.warnings.map(wireWarning)

    const analysed: { activity: TrackHeader; sport: SportEntity; analysis: AnalysisSummary; packed: PackedTrack; map: Uint8Array | null }[] = []
    let firstFailure: AppError | null = null
    for (const [index, result] of parsed.activities.entries()) {
      const sport = sports[index]?.sport ?? chosen.sport
      if (result.analysis) analysed.push({ activity: result.track, sport, analysis: result.analysis, packed: result.packed, map: result.map })
      else {
        // A leg without a usable track (a transition of a few seconds) must not sink the others.
        firstFailure ??= result.failure
        warnings.push({ code: 'activity_skipped', activity: index + 1 })
      }
    }
    if (analysed.length === 0) throw firstFailure ?? new AppError('track_no_track')
    if (analysed.length === parsed.activities.length) warnings.splice(parsed.warnings.length)

    let transitions = 0
    for (const { activity, sport, analysis, packed, map } of analysed) {
      const transition = isTransitionLeg(activity.sport)
      if (transition) transitions += 1
      const start = new Date(analysis.workout.startTime ?? 0)
      const workout = Object.assign(new WorkoutEntity(), {
        id: shortId(),
        userId: user.id,
        sportId: sport.id,
        notes: choices.notes ?? null,
        createdAt: context.now(),
        modifiedAt: null,
        fileFormat: parsed.format,
        fileHash,
        mapId: null as string | null,
        weatherStart: null,
        weatherEnd: null,
        calories: activity.calories === undefined || activity.calories === null ? null : Math.round(activity.calories),
        transition,
        ...newWorkoutLevels(user, choices.levels),
      })
      const segments = applyAnalysis(workout, analysis)
      workout.title = choices.title?.trim() || activity.name || (transition ? transitionTitle(transitions, user.language) : defaultTitle(sport.label, start, user))
      workout.filePath = originalFilePath(user.id, workout.id, parsed.format)
      const item: PreparedWorkout = { workout, segments, analysis, packed, start, written: [] }
      prepared.push(item)
      const first = prepared[0]?.written[0]
      if (first === undefined) {
        item.written.push(await storeOriginal(layout, path, workout.filePath))
        scratch.delete(path)
      } else item.written.push(await storeOriginalCopy(layout, first, workout.filePath))
      if (map) {
        workout.mapId = await maps.store(map)
        item.written.push(maps.path(workout.mapId))
      }
    }

    await writeAfter
    const insertAll = async (repositories: Repositories): Promise<FileImportOutcome> => {
      const created: WorkoutEntity[] = []
      const duplicates: string[] = []
      for (const [index, item] of prepared.entries()) {
        const { workout, segments, analysis, packed, start } = item
        // The bytes are checked again inside the transaction (another upload of the same file may
        // have just landed), with the first activity, by its insert itself; the others look for
        // the same ride only: the workouts of this very file share its bytes. The workout row goes
        // in at once (the next file's check must see it); the rows that only refer to it go with
        // those of the other files of an archive's batch.
        let duplicate: { id: string; sameBytes: boolean } | null = null
        if (index === 0) duplicate = await repositories.workouts.insertUnlessDuplicate(workout, { fileHash, start })
        else {
          const same = await repositories.workouts.sameOutingId({ userId: user.id, sportId: workout.sportId, from: start, until: start, distanceKm: workout.distance })
          if (same === null) await repositories.workouts.insert(workout)
          else duplicate = { id: same, sameBytes: false }
        }
        if (duplicate?.sameBytes) return { status: 'duplicate', workoutId: duplicate.id, workoutIds: [duplicate.id] }
        if (duplicate) {
          duplicates.push(duplicate.id)
          continue
        }
        await repositories.workouts.insertAnalysisShared(segments, trackRow(workout.id, packed))
        await repositories.insights.save(workout.id, analysis.insights, { isNew: true })
        created.push(workout)
      }
      const [first] = created
      if (!first) return { status: 'duplicate', workoutId: duplicates[0] ?? '', workoutIds: duplicates }
      // Records once per batch and sport, with the workouts of all its files: the best of them all
      // is the best whatever their order.
      for (const sportId of new Set(created.map((workout) => workout.sportId))) {
        const added = created.filter((workout) => workout.sportId === sportId)
        await shareWork(repositories, `records ${user.id} ${sportId}`, added, (shared, batches) => addToRecords(shared, user.id, sportId, batches.flat()))
      }
      await equipNewWorkouts(repositories, user.id, created, choices.equipmentIds)
      return { status: 'imported', workout: first, workouts: created, warnings }
    }
    const outcome = await database.write(
      async (repositories) => {
        const inserted = await insertAll(repositories)
        await inTransaction?.(repositories, inserted)
        return inserted
      },
      // Its work may run twice (see `shared`): it keeps nothing but what it returns.
      { queued: writeQueued, shared: true },
    )

    const kept = new Set(outcome.status === 'imported' ? outcome.workouts.map((workout) => workout.id) : [])
    await removeFiles(prepared.filter((item) => !kept.has(item.workout.id)).flatMap((item) => item.written))
    for (const item of prepared) {
      if (!kept.has(item.workout.id)) continue
      const { workout, analysis } = item
      const bounds = analysis.workout.bounds
      if (workout.mapId && bounds) maps.refine(workout.mapId, item.packed.polyline, bounds)
      context.weather.schedule(workout.id, analysis.chartSummary.weatherStart, analysis.chartSummary.weatherEnd)
    }
    return outcome
  } catch (error) {
    await removeFiles(allWritten())
    throw error
  } finally {
    await removeFiles([...scratch])
  }
}

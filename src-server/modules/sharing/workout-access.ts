import type { ChartDataPoint, Workout } from '../../../src/contracts'
import { boundsOfLines, chartOutsideZones, linesOutsideZones, touchesZones, type PrivacyZone } from '../../../src/domain/privacy-zones'
import { VISIBILITY_LEVELS, cappedLevels, mayView, workoutAccess, type Relation, type Visibility, type WorkoutAccess } from '../../../src/domain/visibility'
import { AppError } from '../../../src/errors'
import { unpackPolyline } from '../../compute/packed-polyline'
import { chartPoints } from '../../compute/stored-chart'
import type { UserEntity, WorkoutEntity, WorkoutTrackEntity } from '../../db/entities'
import type { Repositories } from '../../db/repositories'
import { isShortId } from '../../lib/short-id'

/** A workout some viewer may see, what of it they may see, its owner, and the owner's privacy zones the viewer's answers leave out (none for the owner). */
export interface ViewedWorkout<W = WorkoutEntity> {
  workout: W
  owner: UserEntity
  access: WorkoutAccess
  zones: PrivacyZone[]
  /** Whether the viewer follows the owner (an approved request), as the access was decided. */
  followsOwner: boolean
}

/**
 * What `viewer` (null: nobody signed in) may see of `workout`, owned by `owner`, whom the viewer
 * follows (an approved request) or not; null for nothing at all. An account not active (never
 * activated) or whose sharing an administrator suspended shows its workouts to itself only.
 */
export function accessTo(
  workout: Pick<WorkoutEntity, 'workoutVisibility' | 'analysisVisibility' | 'mapVisibility'>,
  owner: UserEntity,
  viewer: UserEntity | null,
  followsOwner: boolean,
): WorkoutAccess | null {
  const own = viewer?.id === owner.id
  if ((!owner.isActive || owner.sharingSuspendedAt != null) && !own) return null
  const relation: Relation = viewer === null ? 'anonymous' : own ? 'owner' : followsOwner ? 'follower' : 'stranger'
  return workoutAccess({ workout: workout.workoutVisibility, analysis: workout.analysisVisibility, map: workout.mapVisibility }, owner.hrVisibility, relation)
}

/**
 * The visibility levels of `owner`'s workouts a signed-in viewer of this relation may open: none
 * when the account is not active or its sharing is suspended, as {@link accessTo} rules.
 */
export function levelsOpenTo(owner: UserEntity, relation: 'follower' | 'stranger'): Visibility[] {
  if (!owner.isActive || owner.sharingSuspendedAt != null) return []
  return VISIBILITY_LEVELS.filter((level) => mayView(level, relation))
}

/** Which part of a workout an answer shows: the workout itself, its analysis (chart) or its map (line, GPX). */
export type WorkoutPart = 'workout' | 'analysis' | 'map'

/**
 * The workout of this id as `viewer` may see it, when they may see `part` of it; otherwise
 * "not found", exactly as for an id that does not exist, so nothing can be probed.
 */
export async function viewWorkout(repositories: Repositories, viewer: UserEntity | null, id: string, part: WorkoutPart): Promise<ViewedWorkout> {
  const workout = isShortId(id) ? await repositories.sharing.workoutById(id) : null
  if (!workout) throw new AppError('workout_not_found')
  return viewLoadedWorkout(repositories, viewer, workout, part)
}

/** As {@link viewWorkout}, for a workout already read. */
export async function viewLoadedWorkout<W extends Pick<WorkoutEntity, 'userId' | 'workoutVisibility' | 'analysisVisibility' | 'mapVisibility'>>(
  repositories: Repositories,
  viewer: UserEntity | null,
  workout: W,
  part: WorkoutPart,
): Promise<ViewedWorkout<W>> {
  const owner = viewer?.id === workout.userId ? viewer : await repositories.sharing.userById(workout.userId)
  if (!owner) throw new AppError('workout_not_found')
  const followsOwner = viewer !== null && viewer.id !== owner.id && (await repositories.follows.follows(viewer.id, owner.id))
  const access = accessTo(workout, owner, viewer, followsOwner)
  if (!access?.[part]) throw new AppError('workout_not_found')
  return { workout, owner, access, followsOwner, zones: await zonesHiddenFrom(repositories, viewer, owner.id) }
}

/** The privacy zones of `ownerId` whose positions `viewer` (null: nobody signed in) must not get: all of them, unless the viewer is the owner. */
async function zonesHiddenFrom(repositories: Repositories, viewer: UserEntity | null, ownerId: number): Promise<PrivacyZone[]> {
  return viewer?.id === ownerId ? [] : repositories.privacyZones.ofUser(ownerId)
}

/**
 * A presented workout whose map shows positions within a privacy zone: no map image (drawn
 * whole at import) and bounds around the positions shown only. Untouched when the track stays
 * outside every zone; its figures always stay.
 */
export function workoutOutsideZones(shown: Workout, zones: readonly PrivacyZone[], track: WorkoutTrackEntity | null): Workout {
  if (!track || (shown.map === null && shown.bounds.length === 0) || !trackTouchesZones(track, zones)) return shown
  return { ...shown, map: null, bounds: shown.bounds.length === 0 ? [] : boundsOfLines(linesOutsideZones(unpackPolyline(track.polyline), zones)) }
}

/**
 * A presented workout of a list (the feed, a user's page) as a viewer other than its owner may see
 * it: {@link workoutForViewer}, then the owner's privacy zones left out of its map (its track read
 * only when it has a file and the owner has zones).
 */
export async function listedForViewer(sharing: Repositories['sharing'], presented: Workout, workout: Pick<WorkoutEntity, 'id' | 'filePath'>, access: WorkoutAccess, zones: readonly PrivacyZone[]): Promise<Workout> {
  const track = zones.length && workout.filePath ? await sharing.trackOf(workout.id) : null
  return workoutOutsideZones(workoutForViewer(presented, access, zones), zones, track)
}

/** Whether a stored track (its map line or its chart, which keeps more points) has a position within a zone. */
export function trackTouchesZones(track: WorkoutTrackEntity, zones: readonly PrivacyZone[]): boolean {
  if (zones.length === 0) return false
  const positions = chartPoints(track.chart).flatMap((point) => (point.lat === null || point.lon === null ? [] : [[point.lat, point.lon] as const]))
  return touchesZones(unpackPolyline(track.polyline).flat(), zones) || touchesZones(positions, zones)
}

/**
 * Whether a viewer may have the workout's GPX, which carries every sensor and every recorded
 * position of its file: its map and heart rate open to them, and no privacy zone of the owner's to
 * keep out (the stored chart and line are thinned, so they cannot prove no recorded point lies in one).
 */
export function gpxOpenTo(access: WorkoutAccess, zones: readonly PrivacyZone[]): boolean {
  return access.map && access.heartRate && zones.length === 0
}

/**
 * A presented workout as a viewer other than its owner may see it, kept out of `zones`: no notes,
 * original file, records or neighbours; no analysis (segments, altitudes, sensors, `with_analysis`)
 * or map (image, bounds) when those are hidden; `with_gpx` only when the GPX is theirs to have; the
 * levels of hidden parts told as private.
 */
export function workoutForViewer<T extends Workout>(presented: T, access: WorkoutAccess, zones: readonly PrivacyZone[]): Workout {
  const shown: Workout = {
    ...presented,
    notes: null,
    file_format: null,
    records: [],
    previous_workout: null,
    next_workout: null,
    workout_visibility: access.levels.workout,
    analysis_visibility: access.levels.analysis,
    map_visibility: access.levels.map,
    with_gpx: presented.with_gpx && gpxOpenTo(access, zones),
  }
  if (!access.analysis) Object.assign(shown, { with_analysis: false, segments: [], min_alt: null, max_alt: null, has_cadence: false, has_power: false })
  if (!access.heartRate) shown.has_heart_rate = false
  if (!access.map) Object.assign(shown, { map: null, bounds: [] })
  return shown
}

/** Chart points without positions when the map is hidden or within a privacy zone, and without heart rate when that is hidden. */
export function chartForViewer(all: ChartDataPoint[], access: WorkoutAccess, zones: readonly PrivacyZone[]): ChartDataPoint[] {
  const points = chartOutsideZones(all, zones)
  if (access.map && access.heartRate) return points
  return points.map(({ hr, ...point }) => ({
    ...point,
    ...(access.map ? {} : { latitude: null, longitude: null }),
    ...(access.heartRate && hr !== undefined ? { hr } : {}),
  }))
}

/** The sharing preferences a preferences call sets (left-out ones stay), the analysis and map capped as the reference does. */
export function sharingDefaultsChange(
  current: Pick<UserEntity, 'workoutsVisibility' | 'analysisVisibility' | 'mapVisibility'>,
  body: {
    workouts_visibility?: Visibility | undefined
    analysis_visibility?: Visibility | undefined
    map_visibility?: Visibility | undefined
    hr_visibility?: Visibility | undefined
    manually_approves_followers?: boolean | undefined
    notification_emails?: boolean | undefined
  },
): Partial<UserEntity> {
  const levels = cappedLevels({
    workout: body.workouts_visibility ?? current.workoutsVisibility,
    analysis: body.analysis_visibility ?? current.analysisVisibility,
    map: body.map_visibility ?? current.mapVisibility,
  })
  return {
    workoutsVisibility: levels.workout,
    analysisVisibility: levels.analysis,
    mapVisibility: levels.map,
    ...(body.hr_visibility ? { hrVisibility: body.hr_visibility } : {}),
    ...(body.manually_approves_followers !== undefined ? { manuallyApprovesFollowers: body.manually_approves_followers } : {}),
    ...(body.notification_emails !== undefined ? { notificationEmails: body.notification_emails } : {}),
  }
}

/** The levels asked for a new workout (each left out: the owner's default). */
export interface NewWorkoutLevels {
  workout_visibility?: Visibility | undefined
  analysis_visibility?: Visibility | undefined
  map_visibility?: Visibility | undefined
}

/** The levels of a new workout: those asked for, else the owner's defaults; capped. */
export function newWorkoutLevels(
  owner: Pick<UserEntity, 'workoutsVisibility' | 'analysisVisibility' | 'mapVisibility'>,
  asked: NewWorkoutLevels = {},
): Pick<WorkoutEntity, 'workoutVisibility' | 'analysisVisibility' | 'mapVisibility'> {
  const levels = cappedLevels({
    workout: asked.workout_visibility ?? owner.workoutsVisibility,
    analysis: asked.analysis_visibility ?? owner.analysisVisibility,
    map: asked.map_visibility ?? owner.mapVisibility,
  })
  return { workoutVisibility: levels.workout, analysisVisibility: levels.analysis, mapVisibility: levels.map }
}

/** A workout's levels after an edit: the ones given replace the stored ones, then each is capped by its parent. */
export function editedWorkoutLevels(
  workout: Pick<WorkoutEntity, 'workoutVisibility' | 'analysisVisibility' | 'mapVisibility'>,
  body: { workout_visibility?: Visibility | undefined; analysis_visibility?: Visibility | undefined; map_visibility?: Visibility | undefined },
): Pick<WorkoutEntity, 'workoutVisibility' | 'analysisVisibility' | 'mapVisibility'> {
  const levels = cappedLevels({
    workout: body.workout_visibility ?? workout.workoutVisibility,
    analysis: body.analysis_visibility ?? workout.analysisVisibility,
    map: body.map_visibility ?? workout.mapVisibility,
  })
  return { workoutVisibility: levels.workout, analysisVisibility: levels.analysis, mapVisibility: levels.map }
}

/** A workout's levels on the wire, capped (what the owner is told). */
export function presentedLevels(workout: Pick<WorkoutEntity, 'workoutVisibility' | 'analysisVisibility' | 'mapVisibility'>): Pick<Workout, 'workout_visibility' | 'analysis_visibility' | 'map_visibility'> {
  const levels = cappedLevels({ workout: workout.workoutVisibility, analysis: workout.analysisVisibility, map: workout.mapVisibility })
  return { workout_visibility: levels.workout, analysis_visibility: levels.analysis, map_visibility: levels.map }
}

import { join } from 'node:path'
import type { z } from 'zod'
import type {
  ArchiveCreatedResponse,
  ChartDataResponse,
  ImportTask,
  MapLineResponse,
  UploadWarning,
  noFileWorkoutBody,
  updateWorkoutBody,
  Workout,
  WorkoutLeg,
  UserWorkoutsResponse,
  userWorkoutsQuery,
  WorkoutsListResponse,
  workoutsListQuery,
  WorkoutsResponse,
} from '../../../src/contracts'
import { insightOptionsFor } from '../../../src/domain/insights'
import { createZoneClock, localDayStart, parseLocalDateTime } from '../../../src/domain/zoned-time'
import { AppError, errorCodeOfMessage } from '../../../src/errors'
import { unpackPolyline } from '../../compute/packed-polyline'
import { chartColumns } from '../../compute/stored-chart'
import type { ServerContext } from '../../context'
import { WorkoutEntity, type UserEntity, type WorkoutTrackEntity } from '../../db/entities'
import type { Repositories } from '../../db/repositories'
import { randomToken } from '../../lib/secrets'
import { isShortId, shortId } from '../../lib/short-id'
import { workoutInsightFields } from '../insights/insights-fields'
import { equipEditedWorkout, equipmentOfWorkouts, equipNewWorkouts, keepingTotals } from '../equipment/workout-equipment'
import { addToRecords, recomputeRecords } from '../records/records.service'
import type { RecordRow } from '../../db/repositories/records.repository'
import { presentRecord } from '../users/user.presenter'
import { isLowered } from '../../../src/domain/visibility'
import { mapRenewal } from './map-renewal'
import { removeFiles, workoutFiles } from './workout-files'
import { defaultTitle, reapplyAnalysis, sportAndThreshold, sportSettingsOf } from './workout-import'
import { createChartAnswers } from './chart-answers'
import { presentSegmentChart, presentWorkoutChart } from './chart.presenter'
import { byWorkout, presentLeg, presentWorkout } from './workout.presenter'
import { listJson } from './list-fragments'
import { linesOutsideZones } from '../../../src/domain/privacy-zones'
import {
  accessTo,
  chartForViewer,
  editedWorkoutLevels,
  gpxOpenTo,
  levelsOpenTo,
  listedForViewer,
  newWorkoutLevels,
  presentedLevels,
  viewLoadedWorkout,
  viewWorkout,
  workoutForViewer,
  workoutOutsideZones,
  type ViewedWorkout,
} from '../sharing/workout-access'
import type { WorkoutLinks, WorkoutListFilter, WorkoutListOrder, WorkoutListSums, WorkoutRow, WorkoutSegmentRow } from '../../db/repositories/workouts.repository'
import { JsonAnswer } from '../../http/bind'
import { paginationOf } from '../../lib/pagination'

const minutesOf = (hhmm: string) => {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number)
  return (hours * 60 + minutes) * 60
}

/** Speeds of a workout entered by hand: distance over duration, both as average and maximum. */
function manualSpeed(distanceKm: number, durationS: number): number | null {
  return durationS > 0 ? (distanceKm / durationS) * 3600 : null
}

/** 1-based segment number of a URL, or null when it is not a positive integer. */
const segmentNumber = (text: string) => (/^[1-9]\d{0,5}$/.test(text) ? Number(text) : null)

/** The caller's workout; another user's is "not found" too, so ids cannot be probed. */
export async function ownWorkout(repositories: Pick<Repositories, 'workouts'>, user: UserEntity, id: string): Promise<WorkoutEntity> {
  const workout = isShortId(id) ? await repositories.workouts.ofUser(id, user.id) : null
  if (!workout) throw new AppError('workout_not_found')
  return workout
}

const CONTENT_TYPES: Record<string, string> = {
  gpx: 'application/gpx+xml',
  tcx: 'application/vnd.garmin.tcx+xml',
  fit: 'application/vnd.ant.fit',
  kml: 'application/vnd.google-earth.kml+xml',
}

/** The instants of a `from`–`to` day filter (both days included) read in the user's time zone. */
export function dayFilter(timezone: string, from: string | undefined, to: string | undefined): Pick<WorkoutListFilter, 'from' | 'to'> {
  const clock = createZoneClock(timezone)
  const dayStart = (day: string, offsetDays = 0) => {
    const instant = localDayStart(clock, day, offsetDays)
    if (instant === null) throw new AppError('invalid_payload')
    return instant
  }
  return { from: from ? dayStart(from) : undefined, to: to ? dayStart(to, 1) : undefined }
}

export function createWorkoutsService(context: Pick<ServerContext, 'database' | 'layout' | 'compute' | 'maps' | 'now'>) {
  const { database, layout } = context
  const { reads } = database
  /** Up to 16 MB: some 250 charts of 2,000 points. */
  const chartAnswers = createChartAnswers(16 * 1024 * 1024)

  /**
   * Previous/next of each workout of a page, in the date order of all the user's workouts
   * (whatever the filters): the workouts dated within the page's span, plus one on each side.
   */
  async function pageNeighbours(repositories: Repositories, userId: number, page: readonly WorkoutRow[]): Promise<Map<string, WorkoutLinks>> {
    const links = new Map<string, WorkoutLinks>()
    if (page.length === 0) return links
    const dates = page.map((workout) => workout.workoutDate.getTime())
    const span = await repositories.workouts.aroundSpan(userId, Math.min(...dates), Math.max(...dates))
    const position = new Map(span.map((row, index) => [row.id, index]))
    for (const workout of page) {
      const index = position.get(workout.id)
      if (index === undefined) continue
      links.set(workout.id, { previousId: span[index - 1]?.id ?? null, nextId: span[index + 1]?.id ?? null })
    }
    return links
  }

  /** Workouts with their segments and records, loaded in a few queries whatever their number. */
  async function present(
    repositories: Repositories,
    user: UserEntity,
    workouts: readonly WorkoutRow[],
    links: Map<string, WorkoutLinks>,
  ): Promise<Workout[]> {
    const ids = workouts.map((workout) => workout.id)
    const segments = await repositories.workouts.segmentsOf(ids)
    const records = await repositories.records.ofWorkouts(ids)
    return presentLoaded(user, workouts, links, segments, records, await equipmentOfWorkouts(repositories, ids))
  }

  /** Workouts in the answer's shape, with their segments and records (rows of any of the workouts), and their equipment when given. */
  function presentLoaded(
    user: UserEntity,
    workouts: readonly WorkoutRow[],
    links: Map<string, WorkoutLinks>,
    segmentRows: readonly WorkoutSegmentRow[],
    recordRows: readonly RecordRow[],
    equipments?: ReadonlyMap<string, Workout['equipments']>,
  ): Workout[] {
    const segments = byWorkout(segmentRows)
    const records = byWorkout(recordRows)
    return workouts.map((workout) =>
      presentWorkout(workout, {
        username: user.username,
        segments: segments.get(workout.id) ?? [],
        records: (records.get(workout.id) ?? []).map((record) => presentRecord(record, user.username)),
        previousId: links.get(workout.id)?.previousId ?? null,
        nextId: links.get(workout.id)?.nextId ?? null,
        equipments: equipments?.get(workout.id),
      }),
    )
  }

  async function single(repositories: Repositories, user: UserEntity, workout: WorkoutEntity, status: 'success' | 'created'): Promise<WorkoutsResponse> {
    const links = new Map([[workout.id, await repositories.workouts.neighbours(workout)]])
    return { status, data: { workouts: await present(repositories, user, [workout], links) } }
  }

  /**
   * The legs of the multisport file a workout is one of (none for a plain file's), those `viewer`
   * may see; none when fewer than two are left to show (a list of itself alone says nothing).
   */
  async function legsShown(workout: WorkoutRow, viewed: Pick<ViewedWorkout, 'owner' | 'followsOwner'>, viewer: UserEntity | null, isLeg: boolean): Promise<WorkoutLeg[]> {
    if (!isLeg || workout.fileHash === null) return []
    const legs = await reads.workouts.legsOf(workout.userId, workout.fileHash)
    const shown = legs.filter((leg) => accessTo(leg, viewed.owner, viewer, viewed.followsOwner)?.workout)
    return shown.length > 1 ? shown.map(presentLeg) : []
  }

  /** UTC instant of a `YYYY-MM-DD HH:MM` typed in the user's zone. */
  function userInstant(user: UserEntity, text: string): Date {
    const parts = parseLocalDateTime(text)
    if (!parts) throw new AppError('invalid_payload')
    return new Date(createZoneClock(user.timezone).toUtc(parts))
  }

  /** The chart answer of a viewed workout from its stored chart: whole, or one segment's (1-based, distances from its start). */
  async function chartAnswer({ workout, access, zones }: ViewedWorkout, stored: Uint8Array, segment?: string): Promise<ChartDataResponse> {
    const chart = chartColumns(stored)
    let chartData
    if (segment === undefined) chartData = presentWorkoutChart(chart, workout.maxSpeed, workout.distance !== null)
    else {
      const index = (segmentNumber(segment) ?? 0) - 1
      if (!chart.columns.segment?.includes(index)) throw new AppError('segment_not_found')
      const figures = (await reads.workouts.segmentsOf([workout.id])).find((row) => row.segmentIndex === index)
      chartData = presentSegmentChart(chart, index, figures?.maxSpeed ?? null, workout.distance !== null)
    }
    return { status: 'success', message: '', data: { chart_data: chartForViewer(chartData, access, zones) } }
  }

  /** The stored track data (chart series, map line) of a workout made from a file. */
  async function storedTrack(workout: Pick<WorkoutEntity, 'id'>): Promise<WorkoutTrackEntity> {
    const row = await reads.workouts.trackOf(workout.id)
    if (!row) throw new AppError('workout_has_no_file')
    return row
  }

  /** A workout without a file at an instant (an export's row: no local-time text in between, whatever daylight saving does). */
  async function createWithoutFileAt(user: UserEntity, body: Omit<z.output<typeof noFileWorkoutBody>, 'workout_date'>, workoutDate: Date): Promise<WorkoutsResponse> {
    const workout = await database.write(async (repositories) => {
      const { sport } = await sportAndThreshold(sportSettingsOf(repositories, user), body.sport_id)
      const speed = manualSpeed(body.distance, body.duration)
      const created = Object.assign(new WorkoutEntity(), {
        id: shortId(),
        userId: user.id,
        sportId: sport.id,
        title: body.title?.trim() || defaultTitle(sport.label, workoutDate, user),
        notes: body.notes ?? null,
        workoutDate,
        createdAt: context.now(),
        modifiedAt: null,
        duration: body.duration,
        moving: body.duration,
        pauses: 0,
        distance: body.distance,
        aveSpeed: speed,
        maxSpeed: speed,
        minAlt: null,
        maxAlt: null,
        ascent: body.ascent ?? null,
        descent: body.descent ?? null,
        bounds: null,
        filePath: null,
        fileHash: null,
        fileFormat: null,
        mapId: null,
        weatherStart: null,
        weatherEnd: null,
        calories: null,
        hasHeartRate: false,
        hasCadence: false,
        hasPower: false,
        ...newWorkoutLevels(user, body),
      })
      await repositories.workouts.insert(created)
      await addToRecords(repositories, user.id, sport.id, [created])
      await equipNewWorkouts(repositories, user.id, [created], body.equipment_ids)
      return created
    })
    return single(reads, user, workout, 'created')
  }

  return {
    /** The answer to an upload: every workout its file gave, and what the import worked around. */
    async respondCreated(user: UserEntity, created: readonly WorkoutEntity[], warnings: UploadWarning[]): Promise<WorkoutsResponse> {
      const links = await pageNeighbours(reads, user.id, created)
      return { status: 'created', data: { workouts: await present(reads, user, [...created], links), warnings } }
    },

    /**
     * The answer to an archive imported within its request, the reference tracker's way: 201 with
     * the workouts it created (and the task's per-file report beside them). An archive of which no
     * file could be imported is refused with the first file's reason, as the reference does.
     */
    async respondToArchive(user: UserEntity, task: ImportTask): Promise<ArchiveCreatedResponse> {
      if (task.status === 'failed') throw new AppError(errorCodeOfMessage(task.message ?? '') ?? 'zip_invalid')
      const ids = task.results.flatMap((result) => (result.status === 'imported' ? result.workout_ids : []))
      const firstError = task.results.find((result) => result.status === 'error')
      if (ids.length === 0 && firstError?.status === 'error') throw new AppError(firstError.code)
      const byId = new Map((await reads.workouts.manyOfUser(user.id, ids)).map((w) => [w.id, w]))
      const created = ids.flatMap((id) => byId.get(id) ?? [])
      const links = await pageNeighbours(reads, user.id, created)
      return { status: 'created', data: { workouts: await present(reads, user, created, links), task } }
    },

    /** One workout, with its laps and best efforts (`GET /workouts/:id` only: lists stay light); another's as its visibility allows. */
    async get(user: UserEntity | null, id: string): Promise<WorkoutsResponse> {
      // The workout with what its page shows, in one statement (its owner's view needs all of it).
      const page = isShortId(id) ? await reads.workouts.page(id, user?.id ?? null) : null
      if (!page) throw new AppError('workout_not_found')
      const viewed = await viewLoadedWorkout(reads, user, page.workout, 'workout')
      const { workout, owner, access, zones } = viewed
      const alongside = { likes_count: page.likes.count, liked: page.likes.liked, legs: await legsShown(workout, viewed, user, page.isLeg) }
      if (!access.owner) {
        const segments = access.analysis ? page.segments : []
        const presented = presentWorkout(workout, { username: owner.username, segments, records: [], previousId: null, nextId: null })
        const track = zones.length && workout.filePath ? await storedTrack(workout) : null
        return { status: 'success', data: { workouts: [{ ...workoutOutsideZones(workoutForViewer(presented, access, zones), zones, track), ...alongside }] } }
      }
      // The items are read only when the workout has some.
      const equipments = page.hasEquipment ? ((await equipmentOfWorkouts(reads, [workout.id])).get(workout.id) ?? []) : []
      const insights = await workoutInsightFields(reads, workout, page.sportLabel, page.insights)
      const presented = presentLoaded(owner, [workout], new Map([[workout.id, workout]]), page.segments, page.records)
      return { status: 'success', data: { workouts: presented.map((shown) => ({ ...shown, equipments, ...insights, ...alongside })) } }
    },

    /** The caller's workouts, filtered (days read in their time zone), sorted and paged. */
    async list(user: UserEntity, query: z.output<typeof workoutsListQuery>): Promise<WorkoutsListResponse | JsonAnswer<WorkoutsListResponse>> {
      const filter: WorkoutListFilter = {
        sportId: query.sport_id,
        ...dayFilter(user.timezone, query.from, query.to),
        distanceFrom: query.distance_from,
        distanceTo: query.distance_to,
        movingFrom: query.duration_from ? minutesOf(query.duration_from) : undefined,
        movingTo: query.duration_to ? minutesOf(query.duration_to) : undefined,
        aveSpeedFrom: query.ave_speed_from,
        aveSpeedTo: query.ave_speed_to,
        maxSpeedFrom: query.max_speed_from,
        maxSpeedTo: query.max_speed_to,
        title: query.title || undefined,
        equipmentId: query.equipment_id,
      }
      const order: WorkoutListOrder = { by: query.order_by, direction: query.order }
      const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page }
      const envelope = (sums: WorkoutListSums) => ({
        status: 'success' as const,
        data: {
          totals: {
            count: sums.total,
            distance: Number((sums.distance ?? 0).toFixed(3)),
            duration: sums.duration ?? 0,
            ascent: Number((sums.ascent ?? 0).toFixed(2)),
            descent: Number((sums.descent ?? 0).toFixed(2)),
          },
        },
        pagination: paginationOf(query.page, query.per_page, sums.total),
      })
      // The caller's own workouts, as their stored fragments (`list-fragments.ts`) when every one
      // of the page is written, without equipment (the reference fills it only when asked).
      if (query.return_equipments !== 'true') {
        const fragments = await database.read(({ workouts }) => workouts.listFragments(user.id, filter, order, page))
        const json = listJson(user.username, fragments, envelope(fragments.sums))
        if (json !== null) return new JsonAnswer<WorkoutsListResponse>(json)
      }
      // Rows and totals from one statement: a workout committed meanwhile is in both or in neither.
      const { workouts: ordered, segments, records, sums } = await database.read(({ workouts }) => workouts.listAnswer(user.id, filter, order, page))
      const links = new Map(ordered.map((workout) => [workout.id, workout]))
      const equipments = query.return_equipments === 'true' ? await database.read((repositories) => equipmentOfWorkouts(repositories, ordered.map((row) => row.id))) : null
      const { status, data, pagination } = envelope(sums)
      return { status, data: { workouts: presentLoaded(user, ordered, links, segments, records, equipments ?? undefined), ...data }, pagination }
    },

    /**
     * A user's workouts the viewer may open, newest first, paged: the rule of a workout's page
     * (`accessTo`) picks them in the list's own statement and presents each (for another user
     * as the feed does: no notes, records or neighbours, hidden parts left out, the owner's privacy
     * zones out of its map). As the user's page, an account waiting for activation exists for
     * administrators only, who see of it what anyone else would: nothing.
     */
    async listOfUser(viewer: UserEntity, username: string, query: z.output<typeof userWorkoutsQuery>): Promise<UserWorkoutsResponse> {
      return database.snapshot(async (repositories) => {
        const owner = await repositories.users.byUsername(username)
        if (!owner || (!owner.isActive && !viewer.admin)) throw new AppError('user_not_found')
        const own = owner.id === viewer.id
        const followsOwner = !own && (await repositories.follows.follows(viewer.id, owner.id))
        const visibilities = own ? undefined : levelsOpenTo(owner, followsOwner ? 'follower' : 'stranger')
        const { workouts: rows, segments, records, sums } = await repositories.workouts.listAnswer(
          owner.id,
          { visibilities },
          { by: 'workout_date', direction: 'desc' },
          { limit: query.per_page, offset: (query.page - 1) * query.per_page },
        )
        const presented = presentLoaded(owner, rows, new Map(rows.map((row) => [row.id, row])), segments, records)
        const zones = own ? [] : await repositories.privacyZones.ofUser(owner.id)
        const workouts: Workout[] = []
        for (const [index, row] of rows.entries()) {
          const access = accessTo(row, owner, viewer, followsOwner)
          const shown = presented[index]
          if (!access?.workout || !shown) continue
          workouts.push(access.owner ? shown : await listedForViewer(repositories.sharing, shown, row, access, zones))
        }
        return {
          status: 'success',
          data: { workouts },
          pagination: paginationOf(query.page, query.per_page, sums.total),
        }
      })
    },

    /** A workout typed in by hand; moving time is the duration and both speeds its average. */
    createWithoutFile(user: UserEntity, body: z.output<typeof noFileWorkoutBody>): Promise<WorkoutsResponse> {
      return createWithoutFileAt(user, body, userInstant(user, body.workout_date))
    },

    createWithoutFileAt,

    /**
     * Edits a workout. Date and figures can change only on workouts without a file; a new sport on
     * a file workout re-analyses the original with that sport's stopped-speed threshold.
     */
    async update(user: UserEntity, id: string, body: z.output<typeof updateWorkoutBody>): Promise<WorkoutsResponse> {
      const workout = await ownWorkout(reads, user, id)
      const withFile = workout.filePath !== null
      const figureFields = ['workout_date', 'duration', 'distance', 'ascent', 'descent'] as const
      if (withFile && figureFields.some((field) => body[field] !== undefined)) throw new AppError('invalid_payload')

      const { sport, threshold } = await sportAndThreshold(sportSettingsOf(reads, user), body.sport_id ?? workout.sportId)
      // The re-analysis runs in a worker thread (a large file takes seconds), outside the write
      // queue so other writes are not held up; of a multi-activity file, only the workout's activity.
      const reanalysed =
        withFile && sport.id !== workout.sportId && workout.filePath
          ? await context.compute.parseAndAnalyse(`${layout.uploads}/${workout.filePath}`, {
              analysis: { stoppedSpeedThresholdKmh: threshold, ...insightOptionsFor(sport) },
              joinActivities: false,
              nearestTo: workout.workoutDate.getTime(),
            })
          : null
      const [activity] = reanalysed?.activities ?? []
      if (activity?.failure) throw activity.failure
      const reanalysis = activity?.analysis ? { analysis: activity.analysis, packed: activity.packed } : null
      const previousSportId = workout.sportId

      const renewal = mapRenewal(context.maps)
      const write = database.write(async (repositories) => {
        const current = await ownWorkout(repositories, user, id)
        const mapLevel = presentedLevels(current).map_visibility
        current.sportId = sport.id
        if (body.notes !== undefined && body.notes !== null) current.notes = body.notes
        if (body.weather_start !== undefined) current.weatherStart = body.weather_start ? JSON.stringify(body.weather_start) : null
        if (body.weather_end !== undefined) current.weatherEnd = body.weather_end ? JSON.stringify(body.weather_end) : null
        Object.assign(current, editedWorkoutLevels(current, body))
        if (isLowered(mapLevel, presentedLevels(current).map_visibility)) current.mapId = await renewal.renew(current.mapId)
        if (!withFile) {
          if (body.workout_date !== undefined) current.workoutDate = userInstant(user, body.workout_date)
          if (body.duration !== undefined) current.duration = current.moving = body.duration
          if (body.distance !== undefined) current.distance = body.distance
          if (body.ascent !== undefined) current.ascent = body.ascent
          if (body.descent !== undefined) current.descent = body.descent
          current.aveSpeed = current.maxSpeed = current.distance === null ? null : manualSpeed(current.distance, current.duration)
        }
        // An empty title (the schema trims it) gets the default one, as on creation (from the sport and the start's time of day).
        if (body.title !== undefined) current.title = body.title || defaultTitle(sport.label, current.workoutDate, user)
        if (reanalysis) await reapplyAnalysis(repositories, current, reanalysis)
        current.modifiedAt = context.now()
        await repositories.workouts.save(current)
        await equipEditedWorkout(repositories, current, sport, { ids: body.equipment_ids, sportChanged: previousSportId !== current.sportId })
        await recomputeRecords(repositories, user.id, current.sportId)
        if (previousSportId !== current.sportId) await recomputeRecords(repositories, user.id, previousSportId)
        return current
      })
      const updated = await renewal.settle(write)
      return single(reads, user, updated, 'success')
    },

    /** Deletes a workout with its files; its sport's records are recomputed. */
    async remove(user: UserEntity, id: string): Promise<void> {
      const workout = await database.write(async (repositories) => {
        const found = await ownWorkout(repositories, user, id)
        await keepingTotals(repositories, found, () => repositories.workouts.remove(found.id))
        await recomputeRecords(repositories, user.id, found.sportId)
        return found
      })
      // Files go after the commit: a failed delete keeps the workout and its files together.
      await removeFiles(workoutFiles(layout, workout))
    },

    /** The stored chart series of the workout, or of one segment (1-based, distances from its start). */
    async chartData(user: UserEntity | null, id: string, segment?: string): Promise<ChartDataResponse> {
      const viewed = await viewWorkout(reads, user, id, 'analysis')
      return chartAnswer(viewed, (await storedTrack(viewed.workout)).chart, segment)
    },

    /**
     * As {@link chartData} for the whole workout, gzipped, when the viewer sees all of its chart
     * (no privacy zone to leave out, map and heart rate shown): the same answer for them all,
     * compressed once and kept (`chart-answers.ts`). Other viewers get their answer itself.
     */
    async gzippedChartData(user: UserEntity | null, id: string): Promise<Buffer | ChartDataResponse> {
      const viewed = await viewWorkout(reads, user, id, 'analysis')
      const { workout, access, zones } = viewed
      const { chart } = await storedTrack(workout)
      if (zones.length > 0 || !access.map || !access.heartRate) return chartAnswer(viewed, chart)
      const inputs = { chart, maxSpeed: workout.maxSpeed, measured: workout.distance !== null }
      return chartAnswers.gzipped(workout.id, inputs, async () => JSON.stringify(await chartAnswer(viewed, chart)))
    },

    /**
     * The workout as GPX (all segments, or one, 1-based), written from its stored original with
     * time, elevation and sensors, so it can be imported again or used elsewhere: the JSON answer
     * (`GpxResponse`), written by a compute thread into a file of tmp/ (its path and size), for
     * the caller to stream and then remove.
     */
    async gpx(user: UserEntity, id: string, segment?: string): Promise<{ path: string; size: number }> {
      const { workout, access, zones } = await viewWorkout(reads, user, id, 'map')
      if (!gpxOpenTo(access, zones)) throw new AppError('workout_not_found')
      if (!workout.filePath) throw new AppError('workout_has_no_file')
      const number = segment === undefined ? undefined : segmentNumber(segment)
      if (number === null) throw new AppError('segment_not_found')
      const sport = await reads.sports.byId(workout.sportId)
      const path = join(layout.tmp, `gpx-${randomToken()}.json`)
      const options = {
        startTime: workout.workoutDate.getTime(),
        name: workout.title ?? workout.id,
        type: sport?.label ?? null,
        ...(number === undefined ? {} : { segment: number }),
      }
      try {
        return { path, size: await context.compute.exportGpx(`${layout.uploads}/${workout.filePath}`, options, path) }
      } catch (error) {
        await removeFiles([path])
        throw error
      }
    },

    /** The workout's simplified map line, one line per segment. */
    async mapLine(user: UserEntity | null, id: string): Promise<MapLineResponse> {
      const { workout, zones } = await viewWorkout(reads, user, id, 'map')
      const lines = linesOutsideZones(unpackPolyline((await storedTrack(workout)).polyline), zones)
      return { status: 'success', data: { lines } }
    },

    /** The original file of a workout, for download. */
    async originalFile(user: UserEntity, id: string): Promise<{ path: string; name: string; contentType: string }> {
      const workout = await ownWorkout(reads, user, id)
      if (!workout.filePath || !workout.fileFormat) throw new AppError('workout_has_no_file')
      // Cut, then trimmed: a cut after a space leaves no space before the extension.
      const base = (workout.title ?? workout.id).replace(/[^\p{L}\p{N} ._()-]+/gu, '_').slice(0, 100).trim() || workout.id
      return {
        path: `${layout.uploads}/${workout.filePath}`,
        name: `${base}.${workout.fileFormat}`,
        contentType: CONTENT_TYPES[workout.fileFormat] ?? 'application/octet-stream',
      }
    },
  }
}

export type WorkoutsService = ReturnType<typeof createWorkoutsService>

import { z } from 'zod'
import { errorCodeSchema } from '../errors'
import { equipmentIdsField, equipmentSchema } from './equipment'
import { workoutInsightFieldsSchema } from './insights'
import { httpDateSchema, pageSize, paginationSchema } from './common'
import { endpoint } from './endpoint'
import { userRecordSchema } from './users'
import { visibilitySchema } from './visibility'

/** Notes limit (characters). */
export const NOTES_MAX = 500
/** Title limit (characters). */
export const TITLE_MAX = 255
/** Default and largest page sizes of the workout list. */
const WORKOUTS_PER_PAGE_DEFAULT = 5
const WORKOUTS_PER_PAGE_MAX = 100
const USER_WORKOUTS_PER_PAGE_MAX = 50

/** The weather conditions a workout can show (icons of the spec). */
export const weatherIcons = [
  'clear-day',
  'clear-night',
  'cloudy',
  'fog',
  'partly-cloudy-day',
  'partly-cloudy-night',
  'rain',
  'sleet',
  'snow',
  'wind',
] as const

/** Weather at a point in time: °C, humidity as a fraction, wind in m/s from `windBearing` degrees. */
export const weatherSchema = z
  .object({
    icon: z.enum(weatherIcons),
    temperature: z.number().min(-90).max(70),
    humidity: z.number().min(0).max(1),
    wind: z.number().min(0).max(150),
    windBearing: z.number().min(0).max(360),
  })
  .strict()
export type Weather = z.infer<typeof weatherSchema>

/**
 * Figures shared by workouts and their segments. Durations `H:MM:SS`; km, km/h, m. A figure that
 * could not be computed is `null`; one computed as zero is `0` (or `0:00:00`).
 */
const workoutFiguresSchema = z.object({
  duration: z.string(),
  moving: z.string(),
  /** `null` for a workout typed in by hand: no timed points, so no pause information. */
  pauses: z.string().nullable(),
  /** km; `null` when the file measured none (an indoor ride without a speed sensor), not 0 */
  distance: z.number().nullable(),
  ave_speed: z.number().nullable(),
  max_speed: z.number().nullable(),
  min_alt: z.number().nullable(),
  max_alt: z.number().nullable(),
  ascent: z.number().nullable(),
  descent: z.number().nullable(),
})
export type WorkoutFigures = z.infer<typeof workoutFiguresSchema>

const workoutSegmentSchema = workoutFiguresSchema.extend({
  workout_id: z.string(),
  /** 0-based; the URLs use `segment_id + 1`. */
  segment_id: z.number().int(),
})
export type WorkoutSegment = z.infer<typeof workoutSegmentSchema>

/** A leg of a multisport file (swim, T1, ride, T2, run), as the page of each of them lists them. */
const workoutLegSchema = z.object({
  id: z.string(),
  sport_id: z.number().int(),
  title: z.string(),
  workout_date: httpDateSchema,
  /** km; `null` when the file measured none. */
  distance: z.number().nullable(),
  /** `H:MM:SS`. */
  moving: z.string(),
  /** A transition (T1, T2) between two legs: it holds no record. */
  transition: z.boolean(),
})
export type WorkoutLeg = z.infer<typeof workoutLegSchema>

/** A workout in the reference tracker's shape. */
export const workoutSchema = workoutFiguresSchema.extend({
  id: z.string(),
  user: z.string(),
  sport_id: z.number().int(),
  title: z.string(),
  notes: z.string().nullable(),
  creation_date: httpDateSchema,
  modification_date: httpDateSchema.nullable(),
  workout_date: httpDateSchema,
  /** Whether the viewer may have the workout's GPX: `GET /workouts/:id/gpx` answers them 200 (its owner: whether it has a file). */
  with_gpx: z.boolean(),
  /**
   * Whether the workout has a file whose analysis (chart, segments, splits, altitudes) the viewer
   * may see: its chart answers them 200. The reference tracker's field of the same name (0.9, 1.0).
   */
  with_analysis: z.boolean(),
  /** Format of the original file, or null for a workout entered by hand. */
  file_format: z.enum(['gpx', 'tcx', 'fit']).nullable(),
  bounds: z.array(z.number()),
  map: z.string().nullable(),
  previous_workout: z.string().nullable(),
  next_workout: z.string().nullable(),
  weather_start: weatherSchema.nullable(),
  weather_end: weatherSchema.nullable(),
  records: z.array(userRecordSchema),
  segments: z.array(workoutSegmentSchema),
  /** Sensors present in the chart data. */
  has_heart_rate: z.boolean(),
  has_cadence: z.boolean(),
  has_power: z.boolean(),
  /** The energy the imported file states, kcal; `null` when it states none (GPX, KML, typed in by hand). */
  calories: z.number().int().nullable(),
  /** Who may see the workout, its analysis, its map (capped; hidden parts are told as `private`). */
  workout_visibility: visibilitySchema,
  analysis_visibility: visibilitySchema,
  map_visibility: visibilitySchema,
  /** Its equipment; in lists only with `return_equipments=true` (else empty). */
  equipments: z.array(equipmentSchema),
  /** How many like it and whether the caller does: in a single workout's answer and the like calls (lists leave them out). */
  likes_count: z.number().int().optional(),
  liked: z.boolean().optional(),
  /**
   * In a single workout's answer: the legs, in order, of the multisport file it is one of (it
   * included; those the caller may see), or none (a workout of a plain file, or typed in). Lists leave it out.
   */
  legs: z.array(workoutLegSchema).optional(),
})
export type Workout = z.infer<typeof workoutSchema>

/**
 * Something an upload worked around; the file still imported. `code` is translated by the UI
 * (`fit_tail_damaged` with `records_read`; `file_cut_off` with `points_read`; `activity_skipped` with the 1-based `activity` of the
 * file that had no usable track); the other keys are the numbers its message needs.
 */
const uploadWarningSchema = z.object({ code: z.string() }).catchall(z.union([z.string(), z.number()]))
export type UploadWarning = z.infer<typeof uploadWarningSchema>

const workoutsResponseSchema = z.object({
  status: z.enum(['success', 'created']),
  /**
   * A single workout's answer (`GET /workouts/:id`) adds its laps and best efforts. An upload
   * lists every workout its file gave (one per activity) and what it worked around (`warnings`).
   */
  data: z.object({
    workouts: z.array(workoutSchema.extend(workoutInsightFieldsSchema.shape)),
    warnings: z.array(uploadWarningSchema).optional(),
  }),
})
export type WorkoutsResponse = z.infer<typeof workoutsResponseSchema>

/** Sums over every workout matching the list's filters (not only the page shown). */
const workoutTotalsSchema = z.object({
  count: z.number().int(),
  /** km */
  distance: z.number(),
  /** moving time, seconds */
  duration: z.number(),
  /** m */
  ascent: z.number(),
  /** m */
  descent: z.number(),
})
export type WorkoutTotals = z.infer<typeof workoutTotalsSchema>

const workoutsListResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ workouts: z.array(workoutSchema), totals: workoutTotalsSchema }),
  pagination: paginationSchema,
})
export type WorkoutsListResponse = z.infer<typeof workoutsListResponseSchema>

/** One point of a workout's chart (downsampled at import, ≤ 2,000 points). */
export const chartDataPointSchema = z.object({
  /** km since the start of the chart; null for a workout without a distance */
  distance: z.number().nullable(),
  /** seconds since the start of the chart */
  duration: z.number().nullable(),
  /** m, or null when unknown */
  elevation: z.number().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** km/h */
  speed: z.number().nullable(),
  time: httpDateSchema.nullable(),
  hr: z.number().nullable().optional(),
  cadence: z.number().nullable().optional(),
  power: z.number().nullable().optional(),
  temperature: z.number().nullable().optional(),
})
export type ChartDataPoint = z.infer<typeof chartDataPointSchema>

const chartDataResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ chart_data: z.array(chartDataPointSchema) }),
})
export type ChartDataResponse = z.infer<typeof chartDataResponseSchema>

const gpxResponseSchema = z.object({ status: z.literal('success'), message: z.string(), data: z.object({ gpx: z.string() }) })
export type GpxResponse = z.infer<typeof gpxResponseSchema>

/**
 * Waymark's own call (not the reference's): the workout's simplified map line, one line of
 * `[lat, lon]` per segment (empty for a segment without positions). The map needs the shape, not
 * the whole recording the GPX carries.
 */
const mapLineResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ lines: z.array(z.array(z.tuple([z.number(), z.number()]))) }),
})
export type MapLineResponse = z.infer<typeof mapLineResponseSchema>

/**
 * The outcome of one file of an archive import. `workout_ids`: every workout the file gave (a
 * multisport FIT, a TCX of several activities); `workout_id` is the first. An error's `message` is
 * the catalogue's text (what the reference's clients read), `code` its key, which our UI translates.
 */
const importFileResultSchema = z.discriminatedUnion('status', [
  z.object({
    file: z.string(),
    status: z.literal('imported'),
    workout_id: z.string(),
    workout_ids: z.array(z.string()),
    /** What the import worked around, as a single upload's answer says it (absent: nothing). */
    warnings: z.array(uploadWarningSchema).optional(),
  }),
  z.object({ file: z.string(), status: z.literal('duplicate'), workout_id: z.string(), workout_ids: z.array(z.string()) }),
  z.object({ file: z.string(), status: z.literal('error'), message: z.string(), code: errorCodeSchema }),
])
export type ImportFileResult = z.infer<typeof importFileResultSchema>

/** Progress of a background archive import. */
const importTaskSchema = z.object({
  id: z.string(),
  status: z.enum(['in_progress', 'done', 'failed']),
  files_total: z.number().int(),
  files_done: z.number().int(),
  results: z.array(importFileResultSchema),
  /** The file being imported now, or null. */
  current_file: z.string().nullable().optional(),
  /** When the import started (ISO 8601). */
  started_at: z.string().optional(),
  /** Estimated seconds until the import ends (from the pace so far), or null before the first file. */
  seconds_left: z.number().nullable().optional(),
  /** Set when the whole archive was refused (not one file). */
  message: z.string().optional(),
  /** True when a full disk stopped the import: its owner may resume it once there is space (`POST …/resume`). */
  resumable: z.boolean().optional(),
})
export type ImportTask = z.infer<typeof importTaskSchema>

const importTaskResponseSchema = z.object({
  status: z.enum(['in_progress', 'success']),
  data: z.object({ task: importTaskSchema }),
})
export type ImportTaskResponse = z.infer<typeof importTaskResponseSchema>

/** A file found in a watched folder and what became of it (the "automatic imports" list). */
const automaticImportSchema = z.object({
  /** The file's path inside its watched folder. */
  file: z.string(),
  /** The watched folder (on the server's machine). */
  folder: z.string(),
  /** `in_progress`: an archive still importing in the background. */
  status: z.enum(['in_progress', 'imported', 'duplicate', 'error']),
  /** The workouts it gave: several for a multi-activity file or an archive. */
  workout_ids: z.array(z.string()),
  /** Catalogue key of a refusal, translated by the UI. */
  code: errorCodeSchema.nullable(),
  /** When the file was taken (ISO 8601). */
  taken_at: z.string(),
})
export type AutomaticImport = z.infer<typeof automaticImportSchema>

/** A watched folder of the caller and whether it can be read now. */
const watchedFolderStateSchema = z.object({
  folder: z.string(),
  state: z.enum(['watching', 'missing', 'unreadable']),
})
export type WatchedFolderState = z.infer<typeof watchedFolderStateSchema>

const automaticImportsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ folders: z.array(watchedFolderStateSchema), imports: z.array(automaticImportSchema) }),
})
export type AutomaticImportsResponse = z.infer<typeof automaticImportsResponseSchema>

/** An archive imported within its request (no `Prefer: respond-async`): its workouts and report. */
const archiveCreatedResponseSchema = z.object({
  status: z.literal('created'),
  data: z.object({ workouts: z.array(workoutSchema), task: importTaskSchema }),
})
export type ArchiveCreatedResponse = z.infer<typeof archiveCreatedResponseSchema>

/**
 * The answer to an upload: the workout of a file; for an archive, its workouts once imported
 * (201), or the background task (202) when the client sent `Prefer: respond-async` or the import
 * outlasted the server's wait.
 */
const createWorkoutResponseSchema = z.union([workoutsResponseSchema, archiveCreatedResponseSchema, importTaskResponseSchema])
export type CreateWorkoutResponse = z.infer<typeof createWorkoutResponseSchema>

const day = z.iso.date()
const hhmm = z.string().regex(/^\d{1,3}:[0-5]\d$/)
const number = (min = 0) => z.coerce.number().min(min).max(1e9)

export const workoutOrderBy = ['workout_date', 'distance', 'duration', 'ave_speed'] as const

/** GET workouts query: every value checked, bad ones answer 400. */
export const workoutsListQuery = z.object({
  page: z.coerce.number().int().positive().max(1e6).default(1),
  per_page: pageSize(WORKOUTS_PER_PAGE_DEFAULT, WORKOUTS_PER_PAGE_MAX),
  order: z.enum(['asc', 'desc']).default('desc'),
  order_by: z.enum(workoutOrderBy).default('workout_date'),
  from: day.optional(),
  to: day.optional(),
  sport_id: z.coerce.number().int().positive().optional(),
  distance_from: number().optional(),
  distance_to: number().optional(),
  duration_from: hhmm.optional(),
  duration_to: hhmm.optional(),
  ave_speed_from: number().optional(),
  ave_speed_to: number().optional(),
  max_speed_from: number().optional(),
  max_speed_to: number().optional(),
  title: z.string().trim().max(TITLE_MAX).optional(),
  /** Workouts with this piece of equipment, or `none`: those without any. */
  equipment_id: z.string().max(30).optional(),
  return_equipments: z.enum(['true', 'false']).optional(),
})

/** GET users/:username/workouts: 5 a page by default, as the reference's user page. */
export const userWorkoutsQuery = z.object({
  page: z.coerce.number().int().positive().max(1e6).default(1),
  per_page: pageSize(WORKOUTS_PER_PAGE_DEFAULT, USER_WORKOUTS_PER_PAGE_MAX),
})
const userWorkoutsResponseSchema = z.object({ status: z.literal('success'), data: z.object({ workouts: z.array(workoutSchema) }), pagination: paginationSchema })
export type UserWorkoutsResponse = z.infer<typeof userWorkoutsResponseSchema>

/** `YYYY-MM-DD HH:MM` in the user's time zone. */
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)

const title = z.string().trim().max(TITLE_MAX)
/**
 * Notes as sent: trimmed, and an empty text stays `""` (the reference tracker keeps what the client
 * sent; its client sends `""` for "no notes"). A missing field is stored as `null`.
 */
const notes = z.string().trim().max(NOTES_MAX)

/** A new workout's levels; each left out is the user's default (`workouts_visibility`, …), then capped by the one before. */
const newWorkoutLevelsFields = {
  workout_visibility: visibilitySchema.optional(),
  analysis_visibility: visibilitySchema.optional(),
  map_visibility: visibilitySchema.optional(),
}

/** The `data` field of an upload (JSON text). */
export const uploadDataSchema = z.object({
  /** The sport of every workout; with `detect_sport`, only of those whose file names no usable sport. */
  sport_id: z.number().int().positive(),
  title: title.optional(),
  notes: notes.optional(),
  /**
   * Take each workout's sport from its file (FIT session sport/sub-sport, TCX `Sport`, GPX
   * `<type>`) when it names an active sport; `sport_id` is then the fallback.
   */
  detect_sport: z.boolean().optional(),
  /** The equipment of every workout of the file (omitted: each sport's defaults). */
  equipment_ids: equipmentIdsField.optional(),
  ...newWorkoutLevelsFields,
})

export const noFileWorkoutBody = z.object({
  sport_id: z.number().int().positive(),
  duration: z.number().int().positive().max(100 * 24 * 3600),
  distance: z.number().min(0).max(100_000),
  workout_date: localDateTime,
  title: title.optional(),
  notes: notes.optional(),
  ascent: z.number().min(0).max(100_000).nullable().optional(),
  descent: z.number().min(0).max(100_000).nullable().optional(),
  ...newWorkoutLevelsFields,
  /** Omitted: the sport's default equipment. */
  equipment_ids: equipmentIdsField.optional(),
})

/** PATCH workouts/{id}: date and figures only for workouts without a file. */
export const updateWorkoutBody = z
  .object({
    sport_id: z.number().int().positive(),
    title: title,
    // The reference client sends back the `null` it read for a workout without notes:
    // `null` leaves the notes as they are, like the reference tracker.
    notes: notes.nullable(),
    workout_date: localDateTime,
    duration: z.number().int().positive().max(100 * 24 * 3600),
    distance: z.number().min(0).max(100_000),
    ascent: z.number().min(0).max(100_000).nullable(),
    descent: z.number().min(0).max(100_000).nullable(),
    weather_start: weatherSchema.nullable(),
    weather_end: weatherSchema.nullable(),
    workout_visibility: visibilitySchema,
    analysis_visibility: visibilitySchema,
    map_visibility: visibilitySchema,
    /** Omitted: unchanged; `[]`: none. */
    equipment_ids: equipmentIdsField,
  })
  .partial()
  .strict()

export const workoutEndpoints = {
  listWorkouts: endpoint()({ method: 'GET', path: '/workouts', access: 'user', query: workoutsListQuery, response: workoutsListResponseSchema }),
  getWorkout: endpoint()({ method: 'GET', path: '/workouts/:id', access: 'optional', response: workoutsResponseSchema }),
  /** A user's workouts the caller may open (all of them for the user), newest first, each as the caller may see it. */
  listUserWorkouts: endpoint()({ method: 'GET', path: '/users/:username/workouts', access: 'user', query: userWorkoutsQuery, response: userWorkoutsResponseSchema }),
  createWorkout: endpoint()({
    method: 'POST',
    path: '/workouts',
    access: 'user',
    body: 'multipart',
    // Our UI follows an archive's import through its task, so it asks for the 202 at once (RFC 7240).
    clientHeaders: { Prefer: 'respond-async' },
    response: createWorkoutResponseSchema,
  }),
  createWorkoutWithoutFile: endpoint()({
    method: 'POST',
    path: '/workouts/no_gpx',
    access: 'user',
    body: noFileWorkoutBody,
    response: workoutsResponseSchema,
  }),
  updateWorkout: endpoint()({ method: 'PATCH', path: '/workouts/:id', access: 'user', body: updateWorkoutBody, response: workoutsResponseSchema }),
  deleteWorkout: endpoint<void>()({ method: 'DELETE', path: '/workouts/:id', access: 'user' }),
  getImportTask: endpoint()({ method: 'GET', path: '/workouts/imports/:taskId', access: 'user', response: importTaskResponseSchema }),
  /** Resumes an import a full disk stopped (answers the task, running again). */
  resumeImportTask: endpoint()({ method: 'POST', path: '/workouts/imports/:taskId/resume', access: 'user', response: importTaskResponseSchema }),
  /** The caller's watched folders and the latest files imported from them (newest first). */
  listAutomaticImports: endpoint()({ method: 'GET', path: '/automatic_imports', access: 'user', response: automaticImportsResponseSchema }),
  getChartData: endpoint()({ method: 'GET', path: '/workouts/:id/chart_data', access: 'optional', response: chartDataResponseSchema }),
  getSegmentChartData: endpoint()({
    method: 'GET',
    path: '/workouts/:id/chart_data/segment/:segment',
    access: 'optional',
    response: chartDataResponseSchema,
  }),
  getGpx: endpoint()({ method: 'GET', path: '/workouts/:id/gpx', access: 'user', response: gpxResponseSchema }),
  getSegmentGpx: endpoint()({ method: 'GET', path: '/workouts/:id/gpx/segment/:segment', access: 'user', response: gpxResponseSchema }),
  getMapLine: endpoint()({ method: 'GET', path: '/workouts/:id/map_line', access: 'optional', response: mapLineResponseSchema }),
  downloadFile: endpoint<Blob>()({ method: 'GET', path: '/workouts/:id/gpx/download', access: 'user', file: 'application/octet-stream' }),
  getMap: endpoint<Blob>()({ method: 'GET', path: '/workouts/map/:mapId', access: 'public', file: 'image/png' }),
  getMapTile: endpoint<Blob>()({ method: 'GET', path: '/workouts/map_tile/:z/:x/:y', access: 'public', file: 'image/png' }),
  /** The reference client's tile address: `:s` is a tile-server subdomain (a, b, c), ignored here. */
  getMapTileWithSubdomain: endpoint<Blob>()({ method: 'GET', path: '/workouts/map_tile/:s/:z/:x/:y', access: 'public', file: 'image/png' }),
}

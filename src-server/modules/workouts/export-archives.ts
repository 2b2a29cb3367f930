import { parse } from 'csv-parse/sync'
import { SPORTS, sportFromFile } from '../../../src/domain/sports'
import type { ErrorCode } from '../../../src/errors'

/**
 * Account exports of other services, recognised by their layout (the user picks nothing):
 * - Strava bulk export: `activities.csv` and `activities/<id>.gpx|.fit.gz|.tcx.gz`;
 * - Garmin Connect data export: FIT files in nested `UploadedFiles_*.zip`, names and types in
 *   `*_summarizedActivities.json`;
 * - the reference tracker's (FitTrackee) user-data export: `user_data.json`,
 *   `user_workouts_data.json` and `gpx/<file>.gpx`.
 * This module only reads the metadata files; the archive importer extracts and imports.
 */
export type ExportKind = 'strava' | 'garmin' | 'fittrackee'

/** What the export says about one activity. `sportId` null: the upload's sport applies. */
export interface ActivityMeta {
  title: string | null
  notes: string | null
  sportId: number | null
}

/** An activity the export holds without a file: a workout from its figures. */
export interface FilelessActivity extends ActivityMeta {
  /** Name of the row in the report, e.g. `activities.csv, line 5`. */
  key: string
  start: Date
  durationS: number
  distanceKm: number
}

/** A row that cannot be imported, with its catalogued reason. */
interface RowError {
  key: string
  code: ErrorCode
}

/** What to do with an export: metadata per file, activities without a file, rows refused. */
export interface ExportPlan {
  kind: ExportKind
  /** Metadata by the file's path in the archive (normalised: no leading `./`). */
  byFile: Map<string, ActivityMeta>
  /** Metadata of activities known by their start (Garmin's files do not always carry the id). */
  byStart: { startMs: number; id: string | null; meta: ActivityMeta }[]
  fileless: FilelessActivity[]
  errors: RowError[]
}

/** The metadata files to read for a layout, by their path in the archive. */
export function detectExport(names: readonly string[]): { kind: ExportKind; metadata: string[] } | null {
  if (names.includes('activities.csv')) return { kind: 'strava', metadata: ['activities.csv'] }
  if (names.includes('user_workouts_data.json') && names.includes('user_data.json')) {
    return { kind: 'fittrackee', metadata: ['user_workouts_data.json'] }
  }
  const garminJson = names.filter((name) => /(^|\/)DI-Connect-Fitness\/[^/]*summarizedActivities[^/]*\.json$/i.test(name))
  if (garminJson.length > 0 || names.some((name) => /(^|\/)UploadedFiles_[^/]*\.zip$/i.test(name))) {
    return { kind: 'garmin', metadata: garminJson }
  }
  return null
}

/** Files of an export that are neither activities nor metadata are part of it, not mistakes. */
export const isActivityPath = (name: string) => /\.(gpx|fit|tcx)(\.gz)?$/i.test(name) || /\.zip$/i.test(name)

const MONTHS: Readonly<Record<string, number>> = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 }

/** Strava's English date, in UTC: `Aug 16, 2013, 3:35:10 PM` (newer exports put U+202F before PM). */
export function parseStravaDate(text: string): Date | null {
  const match = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4}),? (\d{1,2}):(\d{2}):(\d{2})[\s\u202f]*([AP]M)$/.exec(text.trim())
  if (!match) return null
  const [, month = '', day, year, hour, minute, second, half] = match
  const monthIndex = MONTHS[month]
  if (monthIndex === undefined || Number(hour) < 1 || Number(hour) > 12) return null
  const hours = (Number(hour) % 12) + (half === 'PM' ? 12 : 0)
  const date = new Date(Date.UTC(Number(year), monthIndex, Number(day), hours, Number(minute), Number(second)))
  return date.getUTCDate() === Number(day) ? date : null
}

const text = (value: string | undefined) => {
  const trimmed = value?.trim() ?? ''
  return trimmed === '' ? null : trimmed
}

/** Our sport for a service's type name; null lets the upload's sport apply. */
function sportOf(name: string | null): number | null {
  if (!name) return null
  const byLabel = SPORTS.find((sport) => sport.label.toLowerCase() === name.toLowerCase())
  return byLabel?.id ?? sportFromFile(name)
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Reads Strava's `activities.csv`. Its header repeats `Elapsed Time` and `Distance`: the first
 * `Distance` is in the athlete's unit (km or miles), the second in metres, so the second is used
 * when present. Rows are read one by one: a broken row is reported and the others continue.
 */
export function planStrava(csv: Buffer): ExportPlan {
  const plan: ExportPlan = { kind: 'strava', byFile: new Map(), byStart: [], fileless: [], errors: [] }
  // Read as latin1 so every byte survives; each field is then checked to be UTF-8 (per row).
  const records = parse(csv.toString('latin1'), {
    bom: true,
    relax_column_count: true,
    relax_quotes: false,
    skip_empty_lines: true,
    skip_records_with_error: true,
    info: true,
    on_skip: (error) => {
      const line = Number((error as { lines?: unknown } | undefined)?.lines)
      plan.errors.push({ key: Number.isInteger(line) ? `activities.csv, line ${line}` : 'activities.csv', code: 'export_row_invalid' })
    },
  }) as unknown as { record: string[]; info: { lines: number } }[]
  const [header, ...rows] = records
  if (!header) return plan
  const names = header.record.map((name) => name.replace(/^\ufeff/, '').trim())
  const first = (name: string) => names.indexOf(name)
  const second = (name: string) => names.indexOf(name, first(name) + 1)
  const columns = {
    date: first('Activity Date'),
    name: first('Activity Name'),
    type: first('Activity Type'),
    description: first('Activity Description'),
    elapsed: first('Elapsed Time'),
    distanceUser: first('Distance'),
    distanceMetres: second('Distance'),
    file: first('Filename'),
  }
  for (const { record: raw, info } of rows) {
    const key = `activities.csv, line ${info.lines}`
    let record: string[]
    try {
      record = raw.map((field) => utf8.decode(Buffer.from(field, 'latin1')))
    } catch {
      plan.errors.push({ key, code: 'export_row_not_utf8' })
      continue
    }
    const at = (index: number) => (index >= 0 ? record[index] : undefined)
    const meta: ActivityMeta = { title: text(at(columns.name)), notes: text(at(columns.description)), sportId: sportOf(text(at(columns.type))) }
    const file = text(at(columns.file))
    if (file) {
      plan.byFile.set(file.replace(/^\.\//, ''), meta)
      continue
    }
    const start = parseStravaDate(at(columns.date) ?? '')
    if (!start) {
      plan.errors.push({ key: meta.title ? `${key} (${meta.title})` : key, code: 'export_row_date_invalid' })
      continue
    }
    const durationS = Math.round(Number(at(columns.elapsed)))
    const metres = Number(at(columns.distanceMetres))
    const km = Number.isFinite(metres) && text(at(columns.distanceMetres)) ? metres / 1000 : Number(at(columns.distanceUser) ?? NaN)
    if (!(durationS > 0) || !(km >= 0)) {
      plan.errors.push({ key: meta.title ? `${key} (${meta.title})` : key, code: 'export_row_figures_invalid' })
      continue
    }
    plan.fileless.push({ ...meta, key: meta.title ? `${key} (${meta.title})` : key, start, durationS, distanceKm: Math.round(km * 1000) / 1000 })
  }
  return plan
}

/** `1:02:03`, `1 day, 2:03:04`, or seconds as a number. */
function durationOf(value: unknown): number {
  if (typeof value === 'number') return value
  const match = typeof value === 'string' ? /^(?:(\d+) days?, )?(\d+):(\d\d):(\d\d)(?:\.\d+)?$/.exec(value.trim()) : null
  if (!match) return NaN
  const [, days = '0', hours = '0', minutes = '0', seconds = '0'] = match
  return Number(days) * 86_400 + Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds)
}

/** A date as the reference tracker writes it (`2018-03-13 12:44:45+00:00` or an HTTP date). */
function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string') return null
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? value.replace(' ', 'T') : value
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? null : new Date(ms)
}

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {})
const stringOf = (value: unknown) => (typeof value === 'string' ? text(value) : null)

/** Reads the reference tracker's `user_workouts_data.json` (a list of its workouts' data). */
export function planFitTrackee(json: Buffer): ExportPlan {
  const plan: ExportPlan = { kind: 'fittrackee', byFile: new Map(), byStart: [], fileless: [], errors: [] }
  let workouts: unknown
  try {
    workouts = JSON.parse(utf8.decode(json))
  } catch {
    plan.errors.push({ key: 'user_workouts_data.json', code: 'export_row_invalid' })
    return plan
  }
  if (!Array.isArray(workouts)) {
    plan.errors.push({ key: 'user_workouts_data.json', code: 'export_row_invalid' })
    return plan
  }
  workouts.forEach((value, index) => {
    const workout = record(value)
    const title = stringOf(workout.title)
    const meta: ActivityMeta = { title, notes: stringOf(workout.notes), sportId: sportOf(stringOf(workout.sport_label)) }
    const key = `user_workouts_data.json, workout ${index + 1}${title ? ` (${title})` : ''}`
    const gpx = stringOf(workout.gpx)
    if (gpx) {
      plan.byFile.set(`gpx/${gpx.split('/').at(-1) ?? gpx}`, meta)
      return
    }
    const start = dateOf(workout.workout_date)
    if (!start) {
      plan.errors.push({ key, code: 'export_row_date_invalid' })
      return
    }
    const durationS = Math.round(durationOf(workout.duration))
    const distanceKm = Number(workout.distance)
    if (!(durationS > 0) || !(distanceKm >= 0)) {
      plan.errors.push({ key, code: 'export_row_figures_invalid' })
      return
    }
    plan.fileless.push({ ...meta, key, start, durationS, distanceKm })
  })
  return plan
}

/**
 * Reads Garmin's `*_summarizedActivities.json` files: `[{ summarizedActivitiesExport: [...] }]`
 * with `activityId`, `name`, `activityType`, `startTimeGmt` (ms) and `description`. Garmin's
 * uploaded FIT files are matched by the activity id in their name, else by their start time.
 */
export function planGarmin(files: readonly Buffer[]): ExportPlan {
  const plan: ExportPlan = { kind: 'garmin', byFile: new Map(), byStart: [], fileless: [], errors: [] }
  for (const bytes of files) {
    let parsed: unknown
    try {
      parsed = JSON.parse(utf8.decode(bytes))
    } catch {
      plan.errors.push({ key: 'summarizedActivities.json', code: 'export_row_invalid' })
      continue
    }
    const groups = Array.isArray(parsed) ? parsed : [parsed]
    for (const group of groups) {
      const activities = record(group).summarizedActivitiesExport
      if (!Array.isArray(activities)) continue
      for (const value of activities) {
        const activity = record(value)
        const startMs = Number(activity.startTimeGmt)
        if (!Number.isFinite(startMs)) continue
        const id = typeof activity.activityId === 'number' || typeof activity.activityId === 'string' ? String(activity.activityId) : null
        plan.byStart.push({
          startMs,
          id,
          meta: { title: stringOf(activity.name), notes: stringOf(activity.description), sportId: sportOf(stringOf(activity.activityType)) },
        })
      }
    }
  }
  return plan
}

/** Garmin metadata for a file: by the activity id in its name, else by its start (within 2 minutes). */
export function garminMeta(plan: ExportPlan, fileName: string, startMs: number | null): ActivityMeta | null {
  const digits: string[] = fileName.match(/\d{6,}/g) ?? []
  const byId = plan.byStart.find((entry) => entry.id !== null && digits.includes(entry.id))
  if (byId) return byId.meta
  if (startMs === null) return null
  let best: { distance: number; meta: ActivityMeta } | null = null
  for (const entry of plan.byStart) {
    const distance = Math.abs(entry.startMs - startMs)
    if (distance <= 120_000 && (!best || distance < best.distance)) best = { distance, meta: entry.meta }
  }
  return best?.meta ?? null
}

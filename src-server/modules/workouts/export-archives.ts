import type { Readable } from 'node:stream'
import { parse } from 'csv-parse'
import { NOTES_MAX, TITLE_MAX } from '../../../src/contracts'
import { SPORTS, sportFromFile } from '../../../src/domain/sports'
import type { ErrorCode } from '../../../src/errors'
import { FITTRACKEE_EQUIPMENT_FILE, fitTrackeeGear, fitTrackeeWorkoutGear } from '../equipment/fittrackee-gear'
import { gearFileOf, gearLabel, gearOfRow, type ExportGear, type GearType } from '../equipment/strava-gear'

/**
 * Account exports of other services, recognised by their layout (the user picks nothing):
 * - Strava bulk export: `activities.csv` and `activities/<id>.gpx|.fit.gz|.tcx.gz`, its gear in
 *   `bikes.csv` and `shoes.csv`;
 * - Garmin Connect data export: FIT files in nested `UploadedFiles_*.zip`, names and types in
 *   `*_summarizedActivities.json`;
 * - the reference tracker's (FitTrackee) user-data export: `user_data.json`,
 *   `user_workouts_data.json` and each workout's file (`workout_files/<original_file>` from its 0.10 on,
 *   `gpx/<gpx>` in 0.8 and 0.9), its equipment in `user_equipments_data.json`.
 * This module only reads the metadata files (in a compute thread: see `readExportMetadata`); the
 * archive importer extracts them within the import's budget, then imports.
 */
export type ExportKind = 'strava' | 'garmin' | 'fittrackee'

/** What the export says about one activity. `sportId` null: the upload's sport applies. */
export interface ActivityMeta {
  title: string | null
  notes: string | null
  sportId: number | null
  /** The labels of its gear (Strava's `Activity Gear`, see `gearLabel`; the reference's `equipments`). */
  gear?: string[]
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
  /**
   * Files of the export that are another form of a listed one, left alone: the GPX the reference
   * tracker made from a FIT, TCX or KML and kept beside it until its 1.1.
   */
  derived: Set<string>
  /** Metadata of activities known by their start (Garmin's files do not always carry the id). */
  byStart: { startMs: number; id: string | null; meta: ActivityMeta }[]
  fileless: FilelessActivity[]
  /** The export's equipment (Strava's bikes and shoes, the reference's items). */
  gear: ExportGear[]
  /** True once the export's gear lists were read: its activities then carry the gear it says, not the sports' defaults. */
  gearListed: boolean
  errors: RowError[]
}

/** A plan with nothing in it yet. */
export const emptyPlan = (kind: ExportKind): ExportPlan => ({ kind, byFile: new Map(), derived: new Set(), byStart: [], fileless: [], gear: [], gearListed: false, errors: [] })

/** Rows a plan holds, whatever their kind: what the import's row budget counts. */
export const planRows = (plan: ExportPlan) => plan.byFile.size + plan.byStart.length + plan.fileless.length + plan.gear.length + plan.errors.length

/**
 * Keeps a plan's rows within `maxRows` (the import's files limit: an export whose list is longer
 * than that cannot be imported whole anyway). At the first row past it, one error names where the
 * list was cut and reading stops, so a list of a million rows costs what its first rows cost.
 * @returns whether `key`'s row may be added
 */
function rowAllowed(plan: ExportPlan, maxRows: number, key: string): boolean {
  if (planRows(plan) < maxRows) return true
  plan.errors.push({ key: `${key} and after`, code: 'export_too_many_rows' })
  return false
}

/** The metadata files to read for a layout, by their path in the archive. */
export function detectExport(names: readonly string[]): { kind: ExportKind; metadata: string[] } | null {
  if (names.includes('activities.csv')) return { kind: 'strava', metadata: ['activities.csv', ...['bikes.csv', 'shoes.csv'].filter((name) => names.includes(name))] }
  if (names.includes('user_workouts_data.json') && names.includes('user_data.json')) {
    return { kind: 'fittrackee', metadata: ['user_workouts_data.json', ...(names.includes(FITTRACKEE_EQUIPMENT_FILE) ? [FITTRACKEE_EQUIPMENT_FILE] : [])] }
  }
  const garminJson = names.filter((name) => /(^|\/)DI-Connect-Fitness\/[^/]*summarizedActivities[^/]*\.json$/i.test(name))
  if (garminJson.length > 0 || names.some((name) => /(^|\/)UploadedFiles_[^/]*\.zip$/i.test(name))) {
    return { kind: 'garmin', metadata: garminJson }
  }
  return null
}

/** Files of an export that are neither activities nor metadata are part of it, not mistakes. */
export const isActivityPath = (name: string) => /\.(gpx|fit|tcx|kml|kmz)(\.gz)?$/i.test(name) || /\.zip$/i.test(name)

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

/** An activity's metadata, its texts cut to what a workout keeps (the plan crosses threads: small). */
const metaOf = (title: string | null, notes: string | null, type: string | null): ActivityMeta => ({
  title: title?.slice(0, TITLE_MAX) ?? null,
  notes: notes?.slice(0, NOTES_MAX) ?? null,
  sportId: sportOf(type),
})

/** Our sport for a service's type name; null lets the upload's sport apply. */
function sportOf(name: string | null): number | null {
  if (!name) return null
  const byLabel = SPORTS.find((sport) => sport.label.toLowerCase() === name.toLowerCase())
  return byLabel?.id ?? sportFromFile(name)
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Reads Strava's `activities.csv` (or its gear lists, told by their header: see `gearFileOf`) as it
 * streams (one row at a time, never the whole file). Its
 * header repeats `Elapsed Time` and `Distance`: the first `Distance` is in the athlete's unit (km or
 * miles), the second in metres, so the second is used when present. A broken row is reported and
 * the others continue; past `maxRows` rows (see {@link rowAllowed}) reading stops.
 */
export async function planStrava(csv: Readable, maxRows: number): Promise<ExportPlan> {
  const plan = emptyPlan('strava')
  let file = 'activities.csv'
  // Fields as bytes (no BOM handling: it would switch to UTF-8 text); each row is then checked to be UTF-8.
  const parser = parse({
    encoding: null,
    bom: false,
    relax_column_count: true,
    relax_quotes: false,
    skip_empty_lines: true,
    skip_records_with_error: true,
    info: true,
    on_skip: (error) => {
      const line = Number((error as { lines?: unknown } | undefined)?.lines)
      const key = Number.isInteger(line) ? `${file}, line ${line}` : file
      // The parser may skip one broken row for two reasons (a stray quote, then the field it opened): reported once.
      if (plan.errors.at(-1)?.key !== key) plan.errors.push({ key, code: 'export_row_invalid' })
    },
  })
  csv.on('error', (error) => parser.destroy(error))
  csv.pipe(parser)
  let columns: StravaColumns | null = null
  let gear: { type: GearType; names: string[] } | null = null
  try {
    for await (const { record: raw, info } of parser as AsyncIterable<{ record: Buffer[]; info: { lines: number } }>) {
      const key = `${file}, line ${info.lines}`
      let record: string[]
      try {
        record = raw.map((field) => utf8.decode(field))
      } catch {
        if (!rowAllowed(plan, maxRows, key)) break
        plan.errors.push({ key, code: 'export_row_not_utf8' })
        continue
      }
      if (!columns && !gear) {
        const names = record.map((name) => name.replace(/^\ufeff/, '').trim())
        const gearType = gearFileOf(names)
        if (gearType) {
          gear = { type: gearType, names }
          plan.gearListed = true
          file = gearType === 'Bike' ? 'bikes.csv' : 'shoes.csv'
          continue
        }
        const first = (name: string) => names.indexOf(name)
        const second = (name: string) => names.indexOf(name, first(name) + 1)
        columns = {
          date: first('Activity Date'),
          name: first('Activity Name'),
          type: first('Activity Type'),
          description: first('Activity Description'),
          elapsed: first('Elapsed Time'),
          distanceUser: first('Distance'),
          distanceMetres: second('Distance'),
          file: first('Filename'),
          gear: first('Activity Gear'),
        }
        continue
      }
      if (!rowAllowed(plan, maxRows, key)) break
      const at = (index: number) => (index >= 0 ? record[index] : undefined)
      if (columns) stravaRow(plan, key, at, columns)
      else if (gear) {
        const { names } = gear
        const item = gearOfRow(gear.type, (name) => at(names.indexOf(name)), sportOf)
        if (item) plan.gear.push(item)
      }
    }
  } finally {
    csv.destroy()
  }
  return plan
}

/** Where each field is in `activities.csv` (-1: absent). */
type StravaColumns = Record<'date' | 'name' | 'type' | 'description' | 'elapsed' | 'distanceUser' | 'distanceMetres' | 'file' | 'gear', number>

/** One row of Strava's list into the plan: metadata of its file, an activity without a file, or an error. */
function stravaRow(plan: ExportPlan, key: string, at: (index: number) => string | undefined, columns: StravaColumns): void {
  const meta = metaOf(text(at(columns.name)), text(at(columns.description)), text(at(columns.type)))
  const gear = gearLabel(at(columns.gear) ?? '')
  if (gear) meta.gear = [gear]
  const file = text(at(columns.file))
  if (file) {
    plan.byFile.set(file.replace(/^\.\//, ''), meta)
    return
  }
  const named = meta.title ? `${key} (${meta.title})` : key
  const start = parseStravaDate(at(columns.date) ?? '')
  if (!start) {
    plan.errors.push({ key: named, code: 'export_row_date_invalid' })
    return
  }
  const durationS = Math.round(Number(at(columns.elapsed)))
  const metres = Number(at(columns.distanceMetres))
  const km = Number.isFinite(metres) && text(at(columns.distanceMetres)) ? metres / 1000 : Number(at(columns.distanceUser) ?? NaN)
  if (!(durationS > 0) || !(km >= 0)) {
    plan.errors.push({ key: named, code: 'export_row_figures_invalid' })
    return
  }
  plan.fileless.push({ ...meta, key: named, start, durationS, distanceKm: Math.round(km * 1000) / 1000 })
}

/** `1:02:03`, `1 day, 2:03:04`, or seconds as a number. */
function durationOf(value: unknown): number {
  if (typeof value === 'number') return value
  const match = typeof value === 'string' ? /^(?:(\d+) days?, )?(\d+):(\d\d):(\d\d)(?:\.\d+)?$/.exec(value.trim()) : null
  if (!match) return NaN
  const [, days = '0', hours = '0', minutes = '0', seconds = '0'] = match
  return Number(days) * 86_400 + Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds)
}

/**
 * A date as the reference tracker writes it (`2018-03-13 12:44:45+00:00` or an HTTP date), as an
 * instant. A date-time without a zone is UTC (what the tracker stores); JavaScript alone would read
 * it in the server's own zone.
 */
function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  const iso = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(trimmed) ? `${trimmed.replace(' ', 'T')}Z` : trimmed.replace(/^(\d{4}-\d{2}-\d{2}) /, '$1T')
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? null : new Date(ms)
}

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {})
const stringOf = (value: unknown) => (typeof value === 'string' ? text(value) : null)

/** The last part of a file path the reference's export names, or null. */
const baseNameOf = (value: unknown) => stringOf(value)?.split('/').at(-1) || null

/** A metadata file's JSON, or null when it is not UTF-8 JSON (reported by the caller). */
function jsonOf(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(bytes)) as unknown
  } catch {
    return null
  }
}

/**
 * Reads the reference tracker's `user_workouts_data.json` (a list of its workouts' data), up to
 * `maxRows` rows, or its equipment file `user_equipments_data.json` (`name`), read whole or refused whole.
 */
export function planFitTrackee(json: Uint8Array, name: string, maxRows: number): ExportPlan {
  const plan = emptyPlan('fittrackee')
  if (name === FITTRACKEE_EQUIPMENT_FILE) {
    plan.gearListed = true
    const gear = fitTrackeeGear(jsonOf(json))
    if (gear === null) plan.errors.push({ key: name, code: 'export_equipment_invalid' })
    else if (gear.length > maxRows) plan.errors.push({ key: name, code: 'export_too_many_rows' })
    else plan.gear.push(...gear)
    return plan
  }
  const workouts = jsonOf(json)
  if (!Array.isArray(workouts)) {
    plan.errors.push({ key: 'user_workouts_data.json', code: 'export_row_invalid' })
    return plan
  }
  for (const [index, value] of workouts.entries()) {
    const workout = record(value)
    const title = stringOf(workout.title)
    const key = `user_workouts_data.json, workout ${index + 1}${title ? ` (${title})` : ''}`
    if (!rowAllowed(plan, maxRows, `user_workouts_data.json, workout ${index + 1}`)) break
    const meta = metaOf(title, stringOf(workout.notes), stringOf(workout.sport_label))
    const gear = fitTrackeeWorkoutGear(workout.equipments)
    if (gear.length > 0) meta.gear = gear
    // From its 0.10 on, the reference's export holds each workout's original file under
    // `workout_files/` (before 1.1 with the GPX made from a FIT, TCX or KML beside it); 0.8 and 0.9
    // held the GPX alone, under `gpx/`.
    const original = baseNameOf(workout.original_file)
    const gpx = baseNameOf(workout.gpx)
    if (original) {
      plan.byFile.set(`workout_files/${original}`, meta)
      if (gpx && gpx !== original) plan.derived.add(`workout_files/${gpx}`)
      continue
    }
    if (gpx) {
      plan.byFile.set(`gpx/${gpx}`, meta)
      continue
    }
    const start = dateOf(workout.workout_date)
    if (!start) {
      plan.errors.push({ key, code: 'export_row_date_invalid' })
      continue
    }
    const durationS = Math.round(durationOf(workout.duration))
    const distanceKm = Number(workout.distance)
    if (!(durationS > 0) || !(distanceKm >= 0)) {
      plan.errors.push({ key, code: 'export_row_figures_invalid' })
      continue
    }
    plan.fileless.push({ ...meta, key, start, durationS, distanceKm })
  }
  return plan
}

/**
 * Reads one of Garmin's `*_summarizedActivities.json` files (`name`: its path, for the report):
 * `[{ summarizedActivitiesExport: [...] }]` with `activityId`, `name`, `activityType`,
 * `startTimeGmt` (ms) and `description`, up to `maxRows` activities. Garmin's uploaded FIT files
 * are matched by the activity id in their name, else by their start time.
 */
export function planGarmin(json: Uint8Array, name: string, maxRows: number): ExportPlan {
  const plan = emptyPlan('garmin')
  const parsed = jsonOf(json)
  if (parsed === null) {
    plan.errors.push({ key: name, code: 'export_row_invalid' })
    return plan
  }
  const groups = Array.isArray(parsed) ? parsed : [parsed]
  let index = 0
  for (const group of groups) {
    const activities = record(group).summarizedActivitiesExport
    if (!Array.isArray(activities)) continue
    for (const value of activities) {
      index += 1
      const activity = record(value)
      const startMs = Number(activity.startTimeGmt)
      if (!Number.isFinite(startMs)) continue
      if (!rowAllowed(plan, maxRows, `${name}, activity ${index}`)) return plan
      const id = typeof activity.activityId === 'number' || typeof activity.activityId === 'string' ? String(activity.activityId) : null
      plan.byStart.push({ startMs, id, meta: metaOf(stringOf(activity.name), stringOf(activity.description), stringOf(activity.activityType)) })
    }
  }
  return plan
}

/** `into` with `more`'s rows added (Garmin's metadata comes in several files, read one at a time). */
export function mergePlans(into: ExportPlan, more: ExportPlan): ExportPlan {
  for (const [file, meta] of more.byFile) into.byFile.set(file, meta)
  for (const file of more.derived) into.derived.add(file)
  into.byStart.push(...more.byStart)
  into.fileless.push(...more.fileless)
  into.gear.push(...more.gear)
  into.gearListed ||= more.gearListed
  into.errors.push(...more.errors)
  return into
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

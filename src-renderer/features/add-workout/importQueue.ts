import type { Visibility } from '../../../src/domain/visibility'
import type { CreateWorkoutResponse, ImportFileResult, ImportTask, ImportTaskResponse, UploadWarning, WorkoutsResponse } from '../../../src/contracts'
import { warningCodes } from '../../../src/errors/catalogue'
import { errorKeyOfResultMessage, errorKeysOf, errorKeysOfUnknown, FILE_TOO_LARGE_KEY, isApiError } from '../../api/ApiError'

/** What became of one file (an archive contributes one outcome per file inside it). */
export type FileOutcome =
  /**
   * One per workout: a file with several activities (the legs of a multisport file) gives several,
   * each with its title and its 0-based `leg` in the file.
   */
  | { file: string; status: 'imported'; workoutId: string; title?: string; leg?: number; warnings?: TranslatedText[] }
  /** The API names the existing workout only for archive entries (a 409 carries no id). */
  | { file: string; status: 'duplicate'; workoutId: string | null }
  | { file: string; status: 'error'; errorKeys: string[] }

/** A translation key with its values. */
interface TranslatedText {
  key: string
  values?: Record<string, string | number>
}

const KNOWN_WARNINGS = new Set<string>(warningCodes)

/** The text of an upload warning (an unknown code still says the file imported with a warning). */
function warningText(warning: UploadWarning): TranslatedText {
  const { code, ...values } = warning
  // The texts say "workout", the wire says which activity of the file.
  if (code === 'activity_skipped') return { key: 'workouts.IMPORT.WARNING.activity_skipped', values: { number: values.activity ?? '' } }
  return KNOWN_WARNINGS.has(code) ? { key: `workouts.IMPORT.WARNING.${code}`, values } : { key: 'workouts.IMPORT.WARNING.other', values: { code } }
}

/**
 * The outcomes of one track file's answer: one per workout it gave (with its title when there
 * are several), the file's warnings on the first.
 */
export function outcomesOfUpload(file: string, response: WorkoutsResponse): FileOutcome[] {
  const warnings = (response.data.warnings ?? []).map(warningText)
  const several = response.data.workouts.length > 1
  const outcomes: FileOutcome[] = response.data.workouts.map((workout, index) => ({
    file,
    status: 'imported',
    workoutId: workout.id,
    ...(several ? { title: workout.title, leg: index } : {}),
    ...(index === 0 && warnings.length > 0 ? { warnings } : {}),
  }))
  return outcomes.length > 0 ? outcomes : [{ file, status: 'error', errorKeys: errorKeysOf(500, undefined) }]
}

export interface ImportProgress {
  /** Files to process; an archive counts as one until its task says how many it holds. */
  total: number
  done: number
  /** The file being sent, or null. */
  current: string | null
  /** The file of an archive being imported now (its task says), or null. */
  importing: string | null
  /** The archive task's estimate of the seconds left, or null before it has one. */
  secondsLeft: number | null
  results: FileOutcome[]
  finished: boolean
  /** Archive imports a full disk stopped, which their owner may resume once there is space. */
  resumable?: readonly string[]
}

/** The server's limits, in bytes. */
export interface UploadLimits {
  maxFileBytes: number
  maxZipBytes: number
}

/** The calls the queue makes; injected so the logic is testable without a server. */
export interface ImportDeps {
  upload: (form: FormData) => Promise<CreateWorkoutResponse>
  getTask: (taskId: string) => Promise<ImportTaskResponse>
  wait: (ms: number) => Promise<void>
  cancelled: () => boolean
}

const POLL_INTERVAL_MS = 500

export const isArchive = (file: File) => file.name.toLowerCase().endsWith('.zip')

/** The JSON `data` field of an upload (see `uploadDataSchema`). */
export interface UploadData {
  sport_id: number
  notes?: string
  detect_sport?: boolean
  equipment_ids?: string[]
  workout_visibility?: Visibility
  analysis_visibility?: Visibility
  map_visibility?: Visibility
}

/** The `FormData` of an upload: the file and the JSON `data` field. */
export function uploadForm(file: File, data: UploadData): FormData {
  const form = new FormData()
  form.append('file', file, file.name)
  form.append('data', JSON.stringify(data))
  return form
}

/** The size the server would refuse, checked before sending anything. */
export function tooLarge(file: File, limits: UploadLimits): boolean {
  return file.size > (isArchive(file) ? limits.maxZipBytes : limits.maxFileBytes)
}

/** The outcomes of one file of an archive: one per workout it gave (several for a multisport file). */
function outcomesOfResult(result: ImportFileResult): FileOutcome[] {
  switch (result.status) {
    case 'imported': {
      // The file's warnings go with its first workout, as for a file uploaded alone.
      const warnings = (result.warnings ?? []).map(warningText)
      return result.workout_ids.map((workoutId, index) => ({
        file: result.file,
        status: 'imported',
        workoutId,
        ...(result.workout_ids.length > 1 ? { leg: index } : {}),
        ...(index === 0 && warnings.length > 0 ? { warnings } : {}),
      }))
    }
    case 'duplicate':
      return [{ file: result.file, status: 'duplicate', workoutId: result.workout_id }]
    case 'error':
      return [{ file: result.file, status: 'error', errorKeys: [`api.ERROR.${result.code}`] }]
  }
}

function isTaskResponse(response: CreateWorkoutResponse): response is ImportTaskResponse {
  return 'task' in response.data
}

/**
 * Sends the files one after the other and reports progress after every step. A single request
 * per file keeps each file under the per-file limit, gives every file its own result, and lets
 * one bad file fail alone; archives are followed through their background task.
 */
export async function runImport(
  files: readonly File[],
  data: UploadData,
  limits: UploadLimits,
  deps: ImportDeps,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportProgress> {
  let progress: ImportProgress = { total: files.length, done: 0, current: null, importing: null, secondsLeft: null, results: [], finished: false }
  const report = (patch: Partial<ImportProgress>) => {
    progress = { ...progress, ...patch }
    onProgress(progress)
  }

  for (const file of files) {
    if (deps.cancelled()) break
    if (tooLarge(file, limits)) {
      report({ done: progress.done + 1, results: [...progress.results, { file: file.name, status: 'error', errorKeys: [FILE_TOO_LARGE_KEY] }] })
      continue
    }
    report({ current: file.name })
    try {
      const response = await deps.upload(uploadForm(file, data))
      if (!isTaskResponse(response)) {
        report({ done: progress.done + 1, results: [...progress.results, ...outcomesOfUpload(file.name, response)] })
        continue
      }
      await followTask(file.name, response.data.task, deps, () => progress, report)
    } catch (error) {
      const outcome: FileOutcome =
        isApiError(error) && error.status === 409
          ? { file: file.name, status: 'duplicate', workoutId: null }
          : { file: file.name, status: 'error', errorKeys: errorKeysOfUnknown(error) }
      report({ done: progress.done + 1, results: [...progress.results, outcome] })
    }
  }
  report({ current: null, finished: true })
  return progress
}

/** Polls an archive's task, turning each of its files into a result as soon as it is known. */
async function followTask(
  archive: string,
  first: ImportTask,
  deps: ImportDeps,
  current: () => ImportProgress,
  report: (patch: Partial<ImportProgress>) => void,
): Promise<void> {
  // The archive stood for one file in the total; it now stands for the files it holds.
  const base = { total: current().total - 1, done: current().done, results: current().results }
  let task = first
  for (;;) {
    const known = task.results.flatMap(outcomesOfResult)
    // A task that ended as a whole says why; one a full disk stopped says so beside its files' results.
    const refused: FileOutcome[] =
      task.status !== 'in_progress' && (known.length === 0 || task.resumable === true)
        ? [{ file: archive, status: 'error', errorKeys: task.message ? [errorKeyOfResultMessage(task.message)] : errorKeysOf(500, undefined) }]
        : []
    // Progress counts files, not the workouts they gave.
    const filesKnown = task.results.length + refused.length
    const size = Math.max(task.files_total, filesKnown)
    const running = task.status === 'in_progress'
    report({
      total: base.total + Math.max(size, 1),
      done: base.done + Math.max(task.files_done, task.results.length) + refused.length,
      results: [...base.results, ...known, ...refused],
      importing: running ? (task.current_file ?? null) : null,
      secondsLeft: running ? (task.seconds_left ?? null) : null,
    })
    if (!running && task.resumable) report({ resumable: [...(current().resumable ?? []), task.id] })
    if (!running || deps.cancelled()) return
    await deps.wait(POLL_INTERVAL_MS)
    task = (await deps.getTask(task.id)).data.task
  }
}

/**
 * Resumes an archive import a full disk stopped (`archive`: its name in the results) and follows
 * it to its end as a progress of its own.
 */
export async function resumeImport(
  archive: string,
  taskId: string,
  deps: ImportDeps & { resume: (taskId: string) => Promise<ImportTaskResponse> },
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportProgress> {
  let progress: ImportProgress = { total: 1, done: 0, current: archive, importing: null, secondsLeft: null, results: [], finished: false }
  const report = (patch: Partial<ImportProgress>) => {
    progress = { ...progress, ...patch }
    onProgress(progress)
  }
  try {
    await followTask(archive, (await deps.resume(taskId)).data.task, deps, () => progress, report)
  } catch (error) {
    report({ done: 1, results: [{ file: archive, status: 'error', errorKeys: errorKeysOfUnknown(error) }] })
  }
  report({ current: null, finished: true })
  return progress
}

/**
 * How many files were imported, were duplicates or were refused (these add up to the files
 * processed: a file of several workouts counts once), and how many workouts the imported files gave.
 */
export function countOutcomes(results: readonly FileOutcome[]): Record<FileOutcome['status'] | 'workouts', number> {
  const counts = { imported: 0, duplicate: 0, error: 0, workouts: 0 }
  for (const result of results) {
    if (result.status === 'imported') {
      counts.workouts += 1
      if ((result.leg ?? 0) > 0) continue
    }
    counts[result.status] += 1
  }
  return counts
}

import { rename } from 'node:fs/promises'
import { extname, join } from 'node:path'
import type { CreateWorkoutResponse, ImportTaskResponse } from '../../../src/contracts'
import { uploadDataSchema } from '../../../src/contracts'
import { AppError, catalogueCodeOf } from '../../../src/errors'
import type { AppConfigEntity, UserEntity } from '../../db/entities'
import type { StoredUpload } from '../../http/uploads'
import { randomToken } from '../../lib/secrets'
import { readSettings } from '../app-config/app-config.service'
import type { ArchiveLimits, ImportTasks } from './archive-import'
import { importWorkoutFile, trackExtension, type FileImportContext, type ImportChoices } from './workout-import'
import type { WorkoutsService } from './workouts.service'


/**
 * JSON text with the control characters inside its strings escaped. The reference tracker's client
 * writes the `data` field by pasting the notes between quotes, so multi-line notes arrive with raw
 * line breaks (and tabs) in a string, which its server reads (Python's `json.loads(strict=False)`)
 * and `JSON.parse` refuses. Control characters outside strings are JSON whitespace and stay.
 */
function escapeControlCharactersInStrings(text: string): string {
  let inString = false
  let escaped = false
  let out = ''
  for (const char of text) {
    const code = char.charCodeAt(0)
    if (inString && !escaped && code < 0x20) out += `\\u${code.toString(16).padStart(4, '0')}`
    else out += char
    if (escaped) escaped = false
    else if (inString && char === '\\') escaped = true
    else if (char === '"') inString = !inString
  }
  return out
}

/** The `data` field of an upload: JSON text with the sport and optional title and notes. */
function uploadChoices(fields: unknown): ImportChoices {
  const text = typeof fields === 'object' && fields !== null ? (fields as Record<string, unknown>).data : undefined
  if (typeof text !== 'string') throw new AppError('invalid_payload')
  let parsed: unknown
  try {
    parsed = JSON.parse(escapeControlCharactersInStrings(text))
  } catch {
    throw new AppError('invalid_payload')
  }
  const result = uploadDataSchema.safeParse(parsed)
  if (!result.success) throw new AppError(catalogueCodeOf(result.error.issues[0]?.message) ?? 'invalid_payload')
  const { sport_id: sportId, title, notes, detect_sport: detectSport, equipment_ids: equipmentIds, ...levels } = result.data
  return { sportId, title, notes, detectSport: detectSport ?? false, equipmentIds, levels }
}

/** The limits an archive is imported under, from the application settings. */
export function archiveLimitsOf(settings: AppConfigEntity): ArchiveLimits {
  return { maxFiles: settings.gpxLimitImport, maxFileBytes: settings.maxSingleFileSize, maxArchiveBytes: settings.maxZipFileSize }
}

/** How long an archive upload without `Prefer: respond-async` may take before it answers 202. */
const ARCHIVE_ANSWER_WAIT_MS = 120_000

/** True when a `Prefer` header (RFC 7240) asks for an asynchronous answer. */
function prefersAsync(header: string): boolean {
  return header.split(',').some((preference) => preference.split(';')[0]?.trim().toLowerCase() === 'respond-async')
}

/**
 * Uploads of workout files: one track file becomes a workout at once (201). An archive becomes an
 * import task that outlives the request: a client that prefers it (our UI, `Prefer:
 * respond-async`) gets the task at once (202); any other client gets the reference tracker's
 * answer, 201 with the workouts once imported, or the task (202) past a generous wait.
 */
export function createWorkoutUploads(context: FileImportContext, workouts: WorkoutsService, imports: ImportTasks) {
  return {
    async receive(
      user: UserEntity,
      file: StoredUpload,
      fields: unknown,
      prefer: string,
    ): Promise<{ httpStatus: 201 | 202; body: CreateWorkoutResponse; preferenceApplied?: boolean }> {
      const extension = extname(file.originalname).toLowerCase()
      if (extension !== '.zip' && trackExtension(file.originalname) === null) throw new AppError('file_extension_not_allowed')
      const choices = uploadChoices(fields)
      const settings = await readSettings(context.database.reads)

      if (extension === '.zip') {
        // The archive outlives this request: move it out of the upload's reach before it ends.
        const kept = join(context.layout.tmp, `archive-${randomToken()}.zip`)
        await rename(file.path, kept)
        const task = await imports.start(user, kept, choices, archiveLimitsOf(settings))
        if (prefersAsync(prefer)) return { httpStatus: 202, body: { status: 'in_progress', data: { task } }, preferenceApplied: true }
        // Clients written for the reference tracker wait for the workouts within the request.
        const finished = await imports.waitFor(task.id, ARCHIVE_ANSWER_WAIT_MS)
        if (finished && finished.status !== 'in_progress') return { httpStatus: 201, body: await workouts.respondToArchive(user, finished) }
        return { httpStatus: 202, body: { status: 'in_progress', data: { task } } }
      }

      if (file.size > settings.maxSingleFileSize) throw new AppError('file_too_large')
      const outcome = await importWorkoutFile(context, user, file.path, file.originalname, choices, {
        ...(file.sha256 === undefined ? {} : { fileHash: file.sha256 }),
        ...(file.arriving === undefined ? {} : { arriving: file.arriving }),
      })
      if (outcome.status === 'duplicate') throw new AppError('workout_duplicate')
      return { httpStatus: 201, body: await workouts.respondCreated(user, outcome.workouts, outcome.warnings) }
    },

    /** Resumes one of the caller's archive imports that a full disk stopped. */
    async resumeTask(user: UserEntity, taskId: string): Promise<ImportTaskResponse> {
      return { status: 'in_progress', data: { task: await imports.resume(user, taskId) } }
    },

    /** The state of one of the caller's archive imports. */
    async task(user: UserEntity, taskId: string): Promise<ImportTaskResponse> {
      const task = await imports.get(user.id, taskId)
      if (!task) throw new AppError('import_task_not_found')
      return { status: task.status === 'in_progress' ? 'in_progress' : 'success', data: { task } }
    },
  }
}

export type WorkoutUploads = ReturnType<typeof createWorkoutUploads>

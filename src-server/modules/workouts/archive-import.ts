import { EventEmitter } from 'node:events'
import { mkdir, readdir, rename, rm } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import type { ZipFile } from 'yauzl'
import { NOTES_MAX, TITLE_MAX, type ImportFileResult, type ImportTask, type UploadWarning } from '../../../src/contracts'
import { AppError, errorCatalogue, errorCodeOfMessage, isAppError, wireMessageOf, type ErrorCode } from '../../../src/errors'
import type { ServerContext } from '../../context'
import { ImportTaskEntity, type ImportTaskResultEntity, type UserEntity } from '../../db/entities'
import { isDiskFull } from '../../lib/disk-full'
import { randomToken } from '../../lib/secrets'
import {
  createBudget,
  listEntries,
  openZip,
  readEntry,
  takeWorkout,
  type ArchiveLimits,
  type EntrySource,
  type ImportBudget,
  type ListedEntry,
} from './archive-reader'
import { detectExport, emptyPlan, garminMeta, isActivityPath, mergePlans, planRows, type ActivityMeta, type ExportPlan, type FilelessActivity } from './export-archives'
import {
  importWorkoutFile,
  sportSettingsOf,
  sportSettingsOnce,
  type FileImportOutcome,
  type ImportChoices,
  type FileImportContext,
  type SportSettings,
} from './workout-import'
import { removeFiles } from './workout-files'
import { createWorkoutsService } from './workouts.service'
import type { Repositories } from '../../db/repositories'
import { createExportGear, exportGearIds, retiredGearIds, type GearIndex } from '../equipment/export-gear'
import { linkExportGear } from '../equipment/workout-equipment'

/** How long a finished task's report stays available. */
export const TASK_RETENTION_MS = 7 * 24 * 60 * 60_000
/** Reports kept per user (the oldest finished ones go first), so reports cannot fill the disk. */
export const MAX_TASKS_PER_USER = 20
/** Imports one user may run at once. */
const MAX_RUNNING_PER_USER = 2
/**
 * How often a running task's progress (files done, the current file, bytes extracted) is written:
 * with a file's result when this long has passed since the last time, and at the task's end, rather
 * than a statement more with every file. A task resumed after a crash counts its files from its
 * results; its extracted bytes may be behind by what this interval extracted.
 */
const PROGRESS_EVERY_MS = 250
/**
 * Files of an archive whose write is queued but not committed yet, beyond those being extracted
 * and parsed: while a commit is under way the next files go on being parsed and join the next
 * group (their rows in shared statements) rather than hold the compute threads up. Each holds its
 * analysed rows (a few hundred kB for a long ride) until it is committed.
 */
const MAX_WRITES_WAITING = 32
/** Results stored per task; files beyond still count in `files_done` (a limit above any real export). */
const MAX_RESULTS_PER_TASK = 20_000
/** Longest stored file name and reason, so one report row stays small whatever the archive holds. */
const MAX_TEXT = 500
/** Warnings stored per file (a multisport file may skip many legs), for the same reason. */
const MAX_WARNINGS = 20
/** Longest duration and distance of a workout without a file (what the API accepts). */
const MAX_FILELESS_DURATION_S = 100 * 24 * 3600
const MAX_FILELESS_DISTANCE_KM = 100_000

export type { ArchiveLimits } from './archive-reader'

/** What a task needs to run again after a restart, stored with it. */
interface TaskOptions {
  choices: ImportChoices
  limits: ArchiveLimits
}

/** Import tasks of one server, visible to their owner only, kept in the database. */
export interface ImportTasks {
  get(userId: number, id: string): Promise<ImportTask | undefined>
  /** Starts importing an archive in the background; the archive file is consumed. */
  start(user: UserEntity, archivePath: string, choices: ImportChoices, limits: ArchiveLimits): Promise<ImportTask>
  /**
   * The task once it is no longer in progress, or as it stands after `ms` (whichever comes first);
   * undefined for an unknown task. For answers that wait a little for small archives.
   */
  waitFor(taskId: string, ms: number): Promise<ImportTask | undefined>
  /** Calls `listener` with each task's id as it ends (done or failed); returns the unsubscribe. */
  onFinished(listener: (taskId: string) => void): () => void
  /**
   * Resumes a task of the user's that a full disk stopped (its archive is kept for this), once
   * there is space again.
   * @throws `import_not_resumable` for any other task, `import_too_many_running` past the running limit
   */
  resume(user: UserEntity, id: string): Promise<ImportTask>
  /** Resolves once the tasks interrupted by the last stop have been resumed or closed (tests). */
  readonly resumed: Promise<void>
  /** Stops renewing leases and looking for abandoned tasks (the server is stopping). */
  stop(): void
}

/**
 * How long an instance holds a task it runs without renewing it (it renews every third of this).
 * On PostgreSQL another instance takes over a task past its lease: its instance died.
 */
const IMPORT_LEASE_MS = 60_000

/** The catalogue message a task stopped by a full disk ends with (what makes it resumable). */
const DISK_FULL_MESSAGE = errorCatalogue.disk_full.message

const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text)
const clipOrNull = (text: string | undefined) => (text === undefined ? null : clip(text))

/**
 * The result of a file that could not be imported: the specification's message for the condition
 * (what the reference's clients read, as on the wire) and our precise code, which our UI translates.
 */
function failed(file: string, code: ErrorCode): ImportFileResult {
  return { file, status: 'error', message: wireMessageOf(code), code }
}

/** The result of a file imported, or found a duplicate. */
function fileResult(file: string, outcome: FileImportOutcome): ImportFileResult {
  if (outcome.status === 'duplicate') return { file, status: 'duplicate', workout_id: outcome.workoutId, workout_ids: outcome.workoutIds }
  const imported = { file, status: 'imported' as const, workout_id: outcome.workout.id, workout_ids: outcome.workouts.map((workout) => workout.id) }
  return outcome.warnings.length > 0 ? { ...imported, warnings: outcome.warnings } : imported
}

/** The catalogue code of a file's failure (unexpected failures are logged and stay generic). */
function reasonOf(error: unknown, logError: (error: unknown) => void): ErrorCode {
  if (isAppError(error)) return error.code
  logError(error)
  return 'gpx_processing_failed'
}

/** The wire form of a stored result. */
function resultOf(row: ImportTaskResultEntity): ImportFileResult {
  if (row.status === 'error') {
    const message = row.message ?? errorCatalogue.gpx_processing_failed.message
    // Reports written before codes were stored: the message names its code.
    const code = (row.code as ErrorCode | null) ?? errorCodeOfMessage(message) ?? 'gpx_processing_failed'
    return { file: row.file, status: 'error', message, code }
  }
  const workoutId = row.workoutId ?? ''
  const workoutIds = row.workoutIds ? row.workoutIds.split(' ') : [workoutId]
  if (row.status === 'duplicate') return { file: row.file, status: 'duplicate', workout_id: workoutId, workout_ids: workoutIds }
  const imported = { file: row.file, status: 'imported' as const, workout_id: workoutId, workout_ids: workoutIds }
  return row.warnings ? { ...imported, warnings: JSON.parse(row.warnings) as UploadWarning[] } : imported
}

/** Why a running task stops before its last file. */
type Stop = 'server_stopping' | 'owner_gone' | 'disk_full' | 'lease_lost'

class TaskStopped extends Error {
  constructor(readonly reason: Stop) {
    super(reason)
  }
}

/** The event every task's end is also announced under, beside its own id. */
const ANY_TASK = Symbol('any task')

export function createImportTasks(context: FileImportContext & Pick<ServerContext, 'config' | 'background'>, leaseMs = IMPORT_LEASE_MS): ImportTasks {
  const { database } = context
  const { reads } = database
  /**
   * Club servers run several instances on one PostgreSQL database: each task is run by the
   * instance holding its lease. SQLite has one server per folder (its lock), which runs them all.
   */
  const shared = Boolean(context.config.databaseUrl)
  const instance = randomToken()
  const leaseEnd = () => new Date(context.now().getTime() + leaseMs)
  /** The tasks this instance runs, whose leases it renews. */
  const holding = new Set<string>()
  const logError = (error: unknown) => context.config.logger.error('a file of an archive could not be imported', error)
  /** Kept archives of running tasks: outside tmp/, which is emptied at every start. */
  const archivesDir = join(context.layout.root, 'imports')
  const workouts = createWorkoutsService(context)
  const finished = new EventEmitter()
  finished.setMaxListeners(0)
  /**
   * Endings a full disk kept from being written, by task: the task is reported ended from here at
   * once (its owner sees it failed and resumable, its slot is free), and its row is written before
   * the next write that starts or resumes a task (see {@link writeEndings}). A restart before that
   * finds the row in progress and resumes it: nothing is lost either way.
   */
  const unwritten = new Map<string, Partial<ImportTaskEntity>>()

  /** Writes the endings a full disk held back. @throws what the write meets (a disk still full) */
  async function writeEndings(): Promise<void> {
    for (const [taskId, ending] of unwritten) {
      await database.write(({ importTasks }) => importTasks.update(taskId, ending))
      unwritten.delete(taskId)
    }
  }

  async function load(where: { id: string; userId?: number }): Promise<ImportTask | undefined> {
    const tasks = reads.importTasks
    const found = await tasks.byId(where.id, where.userId)
    if (!found) return undefined
    const row = Object.assign(found, unwritten.get(found.id))
    const results = await tasks.results(row.id)
    const elapsedS = (context.now().getTime() - row.createdAt.getTime()) / 1000
    const secondsLeft =
      row.status === 'in_progress' && row.filesDone > 0 ? Math.max(0, Math.round((elapsedS / row.filesDone) * (row.filesTotal - row.filesDone))) : null
    return {
      id: row.id,
      status: row.status,
      files_total: row.filesTotal,
      files_done: row.filesDone,
      results: results.map(resultOf),
      current_file: row.currentFile,
      started_at: row.createdAt.toISOString(),
      seconds_left: secondsLeft,
      ...(row.message ? { message: row.message } : {}),
      ...(row.status === 'failed' && row.message === DISK_FULL_MESSAGE && row.archivePath ? { resumable: true } : {}),
    }
  }

  /** Reports past their retention period go, whoever owns them. */
  async function purgeExpired(): Promise<void> {
    const before = new Date(context.now().getTime() - TASK_RETENTION_MS)
    await database.write(({ importTasks }) => importTasks.deleteFinishedBefore(before))
  }

  /** The state of one running task, kept in step with its row. */
  interface Run {
    taskId: string
    user: UserEntity
    options: TaskOptions
    budget: ImportBudget
    signal: AbortSignal
    /** Results already stored (a resumed task skips their files). */
    done: Set<string>
    /**
     * The place in the report of the next result: taken by each file as its write is queued, in
     * the archive's order, so the report keeps that order whatever commits first (a file whose
     * write fails stores its error at its own place).
     */
    nextSeq: number
    filesTotal: number
    filesDone: number
    /** The export's metadata when the archive is an account export, else null. */
    plan: ExportPlan | null
    /** The export's gear as the user's items (empty: the export has none). */
    gear: GearIndex
    /** Files of the export's list met in the archive. */
    seen: Set<string>
    /** Files being imported now, in the order they started (the first is shown as the current file). */
    importing: Set<string>
    /** The sports and the owner's preferences, read once for all the archive's files. */
    sportSettings: SportSettings
    /** When the task's progress was last written (ms since the epoch). */
    progressWrittenAt: number
  }

  async function stillOwned(run: Run, repositories: Repositories = reads): Promise<boolean> {
    return repositories.importTasks.exists(run.taskId)
  }

  /**
   * Writes one file's result row at its place `seq` in the transaction of `repositories`, with the task's
   * progress when it is due (see {@link PROGRESS_EVERY_MS}). `run` counts it (see {@link recorded})
   * only once it is committed.
   * @throws TaskStopped when the task is gone with its owner, or another instance took it over
   */
  async function writeResult(repositories: Repositories, run: Run, result: ImportFileResult, seq: number): Promise<void> {
    // Fencing: an instance that lost the task's lease while alive (held up past it) writes nothing
    // more of it, this file's workout included (the transaction rolls back); the new holder does.
    if (shared) {
      const owner = await repositories.importTasks.leaseOwnerLocked(run.taskId)
      if (owner === null) throw new TaskStopped('owner_gone')
      if (owner !== instance) throw new TaskStopped('lease_lost')
    }
    const stored = seq < MAX_RESULTS_PER_TASK
    const now = context.now().getTime()
    // Files past the stored results have only the progress to count them (and a clock set back writes it).
    if (!stored || now - run.progressWrittenAt >= PROGRESS_EVERY_MS || now < run.progressWrittenAt) {
      // The file shown as current: the first other file under way.
      const current = [...run.importing].find((file) => file !== result.file)
      const progressed = await repositories.importTasks.update(run.taskId, {
        filesDone: run.filesDone + 1,
        filesTotal: run.filesTotal,
        currentFile: clipOrNull(current),
        bytesExtracted: run.options.limits.maxArchiveBytes - run.budget.bytes,
      })
      if (!progressed) throw new TaskStopped('owner_gone')
      run.progressWrittenAt = now
    }
    if (stored) {
      const row: ImportTaskResultEntity = {
        taskId: run.taskId,
        seq,
        file: clip(result.file),
        status: result.status,
        workoutId: result.status === 'error' ? null : result.workout_id,
        workoutIds: result.status !== 'error' && result.workout_ids.length > 1 ? result.workout_ids.join(' ') : null,
        message: result.status === 'error' ? clip(result.message) : null,
        code: result.status === 'error' ? result.code : null,
        warnings: result.status === 'imported' && result.warnings ? JSON.stringify(result.warnings.slice(0, MAX_WARNINGS)) : null,
      }
      try {
        await repositories.importTasks.addResult(row)
      } catch (error) {
        // The task's row went with its owner: the result's foreign key fails (in a batch, at its
        // end: the batch runs again file by file, and its files get here).
        if (!(await stillOwned(run, repositories))) throw new TaskStopped('owner_gone')
        throw error
      }
    }
  }

  /**
   * What an error while importing one file or row means: the end of the task (a full disk, its
   * owner gone, thrown as {@link TaskStopped}), or else the file's catalogued reason.
   */
  async function failureOf(run: Run, error: unknown): Promise<ErrorCode> {
    if (error instanceof TaskStopped) throw error
    if (isDiskFull(error, context.layout.root)) throw new TaskStopped('disk_full')
    // An owner deleted mid-file makes the insert fail: that is the end of the task, not a file error.
    if (!(await stillOwned(run))) throw new TaskStopped('owner_gone')
    return reasonOf(error, logError)
  }

  /** Counts a committed result in `run`. */
  function recorded(run: Run, result: ImportFileResult): void {
    run.filesDone += 1
    run.done.add(result.file)
  }

  /**
   * Stores one file's result with the task's progress, in a write of its own, at its place `seq`
   * (the next one by default); `queued` is called once the write is queued.
   */
  async function record(run: Run, result: ImportFileResult, seq = run.nextSeq++, queued?: () => void): Promise<void> {
    await database.write((repositories) => writeResult(repositories, run, result, seq), { queued, shared: true })
    recorded(run, result)
  }

  /**
   * The plan step: reads an export's metadata files, if the archive's layout is one of a known
   * export. Each is extracted like a track file (refusals, size limit, the import's bytes) and read
   * in the metadata thread, one at a time, its rows within the files limit. A file that cannot be
   * read is one error of the report: the export's files are imported all the same, without it.
   */
  async function readPlan(source: EntrySource, listed: ListedEntry[]): Promise<ExportPlan | null> {
    const detected = detectExport(listed.map((item) => item.name))
    if (!detected) return null
    const plan = emptyPlan(detected.kind)
    for (const name of detected.metadata) {
      const item = listed.find((candidate) => candidate.name === name)
      if (!item) continue
      const target = join(context.layout.tmp, `export-${randomToken()}`)
      try {
        await readEntry(source, item, 'metadata', target)
        mergePlans(plan, await context.compute.readExportMetadata(detected.kind, target, name, source.limits.maxFiles - planRows(plan)))
      } catch (error) {
        if (isDiskFull(error, context.layout.root)) throw error
        // Refused (size, ratio, budget), or damaged (it inflates to other than it declares).
        plan.errors.push({ key: name, code: isAppError(error) ? error.code : 'export_row_invalid' })
      } finally {
        await removeFiles([target])
      }
    }
    return plan
  }

  const choicesWith = (choices: ImportChoices, meta: ActivityMeta): ImportChoices => ({
    sportId: meta.sportId ?? choices.sportId,
    title: meta.title?.slice(0, TITLE_MAX) ?? undefined,
    notes: meta.notes?.slice(0, NOTES_MAX) ?? undefined,
    levels: choices.levels,
  })

  async function startOf(workoutId: string): Promise<number | null> {
    return (await reads.workouts.startOf(workoutId))?.getTime() ?? null
  }

  /** Applies an export's title, notes and sport to a workout already there (update, not a copy). */
  async function applyMeta(run: Run, workoutId: string, meta: ActivityMeta): Promise<void> {
    const workout = await reads.workouts.ofUser(workoutId, run.user.id)
    if (!workout) return
    const wanted = choicesWith(run.options.choices, meta)
    const changes: { title?: string; notes?: string; sport_id?: number } = {}
    if (wanted.title && wanted.title !== workout.title) changes.title = wanted.title
    if (wanted.notes && wanted.notes !== workout.notes) changes.notes = wanted.notes
    if (meta.sportId !== null && meta.sportId !== workout.sportId) changes.sport_id = meta.sportId
    if (Object.keys(changes).length > 0) await workouts.update(run.user, workoutId, changes)
    await linkGear(run, workoutId, (meta.gear ?? []).flatMap((label) => run.gear.get(label)?.id ?? []))
  }

  /** Links an export's gear to a workout of the user's (beside what it has; see `linkExportGear`). */
  async function linkGear(run: Run, workoutId: string, itemIds: readonly string[]): Promise<void> {
    if (itemIds.length > 0) await database.write((repositories) => linkExportGear(repositories, { id: workoutId, userId: run.user.id }, itemIds))
  }

  /**
   * A workout without a file from an export's figures, unless the same one is already there: the
   * figures are compared as they would be stored (capped), at the row's instant (a minute either
   * way: rows stored before kept only the minute).
   */
  async function importFileless(run: Run, activity: FilelessActivity): Promise<ImportFileResult> {
    const sportId = activity.sportId ?? run.options.choices.sportId
    const duration = Math.min(activity.durationS, MAX_FILELESS_DURATION_S)
    const distance = Math.min(activity.distanceKm, MAX_FILELESS_DISTANCE_KM)
    const same = await reads.workouts.sameOutingId({
      userId: run.user.id,
      sportId,
      from: new Date(activity.start.getTime() - 60_000),
      until: new Date(activity.start.getTime() + 60_000),
      distanceKm: distance,
      durationS: duration,
    })
    if (same !== null) {
      await applyMeta(run, same, activity)
      return { file: activity.key, status: 'duplicate', workout_id: same, workout_ids: [same] }
    }
    if (!takeWorkout(run.budget)) return failed(activity.key, 'zip_too_many_files')
    const equipmentIds = exportGearIds(run.gear, run.plan?.gearListed ?? false, activity.gear, sportId, run.options.choices.equipmentIds)
    const created = await workouts.createWithoutFileAt(
      run.user,
      {
        sport_id: sportId,
        duration,
        distance,
        ...(equipmentIds ? { equipment_ids: [...equipmentIds] } : {}),
        ...(activity.title ? { title: activity.title.slice(0, TITLE_MAX) } : {}),
        ...(activity.notes ? { notes: activity.notes.slice(0, NOTES_MAX) } : {}),
      },
      activity.start,
    )
    const id = created.data.workouts[0]?.id ?? ''
    await linkGear(run, id, retiredGearIds(run.gear, activity.gear))
    return { file: activity.key, status: 'imported', workout_id: id, workout_ids: [id] }
  }

  /** After the files: the export's activities without a file, its refused rows, its missing files. */
  async function finishExport(run: Run, plan: ExportPlan): Promise<void> {
    for (const error of plan.errors) {
      if (!run.done.has(error.key)) await record(run, failed(error.key, error.code))
    }
    for (const activity of plan.fileless) {
      if (run.signal.aborted) throw new TaskStopped('server_stopping')
      if (run.done.has(activity.key)) continue
      let outcome: ImportFileResult
      try {
        outcome = await importFileless(run, activity)
      } catch (error) {
        outcome = failed(activity.key, await failureOf(run, error))
      }
      await record(run, outcome)
    }
    for (const file of plan.byFile.keys()) {
      if (run.seen.has(file) || run.done.has(file)) continue
      run.filesTotal += 1
      await record(run, failed(file, 'export_file_missing'))
    }
  }

  /**
   * Imports the entries of an opened archive; nested archives recurse once. Several files are
   * extracted and parsed at once, two per compute thread and one more, so a thread finds its next
   * file extracted while the event loop extracts and writes the others (their parse waits in the
   * pool's background lane: another user's upload goes before them); files whose write is queued
   * no longer count there (up to {@link MAX_WRITES_WAITING} of them). Files are written in the
   * archive's order all the same: each file's write is queued once the file before it has queued
   * its own (or ended without one), so files ready together commit in one transaction (see
   * `createWriteQueue`), each in a savepoint of its own.
   * @param after the turn of the file before the first (for a nested archive's files)
   */
  async function importEntries(
    zip: ZipFile,
    listed: ListedEntry[],
    prefix: string,
    depth: number,
    run: Run,
    after: Promise<void> = Promise.resolve(),
  ): Promise<void> {
    /** Every file under way, until it has ended. */
    const running = new Set<Promise<void>>()
    /** Of which those whose write is not queued yet (being extracted or parsed, or waiting for their turn). */
    const unqueued = new Set<Promise<void>>()
    let turn = after
    let stopped: Error | null = null
    for (const item of listed) {
      if (run.signal.aborted) stopped ??= new TaskStopped('server_stopping')
      for (;;) {
        if (stopped !== null) break
        if (unqueued.size > 2 * context.compute.size) await Promise.race(unqueued)
        else if (running.size >= 2 * context.compute.size + 1 + MAX_WRITES_WAITING) await Promise.race(running)
        else break
      }
      if (stopped !== null) break
      const file = prefix + item.name
      if (run.done.has(file)) continue
      let queued = () => {}
      const next = new Promise<void>((resolve) => (queued = resolve))
      const step = importAndRecord(zip, item, file, depth, run, turn, queued)
      // The next file's turn comes once this one's write is queued, or it has ended, whatever its fate.
      void step.then(queued, queued)
      turn = next
      const waiting: Promise<void> = next.then(() => void unqueued.delete(waiting))
      unqueued.add(waiting)
      const tracked: Promise<void> = step
        .catch((error: unknown) => {
          stopped ??= error instanceof Error ? error : new Error(String(error))
        })
        .finally(() => running.delete(tracked))
      running.add(tracked)
    }
    // Files under way finish (or fail) before the task ends or stops: none is left half done.
    await Promise.all(running)
    if (stopped !== null) throw stopped
  }

  /**
   * Imports one entry and stores its result, its writes queued after the entry before it has
   * queued its own (`turn`); calls `queued` once its first write is queued.
   */
  async function importAndRecord(
    zip: ZipFile,
    item: ListedEntry,
    file: string,
    depth: number,
    run: Run,
    turn: Promise<void>,
    queued: () => void,
  ): Promise<void> {
    let seq: number | undefined
    const place = () => (seq ??= run.nextSeq++)
    const result = await importEntry(zip, item, file, depth, run, {
      writeAfter: turn,
      writeQueued: () => {
        place()
        queued()
      },
      seq: place,
    })
    if (!result) return
    await turn
    await record(run, result, place(), queued)
  }

  /**
   * Imports one entry: its result, or null when it is stored already (with the file's import) or
   * has none (a nested archive: its files have their own).
   */
  async function importEntry(
    zip: ZipFile,
    item: ListedEntry,
    file: string,
    depth: number,
    run: Run,
    order: { writeAfter: Promise<void>; writeQueued: () => void; seq: () => number },
  ): Promise<ImportFileResult | null> {
    const { writeAfter, writeQueued } = order
    // Refused from the central directory alone (the reader would refuse it too): nothing is read.
    if (item.refusal) return failed(file, item.refusal)
    const source: EntrySource = { zip, limits: run.options.limits, budget: run.budget, depth }
    run.importing.add(file)
    // No ownership check before each file: the file's result row is written with the task's
    // progress in its own transaction, which fails (and rolls the file back) once the task is gone.
    const target = join(context.layout.tmp, `import-${randomToken()}${extname(item.name).toLowerCase()}`)
    try {
      if (item.kind === 'archive') {
        await readEntry(source, item, 'archive', target)
        try {
          const inner = await openZip(target)
          try {
            const innerListed = await listEntries(inner, run.options.limits, depth + 1, run.budget)
            // A nested archive counts as the files it holds.
            run.filesTotal += innerListed.length - 1
            await importEntries(inner, innerListed, `${file}/`, depth + 1, run, writeAfter)
          } finally {
            inner.close()
          }
        } finally {
          await removeFiles([target])
        }
        return null
      }
      const gzipped = item.name.toLowerCase().endsWith('.gz')
      const fileHash = await readEntry(source, item, 'track', target)
      // Strava and the reference tracker name each activity's file in their list.
      const listedMeta = run.plan?.byFile.get(file) ?? null
      if (listedMeta) run.seen.add(file)
      const choices = listedMeta
        ? { ...choicesWith(run.options.choices, listedMeta), equipmentIds: exportGearIds(run.gear, run.plan?.gearListed ?? false, listedMeta.gear, listedMeta.sportId ?? run.options.choices.sportId, run.options.choices.equipmentIds) }
        : run.options.choices
      // Garmin's files are matched after import (by id in the name, else by start time), and an
      // export's duplicate takes the export's title and notes: their result is stored after that.
      const metaAfter = (outcome: FileImportOutcome) => (listedMeta ? outcome.status === 'duplicate' : run.plan?.kind === 'garmin')
      let stored: ImportFileResult | null = null
      // The extracted file is consumed by the import (kept under uploads/ or removed).
      const imported = await importWorkoutFile(context, run.user, target, gzipped ? item.name.slice(0, -3) : item.name, choices, {
        writeAfter,
        writeQueued,
        fileHash,
        sportSettings: run.sportSettings,
        background: true,
        inTransaction: async (repositories, outcome) => {
          if (metaAfter(outcome)) return
          const result = fileResult(file, outcome)
          await writeResult(repositories, run, result, order.seq())
          stored = result
        },
      })
      if (stored) {
        recorded(run, stored)
        return null
      }
      const workoutId = imported.status === 'imported' ? imported.workout.id : imported.workoutId
      const meta = listedMeta ?? (run.plan?.kind === 'garmin' ? garminMeta(run.plan, basename(item.name), await startOf(workoutId)) : null)
      if (meta && metaAfter(imported)) await applyMeta(run, workoutId, meta)
      else if (listedMeta && imported.status === 'imported') await linkGear(run, workoutId, retiredGearIds(run.gear, listedMeta.gear))
      return fileResult(file, imported)
    } catch (error) {
      // The extracted file is the import's to keep or remove; one it failed to (a full disk) goes here.
      await removeFiles([target])
      return failed(file, await failureOf(run, error))
    } finally {
      run.importing.delete(file)
    }
  }

  /** How a task ended: its status and message, and whether its archive is kept (to resume it). */
  interface Ending {
    status: 'done' | 'failed'
    message: string | null
    keepArchive: boolean
  }

  /** What a task's run ending with `error` means: nothing to write when it is left for the next start or its owner is gone. */
  async function endingOf(error: unknown, archivePath: string): Promise<Ending | null> {
    // A full disk, wherever it struck (a file, a result, the metadata): the task waits for space
    // with its archive, and its owner resumes it (its stored results are kept).
    if ((error instanceof TaskStopped && error.reason === 'disk_full') || isDiskFull(error, context.layout.root)) {
      context.config.logger.warn('an import stopped: the disk is full; its owner can resume it once there is space')
      return { status: 'failed', message: DISK_FULL_MESSAGE, keepArchive: true }
    }
    if (error instanceof TaskStopped) {
      // A stopping server leaves the task and its archive for the next start; a deleted owner
      // took the task's row with them: only the archive is left to remove.
      if (error.reason === 'owner_gone') await rm(archivePath, { force: true })
      // Another instance runs it now, with its archive and results.
      if (error.reason === 'lease_lost') context.config.logger.warn('an import this instance ran was taken over by another instance: it stopped writing it')
      return null
    }
    // The kept archive is gone or damaged: the results stored so far say exactly what was done.
    if (!isAppError(error)) logError(error)
    return { status: 'failed', message: errorCatalogue.import_interrupted.message, keepArchive: false }
  }

  /** The report step: writes how the task ended and announces it. */
  async function report(run: Run, archivePath: string, ending: Ending): Promise<void> {
    const { status, message, keepArchive } = ending
    const fields: Partial<ImportTaskEntity> = {
      status,
      message,
      filesDone: run.filesDone,
      filesTotal: run.filesTotal,
      currentFile: null,
      bytesExtracted: run.options.limits.maxArchiveBytes - run.budget.bytes,
      archivePath: keepArchive ? archivePath : null,
      attempts: 0,
      finishedAt: context.now(),
    }
    const end = () => database.write(({ importTasks }) => importTasks.update(run.taskId, fields))
    try {
      await end().catch(async (error: unknown) => {
        if (run.signal.aborted) throw error
        // The write-ahead log may hold the space this update needs: emptied into the database, it is written again.
        await database.checkpointWriteAheadLog()
        await end()
      })
    } catch (error) {
      // A stopping server's closed database: the next start resumes the task.
      if (run.signal.aborted) {
        logError(error)
        return
      }
      // Not even the task's end could be written: it ends all the same, written before the next task
      // starts. Whatever the error says: on a full tmpfs SQLite reports an I/O error, and space freed
      // by the files that failed meanwhile can make the disk look less than full when it is asked.
      logError(error)
      context.config.logger.warn("an import's end is kept in memory until it can be written")
      unwritten.set(run.taskId, fields)
    }
    if (!keepArchive) await rm(archivePath, { force: true })
    finished.emit(run.taskId)
    finished.emit(ANY_TASK, run.taskId)
  }

  /**
   * Runs (or resumes) a task to its end: plan, then read, analyse and commit its files, then report.
   * A server stop leaves it resumable; a full disk leaves it for its owner to resume.
   * @param stored the results stored before a stop (their files are skipped; the next result goes after the last)
   * @param afterCrash a resumption at start-up: counted (stored) before it runs, see {@link resume}
   */
  function launch(
    row: ImportTaskEntity,
    user: UserEntity,
    options: TaskOptions,
    stored: readonly Pick<ImportTaskResultEntity, 'file' | 'seq'>[],
    afterCrash = false,
  ): void {
    const done = new Set(stored.map((result) => result.file))
    const archivePath = row.archivePath ?? ''
    holding.add(row.id)
    context.background.run(async (signal) => {
      try {
        await runTask(signal)
      } finally {
        holding.delete(row.id)
      }
    })
    async function runTask(signal: AbortSignal): Promise<void> {
      // A server already stopping leaves the task as it found it, uncounted: the stop may not wait
      // for work started after it began, and the database may close under it.
      if (signal.aborted) return
      if (afterCrash) await database.write(({ importTasks }) => importTasks.update(row.id, { attempts: row.attempts + 1 }))
      const run: Run = {
        taskId: row.id,
        user,
        options,
        budget: createBudget(options.limits, { files: done.size, bytes: row.bytesExtracted }),
        signal,
        done,
        // A stop may leave places taken but not stored: the next goes after the last stored.
        nextSeq: stored.reduce((last, result) => Math.max(last, result.seq), -1) + 1,
        filesTotal: 0,
        filesDone: done.size,
        plan: null,
        gear: new Map(),
        seen: new Set(),
        importing: new Set(),
        sportSettings: sportSettingsOnce(sportSettingsOf(reads, user)),
        progressWrittenAt: Number.NEGATIVE_INFINITY,
      }
      let zip: ZipFile | null = null
      let ending: Ending | null = null
      try {
        zip = await openZip(archivePath)
        let listed = await listEntries(zip, options.limits, 0, run.budget)
        // An export's lists are read again when its task resumes, each time against the budget they
        // were first read with, and charged once: the bytes a stopped run stored include them.
        const planBudget = createBudget(options.limits)
        run.plan = await readPlan({ zip, limits: options.limits, budget: planBudget, depth: 0 }, listed)
        run.budget.bytes = Math.min(run.budget.bytes, planBudget.bytes)
        const gear = run.plan?.gear ?? []
        if (run.plan?.gearListed && gear.length > 0) run.gear = await database.write((repositories) => createExportGear(repositories, user.id, gear, context.now()))
        // An export's other files (profile, gear, photos, its own lists) are part of it, not mistakes.
        const plan = run.plan
        if (plan) listed = listed.filter((item) => isActivityPath(item.name) && !plan.derived.has(item.name))
        run.filesTotal = listed.length + (run.plan ? run.plan.fileless.length + run.plan.errors.length : 0)
        await importEntries(zip, listed, '', 0, run)
        if (run.plan) await finishExport(run, run.plan)
        ending = { status: 'done', message: null, keepArchive: false }
      } catch (error) {
        // A quit is not a crash: the task resumes at the next start as if it had never been resumed,
        // whatever the stop made fail first (a closing thread, zip or database), unless the disk is full.
        const stopping = signal.aborted && !isDiskFull(error, context.layout.root) && !(error instanceof TaskStopped && error.reason !== 'server_stopping')
        ending = stopping ? null : await endingOf(error, archivePath)
        if (stopping) await resetAttempts(run.taskId)
      } finally {
        zip?.close()
        if (ending) await report(run, archivePath, ending)
      }
    }
  }

  /**
   * A stopped instance lets its task go: the next start (or, on PostgreSQL, another instance) takes it over at once, uncounted.
   * Fenced: a task another instance took over while this one was held up stays that instance's.
   */
  async function resetAttempts(taskId: string): Promise<void> {
    await database.write(({ importTasks }) => importTasks.releaseLease(taskId, instance)).catch(logError)
  }

  /**
   * Picks up the tasks a crash or a stop left in progress, and removes archives nobody owns. A task
   * is resumed once after a crash: the count is stored before it runs, so a task found running
   * again (the server died during it twice) ends failed and is never resumed again.
   */
  async function resume(): Promise<void> {
    await mkdir(archivesDir, { recursive: true, mode: 0o700 })
    await purgeExpired()
    // Another instance may have kept an archive whose task it has not written yet: on a shared
    // database, archives are removed with their tasks only.
    if (!shared) {
      const keep = new Set(await reads.importTasks.keptArchives())
      for (const name of await readdir(archivesDir)) {
        const path = join(archivesDir, name)
        if (!keep.has(path)) await rm(path, { force: true })
      }
    }
    await takeOverAbandoned()
  }

  /** Claims the tasks no running instance holds (all in progress, on SQLite's one server) and resumes them. */
  async function takeOverAbandoned(): Promise<void> {
    // Read first: a write only when there is a task to claim (most starts and scans find none).
    if (!(await reads.importTasks.anyAbandoned(context.now(), !shared))) return
    const claimed = await database.write(({ importTasks }) => importTasks.claimAbandoned(instance, context.now(), leaseEnd(), !shared))
    for (const row of claimed) {
      const user = await reads.users.byId(row.userId)
      if (!user) continue
      if (row.attempts >= 1) {
        context.config.logger.warn('an import that was running when the server stopped twice is not resumed again')
        await database.write(({ importTasks }) =>
          importTasks.update(row.id, {
            status: 'failed',
            message: errorCatalogue.import_crashed_twice.message,
            currentFile: null,
            archivePath: null,
            finishedAt: context.now(),
          }),
        )
        if (row.archivePath) await rm(row.archivePath, { force: true })
        continue
      }
      await relaunch(row, user, true)
    }
  }

  /** Runs a stored task again from its stored results. */
  async function relaunch(row: ImportTaskEntity, user: UserEntity, afterCrash = false): Promise<void> {
    const results = await reads.importTasks.resultFiles(row.id)
    launch(row, user, JSON.parse(row.options) as TaskOptions, results, afterCrash)
  }

  const resumed = resume().catch((error: unknown) => context.config.logger.error('interrupted imports could not be resumed', error))
  // A server stopping at once still waits for the resumption (it reads the database being closed).
  context.background.run(() => resumed)

  /** Renews this instance's leases, and takes over the tasks of instances that died (shared databases only). */
  async function keepLeases(): Promise<void> {
    for (const taskId of holding) {
      const kept = await database.write(({ importTasks }) => importTasks.renewLease(taskId, instance, leaseEnd()))
      if (!kept) context.config.logger.warn('an import this instance ran was taken over by another instance')
    }
    await takeOverAbandoned()
  }
  const leaseTimer = shared
    ? setInterval(() => context.background.run(() => resumed.then(keepLeases).catch((error: unknown) => context.config.logger.error('import leases could not be renewed', error))), leaseMs / 3)
    : null
  leaseTimer?.unref()

  /** Fails with `import_too_many_running` when the user runs as many imports as allowed (in the write making another run). */
  async function checkRunning(repositories: Repositories, userId: number): Promise<void> {
    const running = await repositories.importTasks.countInProgress(userId)
    if (running >= MAX_RUNNING_PER_USER) throw new AppError('import_too_many_running')
  }

  return {
    resumed,

    stop() {
      if (leaseTimer) clearInterval(leaseTimer)
    },

    get(userId, id) {
      return load({ id, userId })
    },

    onFinished(listener) {
      finished.on(ANY_TASK, listener)
      return () => finished.off(ANY_TASK, listener)
    },

    async waitFor(taskId, ms) {
      let stopWaiting = () => {}
      const settled = new Promise<void>((resolve) => {
        const timer = setTimeout(stopWaiting, ms)
        stopWaiting = () => {
          clearTimeout(timer)
          finished.off(taskId, stopWaiting)
          resolve()
        }
        // Listening before reading, so a task finishing in between is not missed.
        finished.on(taskId, stopWaiting)
      })
      const now = await load({ id: taskId })
      if (now?.status !== 'in_progress') {
        stopWaiting()
        return now
      }
      await settled
      return load({ id: taskId })
    },

    async resume(user, id) {
      await resumed
      await writeEndings().catch((error: unknown) => {
        throw isDiskFull(error, context.layout.root) ? new AppError('disk_full') : error
      })
      const row = await database.write(async (repositories) => {
        const found = await repositories.importTasks.byId(id, user.id)
        if (!found) throw new AppError('import_task_not_found')
        if (found.status !== 'failed' || found.message !== DISK_FULL_MESSAGE || !found.archivePath) throw new AppError('import_not_resumable')
        await checkRunning(repositories, user.id)
        const again = { status: 'in_progress' as const, message: null, finishedAt: null, attempts: 0, leaseOwner: instance, leaseUntil: leaseEnd() }
        await repositories.importTasks.update(id, again)
        return Object.assign(found, again)
      })
      await relaunch(row, user)
      const task = await load({ id, userId: user.id })
      if (!task) throw new AppError('import_task_not_found')
      return task
    },

    async start(user, archivePath, choices, limits) {
      let zip: ZipFile | null = null
      const kept = join(archivesDir, `archive-${randomToken()}.zip`)
      try {
        await resumed
        await writeEndings()
        zip = await openZip(archivePath)
        const listed = await listEntries(zip, limits, 0, createBudget(limits))
        const importable = listed.filter((item) => item.kind !== 'other')
        if (importable.length === 0 && !detectExport(listed.map((item) => item.name))) throw new AppError('zip_no_workout_file')
        if (importable.length > limits.maxFiles) throw new AppError('zip_too_many_files')
        zip.close()
        zip = null

        await purgeExpired()
        await rename(archivePath, kept)
        const row = Object.assign(new ImportTaskEntity(), {
          id: randomToken().slice(0, 22),
          userId: user.id,
          status: 'in_progress' as const,
          message: null,
          filesTotal: listed.length,
          filesDone: 0,
          // Each file's result names the next one under way; the first is named from the start.
          currentFile: clipOrNull(importable[0]?.name),
          bytesExtracted: 0,
          archivePath: kept,
          attempts: 0,
          leaseOwner: instance,
          leaseUntil: leaseEnd(),
          options: JSON.stringify({ choices, limits } satisfies TaskOptions),
          createdAt: context.now(),
          finishedAt: null,
        })
        await database.write(async (repositories) => {
          await checkRunning(repositories, user.id)
          const repository = repositories.importTasks
          const tasks = await repository.newestFirst(user.id)
          const running = tasks.filter((task) => task.status === 'in_progress').length
          // The oldest finished reports make room for the new one.
          const old = tasks.filter((task) => task.status !== 'in_progress').slice(Math.max(0, MAX_TASKS_PER_USER - 1 - running))
          if (old.length > 0) await repository.remove(old.map((task) => task.id))
          await repository.insert(row)
        })
        launch(row, user, { choices, limits }, [])
        const task = await load({ id: row.id })
        if (!task) throw new AppError('import_task_not_found')
        return task
      } catch (error) {
        zip?.close()
        await rm(archivePath, { force: true })
        await rm(kept, { force: true })
        throw isDiskFull(error, context.layout.root) ? new AppError('disk_full') : error
      }
    },
  }
}

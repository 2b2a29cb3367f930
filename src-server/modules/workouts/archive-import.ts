import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import type { ImportFileResult, ImportTask } from '../../../src/contracts'
import { AppError, errorCatalogue, isAppError, type ErrorCode } from '../../../src/errors'
import type { ServerContext } from '../../context'
import type { UserEntity } from '../../db/entities'
import { randomToken } from '../../lib/secrets'
import { importWorkoutFile, TRACK_EXTENSIONS, type ImportChoices } from './workout-import'

/** Entries that decompress more than this many times their stored size are refused (zip bombs). */
export const MAX_COMPRESSION_RATIO = 100
/** An archive may hold archives, but those may not hold more. */
const MAX_NESTING = 1
/** How long a finished task's report stays available. */
const TASK_RETENTION_MS = 60 * 60_000

const S_IFMT = 0o170000
const S_IFLNK = 0o120000

/** Limits from the application settings, read when the upload arrives. */
export interface ArchiveLimits {
  /** Files that may become workouts, nested archives' files included. */
  maxFiles: number
  maxFileBytes: number
  /** Bytes that may be extracted from the archive in all (the archive size limit of the settings). */
  maxArchiveBytes: number
}

/**
 * What is left of an archive's limits while it is extracted. One budget per upload, shared by its
 * nested archives, so packing files into inner archives buys nothing (issue 14 M1).
 */
interface Budget {
  files: number
  bytes: number
}

/** An entry of an archive as listed in its central directory, before anything is extracted. */
interface ListedEntry {
  entry: Entry
  name: string
  /** Why the entry is refused without being read, or null. */
  refusal: string | null
  kind: 'track' | 'archive' | 'other'
}

/** Import tasks of one server, visible to their owner only. */
export interface ImportTasks {
  get(userId: number, id: string): ImportTask | undefined
  /** Starts importing an archive in the background; the archive file is consumed. */
  start(user: UserEntity, archivePath: string, choices: ImportChoices, limits: ArchiveLimits): Promise<ImportTask>
}

/** System clutter (macOS resource forks, dot-files) is skipped silently; `..` is not clutter but an attack. */
const isHidden = (name: string) =>
  name.split('/').some((part) => part === '__MACOSX' || (part.startsWith('.') && part !== '.' && part !== '..'))

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (error, zip) =>
      error ? reject(new AppError('zip_invalid')) : resolve(zip),
    )
  })
}

/** Reads the central directory: names, sizes and the reasons to refuse entries up front. */
function listEntries(zip: ZipFile, limits: ArchiveLimits, depth: number): Promise<ListedEntry[]> {
  return new Promise((resolve, reject) => {
    const listed: ListedEntry[] = []
    zip.on('error', () => reject(new AppError('zip_invalid')))
    zip.on('end', () => resolve(listed))
    zip.on('entry', (entry: Entry) => {
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false)
      const extension = extname(name).toLowerCase()
      const kind = TRACK_EXTENSIONS.has(extension) ? 'track' : extension === '.zip' ? 'archive' : 'other'
      const isDirectory = name.endsWith('/')
      if (!isDirectory && !isHidden(name)) {
        let refusal: string | null = null
        if (yauzl.validateFileName(name) !== null) refusal = errorCatalogue.archive_entry_unsafe_path.message
        else if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) refusal = errorCatalogue.archive_entry_symlink.message
        else if (kind === 'other') refusal = errorCatalogue.file_extension_not_allowed.message
        else if (kind === 'archive' && depth >= MAX_NESTING) refusal = errorCatalogue.archive_nested_too_deep.message
        else if (entry.uncompressedSize > limits.maxArchiveBytes) refusal = errorCatalogue.archive_extracted_too_large.message
        else if (kind !== 'archive' && entry.uncompressedSize > limits.maxFileBytes) refusal = errorCatalogue.file_too_large.message
        else if (entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > MAX_COMPRESSION_RATIO) {
          refusal = errorCatalogue.archive_entry_ratio.message
        }
        listed.push({ entry, name, refusal, kind })
      }
      zip.readEntry()
    })
    zip.readEntry()
  })
}

/**
 * Extracts one entry to `target`, never writing more than it declared (yauzl checks), than
 * `maxBytes` (refused as `tooLarge`), or than what is left of the archive's budget.
 * @returns the bytes written
 */
async function extract(zip: ZipFile, entry: Entry, target: string, maxBytes: number, budget: Budget, tooLarge: ErrorCode): Promise<number> {
  const stream = await zip.openReadStreamPromise(entry)
  let written = 0
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length
      if (written > budget.bytes) done(new AppError('archive_extracted_too_large'))
      else done(written > maxBytes ? new AppError(tooLarge) : null, chunk)
    },
  })
  await pipeline(stream, guard, createWriteStream(target, { flags: 'wx' }))
  return written
}

/** A plain reason for a file that could not be imported. */
function reasonOf(error: unknown, logError: (error: unknown) => void): string {
  if (isAppError(error)) return error.message
  logError(error)
  return errorCatalogue.gpx_processing_failed.message
}

export function createImportTasks(context: ServerContext): ImportTasks {
  const tasks = new Map<string, { userId: number; task: ImportTask; finishedAt: number | null }>()
  const logError = (error: unknown) => context.config.logger.error('a file of an archive could not be imported', error)

  const forget = () => {
    const now = context.now().getTime()
    for (const [id, entry] of tasks) if (entry.finishedAt !== null && now - entry.finishedAt > TASK_RETENTION_MS) tasks.delete(id)
  }

  /** Imports the entries of an opened archive one by one; nested archives recurse once. */
  async function importEntries(
    zip: ZipFile,
    listed: ListedEntry[],
    prefix: string,
    depth: number,
    work: { user: UserEntity; choices: ImportChoices; limits: ArchiveLimits; budget: Budget; task: ImportTask; signal: AbortSignal },
  ): Promise<void> {
    for (const item of listed) {
      if (work.signal.aborted) return
      const file = prefix + item.name
      const result = (outcome: ImportFileResult) => {
        work.task.results.push(outcome)
        work.task.files_done += 1
      }
      if (item.refusal) {
        result({ file, status: 'error', message: item.refusal })
        continue
      }
      if (item.kind === 'track') {
        if (work.budget.files <= 0) {
          result({ file, status: 'error', message: errorCatalogue.zip_too_many_files.message })
          continue
        }
        work.budget.files -= 1
      }
      const target = join(context.layout.tmp, `import-${randomToken()}${extname(item.name).toLowerCase()}`)
      try {
        if (item.kind === 'archive') {
          // The nested archive itself is bounded by what is left of the budget but does not spend it:
          // its files spend it as they are extracted, so temporary space stays under twice the limit.
          await extract(zip, item.entry, target, work.budget.bytes, work.budget, 'archive_extracted_too_large')
        } else {
          work.budget.bytes -= await extract(zip, item.entry, target, work.limits.maxFileBytes, work.budget, 'file_too_large')
        }
        if (item.kind === 'archive') {
          // A nested archive counts as the files it holds.
          const inner = await openZip(target)
          try {
            const innerListed = await listEntries(inner, work.limits, depth + 1)
            work.task.files_total += innerListed.length - 1
            await importEntries(inner, innerListed, `${file}/`, depth + 1, work)
          } finally {
            inner.close()
          }
          continue
        }
        const outcome = await importWorkoutFile(context, work.user, target, item.name, work.choices)
        result(
          outcome.status === 'imported'
            ? { file, status: 'imported', workout_id: outcome.workout.id }
            : { file, status: 'duplicate', workout_id: outcome.workoutId },
        )
      } catch (error) {
        result({ file, status: 'error', message: reasonOf(error, logError) })
      } finally {
        await rm(target, { force: true })
      }
    }
  }

  return {
    get(userId, id) {
      forget()
      const entry = tasks.get(id)
      return entry && entry.userId === userId ? entry.task : undefined
    },

    async start(user, archivePath, choices, limits) {
      let zip: ZipFile | null = null
      try {
        zip = await openZip(archivePath)
        const listed = await listEntries(zip, limits, 0)
        const importable = listed.filter((item) => item.kind !== 'other')
        if (importable.length === 0) throw new AppError('zip_no_workout_file')
        if (importable.length > limits.maxFiles) throw new AppError('zip_too_many_files')
        const budget: Budget = { files: limits.maxFiles, bytes: limits.maxArchiveBytes }

        const task: ImportTask = { id: randomToken().slice(0, 22), status: 'in_progress', files_total: listed.length, files_done: 0, results: [] }
        const record = { userId: user.id, task, finishedAt: null as number | null }
        tasks.set(task.id, record)
        const opened = zip
        zip = null
        context.background.run(async (signal) => {
          try {
            await importEntries(opened, listed, '', 0, { user, choices, limits, budget, task, signal })
            task.status = signal.aborted ? 'failed' : 'done'
            if (signal.aborted) task.message = 'the server stopped before the import finished'
          } finally {
            opened.close()
            await rm(archivePath, { force: true })
            record.finishedAt = context.now().getTime()
          }
        })
        return task
      } catch (error) {
        zip?.close()
        await rm(archivePath, { force: true })
        throw error
      }
    },
  }
}

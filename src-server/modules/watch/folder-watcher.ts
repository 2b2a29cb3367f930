import { constants, createWriteStream, type Stats } from 'node:fs'
import { lstat, open, readdir, realpath, rm, stat } from 'node:fs/promises'
import { basename, extname, join, relative, sep } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { AutomaticImport, AutomaticImportsResponse, WatchedFolderState } from '../../../src/contracts'
import { SPORT_ID } from '../../../src/domain/sports'
import { AppError, isAppError, type ErrorCode } from '../../../src/errors'
import type { ServerConfig } from '../../config/server-config'
import { DataDirError } from '../../data-dir'
import type { UserEntity, WatchedFileEntity } from '../../db/entities'
import type { Database } from '../../db/repositories'
import type { WatchedFileOutcome } from '../../db/repositories/watched-files.repository'
import type { Background } from '../../lib/background'
import { randomToken } from '../../lib/secrets'
import { readSettings } from '../app-config/app-config.service'
import type { ImportTasks } from '../workouts/archive-import'
import { archiveLimitsOf } from '../workouts/workout-upload'
import { findDeviceVolumes, type DeviceVolume } from './device-volumes'
import { trackExtension, type FileImportOutcome, type ImportChoices } from '../workouts/workout-import'

/** A device the desktop user answered for: the account its activities go to, or null for "never". */
export interface RememberedDevice {
  id: string
  username: string | null
}

/** Plugged-in watches: drives mounted under `roots` with a known activity layout. */
export interface WatchedDevices {
  roots: string[]
  /** Every device's activities go to this account (headless `--watch-devices NAME`); null: remembered devices only. */
  username: string | null
  /** Devices answered for in the desktop app; any other is announced (`onDeviceFound`) and left alone. */
  remembered?: readonly RememberedDevice[]
}

/** A plugged-in device nobody answered for yet, and the accounts its activities could go to. */
export interface FoundDevice {
  id: string
  name: string
  accounts: string[]
}

/** A folder whose new activity files are imported into one user's account. */
export interface WatchedFolder {
  /** Absolute path of the folder. */
  dir: string
  /** The account the files go to. */
  username: string
}

export interface FolderWatcher {
  /**
   * Looks through every watched folder once. A new or changed file is taken once it is stable:
   * the same size and modification time as at the previous scan (so a file still being written or
   * synced is left for later); a file already taken with that size and time is skipped, also after
   * a restart.
   */
  scan(): Promise<void>
  /** The caller's watched folders and their latest automatic imports, newest first. */
  list(user: UserEntity): Promise<AutomaticImportsResponse>
  /** Stops the periodic scans. */
  stop(): void
}

/** How often folders are looked through: a file is taken on the scan after it stops changing. */
export const WATCH_INTERVAL_MS = 10_000
/** Sub-folders looked into (a sync folder's `Apps/<app>/<year>/` layout). */
const MAX_DEPTH = 4
/** Files taken per scan, so a folder of years of files does not hold one scan for hours. */
const MAX_TAKEN_PER_SCAN = 50
/**
 * Files already listed before whose size and time are checked per scan, in turn: a folder of
 * 100,000 files is not stat'ed whole every 10 s, and new files are looked at first.
 */
const BACKLOG_CHECKS_PER_SCAN = 1000
/** Accounts offered for a plugged-in device (a desktop dialog has room for a few buttons). */
const MAX_OFFERED_ACCOUNTS = 4
/** Entries listed in the automatic imports answer. */
const MAX_LISTED = 100
/**
 * Watched files name no sport the user chose: the file's own sport is taken (detect), and "Other"
 * when it names none, for the user to change.
 */
const CHOICES: ImportChoices = { sportId: SPORT_ID.other, detectSport: true }

const isArchive = (name: string) => extname(name).toLowerCase() === '.zip'
const isCandidate = (name: string) => !name.startsWith('.') && (isArchive(name) || trackExtension(name) !== null)

/** The activity files and archives under `dir` (hidden entries and symbolic links left out). */
async function listFiles(dir: string, depth = 0): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory() && depth < MAX_DEPTH && !entry.name.startsWith('.')) {
      // A sub-folder that cannot be read is left out; the folder itself must be readable.
      found.push(...(await listFiles(path, depth + 1).catch(() => [])))
    } else if (entry.isFile() && isCandidate(entry.name)) found.push(path)
  }
  return found
}

/** Whether `inner` is `outer` or lies inside it (both real paths). */
const within = (inner: string, outer: string) => inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : `${outer}${sep}`)

/**
 * Refuses, before the server starts, watched folders it must never read: one that holds the data
 * folder or lies inside it (it would import other users' originals from `uploads/`), and one
 * folder given for two accounts (each folder belongs to one account). Compared by real path, so
 * a link or `..` cannot hide it. A folder that does not exist yet is compared as written.
 * @throws DataDirError with a one-line reason
 */
export async function checkWatchedFolders(folders: readonly WatchedFolder[], dataDir: string): Promise<void> {
  const real = (path: string) => realpath(path).catch(() => path)
  const data = await real(dataDir)
  const owners = new Map<string, string>()
  for (const folder of folders) {
    const dir = await real(folder.dir)
    if (within(data, dir) || within(dir, data)) {
      throw new DataDirError(`watched folder ${folder.dir} ${within(data, dir) ? 'contains' : 'lies inside'} the data folder ${dataDir}: watch a folder of its own`)
    }
    const owner = owners.get(dir)
    if (owner !== undefined && owner !== folder.username) {
      throw new DataDirError(`watched folder ${folder.dir} is given for both ${owner} and ${folder.username}: one account per folder`)
    }
    owners.set(dir, folder.username)
  }
}

/** A watched path that is not a plain file once opened (a FIFO, a device, a folder swapped in). */
class NotAPlainFile extends Error {}

/**
 * Copies a watched file for the import, opening it once: without following a link and without
 * blocking (a FIFO swapped in for the file would hold a thread until someone writes to it), then
 * checking the opened descriptor (a plain file, at most `maxBytes`) and reading from it, so what
 * is copied is what was checked, whatever is put at the path meanwhile.
 * @returns the size and modification time of the file copied
 */
async function copyOpened(path: string, target: string, maxBytes: number): Promise<{ size: number; modifiedMs: number }> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  try {
    const info = await handle.stat()
    if (!info.isFile()) throw new NotAPlainFile(path)
    if (info.size > maxBytes) throw new AppError('file_too_large')
    await pipeline(handle.createReadStream({ start: 0, end: Math.max(0, info.size - 1), autoClose: false }), createWriteStream(target, { flags: 'wx' }))
    return { size: info.size, modifiedMs: info.mtimeMs }
  } finally {
    await handle.close()
  }
}

const errnoOf = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code

/** Read errors of a drive unplugged while it was read. */
const UNPLUGGED = new Set(['EIO', 'ENXIO', 'ENODEV'])

/**
 * True when `error` means the file's drive or watched folder `dir` went away (unplugged,
 * unmounted, removed): then the file is reported as such and taken again once it can be reached.
 * Exported for its test: a drive failing mid-read (EIO) cannot be made in a test of the watcher.
 */
export async function sourceGone(error: unknown, dir: string): Promise<boolean> {
  const code = errnoOf(error)
  if (code !== undefined && UNPLUGGED.has(code)) return true
  return code === 'ENOENT' && (await stat(dir).catch(() => null)) === null
}

/** What a file whose drive or folder went away is stored as (taken again once it is back). */
const GONE = { status: 'error', workoutIds: null, code: 'watched_source_gone', taskId: null } as const

function folderState(error: unknown): WatchedFolderState['state'] {
  const code = errnoOf(error)
  return code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : 'unreadable'
}

/** What a file's import ended as, to be stored. */
type Taken = WatchedFileOutcome

export interface FolderWatcherDependencies {
  database: Database
  config: Pick<ServerConfig, 'logger' | 'onAutomaticImport' | 'onDeviceFound'>
  /** Where a watched file is copied for its import (the data folder's `tmp/`). */
  tmpDir: string
  background: Background
  /** Imports one copied file as an upload is (same dedupe and limits). */
  importFile: (user: UserEntity, copy: string, originalName: string, choices: ImportChoices) => Promise<FileImportOutcome>
  /** The server's clock (tests control it). */
  now: () => Date
}

/**
 * Watches folders and imports what appears in them through the same path as uploads (one file:
 * the file import; an archive: a background import task), with the same dedupe and limits.
 */
export function createFolderWatcher(
  dependencies: FolderWatcherDependencies,
  imports: ImportTasks,
  folders: readonly WatchedFolder[],
  intervalMs: number | null,
  devices: WatchedDevices | null = null,
): FolderWatcher {
  const { database, config, tmpDir, background, importFile, now } = dependencies
  const { reads } = database
  /** Size and time of files seen changed at the last scan, by user and path: taken if still so. */
  const pending = new Map<string, { size: number; modifiedMs: number }>()
  const states = new Map<string, WatchedFolderState['state']>()
  /** Paths listed at the previous scan of each folder: what was not there is looked at first. */
  const listed = new Map<string, Set<string>>()
  /** Where the next scan of each folder goes on checking the files listed before. */
  const cursors = new Map<string, number>()
  /** Files that were new at the previous scan of each folder: taken before the backlog's. */
  const arrived = new Map<string, Set<string>>()
  let scanning: Promise<void> | null = null
  let timer: NodeJS.Timeout | null = null
  let stopped = false
  /** Devices announced during this run. */
  const announced = new Set<string>()
  // Announced as soon as an archive's task ends, not at the next scan.
  const unsubscribe = imports.onFinished((taskId) => background.run(() => settleArchives(taskId)))

  /** Logs a folder's state when it changes (not at every scan). */
  function setState(folder: WatchedFolder, state: WatchedFolderState['state']): void {
    const before = states.get(folder.dir)
    states.set(folder.dir, state)
    if (before === state) return
    if (state === 'watching') config.logger.info(`watching ${folder.dir} for ${folder.username}`)
    else config.logger.warn(`watched folder ${folder.dir} is ${state}; it is looked at again at every scan`)
  }

  async function store(user: UserEntity, folder: WatchedFolder, path: string, size: number, modifiedMs: number, taken: Taken): Promise<void> {
    const row = { userId: user.id, folder: folder.dir, path, size, modifiedMs, takenAt: now(), ...taken }
    await database.write(async ({ watchedFiles }) => {
      const existing = await watchedFiles.byPath(user.id, path)
      if (!existing) return watchedFiles.insert(row)
      // The same bytes copied again (a drive plugged in again): still the workout it gave.
      const same = taken.status === 'duplicate' && existing.status === 'imported' && existing.workoutIds?.split(' ').includes(taken.workoutIds ?? '')
      return watchedFiles.update(existing.id, same ? { size, modifiedMs } : row)
    })
  }

  /** Stores what became of a file, and tells the desktop (archives: once their task is over). */
  async function record(user: UserEntity, folder: WatchedFolder, path: string, size: number, modifiedMs: number, taken: Taken): Promise<void> {
    await store(user, folder, path, size, modifiedMs, taken)
    if (taken.status !== 'in_progress') config.onAutomaticImport?.({ file: basename(path), status: taken.status })
  }

  /**
   * Imports one stable file: `done` when its outcome is stored, `later` when it is to be tried at
   * the next scan, `gone` when its drive or folder went away (reported; nothing of it is saved).
   */
  async function take(user: UserEntity, folder: WatchedFolder, path: string, size: number, modifiedMs: number): Promise<'done' | 'later' | 'gone'> {
    const copy = join(tmpDir, `watched-${randomToken()}${extname(path).toLowerCase()}`)
    let taken: Taken
    try {
      // The same size limits as uploads, checked on the opened file before anything is copied.
      const settings = await readSettings(reads)
      // The import consumes its file: it gets a copy, the folder is never written to.
      await copyOpened(path, copy, isArchive(path) ? settings.maxZipFileSize : settings.maxSingleFileSize)
      if (isArchive(path)) {
        const task = await imports.start(user, copy, CHOICES, archiveLimitsOf(settings))
        taken = { status: 'in_progress', workoutIds: null, code: null, taskId: task.id }
      } else {
        const outcome = await importFile(user, copy, path, CHOICES)
        taken =
          outcome.status === 'imported'
            ? { status: 'imported', workoutIds: outcome.workouts.map((workout) => workout.id).join(' '), code: null, taskId: null }
            : { status: 'duplicate', workoutIds: outcome.workoutId, code: null, taskId: null }
      }
    } catch (error) {
      // Two archives of this user already importing: this one waits for the next scan.
      if (isAppError(error) && error.code === 'import_too_many_running') return 'later'
      // Unplugged or removed while it was read: the copy goes (finally), no workout was made.
      if (await sourceGone(error, folder.dir)) {
        await record(user, folder, path, size, modifiedMs, GONE)
        return 'gone'
      }
      // Gone between the listing and the copy while its folder stays (moved by a sync): nothing to report.
      if (errnoOf(error) === 'ENOENT') return 'done'
      let code: ErrorCode = 'gpx_processing_failed'
      if (isAppError(error)) code = error.code
      // A link (ELOOP with O_NOFOLLOW), a FIFO or a device where a file was: never read.
      else if (error instanceof NotAPlainFile || errnoOf(error) === 'ELOOP') code = 'watched_file_unreadable'
      else if (errnoOf(error) === 'EACCES' || errnoOf(error) === 'EPERM') code = 'watched_file_unreadable'
      else config.logger.error(`a watched file could not be imported: ${path}`, error)
      taken = { status: 'error', workoutIds: null, code, taskId: null }
    } finally {
      await rm(copy, { force: true })
    }
    await record(user, folder, path, size, modifiedMs, taken)
    return 'done'
  }

  /** What an archive's entry says once its task is over (undefined while it runs). */
  async function archiveOutcome(row: WatchedFileEntity): Promise<Taken | undefined> {
    const task = row.taskId ? await imports.get(row.userId, row.taskId) : undefined
    if (task?.status === 'in_progress') return undefined
    const results = task?.results ?? []
    const ids = results.flatMap((result) => (result.status === 'imported' ? result.workout_ids : []))
    const firstError = results.find((result) => result.status === 'error')
    if (ids.length > 0) return { status: 'imported', workoutIds: ids.join(' '), code: null, taskId: row.taskId }
    if (results.some((result) => result.status === 'duplicate')) return { status: 'duplicate', workoutIds: null, code: null, taskId: row.taskId }
    // A report dropped before it was read (retention, the per-user cap) says nothing more.
    return { status: 'error', workoutIds: null, code: firstError?.status === 'error' ? firstError.code : 'import_interrupted', taskId: row.taskId }
  }

  /**
   * Archives imported in the background: their entry takes the task's outcome once it is over
   * (all of them at a scan, or one as its task ends). Announced once, by whoever stores it first.
   */
  async function settleArchives(taskId?: string): Promise<void> {
    for (const row of await reads.watchedFiles.inProgress(taskId)) {
      const settled = await archiveOutcome(row)
      if (!settled || settled.status === 'in_progress') continue
      const stored = await database.write(({ watchedFiles }) => watchedFiles.settle(row.id, settled))
      if (stored) config.onAutomaticImport?.({ file: basename(row.path), status: settled.status })
    }
  }

  async function scanFolder(folder: WatchedFolder & { device?: boolean }, budget: { left: number }): Promise<void> {
    const user = await reads.users.byUsername(folder.username)
    if (!user) {
      if (states.get(folder.dir) !== 'missing') config.logger.warn(`watched folder ${folder.dir}: no user named ${folder.username}`)
      states.set(folder.dir, 'missing')
      return
    }
    let files: string[]
    try {
      files = await listFiles(folder.dir)
      if (!folder.device) setState(folder, 'watching')
    } catch (error) {
      // An unplugged device is not a missing folder: it is simply not listed next time.
      if (!folder.device) setState(folder, folderState(error))
      return
    }
    const known = new Map((await reads.watchedFiles.inFolder(user.id, folder.dir)).map((row) => [row.path, row]))
    for (const path of scanOrder(folder.dir, user.id, files, known)) {
      if (stopped || budget.left <= 0) return
      const key = `${user.id}\0${path}`
      let info: Stats
      try {
        // Not following links: a link swapped in for a file is not a file.
        info = await lstat(path)
        if (!info.isFile()) {
          pending.delete(key)
          continue
        }
      } catch (error) {
        if (!(await sourceGone(error, folder.dir))) continue
        // The drive or folder went away during the scan: the file about to be taken says so; the
        // others are simply looked at once it is back.
        const seen = pending.get(key)
        if (seen) await record(user, folder, path, seen.size, seen.modifiedMs, GONE)
        pending.delete(key)
        return
      }
      const row = known.get(path)
      // A file reported gone is taken again once it is back, even with the same size and time.
      if (row && row.code !== GONE.code && row.size === info.size && row.modifiedMs === info.mtimeMs) {
        pending.delete(key)
        continue
      }
      const seen = pending.get(key)
      if (!seen || seen.size !== info.size || seen.modifiedMs !== info.mtimeMs) {
        pending.set(key, { size: info.size, modifiedMs: info.mtimeMs })
        continue
      }
      budget.left -= 1
      const outcome = await take(user, folder, path, info.size, info.mtimeMs)
      if (outcome !== 'later') pending.delete(key)
      if (outcome === 'gone') return
    }
  }

  /**
   * The order a scan looks at a folder's files in: files that appeared since the previous scan,
   * then those seen changing (to be taken if now stable; those that had just appeared first, so a
   * new file is not queued behind a backlog's), then, in turn, a bounded share of the others
   * (never taken ones first), so no scan stats every file of a large folder.
   */
  function scanOrder(dir: string, userId: number, files: readonly string[], known: ReadonlyMap<string, WatchedFileEntity>): string[] {
    const before = listed.get(dir)
    listed.set(dir, new Set(files))
    const fresh: string[] = []
    const waiting: string[] = []
    const untaken: string[] = []
    const taken: string[] = []
    const justArrived = arrived.get(dir)
    const waitingNew: string[] = []
    for (const path of files) {
      if (pending.has(`${userId}\0${path}`)) (justArrived?.has(path) ? waitingNew : waiting).push(path)
      else if (before && !before.has(path)) fresh.push(path)
      else (known.has(path) ? taken : untaken).push(path)
    }
    arrived.set(dir, new Set(fresh))
    const rest = [...untaken, ...taken]
    if (rest.length <= BACKLOG_CHECKS_PER_SCAN) return [...fresh, ...waitingNew, ...waiting, ...rest]
    const from = (cursors.get(dir) ?? 0) % rest.length
    cursors.set(dir, from + BACKLOG_CHECKS_PER_SCAN)
    const share = [...rest.slice(from, from + BACKLOG_CHECKS_PER_SCAN), ...rest.slice(0, Math.max(0, from + BACKLOG_CHECKS_PER_SCAN - rest.length))]
    return [...fresh, ...waitingNew, ...waiting, ...share]
  }

  /** Tells about a device nobody answered for, once per run (the desktop asks whose it is). */
  async function announce(volume: DeviceVolume): Promise<void> {
    if (announced.has(volume.id) || !config.onDeviceFound) return
    const users = await reads.users.firstActive(MAX_OFFERED_ACCOUNTS)
    // With no account yet there is nobody to import for: asked again once there is one.
    if (users.length === 0) return
    announced.add(volume.id)
    config.onDeviceFound({ id: volume.id, name: volume.name, accounts: users.map((user) => user.username) })
  }

  /** The activity folders of the plugged-in devices whose owner is known, read like watched folders. */
  async function pluggedFolders(): Promise<(WatchedFolder & { device: true })[]> {
    if (!devices) return []
    const plugged: (WatchedFolder & { device: true })[] = []
    for (const volume of await findDeviceVolumes(devices.roots)) {
      const remembered = devices.remembered?.find((device) => device.id === volume.id)
      const username = remembered ? remembered.username : devices.username
      if (username) plugged.push({ dir: volume.activityDir, username, device: true })
      else if (!remembered) await announce(volume)
    }
    return plugged
  }

  async function scanAll(): Promise<void> {
    await settleArchives()
    const budget = { left: MAX_TAKEN_PER_SCAN }
    // Plugged-in watches are read like watched folders while they are mounted (never written to).
    const plugged = await pluggedFolders()
    for (const folder of [...folders, ...plugged]) {
      if (stopped) return
      await scanFolder(folder, budget)
    }
  }

  function scan(): Promise<void> {
    // One scan at a time: a timer tick during a long scan joins it.
    scanning ??= scanAll().finally(() => {
      scanning = null
    })
    return scanning
  }

  function schedule(): void {
    if (stopped || intervalMs === null || (folders.length === 0 && !devices)) return
    timer = setTimeout(() => {
      timer = null
      background.run(async (signal) => {
        if (signal.aborted) return
        await scan()
        schedule()
      })
    }, intervalMs)
    timer.unref()
  }
  schedule()

  return {
    scan,
    stop() {
      stopped = true
      unsubscribe()
      if (timer) clearTimeout(timer)
    },
    async list(user) {
      const mine = folders.filter((folder) => folder.username === user.username)
      const rows = await reads.watchedFiles.latest(user.id, MAX_LISTED)
      const entries: AutomaticImport[] = []
      for (const stored of rows) {
        // An archive whose task just ended is shown as it ended, also before its entry is stored.
        const row = stored.status === 'in_progress' ? { ...stored, ...(await archiveOutcome(stored)) } : stored
        entries.push({
          file: relative(row.folder, row.path),
          folder: row.folder,
          status: row.status,
          workout_ids: row.workoutIds ? row.workoutIds.split(' ') : [],
          code: row.code as ErrorCode | null,
          taken_at: row.takenAt.toISOString(),
        })
      }
      return {
        status: 'success',
        data: { folders: mine.map((folder) => ({ folder: folder.dir, state: states.get(folder.dir) ?? 'watching' })), imports: entries },
      }
    },
  }
}

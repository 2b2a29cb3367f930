import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { access, chmod, mkdir, open, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'
import type { Logger } from './config/server-config'

/** The data folder could not be used (not writable, or already served by another server). */
export class DataDirError extends Error {
  override name = 'DataDirError'
}

/** Paths inside the data folder. */
export interface DataDirLayout {
  readonly root: string
  readonly database: string
  readonly uploads: string
  readonly pictures: string
  readonly maps: string
  readonly backups: string
  readonly tmp: string
  /**
   * The journal of files this server writes ahead of their rows (`db/file-journal.ts`): the
   * folder's own when left out (SQLite: one server); a club server's instance has its own.
   */
  readonly journal?: string
}

/** An opened data folder: its layout, the install's secret, and the lock to release on close. */
export interface OpenedDataDir {
  readonly layout: DataDirLayout
  readonly secret: string
  release(): Promise<void>
}

/** Folders and files of the data folder are the owner's alone: activities, e-mails, password hashes. */
const PRIVATE_DIR = 0o700
export const PRIVATE_FILE = 0o600

/**
 * Makes every file the server process creates from now on private to its user (uploads, maps,
 * backups, exports), whichever library writes it. For the server's own processes only (the
 * headless entry, the desktop app's server process, the command line), never a library caller.
 */
export function restrictNewFileModes(): void {
  if (process.platform !== 'win32') process.umask(0o077)
}

/** Sets a file's mode when it exists (SQLite's -wal and -shm come and go). */
async function chmodIfPresent(path: string, mode: number): Promise<void> {
  try {
    await chmod(path, mode)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

/**
 * Closes the data folder to other users of the computer, also for installs made before this rule
 * (their folders were 0755 and the database 0644). The database file is created here, private,
 * before SQLite opens it: SQLite gives its -wal and -shm files the database file's mode.
 */
async function keepPrivate(layout: DataDirLayout): Promise<void> {
  for (const dir of [layout.root, layout.uploads, layout.pictures, layout.maps, layout.backups, layout.tmp]) {
    await chmod(dir, PRIVATE_DIR)
  }
  await (await open(layout.database, 'a', PRIVATE_FILE)).close()
  for (const file of [layout.database, `${layout.database}-wal`, `${layout.database}-shm`]) await chmodIfPresent(file, PRIVATE_FILE)
  for (const name of await readdir(layout.backups)) await chmodIfPresent(join(layout.backups, name), PRIVATE_FILE)
}

/** Written beside the lock directory (which the lock library removes as an empty folder): who holds the lock. */
const OWNER_FILE = 'server.lock.owner'

/**
 * False only when the lock's owner is known to be gone: a process of this machine that no longer
 * runs. A lock without owner information, or held from another machine, counts as alive.
 */
async function lockOwnerAlive(ownerPath: string): Promise<boolean> {
  let owner: { pid?: unknown; host?: unknown }
  try {
    owner = JSON.parse(await readFile(ownerPath, 'utf8')) as { pid?: unknown; host?: unknown }
  } catch {
    return true
  }
  if (typeof owner.pid !== 'number' || owner.host !== hostname()) return true
  try {
    process.kill(owner.pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

/** The layout of a data folder (pure: touches nothing). */
export function dataDirLayout(root: string): DataDirLayout {
  return {
    root,
    database: join(root, 'waymark.sqlite'),
    uploads: join(root, 'uploads'),
    pictures: join(root, 'pictures'),
    maps: join(root, 'maps'),
    backups: join(root, 'backups'),
    tmp: join(root, 'tmp'),
  }
}

async function readOrCreateSecret(path: string): Promise<string> {
  try {
    const secret = (await readFile(path, 'utf8')).trim()
    if (secret.length >= 64) return secret
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const secret = randomBytes(48).toString('hex')
  // 'wx' never overwrites a key another process wrote in the meantime.
  await writeFile(path, secret + '\n', { mode: PRIVATE_FILE, flag: 'wx' })
  return secret
}

/**
 * Creates the data folder if missing, takes its exclusive lock (a second server on the same
 * folder is refused), and reads or creates the per-install secret key. With `shared` (the rows
 * are in PostgreSQL) several servers use the folder at once: no lock is taken, and `tmp/` is not
 * emptied (another instance's uploads may be in it).
 * @throws DataDirError with a one-line, user-facing reason.
 */
export async function openDataDir(root: string, logger: Logger, { shared = false }: { shared?: boolean } = {}): Promise<OpenedDataDir> {
  const layout = dataDirLayout(root)
  try {
    for (const dir of [layout.root, layout.uploads, layout.pictures, layout.maps, layout.backups, layout.tmp]) {
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR })
    }
    await access(layout.root, constants.R_OK | constants.W_OK)
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unknown error'
    throw new DataDirError(`cannot use data folder ${root} (${reason})`)
  }

  if (shared) {
    try {
      await keepPrivate(layout)
      return { layout, secret: await readOrCreateSecret(join(layout.root, 'secret.key')), release: () => Promise.resolve() }
    } catch (error) {
      throw new DataDirError(`cannot use data folder ${root} (${(error as Error).message})`)
    }
  }
  const lockPath = join(layout.root, 'server.lock')
  const ownerPath = join(layout.root, OWNER_FILE)
  const takeLock = () =>
    lockfile.lock(layout.root, {
      lockfilePath: lockPath,
      stale: 30_000,
      update: 10_000,
      onCompromised: (error) => logger.error('data folder lock lost', error),
    })
  let unlock: () => Promise<void>
  try {
    try {
      unlock = await takeLock()
    } catch (error) {
      // A server killed outright leaves a fresh lock behind; its owner being gone, take it over
      // at once instead of refusing to start until the lock goes stale.
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED' || (await lockOwnerAlive(ownerPath))) throw error
      logger.warn('taking over the lock of a server that stopped without releasing it')
      await rm(lockPath, { recursive: true, force: true })
      unlock = await takeLock()
    }
    await writeFile(ownerPath, JSON.stringify({ pid: process.pid, host: hostname() }))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirError(`data folder ${root} is already in use by another Waymark server`)
    }
    throw new DataDirError(`cannot lock data folder ${root} (${(error as Error).message})`)
  }
  const release = async () => {
    await rm(ownerPath, { force: true })
    await unlock()
  }

  try {
    // Whatever an interrupted upload or import left in tmp/ belongs to nobody now.
    await rm(layout.tmp, { recursive: true, force: true })
    await mkdir(layout.tmp, { mode: PRIVATE_DIR })
    await keepPrivate(layout)
  } catch (error) {
    await release()
    throw new DataDirError(`cannot use data folder ${root} (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`)
  }
  try {
    const secret = await readOrCreateSecret(join(layout.root, 'secret.key'))
    return { layout, secret, release }
  } catch (error) {
    await release()
    throw new DataDirError(`cannot read or create the secret key in ${root} (${(error as Error).message})`)
  }
}

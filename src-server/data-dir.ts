import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
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
}

/** An opened data folder: its layout, the install's secret, and the lock to release on close. */
export interface OpenedDataDir {
  readonly layout: DataDirLayout
  readonly secret: string
  release(): Promise<void>
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
  await writeFile(path, secret + '\n', { mode: 0o600, flag: 'wx' })
  return secret
}

/**
 * Creates the data folder if missing, takes its exclusive lock (a second server on the same
 * folder is refused), and reads or creates the per-install secret key.
 * @throws DataDirError with a one-line, user-facing reason.
 */
export async function openDataDir(root: string, logger: Logger): Promise<OpenedDataDir> {
  const layout = dataDirLayout(root)
  try {
    for (const dir of [layout.root, layout.uploads, layout.pictures, layout.maps, layout.backups, layout.tmp]) {
      await mkdir(dir, { recursive: true })
    }
    await access(layout.root, constants.R_OK | constants.W_OK)
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unknown error'
    throw new DataDirError(`cannot use data folder ${root} (${reason})`)
  }

  let release: () => Promise<void>
  try {
    release = await lockfile.lock(layout.root, {
      lockfilePath: join(layout.root, 'server.lock'),
      stale: 30_000,
      update: 10_000,
      onCompromised: (error) => logger.error('data folder lock lost', error),
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirError(`data folder ${root} is already in use by another Waymark server`)
    }
    throw new DataDirError(`cannot lock data folder ${root} (${(error as Error).message})`)
  }

  try {
    // Whatever an interrupted upload or import left in tmp/ belongs to nobody now.
    await rm(layout.tmp, { recursive: true, force: true })
    await mkdir(layout.tmp)
    const secret = await readOrCreateSecret(join(layout.root, 'secret.key'))
    return { layout, secret, release }
  } catch (error) {
    await release()
    throw new DataDirError(`cannot read or create the secret key in ${root} (${(error as Error).message})`)
  }
}

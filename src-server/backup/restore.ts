import { copyFile, link, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { dirname, join, relative } from 'node:path'
import lockfile from 'proper-lockfile'
import { dataDirLayout, type DataDirLayout } from '../data-dir'
import { clearJournal } from '../db/file-journal'
import { checkWaymarkDatabase, NotAWaymarkDatabase } from './check-database'
import { BACKUP_DATABASE_ENTRY, BACKUP_FILE_FOLDERS, BACKUP_MANIFEST_ENTRY } from './full-backup'
import { referencedFiles } from './referenced-files'
import { pruneCopies } from './rotation'
import { copyDatabase, fileStamp } from './sqlite-copy'
import { entryPath, openZipReader, UnusableArchive } from './zip-reader'

/** A restore that was not carried out (nothing was changed), with a one-line reason. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused'
}

/** Prefix of the copies of the previous state a restore keeps in `backups/`. */
export const BEFORE_RESTORE_PREFIX = 'before-restore-'

export interface RestoreOutcome {
  kind: 'archive' | 'database'
  users: number
  workouts: number
  /** Stored files the restored database points at that are not there. */
  missingFiles: number
  /** Where the previous database and files were put. */
  previous: string
}

const exists = (path: string) => stat(path).then(
  () => true,
  () => false,
)

async function kindOf(path: string): Promise<'archive' | 'database'> {
  const handle = await open(path, 'r').catch(() => {
    throw new RestoreRefused(`cannot read ${path}`)
  })
  try {
    const { buffer } = await handle.read(Buffer.alloc(16), 0, 16, 0)
    if (buffer.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))) return 'archive'
    if (buffer.toString('latin1') === 'SQLite format 3\0') return 'database'
    throw new RestoreRefused(`${path} is neither a Waymark backup archive nor a database`)
  } finally {
    await handle.close()
  }
}

/** Unpacks a backup archive into `staging` (database and stored files). */
async function unpackArchive(source: string, staging: string): Promise<void> {
  const zip = await openZipReader(source)
  try {
    const folders: readonly string[] = BACKUP_FILE_FOLDERS
    if (!zip.names.includes(BACKUP_DATABASE_ENTRY)) throw new UnusableArchive(`${source} is not a Waymark backup (no ${BACKUP_DATABASE_ENTRY})`)
    for (const name of zip.names) {
      if (name === BACKUP_MANIFEST_ENTRY) continue
      if (name !== BACKUP_DATABASE_ENTRY && !folders.includes(name.split('/')[0] ?? '')) {
        throw new UnusableArchive(`${source} holds an entry Waymark never writes: ${JSON.stringify(name.slice(0, 100))}`)
      }
      await zip.extract(name, entryPath(staging, name))
    }
  } finally {
    zip.close()
  }
}

/**
 * Sets the current database and maps aside, into `previous`. Originals and pictures stay where
 * they are: a daily or pre-migration copy, or the set-aside database itself, may still name
 * them, and set-aside folders are pruned; nothing but deleting its workout removes an original.
 */
async function setAside(layout: DataDirLayout, previous: string): Promise<void> {
  await mkdir(join(previous, 'maps'), { recursive: true })
  if (await exists(layout.database)) await copyDatabase(layout.database, join(previous, BACKUP_DATABASE_ENTRY))
  // Map tiles are a cache shared by any database: they stay.
  for (const name of await readdir(layout.maps).catch(() => [])) {
    if (name !== 'tiles') await rename(join(layout.maps, name), join(previous, 'maps', name))
  }
}

/**
 * Adds the staged files of a folder to the data folder's one. A file already there is the same
 * one (names carry the workout's random id, and originals never change once stored): kept.
 */
async function mergeFolder(staged: string, target: string): Promise<void> {
  const entries = await readdir(staged, { withFileTypes: true, recursive: true }).catch(() => [])
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const source = join(entry.parentPath, entry.name)
    const destination = join(target, relative(staged, source))
    if (await exists(destination)) continue
    await mkdir(dirname(destination), { recursive: true })
    await rename(source, destination)
  }
}

/** Brings the maps a restored database points at back from the set-aside folder (hard links when possible). */
async function reuseFiles(names: readonly string[], from: string, staging: string): Promise<void> {
  for (const name of names) {
    const source = entryPath(from, name)
    if (!(await exists(source))) continue
    const target = entryPath(staging, name)
    await mkdir(join(target, '..'), { recursive: true })
    await link(source, target).catch(() => copyFile(source, target))
  }
}

/** Puts the staged database and files in place of the (already set aside) current ones. */
async function install(layout: DataDirLayout, staging: string): Promise<void> {
  for (const suffix of ['', '-wal', '-shm']) await rm(`${layout.database}${suffix}`, { force: true })
  await rename(join(staging, BACKUP_DATABASE_ENTRY), layout.database)
  // What the old database had in flight means nothing for the restored one.
  await clearJournal(layout)
  for (const folder of ['uploads', 'pictures'] as const) {
    await mkdir(layout[folder], { recursive: true })
    await mergeFolder(join(staging, folder), layout[folder])
  }
  await mkdir(layout.maps, { recursive: true })
  for (const name of await readdir(join(staging, 'maps')).catch(() => [])) {
    if (name !== 'tiles') await rename(join(staging, 'maps', name), join(layout.maps, name))
  }
}

/**
 * Replaces the database (and, from a backup archive, the stored files) of a data folder that no
 * server is using. The source is checked completely before anything changes; the current
 * database and maps are then set aside in `backups/before-restore-<time>/` (the newest 5 such
 * folders are kept), so a restore can itself be undone. Originals and pictures are never moved
 * out: the restored ones are added beside the current ones, which another backup may still name.
 * @throws RestoreRefused, NotAWaymarkDatabase or UnusableArchive, with nothing changed
 */
export async function restoreDataDir(root: string, source: string, now: Date): Promise<RestoreOutcome> {
  if (!(await stat(source).catch(() => null))?.isFile()) throw new RestoreRefused(`${source} is not a file`)
  const layout = dataDirLayout(root)
  await mkdir(layout.root, { recursive: true })
  let release: () => Promise<void>
  try {
    // Held for the whole restore: a server cannot start on a half-restored folder.
    release = await lockfile.lock(layout.root, { lockfilePath: join(layout.root, 'server.lock'), stale: 30_000, update: 10_000 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new RestoreRefused(`a Waymark server is using ${root}: stop it, then restore`)
    }
    throw error
  }
  // Who holds the lock, in the server's format: a server starting now must see a live owner, not
  // the leftover of one that was killed, or it would take the lock over in mid-restore.
  const ownerPath = join(layout.root, 'server.lock.owner')
  await writeFile(ownerPath, JSON.stringify({ pid: process.pid, host: hostname() }))
  const staging = join(layout.tmp, 'restore')
  try {
    const kind = await kindOf(source)
    await rm(staging, { recursive: true, force: true })
    await mkdir(staging, { recursive: true })
    const stagedDatabase = join(staging, BACKUP_DATABASE_ENTRY)
    if (kind === 'archive') await unpackArchive(source, staging)
    else await copyDatabase(source, stagedDatabase).catch(() => {
      throw new NotAWaymarkDatabase(`${source} cannot be read as a database`)
    })
    const summary = await checkWaymarkDatabase(stagedDatabase)

    const previous = join(layout.backups, `${BEFORE_RESTORE_PREFIX}${fileStamp(now)}`)
    await mkdir(layout.backups, { recursive: true })
    await setAside(layout, previous)
    const wanted = await referencedFiles(stagedDatabase)
    if (kind === 'database') await reuseFiles(wanted.filter((name) => name.startsWith('maps/')), previous, staging)
    await install(layout, staging)
    let missingFiles = 0
    for (const name of wanted) if (!(await exists(entryPath(layout.root, name)))) missingFiles += 1
    await pruneCopies(layout.backups, BEFORE_RESTORE_PREFIX)
    return { kind, ...summary, missingFiles, previous }
  } finally {
    await rm(staging, { recursive: true, force: true })
    await rm(ownerPath, { force: true })
    await release()
  }
}

import { stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { NotAWaymarkDatabase } from '../backup/check-database'
import { writeFullBackup } from '../backup/full-backup'
import { restoreDataDir, RestoreRefused } from '../backup/restore'
import { copyDatabase } from '../backup/sqlite-copy'
import { UnusableArchive } from '../backup/zip-reader'
import type { DataDirLayout } from '../data-dir'
import { CommandError } from './user-commands'

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** Errors the backup modules raise for a bad source become one-line command errors. */
function asCommandError(error: unknown): unknown {
  if (error instanceof RestoreRefused || error instanceof NotAWaymarkDatabase || error instanceof UnusableArchive) {
    return new CommandError(error.message)
  }
  return error
}

/**
 * `backup <file>`: a full backup archive, taken online (the servers may be running). Its database
 * is a SQLite file on both engines: on PostgreSQL `sqliteSnapshot` (the command database's) writes
 * the rows of one snapshot into it, so the archive restores like any other, into a data folder.
 */
export async function backupCommand(layout: DataDirLayout, file: string, now: Date, sqliteSnapshot: ((target: string) => Promise<void>) | null = null): Promise<string> {
  if (await stat(file).catch(() => null)) throw new CommandError(`${file} already exists: choose a new file name`)
  if (!(await stat(dirname(file)).catch(() => null))?.isDirectory()) throw new CommandError(`folder ${dirname(file)} does not exist`)
  const copy = sqliteSnapshot ?? ((target: string) => copyDatabase(layout.database, target))
  const manifest = await writeFullBackup(layout, copy, file, now).catch((error: unknown) => {
    throw asCommandError(error)
  })
  const missing = manifest.missingFiles.length
  return (
    `backed up ${plural(manifest.users, 'user')}, ${plural(manifest.workouts, 'workout')} and ${plural(manifest.files, 'file')} to ${file}` +
    (missing > 0 ? ` (${plural(missing, 'file')} deleted during the backup left out)` : '')
  )
}

/** `restore <file>`: replaces the data folder's database (and files, from an archive); the server must be stopped. */
export async function restoreCommand(root: string, file: string, now: Date): Promise<string> {
  const outcome = await restoreDataDir(root, file, now).catch((error: unknown) => {
    throw asCommandError(error)
  })
  return (
    `restored ${plural(outcome.users, 'user')} and ${plural(outcome.workouts, 'workout')} from ${file}` +
    (outcome.missingFiles > 0 ? `; ${plural(outcome.missingFiles, 'stored file')} the database points at are missing` : '') +
    `; the previous state is in ${outcome.previous}`
  )
}

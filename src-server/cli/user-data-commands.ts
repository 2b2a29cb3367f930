import { stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Logger } from '../config/server-config'
import type { DataDirLayout } from '../data-dir'
import { offlineContext } from '../backup/offline-context'
import type { Database } from '../db/repositories'
import { exportUser, UnknownUser } from '../backup/user-export'
import { ImportRefused, importUser } from '../backup/user-import'
import { UnusableArchive } from '../backup/zip-reader'
import { CommandError } from './user-commands'

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** `export <username> <file.zip>`: one user's data and original files (the server may be running). */
export async function exportCommand(database: Database, layout: DataDirLayout, username: string, file: string, now: Date): Promise<string> {
  if (await stat(file).catch(() => null)) throw new CommandError(`${file} already exists: choose a new file name`)
  if (!(await stat(dirname(file)).catch(() => null))?.isDirectory()) throw new CommandError(`folder ${dirname(file)} does not exist`)
  const summary = await exportUser(database, layout, username, file, now).catch((error: unknown) => {
    throw error instanceof UnknownUser ? new CommandError(error.message) : error
  })
  return `exported ${username}: ${plural(summary.workouts, 'workout')} and ${plural(summary.files, 'file')} to ${file}`
}

/** `import <file.zip> [--as <username>]`: one line per outcome, the new password if an account was created. */
export async function importCommand(database: Database, layout: DataDirLayout, file: string, as: string | undefined, logger: Logger): Promise<string[]> {
  const offline = offlineContext(database, layout, logger)
  try {
    const summary = await importUser(offline.context, file, { as }).catch((error: unknown) => {
      throw error instanceof ImportRefused || error instanceof UnusableArchive ? new CommandError(error.message) : error
    })
    return [
      ...(summary.password !== null ? [`created account ${summary.username}, password: ${summary.password}`] : []),
      `imported ${plural(summary.imported, 'workout')} into ${summary.username}, ${plural(summary.duplicates, 'duplicate')} skipped` +
        (summary.failed.length > 0 ? `, ${summary.failed.length} refused:` : ''),
      ...summary.failed.map((line) => `  ${line}`),
    ]
  } finally {
    await offline.close()
  }
}

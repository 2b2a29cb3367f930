import { rm, stat } from 'node:fs/promises'
import type { DataDirLayout } from '../data-dir'
import { checkWaymarkDatabase } from './check-database'
import { referencedFiles } from './referenced-files'
import { entryPath, isSafeEntryName } from './zip-reader'
import { createZipWriter } from './zip-writer'

/** Names inside a backup archive. */
export const BACKUP_DATABASE_ENTRY = 'waymark.sqlite'
export const BACKUP_MANIFEST_ENTRY = 'waymark-backup.json'
/** Folders of the data folder whose files a backup carries (map tiles are a cache and stay out). */
export const BACKUP_FILE_FOLDERS = ['uploads', 'maps', 'pictures'] as const

/** Writes a consistent SQLite copy of the live database to a file (see `sqlite-copy.ts`, `db/sqlite-snapshot.ts`). */
export type DatabaseCopy = (target: string) => Promise<void>

/** The manifest of a backup archive (version 1). */
export interface BackupManifest {
  format: 'waymark-backup'
  version: 1
  createdAt: string
  users: number
  workouts: number
  files: number
  /** Files the database points at that were gone when the backup was taken (deleted meanwhile). */
  missingFiles: string[]
}

/**
 * Writes a full backup of a data folder to a zip: a consistent copy of the database, taken online
 * while the server may be running, plus every stored file that copy points at (originals, map
 * images, profile pictures), and a manifest. Files are chosen from the copy, not the folder, so
 * the archive is consistent with its database: a workout imported during the backup is in neither.
 * On PostgreSQL the database part is the same SQLite file, written from one snapshot of its rows.
 */
export async function writeFullBackup(layout: DataDirLayout, copyDatabase: DatabaseCopy, target: string, now: Date): Promise<BackupManifest> {
  const snapshot = `${target}.sqlite.partial`
  await copyDatabase(snapshot)
  try {
    const summary = await checkWaymarkDatabase(snapshot)
    const zip = createZipWriter(target)
    const manifest: BackupManifest = { format: 'waymark-backup', version: 1, createdAt: now.toISOString(), ...summary, files: 0, missingFiles: [] }
    let finishing = false
    try {
      zip.addFile(snapshot, BACKUP_DATABASE_ENTRY)
      for (const name of await referencedFiles(snapshot)) {
        const path = entryPath(layout.root, name)
        if (!isSafeEntryName(name) || !(await stat(path).catch(() => null))?.isFile()) {
          manifest.missingFiles.push(name)
          continue
        }
        zip.addFile(path, name)
        manifest.files += 1
      }
      zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2) + '\n'), BACKUP_MANIFEST_ENTRY)
      finishing = true
      await zip.finish()
    } catch (error) {
      // A failed finish has already removed its partial file.
      if (!finishing) await zip.abort()
      throw error
    }
    return manifest
  } finally {
    await rm(snapshot, { force: true })
  }
}

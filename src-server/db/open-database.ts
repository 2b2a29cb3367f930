import { chmod, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { DataSource } from 'typeorm'
import { PRIVATE_FILE, type DataDirLayout } from '../data-dir'
import { createDataSource } from './data-source'

/** How many pre-migration backups are kept. */
export const BACKUPS_KEPT = 5

async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size
  } catch {
    return 0
  }
}

/** Deletes all but the newest `keep` backups (names sort by their timestamp). */
async function pruneBackups(dir: string, keep: number): Promise<void> {
  const names = (await readdir(dir)).filter((name) => /^waymark-.*\.sqlite$/.test(name)).sort()
  for (const name of names.slice(0, Math.max(0, names.length - keep))) {
    await rm(join(dir, name), { force: true })
  }
}

/**
 * Opens the database of a data folder and brings its schema up to date. When migrations are
 * pending on an existing database, a consistent copy is written to `backups/` first
 * (`VACUUM INTO` includes what is still in the WAL), and only the newest few copies are kept.
 * @param now the backup's timestamp (passed in so tests control it)
 */
export async function openDatabase(layout: DataDirLayout, now: Date): Promise<DataSource> {
  const existed = (await fileSize(layout.database)) > 0
  const dataSource = createDataSource(layout.database)
  await dataSource.initialize()
  try {
    if (existed && (await dataSource.showMigrations())) {
      const stamp = now.toISOString().replace(/[:.]/g, '-')
      const backup = join(layout.backups, `waymark-${stamp}.sqlite`)
      await dataSource.query(`VACUUM INTO ?`, [backup])
      await chmod(backup, PRIVATE_FILE)
      await pruneBackups(layout.backups, BACKUPS_KEPT)
    }
    await dataSource.runMigrations({ transaction: 'each' })
    return dataSource
  } catch (error) {
    await dataSource.destroy()
    throw error
  }
}

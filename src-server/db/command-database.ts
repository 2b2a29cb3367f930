import type { DataDirLayout } from '../data-dir'
import { commandReadSnapshots, openCommandDatabase } from './engine'
import { createDatabase, type Database } from './repositories'
import { writeSqliteSnapshot } from './sqlite-snapshot'
import { createWriteQueue } from './write-queue'

/** The database a command line works on beside the servers (see {@link openCommand}). */
export interface CommandDatabase {
  /** Reads and writes on the command's connection, snapshots on a connection of their own. */
  readonly database: Database
  /**
   * Writes every row of one snapshot into a new SQLite file at `target` (a PostgreSQL backup's
   * database part); null on SQLite, whose file a backup copies as it is.
   */
  readonly sqliteSnapshot: ((target: string) => Promise<void>) | null
  /** Whether the schema lacks migrations of this version: the servers run them, never a command. */
  needsUpgrade(): Promise<boolean>
  close(): Promise<void>
}

/** Opens the folder's SQLite file, or the PostgreSQL database of `databaseUrl`, for a command. */
export async function openCommand(layout: DataDirLayout, databaseUrl: string | null): Promise<CommandDatabase> {
  const db = await openCommandDatabase(layout, databaseUrl)
  const snapshots = commandReadSnapshots(db, layout)
  return {
    database: createDatabase({ reader: db, read: snapshots.read, readSnapshot: snapshots.run, write: createWriteQueue(db) }),
    sqliteSnapshot: databaseUrl ? (target) => writeSqliteSnapshot(db, target).then(() => undefined) : null,
    needsUpgrade: () => db.showMigrations(),
    async close() {
      await snapshots.close()
      await db.destroy()
    },
  }
}

import type { DataSource } from 'typeorm'
import type { DataDirLayout } from '../data-dir'
import { commandReadSnapshots } from './engine'
import { createDatabase, type Database } from './repositories'
import { createWriteQueue } from './write-queue'

/**
 * The `Database` of a command on its connection (see `openCommandDatabase`): reads and writes on
 * it, snapshots on a connection of their own (`commandReadSnapshots`). `close` ends the snapshots'
 * connection; the command's own is the caller's to close.
 */
export function commandDatabase(db: DataSource, layout: DataDirLayout): { database: Database; close(): Promise<void> } {
  const snapshots = commandReadSnapshots(db, layout)
  return {
    database: createDatabase({ reader: db, read: snapshots.read, readSnapshot: snapshots.run, write: createWriteQueue(db) }),
    close: () => snapshots.close(),
  }
}

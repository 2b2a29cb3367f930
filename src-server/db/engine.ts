import type { DataSource } from 'typeorm'
import type { Logger } from '../config/server-config'
import type { DataDirLayout } from '../data-dir'
import { createDataSource, openPostgresDataSource, openReadDataSource } from './data-source'
import { openServerDatabase } from './open-database'
import { createPostgresReadSnapshots, createReadSnapshots, type ReadHooks, type ReadSnapshots } from './read-snapshots'

/** The connections of a server's database, whichever engine holds it. */
export interface DatabaseConnections {
  readonly engine: 'sqlite' | 'postgres'
  /** The write connection (used only through the write queue). */
  readonly writer: DataSource
  /** Single reads of committed rows. */
  readonly reader: DataSource
  readonly snapshots: ReadSnapshots
  /** Closes everything opened here. */
  close(): Promise<void>
}

/**
 * Pooled read connections on SQLite: the dashboard's calls (snapshots and `read`) each borrow one,
 * so their queries run beside each other (on both cores) and never stall the event loop behind
 * another request's query. Four, as libuv has four threads: a busy connection holds one of them.
 * Under 20 clients on a loaded machine, 2, 4 and 8 answered within the noise of each other.
 */
const READ_CONNECTIONS = 4

/** Connections of a PostgreSQL server's pool: the write queue's one, snapshots and reads. */
const POSTGRES_POOL = 10

/**
 * Opens the database of a server: SQLite in the data folder (the default, and the desktop's only
 * engine), or the PostgreSQL database of `databaseUrl` (club servers). Either way the schema is
 * brought up to date; on SQLite what an interrupted import left in flight is also removed (on
 * PostgreSQL, see `holdInstanceLease`).
 */
export async function openDatabaseConnections(
  layout: DataDirLayout,
  options: { databaseUrl: string | null; now: Date; logger: Logger; hooks: ReadHooks },
): Promise<DatabaseConnections> {
  const { databaseUrl, now, logger, hooks } = options
  if (databaseUrl) {
    const pool = await openPostgresDataSource(databaseUrl, POSTGRES_POOL, hooks.onStatement)
    try {
      // No sweep of the folder's files written ahead of their rows here: on a shared folder they
      // may be another running instance's. Each instance journals its own, and what a dead one
      // left is swept once its lease ran out (`holdInstanceLease`).
      await pool.runMigrations({ transaction: 'each' })
    } catch (error) {
      await pool.destroy()
      throw error
    }
    return { engine: 'postgres', writer: pool, reader: pool, snapshots: createPostgresReadSnapshots(pool, hooks), close: () => pool.destroy() }
  }
  const writer = await openServerDatabase(layout, now, logger, hooks.onStatement)
  let reader: DataSource
  try {
    reader = await openReadDataSource(layout.database, hooks.onStatement)
  } catch (error) {
    await writer.destroy()
    throw error
  }
  const snapshots = createReadSnapshots(layout.database, READ_CONNECTIONS, hooks)
  return {
    engine: 'sqlite',
    writer,
    reader,
    snapshots,
    async close() {
      await snapshots.close()
      await reader.destroy()
      await writer.destroy()
    },
  }
}

/**
 * Opens the database a command line works on beside the servers: the data folder's SQLite file, or
 * the PostgreSQL database of `databaseUrl` (two connections: a command's reads and its writes).
 * Migrations are the servers' to run: the command checks `showMigrations` itself.
 */
export async function openCommandDatabase(layout: DataDirLayout, databaseUrl: string | null): Promise<DataSource> {
  if (databaseUrl) return openPostgresDataSource(databaseUrl, 2)
  const db = createDataSource(layout.database)
  await db.initialize()
  return db
}

/** The read snapshots of a command's database (see {@link openCommandDatabase}): one connection of its own on SQLite. */
export function commandReadSnapshots(db: DataSource, layout: DataDirLayout): ReadSnapshots {
  return db.options.type === 'postgres' ? createPostgresReadSnapshots(db) : createReadSnapshots(layout.database, 1)
}

/**
 * Empties SQLite's write-ahead log into the database file, so the space it holds is written again
 * (a write that failed on a full disk may then succeed). PostgreSQL keeps its own log, which a
 * client can neither empty nor need to: nothing is done there.
 */
export async function checkpointWriteAheadLog(db: DataSource): Promise<void> {
  if (db.options.type === 'postgres') return
  await db.query('PRAGMA wal_checkpoint(TRUNCATE)')
}

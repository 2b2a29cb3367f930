import 'reflect-metadata'
import sqlite3 from 'sqlite3'
import { DataSource } from 'typeorm'
import { entities } from './entities'
import { migrations } from './migrations'

/**
 * node-sqlite3 as TypeORM's driver, minus the "verbose" mode TypeORM always switches on: that mode
 * wraps every call to capture a stack and `util.inspect` each argument (blobs in hex included),
 * which cost more than many of our queries themselves. Errors keep their message and code.
 */
const quietSqlite3: typeof sqlite3 = Object.assign(Object.create(sqlite3) as typeof sqlite3, { verbose: () => sqlite3 })

/** How long a query waits for a lock held by another connection before failing (ms). */
const BUSY_TIMEOUT_MS = 10_000

/**
 * The database of one data folder: SQLite in WAL mode with foreign keys on and a busy timeout.
 * The schema comes from migrations only (never `synchronize`).
 *
 * TypeORM's sqlite driver gives a data source one connection. The server opens two: the write
 * connection (used only through the write queue) and a read-only one (`readOnly`) for everything
 * else. In WAL mode a reader sees the last committed state, never an open transaction's rows.
 */
export function createDataSource(databasePath: string, options: { readOnly?: boolean } = {}): DataSource {
  return new DataSource({
    type: 'sqlite',
    driver: quietSqlite3,
    database: databasePath,
    entities,
    migrations,
    migrationsRun: false,
    synchronize: false,
    // WAL is a property of the database file, set by the write connection; a reader cannot set it.
    enableWAL: !options.readOnly,
    ...(options.readOnly ? { flags: sqlite3.OPEN_READONLY } : {}),
    busyTimeout: BUSY_TIMEOUT_MS,
    logging: false,
  })
}

/** Opens the read-only connection of a database the write connection has opened (and migrated). */
export async function openReadDataSource(databasePath: string): Promise<DataSource> {
  const reader = createDataSource(databasePath, { readOnly: true })
  await reader.initialize()
  return reader
}

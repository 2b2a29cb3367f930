import 'reflect-metadata'
import { DataSource } from 'typeorm'
import { entities } from './entities'
import { migrations } from './migrations'

/** How long a query waits for a lock held by another connection before failing (ms). */
const BUSY_TIMEOUT_MS = 10_000

/**
 * The database of one data folder: SQLite in WAL mode with foreign keys on and a busy timeout.
 * The schema comes from migrations only (never `synchronize`).
 */
export function createDataSource(databasePath: string): DataSource {
  return new DataSource({
    type: 'sqlite',
    database: databasePath,
    entities,
    migrations,
    migrationsRun: false,
    synchronize: false,
    enableWAL: true,
    busyTimeout: BUSY_TIMEOUT_MS,
    logging: false,
  })
}

import { chmod, rename, rm } from 'node:fs/promises'
import type { DataSource } from 'typeorm'
import { PRIVATE_FILE } from '../data-dir'
import { createDataSource } from './data-source'
import { dialectOf, sqliteDialect } from './dialect'
import { copyTable, quoted, sqliteTables } from './table-copy'

/** A value node-postgres (or node-sqlite3) read, as TypeORM stores it on SQLite: instants as UTC texts, booleans as 0/1. */
function sqliteValue(value: unknown): unknown {
  if (value instanceof Date) return sqliteDialect.dateParameter(value)
  if (typeof value === 'boolean') return value ? 1 : 0
  return value
}

/**
 * Writes every row of a live Waymark database, SQLite or PostgreSQL, into a new SQLite file with
 * the schema this version's SQLite migrations give: the database part of a backup of a club server,
 * which restores like any other (and so also moves a PostgreSQL install back to one SQLite file).
 * The rows are read in one snapshot (PostgreSQL's REPEATABLE READ), so the copy is consistent while
 * the servers keep writing; the file appears under `target` only once complete, owner-only.
 * @returns the rows copied, by table
 */
export async function writeSqliteSnapshot(source: DataSource, target: string): Promise<Record<string, number>> {
  const partial = `${target}.partial`
  await rm(partial, { force: true })
  const copy = createDataSource(partial)
  const counts: Record<string, number> = {}
  try {
    await copy.initialize()
    await copy.runMigrations({ transaction: 'each' })
    const tables = await sqliteTables(copy.manager)
    await copy.transaction(async (to) => {
      // Rows are written parents first; their references are checked at the commit all the same.
      await to.query('PRAGMA defer_foreign_keys = ON')
      // The migrations' seeded rows (sports, settings) give way to the source's own.
      for (const table of tables) await to.query(`DELETE FROM ${quoted(table.name)}`)
      await source.transaction(dialectOf(source.manager).snapshotIsolation, async (from) => {
        for (const table of tables) counts[table.name] = await copyTable(from, to, table, sqliteValue)
      })
    })
    // One self-contained file: no write-ahead log beside it.
    await copy.query('PRAGMA journal_mode = DELETE')
    await copy.destroy()
    await chmod(partial, PRIVATE_FILE)
    await rename(partial, target)
    return counts
  } catch (error) {
    if (copy.isInitialized) await copy.destroy().catch(() => undefined)
    await Promise.all([partial, `${partial}-wal`, `${partial}-shm`].map((path) => rm(path, { force: true })))
    throw error
  }
}

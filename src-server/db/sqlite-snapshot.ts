import { chmod, rename, rm } from 'node:fs/promises'
import type { DataSource, EntityManager } from 'typeorm'
import { PRIVATE_FILE } from '../data-dir'
import { createDataSource } from './data-source'
import { dialectOf, sqliteDialect } from './dialect'

/** Rows read and written at a time: a page of tracks (compressed, up to a few MB each) stays small. */
const ROWS_PER_PAGE = 100
/** SQLite's limit on the parameters of one statement (since 3.32). */
const MAX_PARAMETERS = 32_766

interface Table {
  name: string
  columns: string[]
  key: string[]
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

/** The tables of a Waymark SQLite database (as its migrations made them) with their columns and primary key. */
async function tablesOf(manager: EntityManager): Promise<Table[]> {
  const names = await manager.query<{ name: string }[]>(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> 'migrations' ORDER BY name`,
  )
  const tables: Table[] = []
  for (const { name } of names) {
    const info = await manager.query<{ name: string; pk: number }[]>(`SELECT name, pk FROM pragma_table_info(?)`, [name])
    const key = info.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk).map((column) => column.name)
    tables.push({ name, columns: info.map((column) => column.name), key })
  }
  return tables
}

/** A value node-postgres (or node-sqlite3) read, as TypeORM stores it on SQLite: instants as UTC texts, booleans as 0/1. */
function sqliteValue(value: unknown): unknown {
  if (value instanceof Date) return sqliteDialect.dateParameter(value)
  if (typeof value === 'boolean') return value ? 1 : 0
  return value
}

/** Copies one table's rows page by page, in primary-key order (read after the last key, never by offset). */
async function copyTable(from: EntityManager, to: EntityManager, table: Table): Promise<number> {
  const dialect = dialectOf(from)
  const columns = table.columns.map(quoted).join(', ')
  const key = table.key.map(quoted).join(', ')
  const rowsPerInsert = Math.max(1, Math.min(ROWS_PER_PAGE, Math.floor(MAX_PARAMETERS / table.columns.length)))
  const insert = (rows: number) =>
    `INSERT INTO ${quoted(table.name)} (${columns}) VALUES ${Array.from({ length: rows }, () => `(${dialect.placeholders(table.columns)})`).join(', ')}`
  let after: unknown[] | null = null
  let copied = 0
  for (;;) {
    const where: string = after ? `WHERE (${key}) > (${dialect.placeholders(after)})` : ''
    const page: Record<string, unknown>[] = await from.query(
      dialect.sql(`SELECT ${columns} FROM ${quoted(table.name)} ${where} ORDER BY ${key} LIMIT ${ROWS_PER_PAGE}`),
      after ?? [],
    )
    for (let start = 0; start < page.length; start += rowsPerInsert) {
      const rows = page.slice(start, start + rowsPerInsert)
      await to.query(insert(rows.length), rows.flatMap((row) => table.columns.map((column) => sqliteValue(row[column]))))
    }
    copied += page.length
    const last = page.at(-1)
    if (!last || page.length < ROWS_PER_PAGE) return copied
    after = table.key.map((column) => last[column])
  }
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
    const tables = await tablesOf(copy.manager)
    await copy.transaction(async (to) => {
      // Rows are written table by table in name order; their references are checked at the commit.
      await to.query('PRAGMA defer_foreign_keys = ON')
      // The migrations' seeded rows (sports, settings) give way to the source's own.
      for (const table of tables) await to.query(`DELETE FROM ${quoted(table.name)}`)
      await source.transaction(dialectOf(source.manager).snapshotIsolation, async (from) => {
        for (const table of tables) counts[table.name] = await copyTable(from, to, table)
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

import type { EntityManager } from 'typeorm'
import { dialectOf } from './dialect'

/** Rows read and written at a time: a page of tracks (compressed, up to a few MB each) stays small. */
const ROWS_PER_PAGE = 100
/** Parameters of one statement: SQLite's limit (since 3.32); PostgreSQL's is higher (65,535). */
const MAX_PARAMETERS = 32_766

/** A table of a Waymark database: its columns, primary key and the tables its rows point at. */
export interface Table {
  name: string
  columns: string[]
  key: string[]
  references: string[]
}

export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

/** Tables ordered so that each comes after the tables it references (a row's own table aside). */
function inDependencyOrder(tables: Table[]): Table[] {
  const byName = new Map(tables.map((table) => [table.name, table]))
  const ordered: Table[] = []
  const placed = new Set<string>()
  const place = (table: Table, path: Set<string>) => {
    if (placed.has(table.name)) return
    if (path.has(table.name)) throw new Error(`tables reference each other in a cycle: ${[...path].join(' → ')}`)
    path.add(table.name)
    for (const parent of table.references) {
      const referenced = byName.get(parent)
      if (referenced && parent !== table.name) place(referenced, path)
    }
    path.delete(table.name)
    placed.add(table.name)
    ordered.push(table)
  }
  for (const table of tables) place(table, new Set())
  return ordered
}

/**
 * The tables of a Waymark SQLite database (as its migrations made them), parents before the
 * tables that reference them, with their columns and primary key; TypeORM's `migrations` aside.
 */
export async function sqliteTables(manager: EntityManager): Promise<Table[]> {
  const names = await manager.query<{ name: string }[]>(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> 'migrations' ORDER BY name`,
  )
  const tables: Table[] = []
  for (const { name } of names) {
    const info = await manager.query<{ name: string; pk: number }[]>(`SELECT name, pk FROM pragma_table_info(?)`, [name])
    const key = info.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk).map((column) => column.name)
    const references = await manager.query<{ table: string }[]>(`SELECT DISTINCT "table" FROM pragma_foreign_key_list(?)`, [name])
    tables.push({ name, columns: info.map((column) => column.name), key, references: references.map((reference) => reference.table) })
  }
  return inDependencyOrder(tables)
}

/**
 * Copies one table's rows from one database to another (either engine to either), page by page
 * in primary-key order (read after the last key, never by offset). `value` turns what the source's
 * driver read into what the target stores.
 * @returns the rows copied
 */
export async function copyTable(from: EntityManager, to: EntityManager, table: Table, value: (read: unknown) => unknown = (read) => read): Promise<number> {
  const reading = dialectOf(from)
  const writing = dialectOf(to)
  const columns = table.columns.map(quoted).join(', ')
  const key = table.key.map(quoted).join(', ')
  const rowsPerInsert = Math.max(1, Math.min(ROWS_PER_PAGE, Math.floor(MAX_PARAMETERS / table.columns.length)))
  const insert = (rows: number) =>
    writing.sql(`INSERT INTO ${quoted(table.name)} (${columns}) VALUES ${Array.from({ length: rows }, () => `(${writing.placeholders(table.columns)})`).join(', ')}`)
  let after: unknown[] | null = null
  let copied = 0
  for (;;) {
    const where: string = after ? `WHERE (${key}) > (${reading.placeholders(after)})` : ''
    const page: Record<string, unknown>[] = await from.query(
      reading.sql(`SELECT ${columns} FROM ${quoted(table.name)} ${where} ORDER BY ${key} LIMIT ${ROWS_PER_PAGE}`),
      after ?? [],
    )
    for (let start = 0; start < page.length; start += rowsPerInsert) {
      const rows = page.slice(start, start + rowsPerInsert)
      await to.query(insert(rows.length), rows.flatMap((row) => table.columns.map((column) => value(row[column]))))
    }
    copied += page.length
    const last = page.at(-1)
    if (!last || page.length < ROWS_PER_PAGE) return copied
    after = table.key.map((column) => last[column])
  }
}

import { rm, stat } from 'node:fs/promises'
import { MigrationExecutor, type DataSource, type EntityManager } from 'typeorm'
import { createDataSource } from './data-source'
import { dialectOf } from './dialect'
import { copyTable, quoted, sqliteTables, type Table } from './table-copy'

/** The move was refused before anything changed (a non-empty target, a source to upgrade first). */
export class MoveRefused extends Error {
  override name = 'MoveRefused'
}

/** One table's rows in the SQLite source and in PostgreSQL once copied (equal, or the move fails). */
export interface MovedTable {
  table: string
  rows: number
}

const count = async (manager: EntityManager, table: string): Promise<number> => {
  const [row] = await manager.query<{ n: number }[]>(`SELECT count(*) AS n FROM ${quoted(table)}`)
  return Number(row?.n ?? 0)
}

/** The relations (tables, views, sequences…) of the PostgreSQL database outside its own catalogs. */
async function relationsOf(manager: EntityManager): Promise<string[]> {
  const rows = await manager.query<{ name: string }[]>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND n.nspname NOT LIKE 'pg\\_toast%' ORDER BY 1`,
  )
  return rows.map((row) => row.name)
}

/** Refuses unless PostgreSQL's migrations gave each source table the same columns (nothing would be dropped or guessed). */
async function checkSameColumns(manager: EntityManager, tables: Table[]): Promise<void> {
  for (const table of tables) {
    const rows = await manager.query<{ name: string }[]>(
      `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
      [table.name],
    )
    const target = new Set(rows.map((row) => row.name))
    const differ = table.columns.filter((column) => !target.has(column)).concat([...target].filter((column) => !table.columns.includes(column)))
    if (differ.length > 0) throw new Error(`table ${table.name} differs between the engines' schemas (${differ.join(', ')})`)
  }
}

/** Sets each table's id sequence past its highest id, so the next row PostgreSQL numbers is new. */
async function resetSequences(manager: EntityManager, tables: Table[]): Promise<void> {
  for (const table of tables) {
    const [column] = table.key
    if (table.key.length !== 1 || !column) continue
    const [row] = await manager.query<{ sequence: string | null }[]>(`SELECT pg_get_serial_sequence($1, $2) AS sequence`, [quoted(table.name), column])
    if (!row?.sequence) continue
    await manager.query(`SELECT setval($1, (SELECT coalesce(max(${quoted(column)}), 0) + 1 FROM ${quoted(table.name)}), false)`, [row.sequence])
  }
}

/**
 * Moves a SQLite install's rows into an empty PostgreSQL database (`migrate-to-postgres`): runs
 * PostgreSQL's migrations, then copies every table, parents first, in one transaction with the
 * checks, so a failure anywhere leaves the target as empty as it was. The SQLite file is opened
 * read-only; the data folder's files are not touched (the PostgreSQL servers use the same folder,
 * and the rows name the files as before).
 * @returns each table's rows, equal on both sides
 * @throws MoveRefused when the target holds anything or the source needs an upgrade
 */
export async function moveSqliteToPostgres(sqlitePath: string, target: DataSource): Promise<MovedTable[]> {
  // A read-only connection to a WAL database makes its -wal and -shm files when missing; they go
  // again after, so the folder is left as found.
  const companions = [`${sqlitePath}-wal`, `${sqlitePath}-shm`]
  const made = (await Promise.all(companions.map((path) => stat(path).then(() => null, () => path)))).filter((path) => path !== null)
  const source = createDataSource(sqlitePath, { readOnly: true })
  await source.initialize()
  const runner = target.createQueryRunner()
  try {
    if (await source.showMigrations()) throw new MoveRefused('the SQLite database needs an upgrade: start the server once on it, then retry')
    await runner.connect()
    await runner.startTransaction()
    try {
      const present = await relationsOf(runner.manager)
      if (present.length > 0) {
        throw new MoveRefused(`the PostgreSQL database is not empty (${present.length} tables or sequences, e.g. ${present[0]}): move into a new, empty database`)
      }
      // Instants SQLite keeps as UTC texts without a zone are read as UTC.
      await runner.query(`SET LOCAL TIME ZONE 'UTC'`)
      const migrations = new MigrationExecutor(target, runner)
      migrations.transaction = 'none'
      await migrations.executePendingMigrations()
      const tables = await sqliteTables(source.manager)
      await checkSameColumns(runner.manager, tables)
      // The migrations' seeded rows (sports, settings) give way to the source's own.
      for (const table of [...tables].reverse()) await runner.query(`DELETE FROM ${quoted(table.name)}`)
      const moved = await source.transaction(dialectOf(source.manager).snapshotIsolation, async (from) => {
        const copied: MovedTable[] = []
        for (const table of tables) {
          const rows = await copyTable(from, runner.manager, table)
          const [inSource, inTarget] = [await count(from, table.name), await count(runner.manager, table.name)]
          if (rows !== inSource || inTarget !== inSource) throw new Error(`table ${table.name}: ${inSource} rows in SQLite, ${inTarget} copied`)
          copied.push({ table: table.name, rows: inTarget })
        }
        return copied
      })
      await resetSequences(runner.manager, tables)
      await runner.commitTransaction()
      // The planner's statistics and the visibility map of the copied tables now, not at
      // autovacuum's next pass: until then the planner guesses every table small, and no page is
      // known all-visible, so the dashboard's index-only scans (totals, statistics) still read
      // every row's heap page (measured on 20 × 1,000 workouts: the backends' CPU per dashboard
      // call 2.2 → 1.3-1.4 ms). The rows are committed: a failed VACUUM only leaves it to autovacuum.
      await runner.query('VACUUM ANALYZE').catch(() => undefined)
      return moved
    } catch (error) {
      await runner.rollbackTransaction()
      throw error
    }
  } finally {
    await runner.release()
    await source.destroy()
    await Promise.all(made.map((path) => rm(path, { force: true })))
  }
}

import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm'
import { dialectOf } from './dialect'
import { shareWork } from './write-queue'

/** Bound variables SQLite accepts in one statement (PostgreSQL takes up to 65,535). */
const MAX_VARIABLES = 32_766

/**
 * Inserts entity rows with plain `INSERT … VALUES` statements (as many rows per statement as
 * SQLite's variable limit allows), each value converted as TypeORM's own insert converts it (its
 * column metadata and driver: dates as UTC text, booleans as 0 or 1), without its query builder:
 * building an insert cost more main-thread time than SQLite running it (profiled on imports).
 * Rows are not read back. The columns are those the first row sets; the others take their default.
 */
export async function insertRows<T extends ObjectLiteral>(manager: EntityManager, target: EntityTarget<T>, rows: readonly T[]): Promise<void> {
  const [first] = rows
  if (first === undefined) return
  const { into, columns, tuple, valuesOf } = insertOf(manager, target, first)
  const perStatement = Math.max(1, Math.floor(MAX_VARIABLES / Math.max(1, columns)))
  const dialect = dialectOf(manager)
  for (let start = 0; start < rows.length; start += perStatement) {
    const batch = rows.slice(start, start + perStatement)
    await manager.query(dialect.sql(`${into} VALUES ${batch.map(() => tuple).join(', ')}`), batch.flatMap(valuesOf))
  }
}

/**
 * How {@link insertRows} writes rows like `first`: `INSERT INTO table (columns)` for the columns
 * `first` sets, their count, one row's placeholders `(?, …)`, and a row's values converted.
 */
export function insertOf<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  first: T,
): { into: string; columns: number; tuple: string; valuesOf: (row: T) => unknown[] } {
  const { driver } = manager.connection
  const metadata = manager.connection.getMetadata(target)
  const columns = metadata.columns.filter((column) => column.getEntityValue(first) !== undefined)
  return {
    into: `INSERT INTO ${driver.escape(metadata.tablePath)} (${columns.map((column) => driver.escape(column.databaseName)).join(', ')})`,
    columns: columns.length,
    tuple: `(${columns.map(() => '?').join(', ')})`,
    valuesOf: (row) => columns.map((column): unknown => driver.preparePersistentValue(column.getEntityValue(row), column)),
  }
}

/**
 * Inserts rows as {@link insertRows} does, in statements shared with the other writes of a batch
 * (see `shareWork`): the rows that every write of the batch gives for the same table and columns
 * go together, at the batch's end. Outside a batch, at once.
 */
export function insertRowsShared<T extends ObjectLiteral>(manager: EntityManager, target: EntityTarget<T>, rows: readonly T[]): Promise<void> {
  const [first] = rows
  if (first === undefined) return Promise.resolve()
  const metadata = manager.connection.getMetadata(target)
  const columns = metadata.columns.filter((column) => column.getEntityValue(first) !== undefined).map((column) => column.databaseName)
  return shareWork(manager, `insert ${metadata.tablePath} (${columns.join()})`, rows, (shared, batches) => insertRows(shared, target, batches.flat()))
}

import { sqliteDialect, type Dialect } from './dialect'

/**
 * How a column reaches JavaScript through a packed row: texts and integers (or null) inside the
 * row's one text, reals as columns of their own.
 */
type PackedKind = 'text' | 'integer' | 'real'

/** A column of a packed row: the field it fills, the SQL expression read, its kind. */
export type PackedColumn<F extends string> = readonly [field: F, expression: string, kind: PackedKind]

/** A row as node-sqlite3 gives it: `packed`, and the reals as `r0`, `r1`… */
export type PackedRow = Readonly<Record<string, unknown>> & { readonly packed: string }

/** Rows SQLite hands over as few values each (see {@link packedRows}). */
export interface PackedRows<F extends string> {
  /**
   * The select list: `packed`, then the reals as `r0`, `r1`…, padded with NULLs up to `width`
   * (parts of one UNION ALL), in the SQL of `dialect` (SQLite's when not given).
   */
  select(width?: number, dialect?: Dialect): string
  /** How many real columns the rows have. */
  readonly reals: number
  /** The row's fields. */
  unpack(row: PackedRow): Record<F, unknown>
}

/**
 * Rows that reach JavaScript as a few values each instead of one per column: node-sqlite3 makes
 * every value of every row a property through N-API on the event loop, while SQLite builds one
 * JSON array text of the row's texts and integers on libuv's pool (`Dialect.jsonArray`) and
 * `JSON.parse` reads it fast. Reals stay
 * columns: printed so as to read back as the same double, they cost SQLite more than N-API costs
 * for them (measured, the calendar's list: all values packed, +70 µs of CPU per call; reals apart,
 * the event loop's share 340 → 230 µs with the same CPU in all).
 */
export function packedRows<F extends string>(columns: readonly PackedColumn<F>[]): PackedRows<F> {
  const inText = columns.filter(([, , kind]) => kind !== 'real')
  const reals = columns.filter(([, , kind]) => kind === 'real')
  return {
    reals: reals.length,
    select(width = reals.length, dialect = sqliteDialect) {
      const packed = dialect.jsonArray(inText.map(([, expression, kind]) => ({ expression, kind: kind === 'text' ? 'text' : 'integer' })))
      const realColumns = Array.from({ length: width }, (_, index) => `${reals[index]?.[1] ?? 'NULL'} AS r${index}`)
      return [`${packed} AS packed`, ...realColumns].join(', ')
    },
    unpack(row) {
      const values = JSON.parse(row.packed) as unknown[]
      const fields: Partial<Record<F, unknown>> = {}
      inText.forEach(([field], index) => {
        fields[field] = values[index]
      })
      reals.forEach(([field], index) => {
        fields[field] = row[`r${index}`]
      })
      return fields as Record<F, unknown>
    },
  }
}

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
   * (parts of one UNION ALL), in the SQL of `dialect` (SQLite's when not given). `keys`: integer
   * expressions packed after the fields, that order the parts' rows (see {@link inKeyOrder}).
   */
  select(width?: number, dialect?: Dialect, keys?: readonly string[]): string
  /** How many real columns the rows have. */
  readonly reals: number
  /** The row's fields; `values`: its packed text already parsed. */
  unpack(row: PackedRow, values?: readonly unknown[]): Record<F, unknown>
}

/** A packed row with its packed text parsed: the fields' values, then its keys. */
export interface ParsedRow {
  readonly row: PackedRow
  readonly values: readonly unknown[]
}

/**
 * The rows of a UNION ALL of packed parts, each selected with `count` keys (the part's number
 * first), parsed once and sorted by those keys: SQLite's ORDER BY over the UNION copied every
 * whole row into a temporary b-tree for each part (a list of 100: ~0.1 ms of CPU, measured).
 */
export function inKeyOrder(rows: readonly PackedRow[], count: number): ParsedRow[] {
  const parsed = rows.map((row) => ({ row, values: JSON.parse(row.packed) as number[] }))
  return parsed.sort((a, b) => {
    for (let key = count; key > 0; key -= 1) {
      const difference = (a.values[a.values.length - key] ?? 0) - (b.values[b.values.length - key] ?? 0)
      if (difference !== 0) return difference
    }
    return 0
  })
}

/**
 * Rows that reach JavaScript as a few values each instead of one per column: node-sqlite3 makes
 * every value of every row a property through N-API on the event loop, while SQLite builds one
 * JSON array text of the row's texts and integers on libuv's pool (`Dialect.jsonArray`) and
 * `JSON.parse` reads it fast. Reals stay
 * columns: printed so as to read back as the same double, they cost SQLite more than N-API costs
 * for them (measured, the calendar's list: all values packed, +70 µs of CPU per call; reals apart,
 * the event loop's share 340 → 230 µs with the same CPU in all), and SQLite's shortest text of a
 * real (`CAST`, 3.52) reads back in JavaScript as another double for 1 in ~700,000 doubles.
 */
export function packedRows<F extends string>(columns: readonly PackedColumn<F>[]): PackedRows<F> {
  const inText = columns.filter(([, , kind]) => kind !== 'real')
  const reals = columns.filter(([, , kind]) => kind === 'real')
  // Each row's object is a copy of one holding every field, in the order they are set below: 30-odd
  // keyed stores into `{}` turn an object into a dictionary, slower to fill and to read (measured,
  // 200 list rows unpacked and read: −25 % of the CPU with the copy and the column names built once).
  const shape = Object.fromEntries([...inText, ...reals].map(([field]) => [field, null])) as Record<F, unknown>
  const realNames = reals.map((_, index) => `r${index}`)
  return {
    reals: reals.length,
    select(width = reals.length, dialect = sqliteDialect, keys = []) {
      const fields = inText.map(([, expression, kind]) => ({ expression, kind: kind === 'text' ? ('text' as const) : ('integer' as const) }))
      const packed = dialect.jsonArray([...fields, ...keys.map((expression) => ({ expression, kind: 'integer' as const }))])
      // Typed, so that PostgreSQL matches a part's padding with another part's reals whichever comes first.
      const padding = dialect.engine === 'postgres' ? 'CAST(NULL AS double precision)' : 'NULL'
      const realColumns = Array.from({ length: width }, (_, index) => `${reals[index]?.[1] ?? padding} AS r${index}`)
      return [`${packed} AS packed`, ...realColumns].join(', ')
    },
    unpack(row, values = JSON.parse(row.packed) as unknown[]) {
      const fields = { ...shape }
      inText.forEach(([field], index) => {
        fields[field] = values[index]
      })
      reals.forEach(([field], index) => {
        fields[field] = row[realNames[index] ?? '']
      })
      return fields
    },
  }
}

import { Raw, type EntityManager, type FindOperator } from 'typeorm'
import { containsPattern } from './like'
import { placeholders } from './placeholders'
import { fromSqlDate, toSqlDate } from '../lib/sql-date'

/**
 * The SQL that differs between the engines, for the repositories: they write their statements
 * with `?` placeholders and ask the dialect for the rest. SQLite is the default and the desktop's
 * only engine; PostgreSQL (club servers) is being brought up behind the same repositories.
 */
export interface Dialect {
  readonly engine: 'sqlite' | 'postgres'
  /** The statement with its `?` placeholders in the engine's form (`$1`, `$2`… on PostgreSQL). */
  sql(text: string): string
  /** `?, ?, ?` for a SQL `IN (…)` list of these values (passed as parameters, never inlined). */
  placeholders(values: readonly unknown[]): string
  /** `column` contains the next parameter's text, ignoring case (ASCII on SQLite, as its LIKE does). */
  containsIgnoringCase(column: string): string
  /** The parameter of {@link containsIgnoringCase} for `text`: `%` and `_` typed by a user match themselves. */
  containsParameter(text: string): string
  /** `column` equals the next parameter, ignoring case as usernames and e-mails do (ASCII letters, SQLite's NOCASE). */
  equalsIgnoringCase(column: string): string
  /** The find condition of a NOCASE column (usernames, e-mails) equal to `value` ignoring ASCII case. */
  sameTextAs(value: string): string | FindOperator<string>
  /** `expression` to sort a NOCASE column by, ignoring ASCII case. */
  orderIgnoringCase(expression: string): string
  /** The distinct values of `expression` joined by `separator`, in their order (one text, null when none). */
  joinedDistinct(expression: string, fromWhere: string, separator: string): string
  /**
   * One JSON array text of these values in order (texts quoted, integers as numbers, NULL as
   * `null`), for rows packed into one text (see `packedRows`).
   */
  jsonArray(values: readonly { expression: string; kind: 'text' | 'integer' }[]): string
  /**
   * The join that keeps the table before it as the outer loop: SQLite's CROSS JOIN (its planner
   * never reorders one); PostgreSQL plans joins on its own figures and has no such join with `ON`.
   */
  readonly joinInOrder: string
  /** The order rows of `alias` were inserted in: SQLite's rowid; PostgreSQL, which keeps none, by creation time then id. */
  insertionOrder(alias: string): string
  /** `expression` (a date parameter) typed as an instant where nothing else gives it a type, as in `VALUES` lists. */
  dateValue(expression: string): string
  /** An instant as a parameter compared with (or stored in) a `datetime` column. */
  dateParameter(instant: Date | number): unknown
  /** Date parameters (through `dateValue`) below and above every stored instant, for ranges open on a side. */
  readonly dateBounds: readonly [unknown, unknown]
  /** An instant read from a `datetime` column by raw SQL. */
  dateOf(stored: unknown): Date
  /** Ends a SELECT so its rows are locked for the transaction and rows another transaction holds are left out. */
  readonly lockSkippingLocked: string
  /**
   * Follows a nullable sort key's direction so that NULL sorts below every value, as SQLite sorts it
   * (first ascending, last descending); PostgreSQL sorts it above every value unless told.
   */
  nullsLowest(direction: 'ASC' | 'DESC'): string
  /** The isolation under which every statement of one transaction reads the same snapshot. */
  readonly snapshotIsolation: 'SERIALIZABLE' | 'REPEATABLE READ'
}

/** SQLite, as the product has always spoken it: dates are UTC texts, LIKE ignores ASCII case. */
export const sqliteDialect: Dialect = {
  engine: 'sqlite',
  sql: (text) => text,
  placeholders,
  containsIgnoringCase: (column) => `${column} LIKE ? ESCAPE '\\'`,
  containsParameter: containsPattern,
  equalsIgnoringCase: (column) => `${column} = ? COLLATE NOCASE`,
  // The column's own NOCASE collation compares and sorts.
  sameTextAs: (value) => value,
  orderIgnoringCase: (expression) => expression,
  joinedDistinct: (expression, fromWhere, separator) =>
    `(SELECT group_concat(v, '${separator}' ORDER BY v) FROM (SELECT DISTINCT ${expression} AS v ${fromWhere}) AS d)`,
  // One call writes the whole text: a chain of `||` copied the growing text at each of its ~60
  // steps (a list of 100's workout rows: ~0.2 ms less CPU, measured).
  jsonArray: (values) => `json_array(${values.map(({ expression }) => expression).join(', ')})`,
  joinInOrder: 'CROSS JOIN',
  insertionOrder: (alias) => `${alias}.rowid`,
  dateValue: (expression) => expression,
  dateParameter: toSqlDate,
  // Stored texts begin with a digit or a sign: the empty text sorts below them all, '~' above.
  dateBounds: ['', '~'],
  dateOf: (stored) => fromSqlDate(String(stored)),
  // One writer at a time: the write transaction itself excludes every other.
  lockSkippingLocked: '',
  nullsLowest: () => '',
  // A transaction reads one snapshot from its first read on (WAL); TypeORM accepts no other level here.
  snapshotIsolation: 'SERIALIZABLE',
}

/** `?` placeholders numbered `$1`, `$2`… outside quoted texts and names. */
function numbered(text: string): string {
  let index = 0
  return text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (match) => (match === '?' ? `$${++index}` : match))
}

/** ASCII letters folded to lower case, as SQLite's NOCASE compares (the baseline's unique indexes use the same). */
const folded = (expression: string) => `translate(${expression}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`

/** PostgreSQL (club servers; see the README's architecture section for what is not on it yet). */
const postgresDialect: Dialect = {
  engine: 'postgres',
  sql: numbered,
  placeholders,
  containsIgnoringCase: (column) => `${column} ILIKE ? ESCAPE '\\'`,
  containsParameter: containsPattern,
  equalsIgnoringCase: (column) => `${folded(column)} = ${folded('?')}`,
  sameTextAs: (value) => Raw((column) => `${folded(column)} = ${folded(':value')}`, { value }),
  orderIgnoringCase: folded,
  joinedDistinct: (expression, fromWhere, separator) =>
    `(SELECT string_agg(CAST(v AS text), '${separator}' ORDER BY v) FROM (SELECT DISTINCT ${expression} AS v ${fromWhere}) AS d)`,
  // Integers through CAST (exact); to_json of NULL is NULL, not JSON's null, and would empty the whole packed row.
  jsonArray: (values) =>
    `'[' || ${values.map(({ expression, kind }) => `coalesce(CAST(${kind === 'text' ? `to_json(${expression})` : expression} AS text), 'null')`).join(` || ',' || `)} || ']'`,
  joinInOrder: 'JOIN',
  insertionOrder: (alias) => `${alias}.created_at, ${alias}.id`,
  dateValue: (expression) => `CAST(${expression} AS timestamptz)`,
  dateParameter: (instant) => new Date(instant),
  dateBounds: ['-infinity', 'infinity'],
  dateOf: (stored) => (stored instanceof Date ? stored : new Date(String(stored))),
  lockSkippingLocked: 'FOR UPDATE SKIP LOCKED',
  nullsLowest: (direction) => (direction === 'ASC' ? ' NULLS FIRST' : ' NULLS LAST'),
  // READ COMMITTED, the default, reads a new snapshot for each statement; SERIALIZABLE may fail a reader.
  snapshotIsolation: 'REPEATABLE READ',
}

/** The dialect of the connection (or transaction) a repository runs on. */
export function dialectOf(manager: EntityManager): Dialect {
  return manager.connection.options.type === 'postgres' ? postgresDialect : sqliteDialect
}

import 'reflect-metadata'
import pg from 'pg'
import sqlite3 from 'sqlite3'
import { DataSource, type Logger } from 'typeorm'
import { entities } from './entities'
import { migrations, postgresMigrations } from './migrations'

/** Prepared statements a connection keeps (by SQL text); the least recently used goes beyond this. */
const KEPT_STATEMENTS = 100

/**
 * Longer writes are prepared for each call, as node-sqlite3 does: a multi-row INSERT of thousands
 * of values is rarely the same text twice, and a kept statement holds its program and its last
 * bound values until it is used again.
 */
const MAX_KEPT_WRITE = 4000

/**
 * What `run` may keep: a write without RETURNING, which runs to its end in its one step. Any other
 * statement (a PRAGMA that answers a row, RETURNING) would stay active between calls, holding its
 * transaction open, so it is prepared for each call.
 */
const keptByRun = (sql: string) => /^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(sql) && !/\bRETURNING\b/i.test(sql)

/** node-sqlite3's statement constructor (its types leave it out): prepares `sql`, then calls back. */
const NativeStatement = sqlite3.Statement as unknown as new (db: sqlite3.Database, sql: string, prepared: (error: Error | null) => void) => sqlite3.Statement

/**
 * A connection that prepares each statement once and reuses it. node-sqlite3's `all` and `run`
 * prepare (a trip to libuv's pool), run (another) and finalize (on the event loop, waiting for the
 * connection's lock) a new statement every time: measured, a kept statement costs half the CPU
 * per query (main thread ~32 → ~18 µs, all threads ~70 → ~37 µs for a small SELECT) and skips
 * SQLite's parse. TypeORM reads with `all`, which steps each statement to its end, and writes
 * with `run` (see {@link keptByRun}), so a kept statement holds no snapshot or lock between calls
 * and BEGIN, COMMIT, ROLLBACK and savepoints act as when prepared anew. A statement is shared
 * only once prepared: a failed prepare answers its one caller (node-sqlite3 drops what was queued
 * on it).
 */
class KeptStatementsDatabase extends sqlite3.Database {
  private readonly statements = new Map<string, sqlite3.Statement>()

  override all(sql: string, ...args: unknown[]): this {
    this.kept(sql, args).all(...args)
    return this
  }

  override run(sql: string, ...args: unknown[]): this {
    if (sql.length > MAX_KEPT_WRITE || !keptByRun(sql)) return super.run(sql, ...args)
    // The callback's `this` is the statement, with the row id and changes of this run.
    this.kept(sql, args).run(...args)
    return this
  }

  override close(callback?: (error: Error | null) => void): void {
    for (const statement of this.statements.values()) statement.finalize()
    this.statements.clear()
    super.close(callback)
  }

  /** The kept statement of `sql`, or a new one that will be kept once prepared. */
  private kept(sql: string, args: unknown[]): sqlite3.Statement {
    const kept = this.statements.get(sql)
    if (kept) {
      // Most recently used last: a Map iterates in insertion order.
      this.statements.delete(sql)
      this.statements.set(sql, kept)
      return kept
    }
    const callback = args.at(-1)
    const statement = new NativeStatement(this, sql, (error) => {
      if (!error) this.keep(sql, statement)
      else if (typeof callback === 'function') Reflect.apply(callback, statement, [error])
    })
    return statement
  }

  private keep(sql: string, statement: sqlite3.Statement): void {
    // Another caller prepared the same text meanwhile: this one goes once it has run.
    if (this.statements.has(sql)) {
      statement.finalize()
      return
    }
    this.statements.set(sql, statement)
    if (this.statements.size > KEPT_STATEMENTS) {
      const [oldest, old] = this.statements.entries().next().value ?? []
      if (oldest !== undefined) this.statements.delete(oldest)
      // Finalizing waits for the statement's queued calls.
      old?.finalize()
    }
  }
}

/**
 * TypeORM's driver: node-sqlite3 with kept statements, minus the "verbose" mode TypeORM always
 * switches on: that mode wraps every call to capture a stack and `util.inspect` each argument
 * (blobs in hex included), which cost more than many of our queries themselves. Errors keep their
 * message and code.
 */
const keptSqlite3: typeof sqlite3 = Object.assign(Object.create(sqlite3) as typeof sqlite3, {
  verbose: () => Object.assign(Object.create(sqlite3) as typeof sqlite3, { Database: KeptStatementsDatabase }),
})

/** Told each statement a data source sends to its database, as it is sent (tests count round trips). */
export type StatementHook = (sql: string) => void

/** TypeORM's logger that only tells `onStatement`; TypeORM calls it for every statement, BEGIN and COMMIT included. */
function statementLogger(onStatement: StatementHook): Logger {
  const nothing = () => undefined
  return { logQuery: (sql) => onStatement(sql), logQueryError: nothing, logQuerySlow: nothing, logSchemaBuild: nothing, logMigration: nothing, log: nothing }
}

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
export function createDataSource(databasePath: string, options: { readOnly?: boolean; onStatement?: StatementHook } = {}): DataSource {
  return new DataSource({
    type: 'sqlite',
    driver: keptSqlite3,
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
    ...(options.onStatement ? { logger: statementLogger(options.onStatement) } : {}),
  })
}

/** Opens the read-only connection of a database the write connection has opened (and migrated). */
export async function openReadDataSource(databasePath: string, onStatement?: StatementHook): Promise<DataSource> {
  const reader = createDataSource(databasePath, { readOnly: true, ...(onStatement ? { onStatement } : {}) })
  await reader.initialize()
  return reader
}

/**
 * The entities name SQLite's column types; on PostgreSQL they become these (instants with their
 * zone, 8-byte floats as SQLite's `real` is, bytes). The PostgreSQL driver maps the types of
 * every column through `normalizeType`, for validation, schema building and comparison alike.
 */
const POSTGRES_TYPES: Readonly<Record<string, string>> = {
  datetime: 'timestamp with time zone',
  real: 'double precision',
  blob: 'bytea',
}

/**
 * PostgreSQL answers counts and sums of integers as `bigint` and averages as `numeric`, which
 * node-postgres hands over as texts (they may exceed a double); SQLite answers numbers. Ours are
 * counts, sums and averages of figures far below 2^53, so both engines give the services numbers.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, Number)
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number)

/**
 * How long a pooled PostgreSQL connection lives (s): its prepared statements go with it, so a
 * connection whose {@link KEPT_STATEMENTS} went to calls made once gets room for today's calls.
 */
const POSTGRES_CONNECTION_LIFETIME_S = 30 * 60

/**
 * A pool connection that prepares each statement with parameters once (a named statement, the
 * first {@link KEPT_STATEMENTS} texts it runs) and then only binds and runs it: node-postgres
 * sends every other statement unnamed, which PostgreSQL parses, analyses and plans again at each
 * call. Measured on 20 clients' dashboard calls: the backends' CPU per call 1.2-1.3 → 0.7-0.8 ms.
 * A statement without parameters (BEGIN, COMMIT, LISTEN) stays unnamed. Names are the
 * connection's own (`s1`, `s2`…), never reused on it, as PostgreSQL keeps a connection's
 * statements until it closes; node-postgres sends the text again if preparing it failed.
 */
class PreparingClient extends pg.Client {
  private readonly names = new Map<string, string>()

  constructor(config?: string | pg.ClientConfig) {
    super(config)
    const query = this.query.bind(this) as (config: unknown, values?: unknown, callback?: unknown) => unknown
    const prepared = (text: string, values: unknown, callback: unknown) => query({ name: this.nameOf(text), text, values }, callback)
    this.query = ((config: unknown, values?: unknown, callback?: unknown) =>
      typeof config === 'string' && Array.isArray(values) && values.length > 0 ? prepared(config, values, callback) : query(config, values, callback)) as pg.Client['query']
  }

  /** The name `text` is prepared under on this connection; none past the connection's {@link KEPT_STATEMENTS}. */
  private nameOf(text: string): string | undefined {
    let name = this.names.get(text)
    if (!name && this.names.size < KEPT_STATEMENTS) this.names.set(text, (name = `s${this.names.size + 1}`))
    return name
  }
}

/**
 * A data source on a PostgreSQL database (`postgres://…`, club servers; SQLite stays the default
 * and the desktop's only engine): the same entities, with their column types mapped (see
 * {@link POSTGRES_TYPES}), and PostgreSQL's migrations (see `migrations/index.ts`).
 * @param poolSize connections of its pool (one per concurrent statement or transaction)
 */
export function createPostgresDataSource(url: string, poolSize = 10, onStatement?: StatementHook): DataSource {
  const dataSource = new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations: postgresMigrations,
    migrationsRun: false,
    synchronize: false,
    logging: false,
    poolSize,
    extra: { Client: PreparingClient, maxLifetimeSeconds: POSTGRES_CONNECTION_LIFETIME_S },
    ...(onStatement ? { logger: statementLogger(onStatement) } : {}),
  })
  const driver = dataSource.driver
  const normalizeType = driver.normalizeType.bind(driver)
  driver.normalizeType = (column) => (typeof column.type === 'string' ? POSTGRES_TYPES[column.type] : undefined) ?? normalizeType(column)
  return dataSource
}

/**
 * Opens a PostgreSQL data source (see {@link createPostgresDataSource}). Usernames and e-mails are
 * unique ignoring ASCII case there by indexes on their folded text (see the baseline migration),
 * not by SQLite's NOCASE collation and plain unique constraints the entities declare, so those two
 * are left out of this data source's picture of the schema.
 */
export async function openPostgresDataSource(url: string, poolSize?: number, onStatement?: StatementHook): Promise<DataSource> {
  const dataSource = createPostgresDataSource(url, poolSize, onStatement)
  await dataSource.initialize()
  for (const entity of dataSource.entityMetadatas) {
    const folded = entity.columns.filter((column) => column.collation === 'NOCASE')
    for (const column of folded) column.collation = undefined
    entity.uniques = entity.uniques.filter((unique) => !unique.columns.some((column) => folded.includes(column)))
  }
  return dataSource
}

import type { DataSource, EntityManager, QueryRunner } from 'typeorm'
import { openReadDataSource, type StatementHook } from './data-source'

export interface ReadHooks {
  /** After each statement run inside a read snapshot (tests commit a write at that point). */
  afterSnapshotRead?: () => Promise<void>
  /** Each statement any connection of the server sends to its database, BEGIN and COMMIT included (tests count round trips). */
  onStatement?: StatementHook
}

/**
 * Runs a read call that takes several statements (a list's rows and totals, statistics) in one
 * read transaction, so all its statements see the same committed state even if writes commit
 * in between. Each snapshot has a read-only connection of its own, borrowed from a small pool:
 * TypeORM's sqlite driver has one connection per data source, and a transaction on the shared
 * read connection would take in the statements of concurrent requests.
 */
export type ReadSnapshot = <T>(work: (manager: EntityManager) => Promise<T>) => Promise<T>

/**
 * Runs reads on a read-only connection borrowed from the same pool, without a transaction (for
 * calls whose statements need not agree with each other). The busy calls of the dashboard use it
 * rather than the shared read connection: node-sqlite3 finalizes each statement on the event
 * loop, and finalizing waits for the connection's lock, so on a connection shared by concurrent
 * requests the event loop stalls while another request's query runs. A borrowed connection runs
 * one caller's statements one after the other, and the pool's connections run on both cores.
 */
export type ReadConnection = <T>(work: (manager: EntityManager) => Promise<T>) => Promise<T>

interface Connection {
  dataSource: DataSource
  runner: QueryRunner
  inWork: boolean
}

export interface ReadSnapshots {
  readonly run: ReadSnapshot
  readonly read: ReadConnection
  /** Closes the pool's connections (after the requests using them are done). */
  close(): Promise<void>
}

/** Connections are opened on first need, up to `size`; more callers wait for a free one. */
export function createReadSnapshots(databasePath: string, size: number, hooks: ReadHooks = {}): ReadSnapshots {
  const all: Connection[] = []
  let opening = 0
  const idle: Connection[] = []
  const waiting: ((connection: Connection) => void)[] = []

  async function open(): Promise<Connection> {
    const dataSource = await openReadDataSource(databasePath, hooks.onStatement)
    // The sqlite driver hands out its one query runner; every statement of the data source runs on it.
    const runner = dataSource.createQueryRunner()
    const connection: Connection = { dataSource, runner, inWork: false }
    const { afterSnapshotRead } = hooks
    if (afterSnapshotRead) {
      const query = runner.query.bind(runner)
      runner.query = (async (...args: Parameters<QueryRunner['query']>) => {
        const result: unknown = await query(...args)
        if (connection.inWork) await afterSnapshotRead()
        return result
      }) as QueryRunner['query']
    }
    all.push(connection)
    return connection
  }

  async function acquire(): Promise<Connection> {
    const free = idle.pop()
    if (free) return free
    if (all.length + opening < size) {
      opening += 1
      try {
        return await open()
      } finally {
        opening -= 1
      }
    }
    return new Promise((resolve) => waiting.push(resolve))
  }

  function release(connection: Connection): void {
    const next = waiting.shift()
    if (next) next(connection)
    else idle.push(connection)
  }

  return {
    async run(work) {
      const connection = await acquire()
      try {
        await connection.runner.startTransaction()
        try {
          connection.inWork = true
          return await work(connection.dataSource.manager)
        } finally {
          connection.inWork = false
          // Nothing was written: ending the transaction only lets go of the snapshot.
          await connection.runner.commitTransaction()
        }
      } finally {
        release(connection)
      }
    },
    async read(work) {
      const connection = await acquire()
      try {
        return await work(connection.dataSource.manager)
      } finally {
        release(connection)
      }
    },
    async close() {
      await Promise.all(all.map((connection) => connection.dataSource.destroy()))
    },
  }
}

/**
 * The same on PostgreSQL, where the data source is a pool of connections: a snapshot is a
 * read-only REPEATABLE READ transaction on a connection of the pool (all its statements see the
 * state at its first one), a read takes connections as its statements need them (each sees what
 * was committed before it), and the pool bounds both.
 */
export function createPostgresReadSnapshots(dataSource: DataSource, hooks: ReadHooks = {}): ReadSnapshots {
  const { afterSnapshotRead } = hooks
  return {
    async run(work) {
      const runner = dataSource.createQueryRunner('slave')
      try {
        // One statement rather than TypeORM's three (START TRANSACTION, then the isolation, then
        // READ ONLY): each is a round trip. Nothing in a read snapshot starts a transaction of its own.
        await runner.query('START TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY')
        let inWork = true
        if (afterSnapshotRead) {
          const query = runner.query.bind(runner)
          runner.query = (async (...args: Parameters<QueryRunner['query']>) => {
            const result: unknown = await query(...args)
            if (inWork) await afterSnapshotRead()
            return result
          }) as QueryRunner['query']
        }
        try {
          return await work(runner.manager)
        } finally {
          inWork = false
          // Nothing was written: ending the transaction only lets go of the snapshot (after a
          // failed statement, PostgreSQL answers COMMIT with a rollback).
          await runner.query('COMMIT')
        }
      } finally {
        await runner.release()
      }
    },
    read: (work) => work(dataSource.manager),
    // The pool is the server's own data source, closed with it.
    close: () => Promise.resolve(),
  }
}

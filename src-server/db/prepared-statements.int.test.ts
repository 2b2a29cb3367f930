import type { DataSource } from 'typeorm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createPostgresDataSource } from './data-source'
import { postgresInstalled, startPostgresCluster, type PostgresCluster } from '../test/postgres-cluster'

/**
 * PostgreSQL's pool connections prepare each statement with parameters once and then only run it
 * (`PreparingClient` in `data-source.ts`), read back from PostgreSQL's own list of the
 * connection's prepared statements. Opt-in like the other PostgreSQL files: `WAYMARK_TEST_POSTGRES=1`.
 */
const enabled = process.env.WAYMARK_TEST_POSTGRES === '1' && postgresInstalled()

/** What a connection keeps prepared at most (`KEPT_STATEMENTS`). */
const KEPT = 100

interface Prepared {
  statement: string
  runs: number
}

describe.skipIf(!enabled)('prepared statements on PostgreSQL', () => {
  let cluster: PostgresCluster
  let db: DataSource

  /** The statements this connection has prepared, and how many times each ran (without parameters: itself unnamed). */
  const prepared = () =>
    db.query<Prepared[]>(`SELECT statement, generic_plans + custom_plans AS runs FROM pg_prepared_statements WHERE NOT from_sql ORDER BY prepare_time, statement`)

  beforeAll(async () => {
    cluster = await startPostgresCluster()
  }, 60_000)

  beforeEach(async () => {
    // One connection: every statement of a test runs on it, and it starts with nothing prepared.
    db = createPostgresDataSource(cluster.url, 1)
    await db.initialize()
  })

  afterEach(async () => {
    await db.destroy()
  })

  afterAll(async () => {
    await cluster.stop()
  })

  it('prepares a statement with parameters once and runs it again with other values; one without parameters is not kept', async () => {
    expect(await db.query('SELECT $1::int * 2 AS n', [2])).toEqual([{ n: 4 }])
    expect(await db.query('SELECT $1::int * 2 AS n', [21])).toEqual([{ n: 42 }])
    expect(await db.query('SELECT $1::text AS t', ['a'])).toEqual([{ t: 'a' }])
    expect(await db.query('SELECT 7 AS n')).toEqual([{ n: 7 }])
    expect(await db.query('SELECT 8 AS n', [])).toEqual([{ n: 8 }])
    expect(await prepared()).toEqual([
      { statement: 'SELECT $1::int * 2 AS n', runs: 2 },
      { statement: 'SELECT $1::text AS t', runs: 1 },
    ])
  })

  it(`keeps the first ${KEPT} texts prepared and runs the others unnamed, each answering its own values`, async () => {
    for (let i = 0; i < KEPT + 5; i += 1) expect(await db.query(`SELECT $1::int + ${i} AS n`, [1000])).toEqual([{ n: 1000 + i }])
    for (let i = 0; i < KEPT + 5; i += 1) expect(await db.query(`SELECT $1::int + ${i} AS n`, [2000])).toEqual([{ n: 2000 + i }])
    const kept = await prepared()
    expect(kept).toHaveLength(KEPT)
    expect(kept.map(({ statement }) => statement)).toEqual(Array.from({ length: KEPT }, (_, i) => `SELECT $1::int + ${i} AS n`))
    expect(kept.every(({ runs }) => runs === 2)).toBe(true)
  })

  it('answers a failing statement with its error every time and runs it again once its values are right, in a rolled-back transaction too', async () => {
    for (let i = 0; i < 2; i += 1) await expect(db.query('SELECT $1::int AS n FROM nowhere', [1])).rejects.toMatchObject({ name: 'QueryFailedError', code: '42P01', message: 'relation "nowhere" does not exist' })
    await expect(db.query('SELECT 10 / $1::int AS n', [0])).rejects.toMatchObject({ name: 'QueryFailedError', code: '22012', message: 'division by zero' })
    expect(await db.query('SELECT 10 / $1::int AS n', [2])).toEqual([{ n: 5 }])
    // Prepared inside a transaction that rolls back: PostgreSQL keeps it, and it runs again after.
    await expect(
      db.transaction(async (manager) => {
        expect(await manager.query('SELECT $1::int - 1 AS n', [3])).toEqual([{ n: 2 }])
        throw new Error('rolled back')
      }),
    ).rejects.toThrow(new Error('rolled back'))
    expect(await db.query('SELECT $1::int - 1 AS n', [10])).toEqual([{ n: 9 }])
    expect((await prepared()).map(({ statement }) => statement)).toEqual(['SELECT 10 / $1::int AS n', 'SELECT $1::int - 1 AS n'])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DataSource } from 'typeorm'
import { createDataSource, createPostgresDataSource } from './data-source'
import { dialectOf, type Dialect } from './dialect'
import { containsPattern } from './like'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { postgresInstalled, startPostgresCluster, type PostgresCluster } from '../test/postgres-cluster'

/**
 * The PostgreSQL lane (work in progress, issue 30): opt-in with `WAYMARK_TEST_POSTGRES=1` on a
 * machine with Debian's `postgresql`, so CI does not depend on it yet. Each statement the dialect
 * builds must give the same answer on both engines.
 */
const enabled = process.env.WAYMARK_TEST_POSTGRES === '1' && postgresInstalled()

const NAMES = `SELECT 'Alice' AS name, 3 AS sport UNION ALL SELECT 'bob_2', 1 UNION ALL SELECT 'ALICIA', 10 UNION ALL SELECT 'carl%', 3`

describe.skipIf(!enabled)('the SQL dialect on SQLite and PostgreSQL', () => {
  let cluster: PostgresCluster
  let folder: string
  const engines: DataSource[] = []

  beforeAll(async () => {
    cluster = await startPostgresCluster()
    folder = await mkdtemp(join(tmpdir(), 'waymark-dialect-'))
    engines.push(createDataSource(join(folder, 'test.sqlite')), createPostgresDataSource(cluster.url))
    await Promise.all(engines.map((engine) => engine.initialize()))
  }, 60_000)

  afterAll(async () => {
    await Promise.all(engines.map((engine) => engine.destroy()))
    await cluster.stop()
    await rm(folder, { recursive: true, force: true })
  })

  /** The rows of `sql` (with `?` placeholders) on each engine, in its dialect. */
  const onBoth = (build: (dialect: Dialect) => string, params: unknown[]) =>
    Promise.all(engines.map((engine) => engine.query<Record<string, unknown>[]>(dialectOf(engine.manager).sql(build(dialectOf(engine.manager))), params)))

  it('uses each engine of its own', () => {
    expect(engines.map((engine) => dialectOf(engine.manager).engine)).toEqual(['sqlite', 'postgres'])
  })

  it('matches "contains, ignoring case" literally: % and _ typed by a user match themselves', async () => {
    for (const [typed, expected] of [['ALI', ['ALICIA', 'Alice']], ['_', ['bob_2']], ['%', ['carl%']], ['b_b', []]] as const) {
      const answers = await onBoth((d) => `SELECT name FROM (${NAMES}) AS t WHERE ${d.containsIgnoringCase('name')} ORDER BY name`, [containsPattern(typed)])
      for (const rows of answers) expect(rows.map((row) => row.name)).toEqual(expected)
    }
  })

  it('joins distinct values in numeric order, null when there are none', async () => {
    const answers = await onBoth((d) => `SELECT ${d.joinedDistinct('sport', `FROM (${NAMES}) AS t WHERE name != ?`, ',')} AS ids`, ['nobody'])
    for (const [row] of answers) expect(row?.ids).toBe('1,3,10')
    const none = await onBoth((d) => `SELECT ${d.joinedDistinct('sport', `FROM (${NAMES}) AS t WHERE name = ?`, ',')} AS ids`, ['nobody'])
    for (const [row] of none) expect(row?.ids).toBeNull()
  })

  it('sorts NULL below every value, as SQLite does: first ascending, last descending', async () => {
    const values = `SELECT 2.5 AS distance UNION ALL SELECT NULL UNION ALL SELECT 10.0`
    for (const [direction, expected] of [['ASC', [null, 2.5, 10]], ['DESC', [10, 2.5, null]]] as const) {
      const answers = await onBoth((d) => `SELECT distance FROM (${values}) AS t ORDER BY distance ${direction}${d.nullsLowest(direction)}`, [])
      for (const rows of answers) expect(rows.map((row) => (row.distance === null ? null : Number(row.distance)))).toEqual(expected)
    }
  })

  it('compares dates of a VALUES list with a stored date as instants, as the statistics periods do', async () => {
    const day = (text: string) => Date.parse(text)
    const answers = await Promise.all(
      engines.map(async (engine) => {
        const d = dialectOf(engine.manager)
        const at = (instant: number) => d.dateParameter(instant)
        // A date column as each engine stores the entities' `datetime` (text on SQLite, timestamptz on PostgreSQL).
        await engine.query(`CREATE TABLE dated (at ${d.engine === 'postgres' ? 'timestamptz' : 'datetime'})`)
        await engine.query(d.sql('INSERT INTO dated (at) VALUES (?)'), [at(day('2024-05-31T23:59:59.999Z'))])
        const sql = `WITH periods(period, start, until) AS (VALUES (?, ${d.dateValue('?')}, ${d.dateValue('?')}), (?, ${d.dateValue('?')}, ${d.dateValue('?')}))
          SELECT period FROM periods JOIN dated ON dated.at >= periods.start AND dated.at < periods.until`
        const params = ['may', at(day('2024-05-01T00:00Z')), at(day('2024-06-01T00:00Z')), 'june', at(day('2024-06-01T00:00Z')), at(day('2024-07-01T00:00Z'))]
        return engine.query<{ period: string }[]>(d.sql(sql), params)
      }),
    )
    for (const rows of answers) expect(rows.map((row) => row.period)).toEqual(['may'])
  })

  it('packs texts and integers as one JSON array, quotes and nulls included', async () => {
    const answers = await onBoth(
      (d) =>
        `SELECT ${d.jsonArray([
          { expression: 'CAST(? AS text)', kind: 'text' },
          { expression: 'CAST(NULL AS text)', kind: 'text' },
          { expression: 'CAST(? AS integer)', kind: 'integer' },
          { expression: 'CAST(NULL AS integer)', kind: 'integer' },
        ])} AS a`,
      ['say "hi"\n', -2147483647],
    )
    for (const [row] of answers) expect(JSON.parse(String(row?.a))).toEqual(['say "hi"\n', null, -2147483647, null])
  })
})

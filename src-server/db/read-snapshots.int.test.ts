import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DataSource } from 'typeorm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createDataSource } from './data-source'
import { createReadSnapshots, type ReadSnapshots } from './read-snapshots'

/** A query that keeps SQLite busy for a while (~a second here): counting to three million. */
const LONG_QUERY = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3000000) SELECT count(*) AS count FROM n'

describe('pooled read connections', () => {
  let dir: string
  let writer: DataSource
  let pool: ReadSnapshots | null = null
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'waymark-reads-'))
    writer = createDataSource(join(dir, 'reads.sqlite'))
    await writer.initialize()
    await writer.query('CREATE TABLE note (id INTEGER PRIMARY KEY)')
  })
  afterEach(async () => {
    await pool?.close()
    await writer.destroy()
    await rm(dir, { recursive: true, force: true })
  })

  /** Which of a long read and a short one started just after it finishes first. */
  async function finishingOrder(size: number): Promise<string[]> {
    pool = createReadSnapshots(join(dir, 'reads.sqlite'), size)
    const order: string[] = []
    const long = pool.read((manager) => manager.query(LONG_QUERY)).then(() => order.push('long'))
    await pool.read((manager) => manager.query('SELECT id FROM note'))
    order.push('short')
    await long
    return order
  }

  it("answers a read beside another caller's long query, on a connection of its own", async () => {
    // On one connection (as on the shared one), the short read would wait for the long query's end.
    expect(await finishingOrder(2)).toEqual(['short', 'long'])
  })

  it('makes a read wait for a free connection when all are taken', async () => {
    expect(await finishingOrder(1)).toEqual(['long', 'short'])
  })
})

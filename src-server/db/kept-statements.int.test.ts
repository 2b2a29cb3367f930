import type { Database, Statement } from 'sqlite3'
import { describe, expect, it } from 'vitest'
import { useNoteDatabases } from '../test/note-databases'

describe('read connections keep their prepared statements', () => {
  const db = useNoteDatabases('kept')

  /** Runs `sql` on the reader's connection as TypeORM does; answers the rows and the statement that ran it. */
  const run = (sql: string, params: unknown[] = []) =>
    new Promise<{ rows: unknown[]; statement: Statement }>((resolve, reject) => {
      // TypeORM's sqlite driver holds node-sqlite3's database object.
      const { databaseConnection: connection } = db.reader.driver as unknown as { databaseConnection: Database }
      connection.all(sql, params, function (this: Statement, error: Error | null, rows: unknown[]) {
        if (error) reject(error)
        else resolve({ rows, statement: this })
      })
    })

  it('runs a query again on the statement it prepared, and sees each commit', async () => {
    const first = await run('SELECT id FROM note WHERE id >= ?', [1])
    await db.writer.query(`INSERT INTO note (id, text) VALUES (1, 'one')`)
    const second = await run('SELECT id FROM note WHERE id >= ?', [1])
    expect(second.statement).toBe(first.statement)
    expect(first.rows).toEqual([])
    expect(second.rows).toEqual([{ id: 1 }])
    // A kept statement holds no snapshot between calls: the writer can empty its log.
    const [checkpoint] = await db.writer.query<{ busy: number }[]>('PRAGMA wal_checkpoint(TRUNCATE)')
    expect(checkpoint?.busy).toBe(0)
    await db.writer.query(`INSERT INTO note (id, text) VALUES (2, 'two')`)
    expect(await db.reader.query('SELECT id FROM note WHERE id >= ?', [1])).toEqual([{ id: 1 }, { id: 2 }])
  })

  it('answers a query that does not prepare with its error, every time', async () => {
    await expect(run('SELECT n FROM missing')).rejects.toThrow(/no such table/)
    await expect(Promise.all([run('SELECT n FROM missing'), run('SELECT n FROM missing')])).rejects.toThrow(/no such table/)
    await expect(db.reader.query('SELECT n FROM missing')).rejects.toThrow(/no such table/)
  })

  it('keeps the 100 most recently used statements and closes with them', async () => {
    const first = await run('SELECT 0 AS n')
    expect((await run('SELECT 0 AS n')).statement).toBe(first.statement)
    for (let n = 1; n <= 100; n += 1) await run(`SELECT ${n} AS n`)
    // The 100 later ones pushed the first out; the last one is still kept.
    const again = await run('SELECT 0 AS n')
    expect(again.statement).not.toBe(first.statement)
    expect(again.rows).toEqual([{ n: 0 }])
    const last = await run('SELECT 100 AS n')
    expect((await run('SELECT 100 AS n')).statement).toBe(last.statement)
    // Two callers asking the same new text at once are both answered.
    expect((await Promise.all([run('SELECT 101 AS n'), run('SELECT 101 AS n')])).map(({ rows }) => rows)).toEqual([[{ n: 101 }], [{ n: 101 }]])
  })
})

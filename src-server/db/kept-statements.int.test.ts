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
    const noSuchTable = { code: 'SQLITE_ERROR', message: 'SQLITE_ERROR: no such table: missing' }
    await expect(run('SELECT n FROM missing')).rejects.toMatchObject(noSuchTable)
    await expect(Promise.all([run('SELECT n FROM missing'), run('SELECT n FROM missing')])).rejects.toMatchObject(noSuchTable)
    await expect(db.reader.query('SELECT n FROM missing')).rejects.toMatchObject({ ...noSuchTable, name: 'QueryFailedError' })
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

describe('the write connection keeps its prepared statements', () => {
  const db = useNoteDatabases('kept-writes')

  /** Runs a write on the writer's connection as TypeORM does; answers its row id, changes and statement. */
  const runWrite = (sql: string, params: unknown[] = []) =>
    new Promise<{ lastID: number; changes: number; statement: Statement }>((resolve, reject) => {
      const { databaseConnection: connection } = db.writer.driver as unknown as { databaseConnection: Database }
      connection.run(sql, params, function (this: Statement & { lastID: number; changes: number }, error: Error | null) {
        if (error) reject(error)
        else resolve({ lastID: this.lastID, changes: this.changes, statement: this })
      })
    })
  const committed = async () => (await db.reader.query<{ id: number; text: string }[]>('SELECT id, text FROM note ORDER BY id')).map((row) => `${row.id} ${row.text}`)

  it('runs a write again on the statement it prepared, with its own row id and changes, a failure included', async () => {
    const insert = 'INSERT INTO note (id, text) VALUES (?, ?)'
    const first = await runWrite(insert, [1, 'one'])
    const second = await runWrite(insert, [2, 'two'])
    expect(second.statement).toBe(first.statement)
    expect([first.lastID, second.lastID]).toEqual([1, 2])
    // A refused row fails that call only; the statement goes on.
    await expect(runWrite(insert, [2, 'again'])).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT', message: 'SQLITE_CONSTRAINT: UNIQUE constraint failed: note.id' })
    expect((await runWrite(insert, [3, 'three'])).statement).toBe(first.statement)
    const update = 'UPDATE note SET text = ? WHERE id >= ?'
    expect((await runWrite(update, ['many', 2])).changes).toBe(2)
    expect((await runWrite(update, ['all', 1])).changes).toBe(3)
    expect(await committed()).toEqual(['1 all', '2 all', '3 all'])
  })

  it('commits, rolls back and releases savepoints as often as asked, and holds nothing between calls', async () => {
    for (const round of [1, 2]) {
      await db.writer.transaction(async (manager) => {
        await manager.query('INSERT INTO note (id, text) VALUES (?, ?)', [round * 10, 'kept'])
        await manager.query('SAVEPOINT job')
        await manager.query('INSERT INTO note (id, text) VALUES (?, ?)', [round * 10 + 1, 'undone'])
        await manager.query('ROLLBACK TO job')
        await manager.query('RELEASE job')
      })
      await expect(
        db.writer.transaction(async (manager) => {
          await manager.query('INSERT INTO note (id, text) VALUES (?, ?)', [round * 10 + 2, 'rolled back'])
          throw new Error('refused')
        }),
      ).rejects.toThrow(new Error('refused'))
      expect(await db.writer.query('SELECT id FROM note WHERE id = ?', [round * 10])).toEqual([{ id: round * 10 }])
      // TypeORM runs a write answering rows with `run`, which steps once: kept, it would stay active.
      await db.writer.query('INSERT INTO note (id, text) VALUES (?, ?) RETURNING id', [round * 10 + 3, 'returning'])
      // No statement of the writer is left active: the log empties.
      const [checkpoint] = await db.writer.query<{ busy: number; log: number }[]>('PRAGMA wal_checkpoint(TRUNCATE)')
      expect(checkpoint).toMatchObject({ busy: 0, log: 0 })
    }
    expect(await committed()).toEqual(['10 kept', '13 returning', '20 kept', '23 returning'])
  })
})

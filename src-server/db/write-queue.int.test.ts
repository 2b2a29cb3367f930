import type { EntityManager } from 'typeorm'
import { describe, expect, it } from 'vitest'
import { createGate } from '../test/gate'
import { useNoteDatabases } from '../test/note-databases'
import { afterCommit, createWriteQueue, shareWork } from './write-queue'

describe('write queue: group commit', () => {
  const db = useNoteDatabases('queue')

  const insert = (manager: EntityManager, id: number, text: string | null) => manager.query('INSERT INTO note (id, text) VALUES (?, ?)', [id, text])
  /** What another connection sees: only committed rows. */
  const committed = async () => (await db.reader.query<{ id: number }[]>('SELECT id FROM note ORDER BY id')).map((row) => row.id)

  it('commits the writes queued behind a transaction together; a failing one is rolled back alone', async () => {
    const commit = createGate()
    let commits = 0
    const mailed: number[] = []
    const write = createWriteQueue(db.writer, () => (commits += 1), { beforeCommit: commit.hook })
    const settled: string[] = []
    const track = <T>(name: string, promise: Promise<T>) =>
      promise.then(
        (value) => (settled.push(name), value),
        (error: unknown) => {
          settled.push(name)
          throw error
        },
      )

    // The first write is held before its COMMIT, so the next ones queue up behind it.
    /** How often each write's work ran: a write that does not share its work runs once. */
    let secondRuns = 0
    const arrived = commit.arm()
    const first = track('first', write((manager) => insert(manager, 1, 'first')))
    await arrived
    const second = track('second', write(async (manager) => {
      secondRuns += 1
      await insert(manager, 2, 'second')
      afterCommit(manager, () => mailed.push(2))
    }))
    const failing = track('failing', write(async (manager) => {
      await insert(manager, 3, 'kept only if the write succeeds')
      afterCommit(manager, () => mailed.push(3))
      // NOT NULL: the database refuses the second row, after the first was written.
      await insert(manager, 4, null)
    }))
    const third = track('third', write((manager) => insert(manager, 5, 'third').then(() => 'third done')))

    // The group of the three is held before its COMMIT too: none of them is acknowledged yet.
    commit.release()
    const groupArrived = commit.arm()
    await first
    await groupArrived
    expect(settled).toEqual(['first'])
    expect(await committed()).toEqual([1])

    commit.release()
    await expect(failing).rejects.toMatchObject({ name: 'QueryFailedError', message: 'SQLITE_CONSTRAINT: NOT NULL constraint failed: note.text' })
    await second
    expect(await third).toBe('third done')
    expect(await committed()).toEqual([1, 2, 5])
    // Two transactions for four writes; only the committed writes' side effects ran.
    expect(commits).toBe(2)
    expect(mailed).toEqual([2])
    expect(secondRuns).toBe(1)
  })

  it('a group whose COMMIT fails acknowledges none of its writes; one that failed itself keeps its own error', async () => {
    const commit = createGate()
    let refuse = false
    const write = createWriteQueue(db.writer, () => undefined, {
      beforeCommit: async () => {
        await commit.hook()
        if (refuse) throw new Error('commit refused by the test')
      },
    })
    const arrived = commit.arm()
    const first = write((manager) => insert(manager, 1, 'first'))
    await arrived
    const second = write((manager) => insert(manager, 2, 'second'))
    // NOT NULL: this write fails on its own, in the group whose COMMIT is then refused.
    const failing = write((manager) => insert(manager, 9, null))
    const third = write((manager) => insert(manager, 3, 'third'))
    refuse = true
    commit.release()
    // The first transaction is refused too (the hook reads the flag after the gate).
    await expect(first).rejects.toThrow(new Error('commit refused by the test'))
    await expect(second).rejects.toThrow(new Error('commit refused by the test'))
    await expect(failing).rejects.toMatchObject({ name: 'QueryFailedError', message: 'SQLITE_CONSTRAINT: NOT NULL constraint failed: note.text' })
    await expect(third).rejects.toThrow(new Error('commit refused by the test'))
    expect(await committed()).toEqual([])
    refuse = false
    await write((manager) => insert(manager, 4, 'after'))
    expect(await committed()).toEqual([4])
  })
  it('a transaction SQLite ended by itself (as on a full disk) leaves no transaction open: every later acknowledged write is committed', async () => {
    // SQLite rolls a transaction back by itself on some errors (a full disk, an I/O error): the
    // test ends it the same way just before COMMIT, whose failure then finds no transaction to roll back.
    let endTransaction = false
    let commits = 0
    const write = createWriteQueue(db.writer, () => (commits += 1), {
      beforeCommit: async () => {
        if (!endTransaction) return
        endTransaction = false
        await db.writer.query('ROLLBACK')
      },
    })
    endTransaction = true
    await expect(write((manager) => insert(manager, 1, 'rolled back by SQLite'))).rejects.toMatchObject({ name: 'QueryFailedError', message: 'SQLITE_ERROR: cannot commit - no transaction is active' })
    // Then a write that fails on its own (alone, it commits nothing), and one that succeeds.
    await expect(write((manager) => insert(manager, 2, null))).rejects.toMatchObject({ name: 'QueryFailedError', message: 'SQLITE_CONSTRAINT: NOT NULL constraint failed: note.text' })
    expect(commits).toBe(0)
    await write((manager) => insert(manager, 3, 'acknowledged'))
    expect(await committed()).toEqual([3])
    await write((manager) => insert(manager, 4, 'acknowledged too'))
    expect(await committed()).toEqual([3, 4])
  })

  it('runs writes that share their work as one batch; a batch that fails runs again write by write', async () => {
    const commit = createGate()
    let commits = 0
    const write = createWriteQueue(db.writer, () => (commits += 1), { beforeCommit: commit.hook })
    /** The notes of each run of the shared work, as handed over. */
    const runs: number[][] = []
    const insertNotes = async (manager: EntityManager, notes: { id: number; text: string | null }[]) => {
      runs.push(notes.map((note) => note.id))
      for (const note of notes) await insert(manager, note.id, note.text)
    }
    const shared = (id: number, text: string | null, fail = false) =>
      write(
        async (manager) => {
          await shareWork(manager, 'notes', { id, text }, insertNotes)
          if (fail) throw new Error(`write ${id} fails`)
          return id
        },
        { shared: true },
      )
    const heldBehindFirst = async (writes: () => Promise<unknown>[]) => {
      const arrived = commit.arm()
      const first = write((manager) => insert(manager, 100 + commits, 'first'))
      await arrived
      const queued = writes()
      commit.release()
      await first
      return Promise.allSettled(queued)
    }

    // Queued behind a commit, three shared writes: their notes are inserted once, together.
    const together = await heldBehindFirst(() => [shared(1, 'one'), shared(2, 'two'), shared(3, 'three')])
    expect(together.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled'])
    expect(runs).toEqual([[1, 2, 3]])
    expect(commits).toBe(2)

    // A note the database refuses (NOT NULL) fails the shared work: the batch is rolled back and
    // each write runs again alone, its shared work at once, in a savepoint of its own.
    runs.length = 0
    const refused = await heldBehindFirst(() => [shared(4, 'four'), shared(5, null), shared(6, 'six')])
    expect(refused.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : outcome.value))).toEqual([4, expect.stringMatching(/NOT NULL/), 6])
    expect(runs).toEqual([[4, 5, 6], [4], [5], [6]])

    // So does a batch one of whose writes throws.
    runs.length = 0
    const thrown = await heldBehindFirst(() => [shared(7, 'seven'), shared(8, 'eight', true), shared(9, 'nine')])
    expect(thrown.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : outcome.value))).toEqual([7, 'Error: write 8 fails', 9])
    expect(runs).toEqual([[7], [8], [9]])
    expect(await committed()).toEqual([1, 2, 3, 4, 6, 7, 9, 100, 102, 104])
    expect(commits).toBe(6)

    // A group with one write that does not share its work is no batch: each write in a savepoint
    // of its own, its work run once, the shared work at once.
    runs.length = 0
    let plainRuns = 0
    const mixed = await heldBehindFirst(() => [
      shared(10, null),
      write(async (manager) => {
        plainRuns += 1
        await insert(manager, 11, 'plain')
        return 11
      }),
    ])
    expect(mixed.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : outcome.value))).toEqual([expect.stringMatching(/NOT NULL/), 11])
    expect(plainRuns).toBe(1)
    expect(runs).toEqual([[10]])
    expect(commits).toBe(8)
  })

  it('commits without test hooks; afterCommit outside a write is refused; a throwing afterCommit callback fails the writes of its group not yet acknowledged, never the queue', async () => {
    const write = createWriteQueue(db.writer)
    await write((manager) => insert(manager, 1, 'no hooks'))
    expect(await committed()).toEqual([1])
    expect(() => afterCommit(db.writer.manager, () => undefined)).toThrow('afterCommit outside a write of the write queue')

    const commit = createGate()
    const held = createWriteQueue(db.writer, () => undefined, { beforeCommit: commit.hook })
    const arrived = commit.arm()
    const first = held((manager) => insert(manager, 2, 'first'))
    await arrived
    const throwing = held(async (manager) => {
      await insert(manager, 3, 'committed, its callback throws')
      afterCommit(manager, () => {
        throw new Error('callback failed')
      })
    })
    const after = held((manager) => insert(manager, 4, 'committed, not acknowledged'))
    commit.release()
    await first
    await expect(throwing).rejects.toThrow(new Error('callback failed'))
    await expect(after).rejects.toThrow(new Error('callback failed'))
    expect(await committed()).toEqual([1, 2, 3, 4])
    await held((manager) => insert(manager, 5, 'the queue goes on'))
    expect(await committed()).toEqual([1, 2, 3, 4, 5])
  })
})

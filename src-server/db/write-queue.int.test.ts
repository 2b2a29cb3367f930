import type { EntityManager } from 'typeorm'
import { describe, expect, it } from 'vitest'
import { createGate } from '../test/gate'
import { useNoteDatabases } from '../test/note-databases'
import { afterCommit, createWriteQueue } from './write-queue'

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
    const arrived = commit.arm()
    const first = track('first', write((manager) => insert(manager, 1, 'first')))
    await arrived
    const second = track('second', write(async (manager) => {
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
    await expect(failing).rejects.toThrow(/NOT NULL/)
    await second
    expect(await third).toBe('third done')
    expect(await committed()).toEqual([1, 2, 5])
    // Two transactions for four writes; only the committed writes' side effects ran.
    expect(commits).toBe(2)
    expect(mailed).toEqual([2])
  })

  it('a group whose COMMIT fails acknowledges none of its writes', async () => {
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
    const third = write((manager) => insert(manager, 3, 'third'))
    refuse = true
    commit.release()
    // The first transaction is refused too (the hook reads the flag after the gate).
    await expect(first).rejects.toThrow('commit refused by the test')
    await expect(second).rejects.toThrow('commit refused by the test')
    await expect(third).rejects.toThrow('commit refused by the test')
    expect(await committed()).toEqual([])
    refuse = false
    await write((manager) => insert(manager, 4, 'after'))
    expect(await committed()).toEqual([4])
  })
})

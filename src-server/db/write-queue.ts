import type { DataSource, EntityManager } from 'typeorm'

/** Runs database writes one at a time, each in its own transaction. */
export type WriteQueue = <T>(work: (manager: EntityManager) => Promise<T>) => Promise<T>

/**
 * TypeORM's sqlite driver has a single connection: two transactions started concurrently would
 * nest (the second becomes a savepoint of the first and shares its fate). Every write therefore
 * goes through this queue, which serialises the transactions.
 * @param onCommit called after each committed transaction (cached reads are dropped then)
 */
export function createWriteQueue(dataSource: DataSource, onCommit: () => void = () => undefined): WriteQueue {
  let tail: Promise<unknown> = Promise.resolve()
  return (work) => {
    const run = tail.then(async () => {
      const result = await dataSource.transaction(work)
      onCommit()
      return result
    })
    // The next write waits for this one whether it succeeds or fails.
    tail = run.catch(() => undefined)
    return run
  }
}

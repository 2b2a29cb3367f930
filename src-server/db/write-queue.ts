import type { DataSource, EntityManager } from 'typeorm'

/** Runs database writes one at a time, each in its own transaction. */
export type WriteQueue = <T>(work: (manager: EntityManager) => Promise<T>) => Promise<T>

const committedCallbacks = new WeakMap<EntityManager, (() => void)[]>()

/**
 * Runs `callback` once the transaction of `manager` has committed, and never if it rolls back:
 * e-mails and other side effects must not announce a change that did not happen.
 */
export function afterCommit(manager: EntityManager, callback: () => void): void {
  const callbacks = committedCallbacks.get(manager)
  if (!callbacks) throw new Error('afterCommit outside a write of the write queue')
  callbacks.push(callback)
}

/** Points where tests hold a write to force an interleaving (no sleeps). */
export interface WriteHooks {
  /** Inside the transaction, after its work, before COMMIT (its rows exist but are not committed). */
  beforeCommit?: () => Promise<void>
}

/**
 * The write connection is used only through this queue. TypeORM's sqlite driver has a single
 * connection per data source: two transactions started concurrently would nest (the second becomes
 * a savepoint of the first and shares its fate), so the transactions run one at a time. Reads use
 * a connection of their own and never see what a transaction has not committed.
 * @param onCommit called after each committed transaction (cached reads are dropped there), before
 *   the callbacks its work registered with {@link afterCommit}
 */
export function createWriteQueue(dataSource: DataSource, onCommit: () => void = () => undefined, hooks: WriteHooks = {}): WriteQueue {
  let tail: Promise<unknown> = Promise.resolve()
  return (work) => {
    const run = tail.then(async () => {
      const callbacks: (() => void)[] = []
      const result = await dataSource.transaction(async (manager) => {
        committedCallbacks.set(manager, callbacks)
        const value = await work(manager)
        await hooks.beforeCommit?.()
        return value
      })
      onCommit()
      for (const callback of callbacks) callback()
      return result
    })
    // The next write waits for this one whether it succeeds or fails.
    tail = run.catch(() => undefined)
    return run
  }
}

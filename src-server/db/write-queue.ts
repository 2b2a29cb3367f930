import type { DataSource, EntityManager } from 'typeorm'

/** Runs database writes one at a time, each acknowledged once it is committed. */
export type WriteQueue = <T>(work: (manager: EntityManager) => Promise<T>, options?: WriteOptions) => Promise<T>

interface WriteOptions {
  /**
   * Called once the write is in the queue: writes run in the order they are queued, so a caller
   * that orders its writes (an archive's files) may queue the next one then, and it can join the
   * same transaction.
   */
  readonly queued?: () => void
  /**
   * The work may run twice and adds its rows with {@link shareWork} (an archive's files): run
   * next to other such writes, their rows go in shared statements, once after all of them (see
   * `createWriteQueue`).
   */
  readonly shared?: boolean
}

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

/** Work the writes of a batch share, by key, in the order the keys first came. */
type SharedWork = Map<string, { readonly items: unknown[]; readonly run: (manager: EntityManager) => Promise<void> }>

const sharedWork = new WeakMap<EntityManager, SharedWork>()

/**
 * Hands `item` to work that the writes of a batch share (see {@link WriteOptions.shared}): `run`
 * is called once with the items of every write of the batch given under `key` (which names the
 * work: one key, one `run`), after all of them, in the order the keys first came (rows a later
 * key's rows refer to go first). Outside a batch, `run` is called at once with this item alone.
 * The writes of a batch do not see what they hand over until the batch ends.
 */
export async function shareWork<T>(manager: EntityManager, key: string, item: T, run: (manager: EntityManager, items: T[]) => Promise<void>): Promise<void> {
  const batch = sharedWork.get(manager)
  if (!batch) return run(manager, [item])
  let work = batch.get(key)
  if (!work) {
    const items: T[] = []
    work = { items, run: (shared) => run(shared, items) }
    batch.set(key, work)
  }
  // The key names one `run`, hence one type of item.
  ;(work.items as T[]).push(item)
}

/** Points where tests hold a write to force an interleaving (no sleeps). */
export interface WriteHooks {
  /**
   * Inside the transaction, after the work of every write of its group, before COMMIT (their rows
   * exist but are not committed); a rejection rolls the whole group back.
   */
  beforeCommit?: () => Promise<void>
}

/**
 * Most writes committed together: a write that is done waits for the others of its group before
 * it is acknowledged, so the group stays short.
 */
const MAX_GROUP = 64

interface Job {
  work: (manager: EntityManager) => Promise<unknown>
  shared: boolean
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

type Outcome = { ok: true; value: unknown; callbacks: (() => void)[] } | { ok: false; error: unknown }

/**
 * The write connection is used only through this queue. TypeORM's sqlite driver has a single
 * connection per data source: two transactions started concurrently would nest (the second becomes
 * a savepoint of the first and shares its fate), so the transactions run one at a time. Reads use
 * a connection of their own and never see what a transaction has not committed.
 *
 * Group commit: the writes that queued up while a transaction ran go together in the next one,
 * each in a savepoint of its own, so a group costs one COMMIT (one fsync of the WAL) instead of
 * one per write. A write that fails is rolled back to its savepoint alone and its caller gets its
 * error; the others of its group commit. Durability is unchanged: a write is acknowledged only
 * after the COMMIT of its group. A group whose writes all share their work (an archive's files,
 * see {@link WriteOptions.shared}) runs as one batch without savepoints, its rows in shared
 * statements: ~2 statements per file and ~8 per group instead of ~11 per file.
 * @param onCommit called after each committed transaction (cached reads are dropped there), before
 *   the callbacks its writes registered with {@link afterCommit}
 * @param announce run in each transaction after its writes (the list fragments they made stale
 *   are written again; a club server's instance tells the others it wrote: see `write-notices.ts`)
 */
/** The part of TypeORM's query runner that counts the transactions it believes open. */
interface TransactionCount {
  isTransactionActive: boolean
  transactionDepth: number
}

/**
 * Ends whatever transaction a failed one left open on SQLite's one connection. SQLite rolls a
 * transaction back by itself on some errors (a full disk, an I/O error): TypeORM's own ROLLBACK
 * then fails and it keeps counting the transaction as open, so the next ones become savepoints
 * inside a transaction nobody ends — writes acknowledged and never committed. Between groups no
 * transaction is open, so one still counted is rolled back (its group has failed) and the count
 * starts again from zero. On PostgreSQL each transaction has a connection of its own.
 */
async function endLeftTransaction(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type === 'postgres') return
  const runner = dataSource.createQueryRunner()
  const count = runner as unknown as TransactionCount
  if (!count.isTransactionActive && count.transactionDepth === 0) return
  // SQLite may have no transaction open any more: its refusal to roll back is the expected case.
  await runner.query('ROLLBACK').catch(() => undefined)
  count.isTransactionActive = false
  count.transactionDepth = 0
}

export function createWriteQueue(
  dataSource: DataSource,
  onCommit: () => void = () => undefined,
  hooks: WriteHooks = {},
  announce?: (manager: EntityManager) => Promise<void>,
): WriteQueue {
  const waiting: Job[] = []
  let draining = false

  /** Runs one job of a group of several inside its own savepoint. */
  async function runInSavepoint(manager: EntityManager, job: Job, callbacks: (() => void)[]): Promise<Outcome> {
    await manager.query('SAVEPOINT write_job')
    try {
      const value = await job.work(manager)
      await manager.query('RELEASE write_job')
      return { ok: true, value, callbacks }
    } catch (error) {
      // A failure of the savepoint's own rollback (SQLite has already rolled the whole
      // transaction back) escapes and fails the group: nothing of it is committed.
      await manager.query('ROLLBACK TO write_job')
      await manager.query('RELEASE write_job')
      return { ok: false, error }
    }
  }

  /** Runs the writes of a group one after the other (each in a savepoint of its own when there are several). */
  async function runEach(manager: EntityManager, group: Job[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = []
    for (const job of group) {
      const callbacks: (() => void)[] = []
      committedCallbacks.set(manager, callbacks)
      // A write alone needs no savepoint: its failure rolls the transaction back.
      outcomes.push(group.length === 1 ? { ok: true, value: await job.work(manager), callbacks } : await runInSavepoint(manager, job, callbacks))
    }
    return outcomes
  }

  /**
   * The writes of a group that all share their work (see {@link WriteOptions.shared}), as one
   * batch without savepoints: each write's work, then the work they handed over, once.
   */
  async function runBatch(manager: EntityManager, group: Job[]): Promise<Outcome[]> {
    const batch: SharedWork = new Map()
    const outcomes: Outcome[] = []
    sharedWork.set(manager, batch)
    try {
      for (const job of group) {
        const callbacks: (() => void)[] = []
        committedCallbacks.set(manager, callbacks)
        outcomes.push({ ok: true, value: await job.work(manager), callbacks })
      }
    } finally {
      sharedWork.delete(manager)
    }
    for (const work of batch.values()) await work.run(manager)
    return outcomes
  }

  /**
   * @param batched run the group as one batch when all its writes share their work: a batch that
   *   fails is rolled back whole and the group runs again write by write, so a failing write still
   *   fails alone and the others commit
   */
  async function runGroup(group: Job[], batched = group.length > 1 && group.every((job) => job.shared)): Promise<void> {
    let outcomes: Outcome[] = []
    let batchFailed = false
    try {
      await dataSource.transaction(async (manager) => {
        outcomes = batched
          ? await runBatch(manager, group).catch((error: unknown) => {
              batchFailed = true
              throw error
            })
          : await runEach(manager, group)
        await announce?.(manager)
        await hooks.beforeCommit?.()
      })
    } catch (error) {
      await endLeftTransaction(dataSource)
      if (batchFailed) return runGroup(group, false)
      // Nothing of the group was committed: each write fails with its own error, if it had one.
      for (const [index, job] of group.entries()) {
        const outcome = outcomes[index]
        job.reject(outcome && !outcome.ok ? outcome.error : error)
      }
      return
    }
    try {
      onCommit()
      for (const [index, job] of group.entries()) {
        const outcome = outcomes[index]
        if (!outcome?.ok) {
          job.reject(outcome?.error)
          continue
        }
        for (const callback of outcome.callbacks) callback()
        job.resolve(outcome.value)
      }
    } catch (error) {
      // A throwing callback fails the writes not yet acknowledged, never the queue.
      for (const job of group) job.reject(error)
    }
  }

  async function drain(): Promise<void> {
    while (waiting.length > 0) await runGroup(waiting.splice(0, MAX_GROUP))
    draining = false
  }

  return <T>(work: (manager: EntityManager) => Promise<T>, options: WriteOptions = {}) =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ work, shared: options.shared ?? false, resolve: resolve as (value: unknown) => void, reject })
      options.queued?.()
      if (draining) return
      draining = true
      // Started on the next microtask, so writes queued in the same turn share the first group.
      queueMicrotask(() => void drain())
    })
}

import { In, IsNull, Not, type EntityManager } from 'typeorm'
import { dialectOf } from '../dialect'
import { ImportTaskEntity, ImportTaskResultEntity } from '../entities'
import { insertRowsShared } from '../insert-rows'

/** Tasks in progress that no instance holds: past their lease (`?`: now) or never claimed; with `everyOne`, all in progress. */
const abandoned = (everyOne: boolean) => `status = 'in_progress'${everyOne ? '' : ' AND (lease_until IS NULL OR lease_until < ?)'}`

/** The import-task aggregate (a task and its per-file results). */
export function importTasksRepository(manager: EntityManager) {
  const dialect = dialectOf(manager)
  return {
    /** The task of this id (and owner, when given), or null. */
    byId: (id: string, userId?: number): Promise<ImportTaskEntity | null> =>
      manager.findOneBy(ImportTaskEntity, userId === undefined ? { id } : { id, userId }),
    exists: (id: string): Promise<boolean> => manager.existsBy(ImportTaskEntity, { id }),
    countInProgress: (userId: number): Promise<number> => manager.countBy(ImportTaskEntity, { userId, status: 'in_progress' }),
    /** A user's tasks, newest first (id and status only). */
    newestFirst: (userId: number): Promise<Pick<ImportTaskEntity, 'id' | 'status'>[]> =>
      manager.find(ImportTaskEntity, { where: { userId }, order: { createdAt: 'DESC' }, select: { id: true, status: true } }),
    /** The archives tasks keep to resume from. */
    async keptArchives(): Promise<string[]> {
      const rows = await manager.find(ImportTaskEntity, { where: { archivePath: Not(IsNull()) }, select: { archivePath: true } })
      return rows.flatMap((row) => (row.archivePath === null ? [] : [row.archivePath]))
    },
    insert: async (task: ImportTaskEntity): Promise<void> => {
      await manager.insert(ImportTaskEntity, task)
    },
    /** Changes a task's fields; false when it is gone (with its owner). */
    async update(id: string, changes: Partial<Omit<ImportTaskEntity, 'id'>>): Promise<boolean> {
      return Boolean((await manager.update(ImportTaskEntity, { id }, changes)).affected)
    },
    async remove(ids: readonly string[]): Promise<void> {
      await manager.delete(ImportTaskEntity, [...ids])
    },
    /** Stores one file's result (a shared statement: one per file of every archive). */
    addResult: (row: ImportTaskResultEntity): Promise<void> => insertRowsShared(manager, ImportTaskResultEntity, [row]),
    /** A task's stored results in their order. */
    results: (taskId: string): Promise<ImportTaskResultEntity[]> => manager.find(ImportTaskResultEntity, { where: { taskId }, order: { seq: 'ASC' } }),
    /** Which files a task has stored results for (to resume after them). */
    resultFiles: (taskId: string): Promise<Pick<ImportTaskResultEntity, 'file' | 'seq'>[]> =>
      manager.find(ImportTaskResultEntity, { where: { taskId }, select: { file: true, seq: true } }),
    /**
     * Claims for `owner` until `until` the tasks in progress that no instance holds: none named, or
     * past their lease at `now` (their instance died); with `everyOne`, all in progress (SQLite's
     * one server, starting: whoever ran them has stopped). Rows another instance is claiming at
     * the same moment are skipped, not waited for: each task goes to one instance.
     */
    async claimAbandoned(owner: string, now: Date, until: Date, everyOne: boolean): Promise<ImportTaskEntity[]> {
      const rows = await manager.query<{ id: string }[]>(
        dialect.sql(`SELECT id FROM import_task WHERE ${abandoned(everyOne)} ORDER BY created_at ${dialect.lockSkippingLocked}`),
        everyOne ? [] : [dialect.dateParameter(now)],
      )
      const ids = rows.map((row) => row.id)
      if (ids.length === 0) return []
      await manager.update(ImportTaskEntity, { id: In(ids) }, { leaseOwner: owner, leaseUntil: until })
      return manager.find(ImportTaskEntity, { where: { id: In(ids) }, order: { createdAt: 'ASC' } })
    },
    /** Whether {@link claimAbandoned} would find a task (a read: no row locked). */
    async anyAbandoned(now: Date, everyOne: boolean): Promise<boolean> {
      const rows = await manager.query<unknown[]>(dialect.sql(`SELECT 1 FROM import_task WHERE ${abandoned(everyOne)} LIMIT 1`), everyOne ? [] : [dialect.dateParameter(now)])
      return rows.length > 0
    },
    /**
     * Who holds a task's lease (PostgreSQL only), its row locked until the transaction ends: no other
     * instance takes it over meanwhile; null when the task is gone.
     */
    async leaseOwnerLocked(id: string): Promise<string | null> {
      const rows = await manager.query<{ lease_owner: string | null }[]>(dialect.sql('SELECT lease_owner FROM import_task WHERE id = ? FOR UPDATE'), [id])
      return rows.length === 0 ? null : (rows[0]?.lease_owner ?? '')
    },
    /** Extends `owner`'s lease of the task; false when the task is no longer its own (another instance took it over). */
    async renewLease(id: string, owner: string, until: Date): Promise<boolean> {
      return Boolean((await manager.update(ImportTaskEntity, { id, leaseOwner: owner, status: 'in_progress' }, { leaseUntil: until })).affected)
    },
    /**
     * Lets `owner`'s task go, uncounted, for the next start or another instance to take over at once;
     * nothing when another instance took it over meanwhile (its lease is left alone).
     */
    async releaseLease(id: string, owner: string): Promise<void> {
      await manager.update(ImportTaskEntity, { id, leaseOwner: owner }, { attempts: 0, leaseOwner: null, leaseUntil: null })
    },
    /** Deletes the tasks that finished before `before`, whoever owns them (their results go with them: foreign key). */
    async deleteFinishedBefore(before: Date): Promise<void> {
      await manager.query(dialect.sql('DELETE FROM import_task WHERE finished_at < ?'), [dialect.dateParameter(before)])
    },
  }
}

export type ImportTasksRepository = ReturnType<typeof importTasksRepository>

import { IsNull, Not, type EntityManager } from 'typeorm'
import { dialectOf } from '../dialect'
import { ImportTaskEntity, ImportTaskResultEntity } from '../entities'
import { insertRowsShared } from '../insert-rows'

/** The import-task aggregate (a task and its per-file results). */
export function importTasksRepository(manager: EntityManager) {
  const dialect = dialectOf(manager)
  return {
    /** The task of this id (and owner, when given), or null. */
    byId: (id: string, userId?: number): Promise<ImportTaskEntity | null> =>
      manager.findOneBy(ImportTaskEntity, userId === undefined ? { id } : { id, userId }),
    exists: (id: string): Promise<boolean> => manager.existsBy(ImportTaskEntity, { id }),
    inProgress: (): Promise<ImportTaskEntity[]> => manager.findBy(ImportTaskEntity, { status: 'in_progress' }),
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
    /** Deletes the tasks that finished before `before`, whoever owns them (their results go with them: foreign key). */
    async deleteFinishedBefore(before: Date): Promise<void> {
      await manager.query(dialect.sql('DELETE FROM import_task WHERE finished_at < ?'), [dialect.dateParameter(before)])
    },
  }
}

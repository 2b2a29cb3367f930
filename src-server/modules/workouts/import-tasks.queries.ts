/** The SQL of the import-task aggregate (a task and its results): what `archive-import.ts` asks SQLite. */
import type { EntityManager } from 'typeorm'
import { toSqlDate } from '../../lib/sql-date'

/** Deletes the tasks that finished before `before`, whoever owns them (their results go with them: foreign key). */
export async function deleteTasksFinishedBefore(manager: EntityManager, before: Date): Promise<void> {
  await manager.query('DELETE FROM import_task WHERE finished_at < ?', [toSqlDate(before)])
}

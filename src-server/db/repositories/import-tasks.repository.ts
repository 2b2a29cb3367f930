import type { EntityManager } from 'typeorm'
import { dialectOf } from '../dialect'

/** The import-task aggregate (a task and its per-file results). */
export function importTasksRepository(manager: EntityManager) {
  const dialect = dialectOf(manager)
  return {
    /** Deletes the tasks that finished before `before`, whoever owns them (their results go with them: foreign key). */
    async deleteFinishedBefore(before: Date): Promise<void> {
      await manager.query(dialect.sql('DELETE FROM import_task WHERE finished_at < ?'), [dialect.dateParameter(before)])
    },
  }
}

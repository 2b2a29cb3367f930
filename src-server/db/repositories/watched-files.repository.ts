import type { EntityManager } from 'typeorm'
import { WatchedFileEntity } from '../entities'

/** What a watched file's import ended as. */
export type WatchedFileOutcome = Pick<WatchedFileEntity, 'status' | 'workoutIds' | 'code' | 'taskId'>

/** The files found in watched folders and what became of them (one row per user and path). */
export function watchedFilesRepository(manager: EntityManager) {
  return {
    byPath: (userId: number, path: string): Promise<WatchedFileEntity | null> => manager.findOneBy(WatchedFileEntity, { userId, path }),
    /** The files of a user's folder known so far. */
    inFolder: (userId: number, folder: string): Promise<WatchedFileEntity[]> => manager.findBy(WatchedFileEntity, { userId, folder }),
    /** Archives still importing (those of one task when given). */
    inProgress: (taskId?: string): Promise<WatchedFileEntity[]> =>
      manager.findBy(WatchedFileEntity, taskId ? { status: 'in_progress', taskId } : { status: 'in_progress' }),
    /** A user's latest files, newest first. */
    latest: (userId: number, limit: number): Promise<WatchedFileEntity[]> =>
      manager.find(WatchedFileEntity, { where: { userId }, order: { takenAt: 'DESC', id: 'DESC' }, take: limit }),

    async insert(row: Omit<WatchedFileEntity, 'id' | 'user'>): Promise<void> {
      await manager.insert(WatchedFileEntity, row)
    },
    async update(id: number, changes: Partial<Omit<WatchedFileEntity, 'id' | 'user'>>): Promise<void> {
      await manager.update(WatchedFileEntity, { id }, changes)
    },
    /** Stores the outcome of an archive still marked in progress; false when another write already did. */
    async settle(id: number, outcome: WatchedFileOutcome): Promise<boolean> {
      const stored = await manager.update(WatchedFileEntity, { id, status: 'in_progress' }, outcome)
      return Boolean(stored.affected)
    },
  }
}

export type WatchedFilesRepository = ReturnType<typeof watchedFilesRepository>

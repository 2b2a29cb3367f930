import type { EntityManager } from 'typeorm'
import { AppConfigEntity } from '../entities'

/** The administrator settings: one row (id 1, created by the first migration). */
export function appConfigRepository(manager: EntityManager) {
  return {
    /** The settings row, or null when it is missing. */
    settings: (): Promise<AppConfigEntity | null> => manager.findOneBy(AppConfigEntity, { id: 1 }),
    async save(settings: AppConfigEntity): Promise<void> {
      await manager.save(AppConfigEntity, settings)
    },
  }
}

export type AppConfigRepository = ReturnType<typeof appConfigRepository>

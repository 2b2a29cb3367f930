import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { AppStatsResponse } from '../../../src/contracts'
import type { ServerContext } from '../../context'
import { UserEntity, WorkoutEntity } from '../../db/entities'

/** Total size in bytes of the files under a folder. */
export async function folderSize(dir: string): Promise<number> {
  let total = 0
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) total += await folderSize(path)
    else if (entry.isFile()) total += (await stat(path)).size
  }
  return total
}

export type AppStatsService = ReturnType<typeof createAppStatsService>

export function createAppStatsService(context: ServerContext) {
  return {
    /** Counts for the administration menu. */
    async get(): Promise<AppStatsResponse> {
      const { manager } = context.db
      const [{ sports }] = await manager.query<[{ sports: number }]>(`SELECT COUNT(DISTINCT sport_id) AS sports FROM workout`)
      return {
        status: 'success',
        data: {
          users: await manager.count(UserEntity),
          workouts: await manager.count(WorkoutEntity),
          sports,
          uploads_dir_size: await folderSize(context.layout.uploads),
        },
      }
    },
  }
}

import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { AppStatsResponse } from '../../../src/contracts'
import type { DataDirLayout } from '../../data-dir'
import type { Database } from '../../db/repositories'

/** Total size in bytes of the files under a folder; with `recursive: false`, of its own files only. */
async function folderSize(dir: string, { recursive = true } = {}): Promise<number> {
  let total = 0
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) total += recursive ? await folderSize(path) : 0
    else if (entry.isFile()) total += (await stat(path)).size
  }
  return total
}

/**
 * What users' uploads take on disk, as the reference tracker's upload folder counts it: the
 * workout files, the profile pictures and the maps drawn from tracks. The tile cache under
 * `maps/tiles` is left out: it is downloaded, not uploaded, and is shared by everyone.
 */
async function uploadsSize(layout: DataDirLayout): Promise<number> {
  const sizes = await Promise.all([folderSize(layout.uploads), folderSize(layout.pictures), folderSize(layout.maps, { recursive: false })])
  return sizes.reduce((sum, size) => sum + size, 0)
}

export type AppStatsService = ReturnType<typeof createAppStatsService>

export function createAppStatsService({ database, layout }: { database: Database; layout: DataDirLayout }) {
  return {
    /** Counts for the administration menu. */
    async get(): Promise<AppStatsResponse> {
      const { users, workouts } = database.reads
      return {
        status: 'success',
        data: {
          users: await users.count(),
          workouts: await workouts.count(),
          sports: (await workouts.sportIdsWithWorkouts()).size,
          uploads_dir_size: await uploadsSize(layout),
        },
      }
    },
  }
}

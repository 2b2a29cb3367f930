import { readdir, rm } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { IsNull, Not, type DataSource } from 'typeorm'
import type { DataDirLayout } from '../data-dir'
import { workoutFiles } from '../modules/workouts/workout-files'
import { UserEntity, WorkoutEntity } from './entities'

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

/**
 * Removes stored files that no row points at. An import stores its file before its transaction
 * commits, so a crash in between leaves a file without a workout; this runs at start-up, before
 * any request, and puts the folder back in step with the database. Cached map tiles are kept.
 * @returns how many files were removed
 */
export async function removeOrphanFiles(db: DataSource, layout: DataDirLayout): Promise<number> {
  const workouts = await db.manager.find(WorkoutEntity, {
    where: [{ filePath: Not(IsNull()) }, { mapId: Not(IsNull()) }],
    select: { filePath: true, mapId: true },
  })
  const users = await db.manager.find(UserEntity, { where: { picture: Not(IsNull()) }, select: { picture: true } })
  const kept = new Set<string>([
    ...workouts.flatMap((workout) => workoutFiles(layout, workout)),
    ...users.flatMap((user) => (user.picture ? [join(layout.pictures, user.picture)] : [])),
  ])
  const tiles = join(layout.maps, 'tiles')
  const candidates = [
    ...(await filesUnder(layout.uploads)),
    ...(await filesUnder(layout.maps)).filter((path) => relative(tiles, path).startsWith('..')),
    ...(await filesUnder(layout.pictures)),
  ]
  const orphans = candidates.filter((path) => !kept.has(path))
  await Promise.all(orphans.map((path) => rm(path, { force: true })))
  return orphans.length
}

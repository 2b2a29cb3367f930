import { readdir, rm } from 'node:fs/promises'
import { join, relative } from 'node:path'
import type { DataSource } from 'typeorm'
import type { DataDirLayout } from '../data-dir'

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
  const workouts = await db.query<{ file_path: string | null; map_id: string | null }[]>(
    `SELECT file_path, map_id FROM workout WHERE file_path IS NOT NULL OR map_id IS NOT NULL`,
  )
  const pictures = await db.query<{ picture: string }[]>(`SELECT picture FROM user WHERE picture IS NOT NULL`)
  const kept = new Set<string>([
    ...workouts.flatMap((row) => (row.file_path ? [join(layout.uploads, row.file_path)] : [])),
    ...workouts.flatMap((row) => (row.map_id ? [join(layout.maps, `${row.map_id}.png`)] : [])),
    ...pictures.map((row) => join(layout.pictures, row.picture)),
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

import { createHash } from 'node:crypto'
import { copyFile, link, mkdir, open, rename, unlink } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { DataDirLayout } from '../../data-dir'
import { recordInFlight } from '../../db/file-journal'

/** Bytes read at once while hashing a file. */
const HASH_CHUNK_BYTES = 1 << 20

/**
 * SHA-256 of a file, read in 1 MiB chunks into one reused buffer: a read stream's 64 KiB chunks
 * (a new buffer and a thread-pool round trip each) cost twice the CPU of the hashing itself.
 */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256')
  const file = await open(path, 'r')
  try {
    const buffer = Buffer.allocUnsafe(HASH_CHUNK_BYTES)
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, buffer.length, null)
      if (bytesRead === 0) break
      hash.update(buffer.subarray(0, bytesRead))
    }
  } finally {
    await file.close()
  }
  return hash.digest('hex')
}

/** Where a workout's original file is kept, relative to `uploads/` (one folder per user). */
export function originalFilePath(userId: number, workoutId: string, format: string): string {
  return `${userId}/${workoutId}.${format}`
}

/**
 * Moves an uploaded file to its place under `uploads/` (same disk: a rename, never a copy). The
 * user's folder is made only when the rename finds it missing (their first file, or after it was
 * removed), not checked before every file.
 */
export async function storeOriginal(layout: DataDirLayout, tmpPath: string, relativePath: string): Promise<string> {
  const target = join(layout.uploads, relativePath)
  await recordInFlight(layout, target)
  try {
    await rename(tmpPath, target)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    await mkdir(dirname(target), { recursive: true })
    await rename(tmpPath, target)
  }
  return target
}

/**
 * Stores the original of another workout of the same file (a multisport file's legs): a hard
 * link to the first one's, or a copy where links are refused.
 */
export async function storeOriginalCopy(layout: DataDirLayout, first: string, relativePath: string): Promise<string> {
  const target = join(layout.uploads, relativePath)
  await recordInFlight(layout, target)
  await mkdir(dirname(target), { recursive: true })
  try {
    await link(first, target)
  } catch {
    await copyFile(first, target)
  }
  return target
}

/** Removes files; ones already gone are not an error (one unlink each: `rm` stats every path first). */
export async function removeFiles(paths: readonly string[]): Promise<void> {
  await Promise.all(
    paths.map(async (path) => {
      try {
        await unlink(path)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      }
    }),
  )
}

/** The files a workout row points at, as absolute paths. */
export function workoutFiles(layout: DataDirLayout, workout: { filePath: string | null; mapId: string | null }): string[] {
  return [
    ...(workout.filePath ? [join(layout.uploads, workout.filePath)] : []),
    ...(workout.mapId ? [join(layout.maps, `${workout.mapId}.png`)] : []),
  ]
}

import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import type { FileBatch, PickedFile, SkippedFile } from '../src/desktop/bridge'
import { isWorkoutFileName, MAX_PICKED_FILE_BYTES, workoutMimeType } from '../src/desktop/file-types'

/**
 * Reads workout files for the page to upload. Only GPX/FIT/TCX/zip files up to the size cap are
 * read; anything else is reported as skipped with a reason, never silently dropped.
 */
export async function readWorkoutFiles(paths: readonly string[], maxBytes = MAX_PICKED_FILE_BYTES): Promise<FileBatch> {
  const files: PickedFile[] = []
  const skipped: SkippedFile[] = []
  for (const path of paths) {
    const name = basename(path)
    if (!isWorkoutFileName(name)) {
      skipped.push({ name, reason: 'unsupported' })
      continue
    }
    try {
      const info = await stat(path)
      if (!info.isFile()) {
        skipped.push({ name, reason: 'unreadable' })
        continue
      }
      if (info.size > maxBytes) {
        skipped.push({ name, reason: 'too-large' })
        continue
      }
      files.push({ name, type: workoutMimeType(name), bytes: new Uint8Array(await readFile(path)) })
    } catch {
      skipped.push({ name, reason: 'unreadable' })
    }
  }
  return { files, skipped }
}

/** Files waiting for the page to import them ("Open with", command line, File › Import). */
export interface OpenedFilesQueue {
  /** Queues paths and tells the page (if one is listening) that files are waiting. */
  add: (paths: readonly string[]) => void
  /** Reads and empties the queue. */
  take: () => Promise<FileBatch>
  readonly size: number
}

/**
 * Holds paths rather than bytes until the page asks, so files opened before the window exists
 * (a double-click that starts the app) wait without costing memory.
 */
export function createOpenedFilesQueue(announce: () => void, read = readWorkoutFiles): OpenedFilesQueue {
  let pending: string[] = []
  return {
    add(paths) {
      const fresh = paths.filter((path) => !pending.includes(path))
      if (fresh.length === 0) return
      pending.push(...fresh)
      announce()
    },
    async take() {
      const paths = pending
      pending = []
      return read(paths)
    },
    get size() {
      return pending.length
    },
  }
}

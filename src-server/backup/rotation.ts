import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'

/** How many copies of each kind (daily, before-restore) are kept, as for pre-migration backups. */
const COPIES_KEPT = 5

/**
 * Deletes all but the newest `keep` entries of `dir` whose names start with `prefix` (names carry
 * a sortable timestamp right after the prefix). Other kinds of backup are never touched.
 */
export async function pruneCopies(dir: string, prefix: string, keep = COPIES_KEPT): Promise<void> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.startsWith(prefix) && !name.endsWith('.partial')).sort()
  for (const name of names.slice(0, Math.max(0, names.length - keep))) {
    await rm(join(dir, name), { recursive: true, force: true })
  }
}

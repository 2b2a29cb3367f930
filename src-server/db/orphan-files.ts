import { readdir, unlink } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { In, type DataSource } from 'typeorm'
import type { DataDirLayout } from '../data-dir'
import { referencedFiles } from '../backup/referenced-files'
import { clearJournal, inFlightFiles, type SettledFiles } from './file-journal'
import { WorkoutEntity } from './entities'

/** The database copies in `backups/`: pre-migration and daily copies, and the databases restores set aside. */
async function backupDatabases(layout: DataDirLayout): Promise<string[]> {
  const entries = await readdir(layout.backups, { withFileTypes: true }).catch(() => [])
  return entries.flatMap((entry) => {
    if (entry.isFile() && entry.name.endsWith('.sqlite')) return [join(layout.backups, entry.name)]
    if (entry.isDirectory()) return [join(layout.backups, entry.name, 'waymark.sqlite')]
    return []
  })
}

/**
 * Whether a backup copy names a file (relative to the data folder, `/` separators). A copy that
 * cannot be read counts as naming every file: nothing is removed on a guess.
 */
async function neededByBackups(layout: DataDirLayout, names: readonly string[]): Promise<Set<string>> {
  const needed = new Set<string>()
  for (const database of await backupDatabases(layout)) {
    try {
      const wanted = new Set(await referencedFiles(database))
      for (const name of names) if (wanted.has(name)) needed.add(name)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'SQLITE_CANTOPEN') continue
      return new Set(names)
    }
  }
  return needed
}

/**
 * Removes the stored files that an import wrote ahead of its rows (see `recordInFlight`) when
 * the process stopped before those rows were committed. Only files the journal names are
 * candidates, so a database that lost its rows (an empty file, a wrong copy) can never make
 * this delete an original; a file the database or any backup copy names is kept. Runs at
 * start-up, before any request, then empties the journal.
 * @returns how many files were removed
 */
export async function removeInterruptedWrites(db: DataSource, layout: DataDirLayout): Promise<number> {
  const listed = await inFlightFiles(layout)
  if (listed.length === 0) {
    await clearJournal(layout)
    return 0
  }
  const kept = await settledFiles(db, layout)(listed)
  const candidates = listed.filter((path) => !kept.has(path))
  const names = candidates.map((path) => relative(layout.root, path).split(sep).join('/'))
  const needed = await neededByBackups(layout, names)
  let removed = 0
  for (const [index, path] of candidates.entries()) {
    if (needed.has(names[index] ?? '')) continue
    try {
      await unlink(path)
      removed += 1
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  await clearJournal(layout)
  return removed
}

/** Names looked up per query (SQLite's bound parameters are limited). */
const SETTLED_CHUNK = 500

/**
 * What compacting the in-flight journal asks (see `compactJournal`): which of its files a
 * committed workout names, as its original or its map. Looked up by name, not by reading every
 * workout, so a rewrite costs what the journal holds.
 */
export function settledFiles(db: DataSource, layout: DataDirLayout): SettledFiles {
  return async (paths) => {
    const originals = new Map<string, string>()
    const maps = new Map<string, string>()
    for (const path of paths) {
      const [folder, ...rest] = relative(layout.root, path).split(sep)
      const name = rest.join('/')
      if (folder === 'uploads') originals.set(name, path)
      else if (folder === 'maps' && name.endsWith('.png')) maps.set(name.slice(0, -'.png'.length), path)
    }
    const settled = new Set<string>()
    const lookUp = async (names: Map<string, string>, column: 'filePath' | 'mapId') => {
      const all = [...names.keys()]
      for (let start = 0; start < all.length; start += SETTLED_CHUNK) {
        const rows = await db.manager.find(WorkoutEntity, { where: { [column]: In(all.slice(start, start + SETTLED_CHUNK)) }, select: { id: true, [column]: true } })
        for (const row of rows) {
          const path = names.get(row[column] ?? '')
          if (path) settled.add(path)
        }
      }
    }
    await lookUp(originals, 'filePath')
    await lookUp(maps, 'mapId')
    return settled
  }
}

import { appendFile, readFile, rm } from 'node:fs/promises'
import { isAbsolute, join, normalize, relative, sep } from 'node:path'
import { PRIVATE_FILE, type DataDirLayout } from '../data-dir'

/** The journal of files written ahead of the rows that will name them, in the data folder. */
const JOURNAL_FILE = 'in-flight.journal'

/** The folders whose files a journal entry may name: originals and maps (never pictures, never backups). */
const JOURNALED_FOLDERS = ['uploads', 'maps'] as const

function journalPath(layout: DataDirLayout): string {
  return join(layout.root, JOURNAL_FILE)
}

/**
 * Notes a stored file about to be written for rows not committed yet (an original, a map).
 * Written before the file: a crash in between leaves a journal line for a file that is not
 * there (harmless), never a file nobody knows is in flight. Lines are appended by one `write`
 * each (O_APPEND), so concurrent imports never interleave them. Not flushed to disk: a line lost
 * with a power cut leaves an orphan file behind, which is wasted space, not lost data.
 */
export async function recordInFlight(layout: DataDirLayout, path: string): Promise<void> {
  await appendFile(journalPath(layout), `${relative(layout.root, path).split(sep).join('/')}\n`, { mode: PRIVATE_FILE })
}

/**
 * The files the journal names, as absolute paths, limited to `uploads/` and `maps/` (a line
 * pointing elsewhere, or out of the folder, is ignored whatever wrote it).
 */
export async function inFlightFiles(layout: DataDirLayout): Promise<string[]> {
  let text: string
  try {
    text = await readFile(journalPath(layout), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const paths = new Set<string>()
  for (const line of text.split('\n')) {
    const name = normalize(line.trim())
    const [folder, ...rest] = name.split(sep)
    if (isAbsolute(name) || rest.length === 0 || rest.includes('..') || !JOURNALED_FOLDERS.some((allowed) => allowed === folder)) continue
    paths.add(join(layout.root, name))
  }
  return [...paths]
}

/** Empties the journal once its lines were dealt with (start-up) or belong to a replaced database (restore). */
export async function clearJournal(layout: DataDirLayout): Promise<void> {
  await rm(journalPath(layout), { force: true })
}

import { appendFile, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises'
import { isAbsolute, join, normalize, relative, sep } from 'node:path'
import { PRIVATE_FILE, type DataDirLayout } from '../data-dir'

/** The journal of files written ahead of the rows that will name them, in the data folder. */
const JOURNAL_FILE = 'in-flight.journal'
/** The folder of the instances' journals, one each, on a club server's shared folder. */
const INSTANCE_JOURNALS = 'in-flight'
const INSTANCE_JOURNAL_END = '.journal'

/** The folders whose files a journal entry may name: originals and maps (never pictures, never backups). */
const JOURNALED_FOLDERS = ['uploads', 'maps'] as const

/**
 * Lines the journal may reach before it is rewritten without its settled files; past a
 * rewrite, twice the lines it kept (a rewrite costs a query and a write of what is kept, so
 * each line appended pays for at most a few of them).
 */
const COMPACT_MIN_LINES = 512

function journalPath(layout: DataDirLayout): string {
  return layout.journal ?? join(layout.root, JOURNAL_FILE)
}

/** The layout of a club server's instance, journaling in a file of its own (see {@link instanceJournals}). */
export async function instanceLayout(layout: DataDirLayout, instance: string): Promise<DataDirLayout> {
  const folder = join(layout.root, INSTANCE_JOURNALS)
  await mkdir(folder, { recursive: true, mode: 0o700 })
  return { ...layout, journal: join(folder, `${instance}${INSTANCE_JOURNAL_END}`) }
}

/** The instances with a journal in the shared folder, each with the layout that reads it. */
export async function instanceJournals(layout: DataDirLayout): Promise<{ instance: string; layout: DataDirLayout }[]> {
  const folder = join(layout.root, INSTANCE_JOURNALS)
  const names = await readdir(folder).catch(() => [])
  return names
    .filter((name) => name.endsWith(INSTANCE_JOURNAL_END))
    .map((name) => {
      const instance = name.slice(0, -INSTANCE_JOURNAL_END.length)
      return { instance, layout: { ...layout, journal: join(folder, name) } }
    })
}

/** Where a rewrite of the journal is written before it replaces the journal (by a rename). */
function nextPath(layout: DataDirLayout): string {
  return `${journalPath(layout)}.next`
}

/** Which of the given stored files rows that are committed name: those are no longer in flight. */
export type SettledFiles = (paths: readonly string[]) => Promise<ReadonlySet<string>>

interface Compaction {
  settled: SettledFiles
  minLines: number
  /** Lines in the journal (those appended since the start's sweep emptied it). */
  lines: number
  /** Lines at which the next rewrite comes. */
  threshold: number
  /** Appends and rewrites, one at a time: a line appended during a rewrite would be lost with the old file. */
  queue: Promise<void>
}

/**
 * Journals being compacted, by journal file: one server each (SQLite: the folder's lock; a club
 * server's instance: its own file), from the start's sweep to its close. Without one, lines are
 * only appended.
 */
const compacting = new Map<string, Compaction>()

/**
 * Keeps the journal of `layout` small while the server runs (it was emptied by the start's sweep):
 * once it holds `minLines`, then twice what it kept, it is rewritten without the files `settled`
 * says rows name. Returns the function that stops this (the server's close).
 */
export function compactJournal(layout: DataDirLayout, settled: SettledFiles, minLines = COMPACT_MIN_LINES): () => void {
  const compaction: Compaction = { settled, minLines, lines: 0, threshold: minLines, queue: Promise.resolve() }
  compacting.set(journalPath(layout), compaction)
  return () => {
    if (compacting.get(journalPath(layout)) === compaction) compacting.delete(journalPath(layout))
  }
}

/**
 * Rewrites the journal without its settled files: the files still in flight are written to a
 * file beside it, flushed, then renamed over it, so a crash at any point leaves either the whole
 * old journal or the new one, which names every file in flight (a leftover beside it is removed
 * at the next start). A rewrite that fails leaves the old journal, which names them too.
 */
async function compact(layout: DataDirLayout, compaction: Compaction): Promise<void> {
  const next = nextPath(layout)
  try {
    const listed = await inFlightFiles(layout)
    const settled = await compaction.settled(listed)
    const kept = listed.filter((path) => !settled.has(path))
    const file = await open(next, 'w', PRIVATE_FILE)
    try {
      await file.writeFile(kept.map((path) => lineOf(layout, path)).join(''))
      await file.sync()
    } finally {
      await file.close()
    }
    await rename(next, journalPath(layout))
    compaction.lines = kept.length
  } catch {
    // Never the append's failure: its line is in the journal, which stays whole.
    await rm(next, { force: true }).catch(() => undefined)
  }
  compaction.threshold = Math.max(compaction.minLines, 2 * compaction.lines)
}

const lineOf = (layout: DataDirLayout, path: string) => `${relative(layout.root, path).split(sep).join('/')}\n`

/**
 * Notes a stored file about to be written for rows not committed yet (an original, a map).
 * Written before the file: a crash in between leaves a journal line for a file that is not
 * there (harmless), never a file nobody knows is in flight. Lines are appended by one `write`
 * each (O_APPEND), so concurrent imports never interleave them. Not flushed to disk: a line lost
 * with a power cut leaves an orphan file behind, which is wasted space, not lost data.
 */
export async function recordInFlight(layout: DataDirLayout, path: string): Promise<void> {
  const append = () => appendFile(journalPath(layout), lineOf(layout, path), { mode: PRIVATE_FILE })
  const compaction = compacting.get(journalPath(layout))
  if (!compaction) return append()
  const turn = compaction.queue.then(async () => {
    await append()
    compaction.lines += 1
    if (compaction.lines >= compaction.threshold) await compact(layout, compaction)
  })
  compaction.queue = turn.catch(() => undefined)
  return turn
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

/**
 * Empties the journal once its lines were dealt with (start-up) or belong to a replaced database
 * (restore), with any rewrite a crash left beside it (the journal itself names every file in flight).
 */
export async function clearJournal(layout: DataDirLayout): Promise<void> {
  await rm(journalPath(layout), { force: true })
  await rm(nextPath(layout), { force: true })
}

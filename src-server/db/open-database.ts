import { chmod, open, opendir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { DataSource } from 'typeorm'
import type { Logger } from '../config/server-config'
import { DataDirError, PRIVATE_FILE, type DataDirLayout } from '../data-dir'
import { createDataSource, type StatementHook } from './data-source'
import { removeInterruptedWrites } from './orphan-files'

/** How many pre-migration backups are kept. */
export const BACKUPS_KEPT = 5

async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size
  } catch {
    return 0
  }
}

/** Deletes all but the newest `keep` backups (names sort by their timestamp). */
async function pruneBackups(dir: string, keep: number): Promise<void> {
  const names = (await readdir(dir)).filter((name) => /^waymark-.*\.sqlite$/.test(name)).sort()
  for (const name of names.slice(0, Math.max(0, names.length - keep))) {
    await rm(join(dir, name), { force: true })
  }
}

/** Whether a folder holds at least one file, however deep (stops at the first one). */
async function holdsAFile(dir: string): Promise<boolean> {
  let entries
  try {
    entries = await opendir(dir)
  } catch {
    return false
  }
  for await (const entry of entries) {
    if (entry.isFile() || (entry.isDirectory() && (await holdsAFile(join(dir, entry.name))))) return true
  }
  return false
}

/** The newest database copy in `backups/` (pre-migration, daily, or set aside by a restore), or null. */
async function newestBackup(layout: DataDirLayout): Promise<string | null> {
  const entries = await readdir(layout.backups, { withFileTypes: true }).catch(() => [])
  const copies = entries.flatMap((entry) => {
    if (entry.isFile() && entry.name.endsWith('.sqlite')) return [join(layout.backups, entry.name)]
    if (entry.isDirectory()) return [join(layout.backups, entry.name, 'waymark.sqlite')]
    return []
  })
  let newest: { path: string; time: number } | null = null
  for (const path of copies) {
    const time = await stat(path).then((found) => (found.size > 0 ? found.mtimeMs : -1), () => -1)
    if (time >= 0 && (newest === null || time > newest.time)) newest = { path, time }
  }
  return newest?.path ?? null
}

/** The one line an operator reads when the database cannot be trusted: what to run next. */
async function refusal(layout: DataDirLayout, problem: string): Promise<DataDirError> {
  const backup = await newestBackup(layout)
  const source = backup ?? '<a backup .zip or .sqlite>'
  const found = backup ? 'newest backup' : 'no backup in backups/'
  return new DataDirError(
    `${problem}; not starting, so that nothing is lost: stop here and run \`npm run cli -- --data-dir ${layout.root} restore ${source}\` (${found})`,
  )
}

/** SQLite's result code carried by an error (directly, or in TypeORM's `driverError`). */
function sqliteCode(error: unknown): string | null {
  const own = (error as { code?: unknown }).code
  const driver = (error as { driverError?: { code?: unknown } }).driverError?.code
  const code = typeof own === 'string' ? own : driver
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null
}

/** Result codes that mean the file is not a sound database (not a busy lock or a full disk). */
const DAMAGED = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB'])

/**
 * A file shorter than its own header says (cut by a copy or a full disk) is damaged, although
 * SQLite only notices when it reads a missing page. Only checked without a WAL to replay: pages
 * still in the WAL legitimately lie beyond the main file's end.
 */
async function truncated(layout: DataDirLayout, size: number): Promise<boolean> {
  if ((await fileSize(`${layout.database}-wal`)) > 0) return false
  const file = await open(layout.database, 'r')
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(100), 0, 100, 0)
    if (bytesRead < 100 || buffer.toString('latin1', 0, 16) !== 'SQLite format 3\0') return false
    const rawPageSize = buffer.readUInt16BE(16)
    const pageSize = rawPageSize === 1 ? 65_536 : rawPageSize
    // The page count is valid only when the header's version-valid-for matches its change counter.
    if (buffer.readUInt32BE(92) !== buffer.readUInt32BE(24)) return false
    return buffer.readUInt32BE(28) * pageSize > size
  } finally {
    await file.close()
  }
}

/**
 * Opens the database of a data folder for the server: refuses (one line, naming `restore` and the
 * newest backup) a database that is empty, missing, cut short or damaged beside stored
 * originals, brings the schema up to date (see {@link openDatabase}) and removes what an
 * interrupted import left in flight (see `removeInterruptedWrites`).
 * @throws DataDirError when the database cannot be trusted
 */
export async function openServerDatabase(layout: DataDirLayout, now: Date, logger: Logger, onStatement?: StatementHook): Promise<DataSource> {
  const size = await fileSize(layout.database)
  if (size === 0 && (await holdsAFile(layout.uploads))) {
    throw await refusal(layout, `the database ${layout.database} is empty or missing while uploads/ holds stored originals`)
  }
  if (size > 0 && (await truncated(layout, size))) throw await refusal(layout, `the database ${layout.database} is cut short (damaged)`)
  let dataSource: DataSource | null = null
  try {
    dataSource = await openDatabase(layout, now, onStatement)
    const removed = await removeInterruptedWrites(dataSource, layout)
    if (removed > 0) logger.warn(`removed ${removed} stored file(s) left by an interrupted import`)
    return dataSource
  } catch (error) {
    await dataSource?.destroy()
    const code = sqliteCode(error)
    if (code && DAMAGED.has(code)) throw await refusal(layout, `the database ${layout.database} is damaged (${code})`)
    throw error
  }
}

/**
 * Opens the database of a data folder and brings its schema up to date. When migrations are
 * pending on an existing database, a consistent copy is written to `backups/` first
 * (`VACUUM INTO` includes what is still in the WAL), and only the newest few copies are kept.
 * @param now the backup's timestamp (passed in so tests control it)
 * @param onStatement told each statement the connection sends (tests count them)
 */
export async function openDatabase(layout: DataDirLayout, now: Date, onStatement?: StatementHook): Promise<DataSource> {
  const existed = (await fileSize(layout.database)) > 0
  const dataSource = createDataSource(layout.database, onStatement ? { onStatement } : {})
  await dataSource.initialize()
  try {
    if (existed && (await dataSource.showMigrations())) {
      const stamp = now.toISOString().replace(/[:.]/g, '-')
      const backup = join(layout.backups, `waymark-${stamp}.sqlite`)
      await dataSource.query(`VACUUM INTO ?`, [backup])
      await chmod(backup, PRIVATE_FILE)
      await pruneBackups(layout.backups, BACKUPS_KEPT)
    }
    await dataSource.runMigrations({ transaction: 'each' })
    return dataSource
  } catch (error) {
    await dataSource.destroy()
    throw error
  }
}

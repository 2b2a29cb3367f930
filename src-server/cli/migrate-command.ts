import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'
import type { DataDirLayout } from '../data-dir'
import { openPostgresDataSource } from '../db/data-source'
import { MoveRefused, moveSqliteToPostgres } from '../db/postgres-move'
import { CommandError } from './user-commands'

/** The URL as printed: its password hidden (it may be in the operator's terminal history, not in our output). */
function shown(url: string): string {
  if (!URL.canParse(url)) return 'the PostgreSQL database'
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}

/**
 * `migrate-to-postgres <url>`: moves the data folder's SQLite install into the empty PostgreSQL
 * database at `url`; the folder keeps its files and its SQLite file, untouched, and the club's
 * servers then run with `--database-url` on the same folder. The SQLite server must be stopped:
 * rows it wrote during the copy would be lost.
 */
export async function migrateToPostgresCommand(layout: DataDirLayout, url: string): Promise<string[]> {
  if (!(await stat(layout.database).catch(() => null))) throw new CommandError(`no Waymark database in ${layout.root}`)
  // The server's lock, held meanwhile: no SQLite server starts and writes rows the copy would miss.
  const unlock = await lockfile.lock(layout.root, { lockfilePath: join(layout.root, 'server.lock'), stale: 30_000, update: 10_000 }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new CommandError(`a Waymark server is using ${layout.root}: stop it, then migrate`)
    throw error
  })
  try {
    return await moveInto(layout, url)
  } finally {
    await unlock()
  }
}

async function moveInto(layout: DataDirLayout, url: string): Promise<string[]> {
  const target = await openPostgresDataSource(url, 1).catch((error: unknown) => {
    throw new CommandError(`cannot connect to ${shown(url)}: ${(error as Error).message}`)
  })
  try {
    const moved = await moveSqliteToPostgres(layout.database, target).catch((error: unknown) => {
      throw error instanceof MoveRefused ? new CommandError(error.message) : error
    })
    const total = moved.reduce((sum, table) => sum + table.rows, 0)
    return [
      ...moved.map((table) => `${table.table}: ${table.rows}`),
      `moved ${total} rows in ${moved.length} tables to ${shown(url)}, counts checked; start the servers with --database-url and --data-dir ${layout.root}`,
    ]
  } finally {
    await target.destroy()
  }
}

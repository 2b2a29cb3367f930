import { chmod, rename, rm } from 'node:fs/promises'
import { PRIVATE_FILE } from '../data-dir'
import sqlite3 from 'sqlite3'

/** How long the copy waits for a lock held by a writer before failing (ms), as the server does. */
const BUSY_TIMEOUT_MS = 10_000

function openReadOnly(path: string): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const db: sqlite3.Database = new sqlite3.Database(path, sqlite3.OPEN_READONLY, (error) => (error ? reject(error) : resolve(db)))
  })
}

function run(db: sqlite3.Database, sql: string, params: unknown[] = []): Promise<void> {
  return new Promise((resolve, reject) => db.run(sql, params, (error: Error | null) => (error ? reject(error) : resolve())))
}

function close(db: sqlite3.Database): Promise<void> {
  return new Promise((resolve, reject) => db.close((error) => (error ? reject(error) : resolve())))
}

/**
 * Writes a consistent copy of a live database (`VACUUM INTO`, which reads one snapshot and
 * includes what is still in the WAL). It uses its own read-only connection: the server's shared
 * connection may be inside a transaction, where VACUUM is not allowed, and a reader never blocks
 * the server's writers. The copy appears under `target` only once complete.
 */
export async function copyDatabase(source: string, target: string): Promise<void> {
  const partial = `${target}.partial`
  await rm(partial, { force: true })
  const db = await openReadOnly(source)
  try {
    db.configure('busyTimeout', BUSY_TIMEOUT_MS)
    await run(db, 'VACUUM INTO ?', [partial])
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  } finally {
    await close(db)
  }
  // Backups hold everything the database does: the owner's alone, like the database.
  await chmod(partial, PRIVATE_FILE)
  await rename(partial, target)
}

/** A timestamp for file names that sorts like the time it stands for. */
export const fileStamp = (date: Date) => date.toISOString().replace(/[:.]/g, '-')

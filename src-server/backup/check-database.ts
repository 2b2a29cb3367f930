import sqlite3 from 'sqlite3'
import { migrations } from '../db/migrations'

/** A file that is not a Waymark database this version can use, with a one-line reason. */
export class NotAWaymarkDatabase extends Error {
  override name = 'NotAWaymarkDatabase'
}

/** The tables every Waymark database has (the migrations' bookkeeping included). */
const EXPECTED_TABLES = ['app_config', 'migrations', 'record', 'sport', 'user', 'user_sport_preference', 'workout', 'workout_segment']

function all<T>(db: sqlite3.Database, sql: string): Promise<T[]> {
  return new Promise((resolve, reject) => db.all<T>(sql, (error, rows) => (error ? reject(error) : resolve(rows))))
}

/** What a checked database holds, for the messages of the commands. */
export interface DatabaseSummary {
  users: number
  workouts: number
}

/**
 * Checks that a file is a sound Waymark database: `PRAGMA integrity_check` answers ok, the
 * expected tables are there, and every migration it has run is one this version knows (a
 * database from a newer Waymark is refused; an older one is upgraded when the server starts).
 * @throws NotAWaymarkDatabase
 */
export async function checkWaymarkDatabase(path: string): Promise<DatabaseSummary> {
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened: sqlite3.Database = new sqlite3.Database(path, sqlite3.OPEN_READONLY, (error) =>
      error ? reject(new NotAWaymarkDatabase(`${path} cannot be opened as a database`)) : resolve(opened),
    )
  })
  try {
    const integrity = await all<{ integrity_check: string }>(db, 'PRAGMA integrity_check').catch(() => [])
    if (integrity.length !== 1 || integrity[0]?.integrity_check !== 'ok') {
      throw new NotAWaymarkDatabase(`${path} is not a sound SQLite database (integrity check failed)`)
    }
    const tables = new Set((await all<{ name: string }>(db, `SELECT name FROM sqlite_master WHERE type = 'table'`)).map((row) => row.name))
    const missing = EXPECTED_TABLES.filter((name) => !tables.has(name))
    if (missing.length > 0) throw new NotAWaymarkDatabase(`${path} is not a Waymark database (no table ${missing.join(', ')})`)
    // Instances carry the recorded name; class names may not survive bundling.
    const known = new Set(migrations.map((Migration) => new Migration().name))
    const unknown = (await all<{ name: string }>(db, 'SELECT name FROM migrations')).filter((row) => !known.has(row.name))
    if (unknown.length > 0) throw new NotAWaymarkDatabase(`${path} comes from a newer Waymark (migration ${unknown[0]?.name ?? ''})`)
    const [counts] = await all<DatabaseSummary>(db, 'SELECT (SELECT COUNT(*) FROM user) AS users, (SELECT COUNT(*) FROM workout) AS workouts')
    return counts ?? { users: 0, workouts: 0 }
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()))
  }
}

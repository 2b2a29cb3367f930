import { mkdir, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DataSource } from 'typeorm'
import { dataDirLayout, type DataDirLayout } from '../data-dir'
import { migrations } from '../db/migrations'

/**
 * A data folder (under the temp folder, `prefix` naming it) whose SQLite database stands where the
 * migrations before `migration` (a class name) left it, holding user 1 and its one-minute workout
 * `w1`: what an upgrade test opens with `openDatabase`. The caller may add rows, then destroys `old`
 * and removes `dir`.
 */
export async function databaseBefore(migration: string, prefix: string): Promise<{ dir: string; layout: DataDirLayout; old: DataSource }> {
  const index = migrations.findIndex((candidate) => candidate.name === migration)
  if (index <= 0) throw new Error(`no migration before ${migration}`)
  const dir = await mkdtemp(join(tmpdir(), prefix))
  const layout = dataDirLayout(dir)
  await mkdir(layout.backups)
  const old = new DataSource({ type: 'sqlite', database: layout.database, migrations: migrations.slice(0, index) })
  await old.initialize()
  await old.runMigrations()
  await old.query(`INSERT INTO user (id, username, email, password_hash, created_at) VALUES (1, 'u', 'u@example.com', 'x', '2020-01-01 00:00:00.000')`)
  await old.query(
    `INSERT INTO workout (id, user_id, sport_id, workout_date, created_at, duration, moving, pauses, distance) VALUES ('w1', 1, 1, '2020-01-01 00:00:00.000', '2020-01-01 00:00:00.000', 60, 60, 0, 1)`,
  )
  return { dir, layout, old }
}

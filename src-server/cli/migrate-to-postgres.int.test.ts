import { createHash } from 'node:crypto'
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import sqlite3 from 'sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportTaskResponse, WorkoutsListResponse } from '../../src/contracts'
import { registerUser, type Account } from '../test/accounts'
import { runCli as cli } from '../test/cli-process'
import { onPostgres, postgresInstalled, startPostgresCluster, type PostgresCluster } from '../test/postgres-cluster'
import { startTestServer, type TestServer } from '../test/test-server'
import { fixture, rides, upload, waitForImport } from '../test/workouts'
import { buildZip } from '../test/zip-builder'

/**
 * `migrate-to-postgres` (issue 30): a SQLite install built through the real server moves into an
 * empty PostgreSQL database, after which the real server on PostgreSQL, on the same data folder,
 * answers as it did on SQLite. Opt-in like the engine test: `WAYMARK_TEST_POSTGRES=1` on a machine
 * with Debian's `postgresql`.
 */
const enabled = process.env.WAYMARK_TEST_POSTGRES === '1' && postgresInstalled()

/** The SHA-256 of every file under `dir`, by relative path: what "unchanged" means for a data folder. */
async function folderHashes(dir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {}
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    hashes[relative(dir, path)] = createHash('sha256').update(await readFile(path)).digest('hex')
  }
  return hashes
}

/**
 * Row counts of every table of a SQLite file, read with node-sqlite3 directly (not through our
 * code), as an immutable file: no -wal or -shm made beside it (the server is stopped).
 */
function sqliteCounts(path: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(`file:${path}?immutable=1`, sqlite3.OPEN_READONLY | sqlite3.OPEN_URI, (opened) => {
      if (opened) return reject(opened)
      db.all<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'migrations'`, (error, tables) => {
        if (error) return reject(error)
        const counts: Record<string, number> = {}
        let left = tables.length
        for (const { name } of tables) {
          db.get<{ n: number }>(`SELECT count(*) AS n FROM "${name}"`, (failed, row) => {
            if (failed) return reject(failed)
            counts[name] = row?.n ?? 0
            if (--left === 0) db.close(() => resolve(counts))
          })
        }
      })
    })
  })
}

/** What the sample answers, as sam, the owner and ann see it: the calls a club's members make. */
async function answers(t: TestServer, sam: Account, owner: Account, ann: Account): Promise<Record<string, unknown>> {
  const get = async (path: string, who: Account) => {
    const answer = await t.api('GET', path, { token: who.token })
    return { status: answer.status, body: answer.body }
  }
  const list = await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=100', { token: sam.token })
  const ids = list.body.data.workouts.map((workout) => workout.id)
  const seen: Record<string, unknown> = {}
  for (const path of ['workouts?per_page=100', 'workouts?order_by=distance&order=asc', 'stats/sam/by_time?time=week', 'stats/sam/by_sport', 'records', 'equipments', 'auth/privacy_zones', 'users/sam/followers', 'auth/profile']) {
    seen[path] = await get(path, sam)
  }
  for (const id of ids) {
    seen[`workouts/${id}`] = await get(`workouts/${id}`, sam)
    seen[`workouts/${id}/chart_data`] = await get(`workouts/${id}/chart_data`, sam)
    seen[`workouts/${id} as ann`] = await get(`workouts/${id}`, ann)
    const gpx = await fetch(`${t.url}/api/workouts/${id}/gpx`, { headers: { authorization: `Bearer ${sam.token}` } })
    seen[`workouts/${id}/gpx`] = { status: gpx.status, text: await gpx.text() }
  }
  seen['users as owner'] = await get('users?per_page=50', owner)
  seen['stats/all as owner'] = await get('stats/all', owner)
  return seen
}

describe.skipIf(!enabled)('migrate-to-postgres', () => {
  let cluster: PostgresCluster
  let t: TestServer
  let owner: Account
  let sam: Account
  let ann: Account
  let onSqlite: Record<string, unknown>
  let databases = 0

  /** A new database of the cluster: its URL, and a client on it for the test's own checks. */
  async function freshDatabase(): Promise<string> {
    const name = `moved_${(databases += 1)}`
    await onPostgres(cluster.url, (client) => client.query(`CREATE DATABASE ${name}`))
    const url = new URL(cluster.url)
    url.pathname = `/${name}`
    return url.toString()
  }
  const tablesIn = (url: string) =>
    onPostgres(url, async (client) => (await client.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).rows.map((row) => row.name))

  beforeAll(async () => {
    cluster = await startPostgresCluster()
    // A SQLite install with a bit of everything, built through the real server.
    t = await startTestServer({ databaseUrl: null })
    owner = await registerUser(t, 'owner')
    sam = await registerUser(t, 'sam', { activate: owner })
    ann = await registerUser(t, 'ann', { activate: owner })
    const shoes = await t.api<{ data: { equipments: { id: string }[] } }>('POST', 'equipments', { token: sam.token, body: { label: 'Pegasus', equipment_type_id: 1 } })
    expect(shoes.status).toBe(201)
    const shoesId = shoes.body.data.equipments[0]?.id
    expect((await upload(t, sam.token, 'run.gpx', await fixture('gpx/gpx_file.gpx'), { sport_id: 5, equipment_ids: [shoesId] })).status).toBe(201)
    expect((await upload(t, sam.token, 'three.gpx', await fixture('gpx/gpx_file_with_3_segments.gpx'), { sport_id: 1, title: 'Tour de l’Île' })).status).toBe(201)
    const archive = await upload<ImportTaskResponse>(t, sam.token, 'rides.zip', buildZip(await rides(3)), { sport_id: 1 })
    expect(archive.status).toBe(202)
    expect((await waitForImport(t, sam.token, archive.body.data.task.id)).status).toBe('done')
    expect((await t.api('POST', 'workouts/no_gpx', { token: sam.token, body: { sport_id: 2, duration: 3600, distance: 12, workout_date: '2024-05-01 07:30' } })).status).toBe(201)
    expect((await t.api('POST', 'users/sam/follow', { token: ann.token })).status).toBe(200)
    expect((await t.api('POST', 'follow-requests/ann/accept', { token: sam.token })).status).toBe(200)
    expect((await t.api('POST', 'auth/privacy_zones', { token: sam.token, body: { latitude: 44.68, longitude: 6.07, radius: 500 } })).status).toBe(201)
    await t.server.settled()
    onSqlite = await answers(t, sam, owner, ann)
    await t.close({ keepData: true })
  }, 180_000)

  afterAll(async () => {
    await cluster.stop()
    await rm(t.dataDir, { recursive: true, force: true })
  })

  it('moves every row into an empty database, reports the counts, and the server on PostgreSQL answers as on SQLite', async () => {
    const before = await folderHashes(t.dataDir)
    const counts = await sqliteCounts(join(t.dataDir, 'waymark.sqlite'))
    expect(counts.workout).toBe(6)
    const url = await freshDatabase()

    const moved = await cli('--data-dir', t.dataDir, 'migrate-to-postgres', url)
    expect(moved).toMatchObject({ code: 0, stderr: '' })
    const reported = Object.fromEntries(moved.stdout.trim().split('\n').slice(0, -1).map((line) => line.split(': ')).map(([table, rows]) => [table, Number(rows)]))
    expect(reported).toEqual(counts)
    expect(moved.stdout).toContain(`moved ${Object.values(counts).reduce((a, b) => a + b, 0)} rows in ${Object.keys(counts).length} tables`)
    // The source is untouched: every file of the data folder, the SQLite file included.
    expect(await folderHashes(t.dataDir)).toEqual(before)
    // Vacuumed once committed: every page of the moved tables is marked all-visible, so
    // index-only scans need not read them (an ANALYZE alone marks none).
    const unvisited = await onPostgres(url, (client) =>
      client.query<{ name: string }>(`SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relpages > 0 AND relallvisible < relpages`),
    )
    expect(unvisited.rows.map(({ name }) => name)).toEqual([])

    const postgresServer = await startTestServer({ dataDir: t.dataDir, databaseUrl: url })
    try {
      // The sessions signed before the move still open, and every answer is the same.
      expect(await answers(postgresServer, sam, owner, ann)).toEqual(onSqlite)
      // New rows get new ids: the sequences start past the moved rows (a new workout, its segments and records).
      expect((await upload(postgresServer, sam.token, 'new.gpx', (await rides(5))[4]?.data ?? '', { sport_id: 4 })).status).toBe(201)
      expect((await registerUser(postgresServer, 'newcomer', { activate: owner })).username).toBe('newcomer')
      expect((await postgresServer.api<WorkoutsListResponse>('GET', 'workouts?per_page=100', { token: sam.token })).body.data.workouts).toHaveLength(7)
    } finally {
      await postgresServer.close({ keepData: true })
    }
  }, 240_000)

  it('refuses a database that is not empty, and changes nothing there', async () => {
    const url = await freshDatabase()
    await onPostgres(url, (client) => client.query('CREATE TABLE notes (line text)'))
    const refused = await cli('--data-dir', t.dataDir, 'migrate-to-postgres', url)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toBe('waymark: the PostgreSQL database is not empty (1 tables or sequences, e.g. public.notes): move into a new, empty database\n')
    expect(await tablesIn(url)).toEqual(['notes'])
  }, 120_000)

  it('refuses while a SQLite server uses the folder, whose writes the copy would miss', async () => {
    const url = await freshDatabase()
    const running = await startTestServer({ dataDir: t.dataDir, databaseUrl: null })
    try {
      const refused = await cli('--data-dir', t.dataDir, 'migrate-to-postgres', url)
      expect(refused).toMatchObject({ code: 1, stderr: `waymark: a Waymark server is using ${t.dataDir}: stop it, then migrate\n` })
      expect(await tablesIn(url)).toEqual([])
    } finally {
      await running.close({ keepData: true })
    }
  }, 120_000)

  it('refuses a database it cannot reach, and a URL that is not PostgreSQL’s', async () => {
    const missing = new URL(cluster.url)
    missing.pathname = '/no_such_database'
    const unreachable = await cli('--data-dir', t.dataDir, 'migrate-to-postgres', missing.toString())
    expect(unreachable.code).toBe(1)
    expect(unreachable.stderr).toMatch(/^waymark: cannot connect to postgres:\/\/.*: database "no_such_database" does not exist\n$/)
    const notPostgres = await cli('--data-dir', t.dataDir, 'migrate-to-postgres', 'mysql://localhost/waymark')
    expect(notPostgres.code).toBe(2)
    expect(notPostgres.stderr).toMatch(/^waymark: "migrate-to-postgres" needs a postgres:\/\/ URL\nusage: /)
  }, 120_000)

  it('leaves the target empty when a row fails half-way', async () => {
    // A copy of the install whose last workout's date PostgreSQL cannot read: users, sports and
    // the first workouts are copied before it fails.
    const copy = await mkdtemp(join(tmpdir(), 'waymark-move-'))
    try {
      await cp(t.dataDir, copy, { recursive: true })
      await new Promise<void>((resolve, reject) => {
        const db = new sqlite3.Database(join(copy, 'waymark.sqlite'), (opened) => {
          if (opened) return reject(opened)
          db.run(`UPDATE workout SET workout_date = 'not a date' WHERE id = (SELECT max(id) FROM workout)`, (error) => db.close(() => (error ? reject(error) : resolve())))
        })
      })
      const url = await freshDatabase()
      const failed = await cli('--data-dir', copy, 'migrate-to-postgres', url)
      expect(failed.code).toBe(1)
      expect(failed.stderr).toMatch(/invalid input syntax for type timestamp with time zone: "not a date"/)
      expect(await tablesIn(url)).toEqual([])
    } finally {
      await rm(copy, { recursive: true, force: true })
    }
  }, 120_000)
})

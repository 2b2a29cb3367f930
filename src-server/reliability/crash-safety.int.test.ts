import { access, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { dataDirLayout } from '../data-dir'
import { createDataSource } from '../db/data-source'
import { fixture } from '../test/workouts'
import { buildZip } from '../test/zip-builder'
import { startServerProcess, token, type ServerProcess } from '../test/server-process'
import { onPostgresLane } from '../test/postgres-lane'

const ROUNDS = 10
/** Files of each round's archive. */
const ARCHIVE_FILES = 5

/** The reference ride moved `days` days later, so every copy is a distinct workout. */
async function rideOn(days: number): Promise<string> {
  const base = (await fixture('gpx/gpx_file.gpx')).toString()
  return base.replace(/2018-03-13T/g, `${new Date(Date.UTC(2018, 2, 13 + days)).toISOString().slice(0, 10)}T`)
}

/** Deterministic choices, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 48_271) % 2_147_483_647
    return state / 2_147_483_647
  }
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  )
}

/** Checks, on the stopped server's folder, everything a crash must never break. */
async function checkConsistency(dataDir: string): Promise<{ workouts: number; hashes: string[] }> {
  const layout = dataDirLayout(dataDir)
  const db = createDataSource(layout.database)
  await db.initialize()
  try {
    expect(await db.query('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }])
    expect(await db.query('PRAGMA foreign_key_check')).toEqual([])
    const workouts = await db.query<{ id: string; user_id: number; file_path: string | null; map_id: string | null; file_hash: string | null }[]>(
      `SELECT id, user_id, file_path, map_id, file_hash FROM workout`,
    )
    const referenced = new Set<string>()
    for (const workout of workouts) {
      if (!workout.file_path) continue
      // A file workout is whole: its file, its map, its segments and its chart data.
      referenced.add(join(layout.uploads, workout.file_path))
      expect(await exists(join(layout.uploads, workout.file_path))).toBe(true)
      if (workout.map_id) {
        referenced.add(join(layout.maps, `${workout.map_id}.png`))
        expect(await exists(join(layout.maps, `${workout.map_id}.png`))).toBe(true)
      }
      const [{ segments }] = await db.query<[{ segments: number }]>(`SELECT COUNT(*) AS segments FROM workout_segment WHERE workout_id = ?`, [workout.id])
      expect(segments).toBeGreaterThan(0)
      const [{ tracks }] = await db.query<[{ tracks: number }]>(`SELECT COUNT(*) AS tracks FROM workout_track WHERE workout_id = ?`, [workout.id])
      expect(tracks).toBe(1)
    }
    // No orphan file once the server has started (it removes what a crash left).
    const stored = [
      ...(await readdir(layout.uploads, { withFileTypes: true, recursive: true })),
      ...(await readdir(layout.maps, { withFileTypes: true })),
    ]
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
    expect(stored.filter((path) => !referenced.has(path)).map((path) => relative(dataDir, path))).toEqual([])
    // Records are what the workouts say they are.
    const records = await db.query<{ sport_id: number; record_type: string; workout_id: string }[]>(`SELECT sport_id, record_type, workout_id FROM record ORDER BY sport_id, record_type`)
    for (const record of records) expect(workouts.map((w) => w.id)).toContain(record.workout_id)
    const [leader] = await db.query<{ best: string }[]>(
      `SELECT id AS best FROM workout WHERE sport_id = 1 AND distance > 0 ORDER BY distance DESC, workout_date ASC, id ASC LIMIT 1`,
    )
    expect(records.find((record) => record.sport_id === 1 && record.record_type === 'FD')?.workout_id ?? null).toBe(leader?.best ?? null)
    // No file imported twice.
    const hashes = workouts.flatMap((workout) => (workout.file_hash ? [workout.file_hash] : []))
    expect(new Set(hashes).size).toBe(hashes.length)
    return { workouts: workouts.length, hashes }
  } finally {
    await db.destroy()
  }
}

/** Thirty restarts: threads started only when a file comes (their warm-up would add ~1 s CPU to each). */
const onDemand = { warmComputeThreads: false }

// A server on the data folder's SQLite file, read back as a file after each kill, and the start-up sweep of files in
// flight, which a PostgreSQL server does not run; PostgreSQL's killed instance is db/import-lease's.
describe.skipIf(onPostgresLane())('crash safety: the server killed outright during imports, edits and deletes', () => {
  let dataDir: string
  const started: ServerProcess[] = []
  const start = async () => {
    const server = await startServerProcess(dataDir, onDemand)
    started.push(server)
    return server
  }
  afterAll(async () => {
    // A failing round leaves its server running: it must not keep the test run from exiting.
    for (const server of started) await server.kill()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it(`stays consistent over ${ROUNDS} kills`, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'waymark-crash-'))
    const random = seeded(20_26)
    const account = { username: 'owner', email: 'owner@example.com', password: 'owner-password' }
    let server = await start()
    await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) })

    for (let round = 0; round < ROUNDS; round += 1) {
      const auth = { authorization: `Bearer ${await token(server.url, account.email, account.password)}` }
      const send = (path: string, init: RequestInit) => fetch(`${server.url}/api/${path}`, { ...init, headers: { ...auth, ...init.headers } }).catch(() => null)
      const form = (name: string, bytes: string | Buffer) => {
        const body = new FormData()
        body.append('file', new Blob([bytes]), name)
        body.append('data', JSON.stringify({ sport_id: 1 }))
        return body
      }
      const single = await rideOn(round * 10)
      const list = (await (await fetch(`${server.url}/api/workouts?per_page=100`, { headers: auth })).json()) as { data: { workouts: { id: string }[] } }
      const existing = list.data.workouts.map((workout) => workout.id)

      // Work in flight when the process dies.
      void send('workouts', { method: 'POST', body: form('ride.gpx', single) })
      const names = Array.from({ length: ARCHIVE_FILES }, (_, n) => n + 1)
      const archive = buildZip(await Promise.all(names.map(async (n) => ({ name: `r${n}.gpx`, data: await rideOn(round * 10 + n), deflate: true }))))
      // As our UI does: the archive answers at once and imports in the background.
      const started = await send('workouts', { method: 'POST', headers: { prefer: 'respond-async' }, body: form('batch.zip', archive) })
      const taskId = ((await started?.json()) as { data: { task: { id: string } } }).data.task.id
      if (existing[0]) void send(`workouts/${existing[0]}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sport_id: round % 2 ? 4 : 1, title: `round ${round}` }) })
      if (existing[1] && random() < 0.5) void send(`workouts/${existing[1]}`, { method: 'DELETE' })
      void send('workouts/no_gpx', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sport_id: 1, duration: 600, distance: 1 + round, workout_date: '2019-01-01 10:00' }) })

      // The kill comes as the archive has stored 0, 1, … of its files' results (round after round):
      // the next file is then extracted, parsed or being written, and the other work under way.
      const killAfter = round % ARCHIVE_FILES
      for (;;) {
        const task = (await (await send(`workouts/imports/${taskId}`, {}))?.json()) as { data: { task: { status: string; results: unknown[] } } }
        if (task.data.task.status !== 'in_progress' || task.data.task.results.length >= killAfter) break
      }
      await server.kill()

      // The restart removes what the crash left; then the folder is checked with the server stopped.
      server = await start()
      await server.stop()
      const { hashes } = await checkConsistency(dataDir)

      // Retrying the interrupted upload imports it once, or reports it as already there.
      server = await start()
      const retryAuth = { authorization: `Bearer ${await token(server.url, account.email, account.password)}` }
      const retry = await fetch(`${server.url}/api/workouts`, { method: 'POST', headers: retryAuth, body: form('ride.gpx', single) })
      expect([201, 409]).toContain(retry.status)
      const after = (await (await fetch(`${server.url}/api/workouts?per_page=100`, { headers: retryAuth })).json()) as { pagination: { total: number } }
      expect(after.pagination.total).toBeGreaterThan(0)
      expect(hashes.length).toBeLessThanOrEqual(after.pagination.total)

      // The interrupted archive resumes on its own and imports every file once. Waiting for it
      // also keeps the next round within the running imports an account may have (two).
      let resumed: { status: string; results: { status: string }[] }
      for (;;) {
        const answer = await fetch(`${server.url}/api/workouts/imports/${taskId}`, { headers: retryAuth })
        expect(answer.status).toBe(200)
        resumed = ((await answer.json()) as { data: { task: typeof resumed } }).data.task
        if (resumed.status !== 'in_progress') break
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(resumed.status).toBe('done')
      expect(resumed.results.map((result) => result.status)).toEqual(Array.from({ length: ARCHIVE_FILES }, () => 'imported'))
    }
    await server.stop()
    await checkConsistency(dataDir)
  }, 300_000)
})

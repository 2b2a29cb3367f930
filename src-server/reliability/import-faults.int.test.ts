import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, open, readdir, rm, statfs } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type ImportTask, type ImportTaskResponse, type WorkoutsListResponse } from '../../src/contracts'
import { errorCatalogue } from '../../src/errors'
import { registerUser, type Account } from '../test/accounts'
import { onPostgresLane } from '../test/postgres-lane'
import { startTestServer, type TestServer, type TestServerOptions } from '../test/test-server'
import { fixture, rides, upload, waitForImport } from '../test/workouts'
import { crashCopy, holdWrite } from '../test/hold-write'
import { buildZip } from '../test/zip-builder'
import { rideToGpx, syntheticRide } from '../importers/test-support/synthetic-ride'

const workoutsOf = async (t: TestServer, token: string) =>
  (await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=100', { token })).body.data.workouts
const login = async (t: TestServer, account: Account) =>
  (await t.api<{ auth_token: string }>('POST', 'auth/login', { body: { email: account.email, password: account.password } })).body.auth_token
const data = { sport_id: 1 }

describe('a task the server died during twice is not resumed again (issue 28)', () => {
  let parent: string
  const servers: TestServer[] = []
  const start = async (dataDir: string, options: TestServerOptions = {}) => {
    const t = await startTestServer({ dataDir, ...options })
    servers.push(t)
    return t
  }
  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-poison-'))
  })
  afterAll(async () => {
    for (const t of servers.splice(0)) await t.close({ keepData: true }).catch(() => undefined)
    await rm(parent, { recursive: true, force: true })
  })

  // The crashes are copies of SQLite's file mid-write; PostgreSQL's crash is a killed instance (db/import-lease).
  it.skipIf(onPostgresLane())('resumed once after a crash; a second crash during it ends it failed with its reason, never resumed again', async () => {
    // First life: the import runs until its 12th write, and the process "dies" there.
    const first = holdWrite(12)
    const a = await start(join(parent, 'a'), { writeGate: first.gate })
    const owner = await registerUser(a, 'owner')
    const started = await upload<ImportTaskResponse>(a, owner.token, 'forty.zip', buildZip(await rides(40)), data)
    expect(started.status).toBe(202)
    const taskId = started.body.data.task.id
    await first.held
    await crashCopy(join(parent, 'a'), join(parent, 'b'))

    // Second life: the task is resumed; the process dies again while it runs (its 4th write: files
    // of the resumed task, after the resumption was counted).
    const second = holdWrite(4)
    const b = await start(join(parent, 'b'), { writeGate: second.gate })
    await second.held
    const [during] = await b.server.dataSource.query<[{ status: string; attempts: number }]>(`SELECT status, attempts FROM import_task WHERE id = ?`, [taskId])
    expect(during).toEqual({ status: 'in_progress', attempts: 1 })
    await crashCopy(join(parent, 'b'), join(parent, 'c'))

    // Third life: the task is not resumed; it ends failed with the catalogued reason and its archive goes.
    const c = await start(join(parent, 'c'))
    const token = await login(c, owner)
    const task = await waitForImport(c, token, taskId)
    expect(task).toMatchObject({ status: 'failed', message: errorCatalogue.import_crashed_twice.message })
    const stored = await workoutsOf(c, token)
    expect(stored.length).toBeLessThan(40)
    // Every workout stored is in the report: nothing was imported after the second crash.
    expect(new Set(task.results.flatMap((result) => (result.status === 'imported' ? result.workout_ids : [])))).toEqual(new Set(stored.map((w) => w.id)))
    expect(await readdir(join(parent, 'c', 'imports'))).toEqual([])
    second.release()
    first.release()
  }, 180_000)

  it('a quit is not a crash: a task stopped by a clean stop twice still resumes and ends done', async () => {
    const dir = join(parent, 'quit')
    let hold = holdWrite(8)
    let t = await start(dir, { writeGate: hold.gate })
    const owner = await registerUser(t, 'owner')
    const started = await upload<ImportTaskResponse>(t, owner.token, 'thirty.zip', buildZip(await rides(30)), data)
    for (const next of [4, null]) {
      await hold.held
      const during = await t.api<ImportTaskResponse>('GET', `workouts/imports/${started.body.data.task.id}`, { token: owner.token })
      expect(during.body.data.task).toMatchObject({ status: 'in_progress' })
      expect(during.body.data.task.files_done).toBeLessThan(22)
      const closing = t.close({ keepData: true })
      hold.release()
      await closing
      hold = holdWrite(next ?? Number.POSITIVE_INFINITY)
      t = await start(dir, next === null ? {} : { writeGate: hold.gate })
    }
    const task = await waitForImport(t, await login(t, owner), started.body.data.task.id, 120_000)
    expect(task.status).toBe('done')
    expect(task.files_done).toBe(30)
  }, 180_000)
})

describe("a resumed export is charged its lists once (issue 28)", () => {
  it('an export stopped mid-way resumes at the next start and imports every workout under the same budget', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'waymark-export-resume-'))
    const tracks = (await rides(20)).map((entry) => ({ ...entry, name: `activities/${entry.name}`, deflate: true }))
    const header = 'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Filename'
    // Long descriptions (of varied words: the list must not look like a zip bomb) make the list weigh as much as its tracks.
    const description = (i: number) => Array.from({ length: 1500 }, (_, k) => ((k + 1) * (i + 7919)).toString(36)).join(' ')
    const rows = tracks.map((entry, i) => `${i},"Mar 1, 2019, 8:00:00 AM",Ride ${i},Ride,${description(i)},3600,20.0,${entry.name}`)
    const fileless = [1, 2].map((i) => `${100 + i},"Jan ${i}, 2020, 9:00:00 AM",Yoga ${i},Yoga,,1800,0.0,`)
    const csv = Buffer.from(`${[header, ...rows, ...fileless].join('\n')}\n`)
    const trackBytes = tracks.reduce((sum, entry) => sum + Buffer.byteLength(entry.data), 0)
    expect(csv.length).toBeGreaterThan(trackBytes / 2)
    const archive = buildZip([{ name: 'activities.csv', data: csv, deflate: true }, ...tracks])
    // Exactly what the export holds: its 22 workouts, and the bytes of its list and files with a little to spare.
    const limits = { gpx_limit_import: 22, max_single_file_size: csv.length, max_zip_file_size: csv.length + trackBytes + 4096 }

    let hold = holdWrite(Number.POSITIVE_INFINITY)
    let t = await startTestServer({ dataDir: dir, writeGate: () => hold.gate() })
    try {
      const owner = await registerUser(t, 'owner')
      expect((await t.api('PATCH', 'config', { token: owner.token, body: limits })).status).toBe(200)
      // Stopped (a quit) once a few of its files are stored.
      hold = holdWrite(6)
      const started = await upload<ImportTaskResponse>(t, owner.token, 'export_1.zip', archive, data)
      expect(started.status).toBe(202)
      await hold.held
      const during = await t.api<ImportTaskResponse>('GET', `workouts/imports/${started.body.data.task.id}`, { token: owner.token })
      expect(during.body.data.task).toMatchObject({ status: 'in_progress' })
      expect(during.body.data.task.files_done).toBeLessThan(22)
      const closing = t.close({ keepData: true })
      hold.release()
      await closing
      t = await startTestServer({ dataDir: dir })
      const token = await login(t, owner)
      const task = await waitForImport(t, token, started.body.data.task.id, 120_000)
      expect(task.status).toBe('done')
      expect(task.results.filter((result) => result.status !== 'imported')).toEqual([])
      expect(await workoutsOf(t, token)).toHaveLength(22)
    } finally {
      await t.close()
    }
  }, 180_000)
})

/**
 * A real small filesystem (tmpfs) holds the data folder, filled up by a file of its own: the
 * server meets the disk's own ENOSPC and SQLITE_FULL, nothing simulated. Mounting needs root (or
 * CAP_SYS_ADMIN); where it is refused the suite says so and is skipped.
 */
const mountable = (() => {
  if (process.platform !== 'linux') return false
  try {
    execFileSync('mount', ['--version'], { stdio: 'ignore' })
    return process.getuid?.() === 0
  } catch {
    return false
  }
})()

/** Fills the filesystem of `path` until `leaveBytes` are free (all of it with 0). */
async function fill(path: string, leaveBytes: number): Promise<void> {
  const file = await open(path, 'a')
  try {
    const block = Buffer.alloc(64 * 1024, 1)
    for (;;) {
      const { bavail, bsize } = await statfs(dirname(path))
      const free = bavail * bsize - leaveBytes
      if (free <= 0) return
      try {
        await file.write(block, 0, Math.min(block.length, free))
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOSPC') return
        throw error
      }
    }
  } finally {
    await file.close()
  }
}

describe.skipIf(!mountable)('a full disk is a state, not a crash (issue 28)', () => {
  let parent: string
  let disk: string
  let t: TestServer
  let owner: Account
  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-disk-full-'))
    disk = join(parent, 'disk')
    await mkdir(disk)
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', disk])
    t = await startTestServer({ dataDir: join(disk, 'data') })
    owner = await registerUser(t, 'owner')
  })
  afterAll(async () => {
    await t?.close({ keepData: true })
    execFileSync('umount', [disk])
    await rm(parent, { recursive: true, force: true })
  })
  afterEach(async () => {
    await rm(join(disk, 'filler'), { force: true })
  })

  const ride = (i: number) => ({ name: `ride-${i}.gpx`, data: rideToGpx(syntheticRide(1000, { start: Date.UTC(2021, 0, 1 + i, 8) })), deflate: true })

  it('an archive meeting a full disk ends with the disk_full reason, frees its slot, and resumes when space returns', async () => {
    const archive = buildZip(Array.from({ length: 30 }, (_, i) => ride(i)))
    // Room for the archive and a few of its rides, not for all of them.
    await fill(join(disk, 'filler'), archive.length + 2_500_000)
    const started = await upload<ImportTaskResponse>(t, owner.token, 'thirty.zip', archive, data)
    expect(started.status).toBe(202)
    const stopped = await waitForImport(t, owner.token, started.body.data.task.id, 120_000)
    expect(stopped).toMatchObject({ status: 'failed', message: errorCatalogue.disk_full.message, resumable: true })
    expect(stopped.files_done).toBeLessThan(30)
    // Its slot is free (the running limit counts tasks in progress) and the server answers.
    expect((await t.api('GET', 'config')).status).toBe(200)
    const imported = await workoutsOf(t, owner.token)
    expect(imported.length).toBe(stopped.results.filter((result) => result.status === 'imported').length)

    // Space returns: the owner resumes it, and every file is imported once.
    await rm(join(disk, 'filler'))
    const resumed = await t.api<ImportTaskResponse>('POST', `workouts/imports/${stopped.id}/resume`, { token: owner.token })
    expect(resumed.status).toBe(200)
    expect(endpoints.resumeImportTask.response.safeParse(resumed.body).error).toBeUndefined()
    const task: ImportTask = await waitForImport(t, owner.token, stopped.id, 120_000)
    expect(task.status).toBe('done')
    expect(task.results.map((result) => result.file).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `ride-${i}.gpx`).sort())
    expect(task.results.every((result) => result.status === 'imported')).toBe(true)
    expect(await workoutsOf(t, owner.token)).toHaveLength(30)
    // Done: not resumable again.
    expect((await t.api('POST', `workouts/imports/${stopped.id}/resume`, { token: owner.token })).body).toMatchObject({ code: 'import_not_resumable' })
  }, 240_000)

  // SQLite's database and its log are on the full disk; PostgreSQL's are not (the files' full disk is the test above).
  it.skipIf(onPostgresLane())("a task whose end cannot be written either (the disk still full) ends failed and resumable at once, its slot free, and resumes when space returns", async () => {
    // A server of its own: its write-ahead log has only grown, so each write past a full disk needs space it cannot get.
    let writes = 0
    let filling = false
    const fresh = await startTestServer({
      dataDir: join(disk, 'fresh'),
      // Before each write: the task's own row fits (its 2nd write), its ride does not; then
      // nothing is free before each write (the task's end, and again once the server has emptied its log).
      writeGate: async () => {
        writes += 1
        if (filling) await fill(join(disk, 'filler'), writes <= 2 ? 64 * 1024 : 0)
      },
    })
    try {
      const user = await registerUser(fresh, 'owner')
      const long = rideToGpx(syntheticRide(3000, { start: Date.UTC(2022, 5, 1, 8) }))
      expect(long.length).toBeGreaterThan(200_000)
      const archive = buildZip([{ name: 'long-ride.gpx', data: long, deflate: true }])
      writes = 0
      filling = true
      const started = await upload<ImportTaskResponse>(fresh, user.token, 'long.zip', archive, data)
      expect(started.status).toBe(202)
      const stopped = await waitForImport(fresh, user.token, started.body.data.task.id, 30_000)
      expect(stopped).toMatchObject({ status: 'failed', message: errorCatalogue.disk_full.message, resumable: true, files_done: 0 })
      // The case at hand: its end is not in the database (nothing could be written there).
      const [row] = await fresh.server.dataSource.query<[{ status: string }]>('SELECT status FROM import_task WHERE id = ?', [stopped.id])
      expect(row.status).toBe('in_progress')
      expect(await readdir(join(disk, 'fresh', 'tmp'))).toEqual([])

      filling = false
      await rm(join(disk, 'filler'))
      // Its owner may run two imports at once again: the stopped task holds no slot.
      const others = [0, 1].map((k) => buildZip(Array.from({ length: 5 }, (_, i) => ride(100 + 10 * k + i))))
      const answers = await Promise.all(others.map((other, k) => upload<ImportTaskResponse>(fresh, user.token, `other-${k}.zip`, other, data)))
      expect(answers.map((answer) => answer.status)).toEqual([202, 202])
      for (const answer of answers) expect((await waitForImport(fresh, user.token, answer.body.data.task.id, 60_000)).status).toBe('done')
      const resumed = await fresh.api<ImportTaskResponse>('POST', `workouts/imports/${stopped.id}/resume`, { token: user.token })
      expect(resumed.status).toBe(200)
      const task = await waitForImport(fresh, user.token, stopped.id, 60_000)
      expect(task).toMatchObject({ status: 'done', files_done: 1 })
      expect(task.results).toMatchObject([{ file: 'long-ride.gpx', status: 'imported' }])
      expect(await workoutsOf(fresh, user.token)).toHaveLength(11)
    } finally {
      await fresh.close()
    }
  }, 120_000)

  it('a single upload with no space left answers 507 disk_full, and stores nothing', async () => {
    const before = await workoutsOf(t, owner.token)
    await fill(join(disk, 'filler'), 0)
    const answer = await upload<{ code: string; message: string }>(t, owner.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'), data)
    expect(answer.status).toBe(507)
    expect(answer.body).toMatchObject({ code: 'disk_full', message: errorCatalogue.disk_full.message })
    expect(await workoutsOf(t, owner.token)).toEqual(before)
    expect(await readdir(join(disk, 'data', 'tmp'))).toEqual([])
  }, 60_000)
})

import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { WorkoutsListResponse, WorkoutsResponse } from '../../src/contracts'
import { CommandError } from '../cli/user-commands'
import { backupCommand, restoreCommand } from '../cli/backup-commands'
import { openCommand } from '../db/command-database'
import { registerUser, type Account } from '../test/accounts'
import { onPostgresLane } from '../test/postgres-lane'
import { startTestServer, type TestServer } from '../test/test-server'
import { fixture, upload } from '../test/workouts'
import { buildZip } from '../test/zip-builder'
import { checkWaymarkDatabase } from './check-database'
import { BEFORE_RESTORE_PREFIX } from './restore'
import { copyDatabase } from './sqlite-copy'
import { openZipReader } from './zip-reader'

/** `backup`, as the command line runs it on the server's engine (`--database-url` on PostgreSQL). */
async function backup(t: TestServer, file: string, now = new Date()): Promise<string> {
  if (!t.databaseUrl) return backupCommand(t.server.layout, file, now)
  const command = await openCommand(t.server.layout, t.databaseUrl)
  try {
    return await backupCommand(t.server.layout, file, now, command.sqliteSnapshot)
  } finally {
    await command.close()
  }
}

/** Restores over the data folder's SQLite file: a PostgreSQL server's database is not restored in place. */
const inPlace = it.skipIf(onPostgresLane())

const workoutCount = async (t: TestServer, account: Account) =>
  (await t.api<WorkoutsListResponse>('GET', 'workouts', { token: account.token })).body.data.totals.count

describe('backup and restore from the command line', () => {
  let t: TestServer
  let owner: Account
  let scratch: string
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'waymark-backup-'))
    t = await startTestServer()
    owner = await registerUser(t, 'owner')
    expect((await upload(t, owner.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'))).status).toBe(201)
  })
  afterEach(async () => {
    await t.close()
    await rm(scratch, { recursive: true, force: true })
  })

  it('writes an archive with the database, the originals, maps and a manifest while the server runs', async () => {
    const file = join(scratch, 'backup.zip')
    const line = await backup(t, file)
    expect(line).toBe(`backed up 1 user, 1 workout and 2 files to ${file}`)
    const zip = await openZipReader(file)
    try {
      expect([...zip.names].sort()).toEqual([
        expect.stringMatching(/^maps\/[\w-]+\.png$/),
        expect.stringMatching(/^uploads\/1\/[\w-]{22}\.gpx$/),
        'waymark-backup.json',
        'waymark.sqlite',
      ])
      const manifest = JSON.parse((await zip.read('waymark-backup.json')).toString()) as Record<string, unknown>
      expect(manifest).toMatchObject({ format: 'waymark-backup', version: 1, users: 1, workouts: 1, files: 2, missingFiles: [] })
      const original = zip.names.find((name) => name.startsWith('uploads/')) ?? ''
      expect(await zip.read(original)).toEqual(await fixture('gpx/gpx_file.gpx'))
    } finally {
      zip.close()
    }
    // The server never stopped.
    expect((await upload(t, owner.token, 'again.tcx', await fixture('tcx/same_ride.tcx'))).status).toBe(201)
  })

  it('restores into a new data folder on SQLite, whichever engine the backup was taken on: same accounts, workouts, figures and originals', async () => {
    expect((await upload(t, owner.token, 'laps.tcx', await fixture('tcx/two_laps_with_indoor_point.tcx'), { sport_id: 5, title: 'Laps' })).status).toBe(201)
    expect((await t.api('POST', 'workouts/no_gpx', { token: owner.token, body: { sport_id: 1, duration: 3600, distance: 20, workout_date: '2019-04-07 09:30', title: 'Typed' } })).status).toBe(201)
    const answers = async (server: TestServer, token: string) => {
      const list = (await server.api<WorkoutsListResponse>('GET', 'workouts?per_page=10&order=asc', { token })).body
      const charts = []
      for (const workout of list.data.workouts) if (workout.with_gpx) charts.push((await server.api('GET', `workouts/${workout.id}/chart_data`, { token })).body)
      return { list, charts, records: (await server.api('GET', 'records', { token })).body, profile: (await server.api('GET', 'auth/profile', { token })).body }
    }
    const before = await answers(t, owner.token)
    expect(before.list.data.totals.count).toBe(3)
    const file = join(scratch, 'backup.zip')
    expect(await backup(t, file)).toBe(`backed up 1 user, 3 workouts and 4 files to ${file}`)

    const folder = join(scratch, 'restored')
    expect(await restoreCommand(folder, file, new Date())).toMatch(/^restored 1 user and 3 workouts from /)
    const restored = await startTestServer({ dataDir: folder, databaseUrl: null })
    try {
      const login = await restored.api<{ auth_token: string }>('POST', 'auth/login', { body: { email: owner.email, password: owner.password } })
      expect(login.status).toBe(200)
      expect(await answers(restored, login.body.auth_token)).toEqual(before)
      const gpx = before.list.data.workouts.find((workout) => workout.file_format === 'gpx')
      const original = await fetch(`${restored.url}/api/workouts/${gpx?.id ?? ''}/gpx/download`, { headers: { authorization: `Bearer ${login.body.auth_token}` } })
      expect(Buffer.from(await original.arrayBuffer())).toEqual(await fixture('gpx/gpx_file.gpx'))
    } finally {
      await restored.close()
    }
  })

  it('refuses to overwrite a file', async () => {
    const file = join(scratch, 'taken.zip')
    await writeFile(file, 'mine')
    await expect(backup(t, file)).rejects.toThrow(new CommandError(`${file} already exists: choose a new file name`))
    expect(await readFile(file, 'utf8')).toBe('mine')
  })

  inPlace('refuses to restore while a server uses the folder', async () => {
    const file = join(scratch, 'backup.zip')
    await backup(t, file)
    await expect(restoreCommand(t.dataDir, file, new Date())).rejects.toThrow(
      new CommandError(`a Waymark server is using ${t.dataDir}: stop it, then restore`),
    )
    expect(await workoutCount(t, owner)).toBe(1)
  })

  inPlace('restores an archive over a later state and keeps that state aside', async () => {
    const file = join(scratch, 'backup.zip')
    await backup(t, file)
    const second = await upload<WorkoutsResponse>(t, owner.token, 'later.tcx', await fixture('tcx/same_ride.tcx'))
    const laterId = second.body.data.workouts[0]?.id ?? ''
    await t.close({ keepData: true })

    const line = await restoreCommand(t.dataDir, file, new Date('2030-01-02T03:04:05Z'))
    const previous = join(t.dataDir, 'backups', `${BEFORE_RESTORE_PREFIX}2030-01-02T03-04-05-000Z`)
    expect(line).toBe(`restored 1 user and 1 workout from ${file}; the previous state is in ${previous}`)
    expect(await checkWaymarkDatabase(join(previous, 'waymark.sqlite'))).toEqual({ users: 1, workouts: 2 })
    // The later original stays in place (the set-aside database, or a daily copy, names it).
    expect(await readdir(join(t.dataDir, 'uploads', '1'))).toContain(`${laterId}.tcx`)

    t = await startTestServer({ dataDir: t.dataDir })
    expect(await workoutCount(t, owner)).toBe(1)
    const [workout] = (await t.api<WorkoutsListResponse>('GET', 'workouts', { token: owner.token })).body.data.workouts
    const original = await fetch(`${t.url}/api/workouts/${workout?.id ?? ''}/gpx/download`, { headers: { authorization: `Bearer ${owner.token}` } })
    expect(original.status).toBe(200)
    expect(Buffer.from(await original.arrayBuffer())).toEqual(await fixture('gpx/gpx_file.gpx'))
    expect(await readdir(join(t.dataDir, 'uploads', '1'))).toHaveLength(2)
  })

  inPlace('restores a bare database copy, keeping the files it points at', async () => {
    const copy = join(scratch, 'copy.sqlite')
    await copyDatabase(t.server.layout.database, copy)
    expect((await upload(t, owner.token, 'later.tcx', await fixture('tcx/same_ride.tcx'))).status).toBe(201)
    await t.close({ keepData: true })

    expect(await restoreCommand(t.dataDir, copy, new Date())).toMatch(/^restored 1 user and 1 workout from .*copy\.sqlite; the previous state is in /)
    t = await startTestServer({ dataDir: t.dataDir })
    const [workout] = (await t.api<WorkoutsListResponse>('GET', 'workouts', { token: owner.token })).body.data.workouts
    const original = await fetch(`${t.url}/api/workouts/${workout?.id ?? ''}/gpx/download`, { headers: { authorization: `Bearer ${owner.token}` } })
    expect(original.status).toBe(200)
  })

  inPlace('never takes away an original a backup copy names, however many restores come after', async () => {
    const archive = join(scratch, 'backup.zip')
    await backup(t, archive)
    const later = await upload<WorkoutsResponse>(t, owner.token, 'later.tcx', await fixture('tcx/same_ride.tcx'))
    const laterId = later.body.data.workouts[0]?.id ?? ''
    const daily = join(t.dataDir, 'backups', 'daily-2030-01-01T00-00-00-000Z.sqlite')
    await copyDatabase(t.server.layout.database, daily)
    await t.close({ keepData: true })
    // More restores of the older archive than set-aside folders are kept: the oldest are pruned.
    for (let day = 2; day <= 8; day += 1) await restoreCommand(t.dataDir, archive, new Date(Date.UTC(2030, 0, day)))
    await restoreCommand(t.dataDir, daily, new Date(Date.UTC(2030, 0, 9)))

    t = await startTestServer({ dataDir: t.dataDir })
    const original = await fetch(`${t.url}/api/workouts/${laterId}/gpx/download`, { headers: { authorization: `Bearer ${owner.token}` } })
    expect(original.status).toBe(200)
    expect(Buffer.from(await original.arrayBuffer())).toEqual(await fixture('tcx/same_ride.tcx'))
  })

  inPlace('refuses files that are not Waymark backups and changes nothing', async () => {
    const file = join(scratch, 'backup.zip')
    await backup(t, file)
    await t.close({ keepData: true })
    const before = await readFile(join(t.dataDir, 'waymark.sqlite'))

    const notes = join(scratch, 'notes.txt')
    await writeFile(notes, 'hello')
    await expect(restoreCommand(t.dataDir, notes, new Date())).rejects.toMatchObject({ name: 'CommandError', message: `${notes} is neither a Waymark backup archive nor a database` })

    const empty = join(scratch, 'other.sqlite')
    const sqlite3 = (await import('sqlite3')).default
    await new Promise<void>((resolve, reject) => {
      const db = new sqlite3.Database(empty, (error) => (error ? reject(error) : db.run('CREATE TABLE notes (x)', () => db.close(() => resolve()))))
    })
    await expect(restoreCommand(t.dataDir, empty, new Date())).rejects.toMatchObject({
      name: 'CommandError',
      // The file checked is the restore's staged copy of it.
      message: expect.stringMatching(/ is not a Waymark database \(no table app_config, migrations, record, sport, user, user_sport_preference, workout, workout_segment\)$/),
    })

    const truncated = join(scratch, 'truncated.sqlite')
    await writeFile(truncated, (await readFile(join(t.dataDir, 'waymark.sqlite'))).subarray(0, 8192))
    await expect(restoreCommand(t.dataDir, truncated, new Date())).rejects.toMatchObject({
      name: 'CommandError',
      message: `${truncated} cannot be read as a database`,
    })

    const slip = join(scratch, 'slip.zip')
    const zip = await openZipReader(file)
    const database = await zip.read('waymark.sqlite')
    zip.close()
    await writeFile(slip, buildZip([{ name: 'waymark.sqlite', data: database }, { name: 'uploads/../../evil.txt', data: 'x' }]))
    // The zip library itself refuses a name that climbs out of the folder, as a damaged archive.
    await expect(restoreCommand(t.dataDir, slip, new Date())).rejects.toMatchObject({ name: 'CommandError', message: `${slip} is a damaged zip archive` })
    await writeFile(slip, buildZip([{ name: 'waymark.sqlite', data: database }, { name: 'secret.key', data: 'x' }]))
    await expect(restoreCommand(t.dataDir, slip, new Date())).rejects.toMatchObject({ name: 'CommandError', message: `${slip} holds an entry Waymark never writes: "secret.key"` })

    expect(await readFile(join(t.dataDir, 'waymark.sqlite'))).toEqual(before)
    expect((await readdir(join(t.dataDir, 'backups'))).filter((name) => name.startsWith(BEFORE_RESTORE_PREFIX))).toEqual([])
    expect(await stat(join(scratch, '..', 'evil.txt')).catch(() => null)).toBeNull()
    expect(await readdir(join(t.dataDir, 'uploads', '1'))).toHaveLength(1)
    t = await startTestServer({ dataDir: t.dataDir })
  })
})

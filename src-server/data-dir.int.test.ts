import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DataDirError, openDataDir } from './data-dir'
import { onPostgresLane } from './test/postgres-lane'
import { startTestServer } from './test/test-server'
import { FIXTURES } from './test/workouts'

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }

describe('data folder', () => {
  let parent: string
  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-dir-'))
  })
  afterEach(() => rm(parent, { recursive: true, force: true }))

  it('creates the folder and its layout, with a private secret key kept across starts', async () => {
    const root = join(parent, 'nested', 'data')
    const first = await openDataDir(root, quiet)
    await first.release()
    for (const sub of ['uploads', 'pictures', 'maps', 'backups', 'tmp']) {
      expect((await stat(join(root, sub))).isDirectory()).toBe(true)
    }
    const key = await stat(join(root, 'secret.key'))
    expect(key.mode & 0o777).toBe(0o600)
    expect(first.secret).toMatch(/^[0-9a-f]{96}$/)
    const second = await openDataDir(root, quiet)
    await second.release()
    expect(second.secret).toBe(first.secret)
    expect((await readFile(join(root, 'secret.key'), 'utf8')).trim()).toBe(first.secret)
  })

  // On PostgreSQL several instances share one folder (db/shared-instances.int.test.ts).
  it.skipIf(onPostgresLane())('refuses a second server on the same folder with a clear message', async () => {
    const first = await startTestServer({ dataDir: join(parent, 'shared') })
    await expect(startTestServer({ dataDir: join(parent, 'shared') })).rejects.toThrow(
      new DataDirError(`data folder ${join(parent, 'shared')} is already in use by another Waymark server`),
    )
    await first.close({ keepData: true })
    const again = await startTestServer({ dataDir: join(parent, 'shared') })
    await again.close()
  })

  it('keeps accounts across a restart', async () => {
    const dataDir = join(parent, 'persist')
    const first = await startTestServer({ dataDir })
    await first.api('POST', 'auth/register', { body: { username: 'owner', email: 'o@example.com', password: '12345678' } })
    await first.close({ keepData: true })
    const second = await startTestServer({ dataDir })
    expect((await second.api('POST', 'auth/login', { body: { email: 'o@example.com', password: '12345678' } })).status).toBe(200)
    await second.close()
  })

  it('refuses a path that is a file', async () => {
    const file = join(parent, 'not-a-folder')
    await writeFile(file, 'x')
    await expect(openDataDir(file, quiet)).rejects.toMatchObject({ name: 'DataDirError', message: `cannot use data folder ${file} (EEXIST)` })
  })
  it('keeps the data folder private to its user, also tightening an install made before (L3)', async () => {
    const root = join(parent, 'old-install')
    // What an earlier version left: folders 0755, database and a backup 0644.
    for (const sub of ['', 'uploads', 'pictures', 'maps', 'backups']) await mkdir(join(root, sub), { recursive: true, mode: 0o755 })
    await writeFile(join(root, 'backups', 'waymark-2026-01-01.sqlite'), '')
    for (const sub of ['', 'uploads', 'pictures', 'maps', 'backups']) await chmod(join(root, sub), 0o755)
    await writeFile(join(root, 'waymark.sqlite'), '', { mode: 0o644 })
    await chmod(join(root, 'waymark.sqlite'), 0o644)
    await chmod(join(root, 'backups', 'waymark-2026-01-01.sqlite'), 0o644)

    const t = await startTestServer({ dataDir: root })
    // A write, so SQLite has its -wal and -shm files.
    expect((await t.api('POST', 'auth/register', { body: { username: 'owner', email: 'o@example.com', password: '12345678' } })).status).toBe(200)
    const mode = async (path: string) => (await stat(join(root, path))).mode & 0o777
    for (const dir of ['', 'uploads', 'pictures', 'maps', 'backups', 'tmp']) expect([dir, await mode(dir)]).toEqual([dir, 0o700])
    // SQLite's -wal and -shm files come with its writes; a PostgreSQL server writes none.
    const journals = onPostgresLane() ? [] : ['waymark.sqlite-wal', 'waymark.sqlite-shm']
    for (const file of ['waymark.sqlite', ...journals, 'secret.key', 'backups/waymark-2026-01-01.sqlite']) {
      expect([file, await mode(file)]).toEqual([file, 0o600])
    }
    await t.close({ keepData: true })
  })

  // PostgreSQL keeps no database file in the folder.
  it.skipIf(onPostgresLane())('creates a new database private from its first byte', async () => {
    const root = join(parent, 'fresh')
    const t = await startTestServer({ dataDir: root })
    for (const file of ['waymark.sqlite', 'waymark.sqlite-wal', 'waymark.sqlite-shm']) expect([file, (await stat(join(root, file))).mode & 0o777]).toEqual([file, 0o600])
    await t.close()
  })
})

describe('start-up clean-up', () => {
  // Not yet on PostgreSQL: instances share the folder, so the sweep waits for a journal per instance (issue 30).
  it.skipIf(onPostgresLane())('removes the in-flight files no row points at and keeps the others, tiles and tmp handled too', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'waymark-orphans-'))
    const dataDir = join(parent, 'data')
    const first = await startTestServer({ dataDir })
    await first.api('POST', 'auth/register', { body: { username: 'owner', email: 'o@example.com', password: '12345678' } })
    const login = await first.api<{ auth_token: string }>('POST', 'auth/login', { body: { email: 'o@example.com', password: '12345678' } })
    const form = new FormData()
    form.append('file', new Blob([await readFile(join(FIXTURES, 'gpx', 'gpx_file.gpx'))]), 'ride.gpx')
    form.append('data', '{"sport_id": 1}')
    expect((await first.api('POST', 'workouts', { token: login.body.auth_token, form })).status).toBe(201)
    await first.close({ keepData: true })

    const strays = [join(dataDir, 'uploads', '1', 'stray.gpx'), join(dataDir, 'maps', 'stray.png'), join(dataDir, 'tmp', 'upload-x')]
    for (const path of strays) await writeFile(path, 'left behind')
    await writeFile(join(dataDir, 'in-flight.journal'), 'uploads/1/stray.gpx\nmaps/stray.png\n')
    // Pictures are never swept: one no row names is the user's, not an import's.
    await writeFile(join(dataDir, 'pictures', '1-stray.png'), 'left behind')
    await mkdir(join(dataDir, 'maps', 'tiles', '3', '4'), { recursive: true })
    await writeFile(join(dataDir, 'maps', 'tiles', '3', '4', '5.png'), 'cached tile')

    const second = await startTestServer({ dataDir })
    for (const path of strays) await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' })
    expect((await stat(join(dataDir, 'maps', 'tiles', '3', '4', '5.png'))).isFile()).toBe(true)
    expect(await readdir(join(dataDir, 'uploads', '1'))).toHaveLength(1)
    expect((await readdir(join(dataDir, 'maps'))).filter((name) => name.endsWith('.png'))).toHaveLength(1)
    expect((await stat(join(dataDir, 'pictures', '1-stray.png'))).isFile()).toBe(true)
    expect(second.logs).toContain('warn removed 2 stored file(s) left by an interrupted import')
    await second.close()
    await rm(parent, { recursive: true, force: true })
  })

})

describe('the data folder lock after a crash', () => {
  const quietLogger = { info: () => undefined, warn: () => undefined, error: () => undefined }

  it('is taken over at once when its owner process is gone', async () => {
    const root = await mkdtemp(join(tmpdir(), 'waymark-lock-'))
    await mkdir(join(root, 'server.lock'))
    await writeFile(join(root, 'server.lock.owner'), JSON.stringify({ pid: 2 ** 22 + 17, host: hostname() }))
    const opened = await openDataDir(root, quietLogger)
    expect(JSON.parse(await readFile(join(root, 'server.lock.owner'), 'utf8'))).toEqual({ pid: process.pid, host: hostname() })
    await opened.release()
    await rm(root, { recursive: true, force: true })
  })

  it('is respected while its owner runs, or when the owner is unknown', async () => {
    const root = await mkdtemp(join(tmpdir(), 'waymark-lock-'))
    await mkdir(join(root, 'server.lock'))
    await writeFile(join(root, 'server.lock.owner'), JSON.stringify({ pid: process.pid, host: hostname() }))
    await expect(openDataDir(root, quietLogger)).rejects.toThrow(new DataDirError(`data folder ${root} is already in use by another Waymark server`))
    await rm(join(root, 'server.lock.owner'))
    await expect(openDataDir(root, quietLogger)).rejects.toThrow(new DataDirError(`data folder ${root} is already in use by another Waymark server`))
    await rm(root, { recursive: true, force: true })
  })
})

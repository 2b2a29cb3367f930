import { execFile } from 'node:child_process'
import { copyFile, cp, mkdtemp, open, readdir, readFile, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerUser } from '../test/accounts'
import { freePort } from '../test/free-port'
import { onPostgresLane } from '../test/postgres-lane'
import { startTestServer } from '../test/test-server'

const ROOT = join(__dirname, '..', '..')
const FIXTURES = join(ROOT, 'tests', 'fixtures')

/** Runs a command of the project through tsx as the operator would, with its exit code and output. */
function run(entry: string, args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(join(ROOT, 'node_modules', '.bin', 'tsx'), ['--tsconfig', 'tsconfig.node.json', entry, ...args], { cwd: ROOT, timeout: 90_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

/** Every stored file of a data folder (originals, maps, pictures) with its bytes. */
async function storedFiles(dataDir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  for (const folder of ['uploads', 'maps', 'pictures']) {
    for (const entry of await readdir(join(dataDir, folder), { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue
      const path = join(entry.parentPath, entry.name)
      files.set(relative(dataDir, path), (await readFile(path)).toString('base64'))
    }
  }
  return files
}

/**
 * The headless server started on a data folder whose database was lost or damaged while its
 * originals are there: it must refuse with one line and exit 2, naming `restore` and the newest
 * backup, and leave every stored file as it was.
 */
// The data folder's SQLite file lost, cut or damaged, and its backups; a PostgreSQL server's database is not in the folder.
describe.skipIf(onPostgresLane())('start-up on a lost or damaged database beside stored originals', () => {
  let scratch: string
  let healthy: string
  let before: Map<string, string>
  const BACKUP = 'daily-2026-01-02T03-04-05-000Z.sqlite'

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'waymark-damaged-'))
    healthy = join(scratch, 'healthy')
    const t = await startTestServer({ dataDir: healthy })
    const owner = await registerUser(t, 'owner')
    for (const name of ['gpx_file.gpx', 'gpx_file_with_segments.gpx']) {
      const form = new FormData()
      form.append('file', new Blob([await readFile(join(FIXTURES, 'gpx', name))]), name)
      form.append('data', '{"sport_id": 1}')
      expect((await t.api('POST', 'workouts', { token: owner.token, form })).status).toBe(201)
    }
    await t.server.settled()
    await t.close({ keepData: true })
    // An older daily copy and a newer one: the line must name the newer.
    await copyFile(join(healthy, 'waymark.sqlite'), join(healthy, 'backups', 'daily-2026-01-01T03-04-05-000Z.sqlite'))
    await utimes(join(healthy, 'backups', 'daily-2026-01-01T03-04-05-000Z.sqlite'), new Date('2026-01-01'), new Date('2026-01-01'))
    await copyFile(join(healthy, 'waymark.sqlite'), join(healthy, 'backups', BACKUP))
    before = await storedFiles(healthy)
    expect([...before.keys()].filter((path) => path.startsWith('uploads/'))).toHaveLength(2)
  }, 120_000)
  afterAll(() => rm(scratch, { recursive: true, force: true }))

  async function copyOf(name: string): Promise<string> {
    const dataDir = join(scratch, name)
    await cp(healthy, dataDir, { recursive: true, preserveTimestamps: true })
    return dataDir
  }

  const damages: [string, (database: string) => Promise<void>, RegExp][] = [
    ['empty (0 bytes)', (database) => truncate(database, 0), /is empty or missing while uploads\/ holds stored originals/],
    ['missing', (database) => rm(database), /is empty or missing while uploads\/ holds stored originals/],
    ['truncated to half its size', async (database) => truncate(database, Math.floor((await stat(database)).size / 2)), /is cut short \(damaged\)/],
    [
      'corrupted (pages after the first overwritten)',
      async (database) => {
        const file = await open(database, 'r+')
        const { size } = await file.stat()
        await file.write(Buffer.alloc(size - 4096, 0xa5), 0, size - 4096, 4096)
        await file.close()
      },
      /is damaged \(SQLITE_CORRUPT\)/,
    ],
  ]

  it.each(damages)('refuses a database %s with one line and exit 2, every original kept', async (name, damage, problem) => {
    const dataDir = await copyOf(name.replace(/\W+/g, '-'))
    await damage(join(dataDir, 'waymark.sqlite'))
    const started = await run('src-server/main.ts', ['--data-dir', dataDir, '--port', String(await freePort()), '--host', '127.0.0.1'])
    expect(started.code).toBe(2)
    expect(started.stderr.split('\n').filter(Boolean)).toHaveLength(1)
    expect(started.stderr).toMatch(problem)
    expect(started.stderr).toContain(`restore ${join(dataDir, 'backups', BACKUP)}`)
    expect(await storedFiles(dataDir)).toEqual(before)
  }, 120_000)

  it('starts again with everything once the named backup is restored', async () => {
    const dataDir = await copyOf('restored')
    await truncate(join(dataDir, 'waymark.sqlite'), 0)
    const restored = await run('src-server/cli.ts', ['--data-dir', dataDir, 'restore', join(dataDir, 'backups', BACKUP)])
    expect(restored.code).toBe(0)
    const t = await startTestServer({ dataDir })
    const login = await t.api<{ auth_token: string }>('POST', 'auth/login', { body: { email: 'owner@example.com', password: 'owner-secret-pass' } })
    const list = await t.api<{ data: { workouts: unknown[] } }>('GET', 'workouts', { token: login.body.auth_token })
    expect(list.body.data.workouts).toHaveLength(2)
    await t.close({ keepData: true })
    expect(await storedFiles(dataDir)).toEqual(before)
  }, 120_000)

  it('removes at start-up only the files an interrupted import had in flight', async () => {
    const dataDir = await copyOf('interrupted')
    // What a crash between storing a file and committing its row leaves: the journal names them.
    const strays = ['uploads/1/stray.gpx', 'maps/stray.png']
    for (const path of strays) await writeFile(join(dataDir, path), 'left behind')
    // A file nobody journaled (copied in by hand, or named by a row the database lost) stays.
    await writeFile(join(dataDir, 'uploads', '1', 'unknown.gpx'), 'not ours to delete')
    await writeFile(join(dataDir, 'in-flight.journal'), [...strays, ...before.keys()].join('\n') + '\n')
    const t = await startTestServer({ dataDir })
    expect(t.logs).toContain('warn removed 2 stored file(s) left by an interrupted import')
    await t.close({ keepData: true })
    const after = await storedFiles(dataDir)
    expect(after.get('uploads/1/unknown.gpx')).toBe(Buffer.from('not ours to delete').toString('base64'))
    after.delete('uploads/1/unknown.gpx')
    expect(after).toEqual(before)
  }, 120_000)
})

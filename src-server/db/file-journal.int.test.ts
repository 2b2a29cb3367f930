import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { DataDirLayout } from '../data-dir'
import { registerUser } from '../test/accounts'
import { crashCopy } from '../test/hold-write'
import { onPostgresLane } from '../test/postgres-lane'
import { startTestServer, type TestServer } from '../test/test-server'
import { fixture, rides, upload } from '../test/workouts'
import { compactJournal, inFlightFiles, recordInFlight } from './file-journal'
import { settledFiles } from './orphan-files'

/** The lines of the server's journal: the folder's on SQLite, its instance's own on PostgreSQL. */
const journalLines = async (layout: DataDirLayout) =>
  (await readFile(layout.journal ?? join(layout.root, 'in-flight.journal'), 'utf8').catch(() => '')).split('\n').filter((line) => line !== '')

/** Every file under `dir`, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1)).sort()
}

describe('the in-flight journal stays small and never forgets a file in flight (issue 28)', () => {
  const servers: TestServer[] = []
  afterEach(async () => {
    for (const t of servers.splice(0)) await t.close()
  })
  const start = async (dataDir?: string) => {
    const t = await startTestServer(dataDir ? { dataDir } : {})
    servers.push(t)
    return t
  }
  /** The server's journal, rewritten from `minLines` lines (the server's own rule, at a size a test reaches quickly). */
  const compactFrom = (t: TestServer, minLines: number) => compactJournal(t.server.layout, settledFiles(t.server.dataSource, t.server.layout), minLines)

  it('holds at most its threshold of lines however many files are stored, not a line per file', async () => {
    const t = await start()
    const owner = await registerUser(t, 'owner')
    compactFrom(t, 10)
    const entries = await rides(15)
    let most = 0
    for (const entry of entries) {
      expect((await upload(t, owner.token, entry.name, Buffer.from(entry.data), { sport_id: 1 })).status).toBe(201)
      most = Math.max(most, (await journalLines(t.server.layout)).length)
    }
    // Each stored workout wrote two lines (its original and its map): 30 without compaction.
    expect(await filesUnder(join(t.dataDir, 'uploads'))).toHaveLength(15)
    expect(most).toBeGreaterThan(0)
    expect(most).toBeLessThanOrEqual(10)
  }, 60_000)

  // The crash is a copy of SQLite's file mid-write; PostgreSQL's crash is another test's (import-lease).
  it.skipIf(onPostgresLane())('a rewrite keeps every file still in flight, with lines appended while it runs, and a crash after it loses none', async () => {
    const t = await start()
    const owner = await registerUser(t, 'owner')
    const stored = await upload(t, owner.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'), { sport_id: 1 })
    expect(stored.status).toBe(201)
    const originals = await filesUnder(join(t.dataDir, 'uploads'))
    compactFrom(t, 4)
    // Files written ahead of rows that never come (a crash will cut their import), many at once:
    // rewrites happen between their lines.
    await mkdir(join(t.dataDir, 'uploads', 'in-flight'), { recursive: true })
    const inFlight = Array.from({ length: 40 }, (_, i) => join(t.dataDir, 'uploads', 'in-flight', `${i}.gpx`))
    await Promise.all(
      inFlight.map(async (path) => {
        await recordInFlight(t.server.layout, path)
        await writeFile(path, 'written ahead of its row')
      }),
    )
    expect((await inFlightFiles(t.server.layout)).sort()).toEqual([...inFlight].sort())

    // A crash now: the next start removes exactly the files in flight, and every original stays.
    await crashCopy(t.dataDir, `${t.dataDir}-crash`)
    const after = await start(`${t.dataDir}-crash`)
    expect(after.logs).toContain('warn removed 40 stored file(s) left by an interrupted import')
    expect(await filesUnder(join(after.dataDir, 'uploads'))).toEqual(originals)
    await rm(`${t.dataDir}-crash`, { recursive: true, force: true }).catch(() => undefined)
  }, 60_000)

  // The crash is a copy of SQLite's file mid-write; PostgreSQL's crash is another test's (import-lease).
  it.skipIf(onPostgresLane())('a crash or a failure while the rewrite is written leaves the whole journal, and the rewrite is removed at the next start', async () => {
    const t = await start()
    const layout = t.server.layout
    compactFrom(t, 3)
    await mkdir(join(t.dataDir, 'uploads', 'in-flight'), { recursive: true })
    const inFlight = [0, 1, 2, 3].map((i) => join(t.dataDir, 'uploads', 'in-flight', `${i}.gpx`))
    // The rewrite cannot be written (its place is taken): the journal stays whole.
    await mkdir(join(t.dataDir, 'in-flight.journal.next'))
    for (const path of inFlight) {
      await recordInFlight(layout, path)
      await writeFile(path, 'written ahead of its row')
    }
    expect((await inFlightFiles(layout)).sort()).toEqual(inFlight)
    // A crash halfway through writing a rewrite leaves part of one beside the journal.
    await rm(join(t.dataDir, 'in-flight.journal.next'), { recursive: true })
    await writeFile(join(t.dataDir, 'in-flight.journal.next'), 'uploads/in-flight/0.g')
    await crashCopy(t.dataDir, `${t.dataDir}-crash`)
    const after = await start(`${t.dataDir}-crash`)
    expect(after.logs).toContain('warn removed 4 stored file(s) left by an interrupted import')
    await expect(stat(join(after.dataDir, 'in-flight.journal.next'))).rejects.toMatchObject({ code: 'ENOENT' })
    expect(await filesUnder(join(after.dataDir, 'uploads'))).toEqual([])
    await rm(`${t.dataDir}-crash`, { recursive: true, force: true }).catch(() => undefined)
  }, 60_000)
})

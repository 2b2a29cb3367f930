import { readdir } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { expect } from 'vitest'
import type { TestServer } from '../test/test-server'
import { threadCpuMs } from '../test/thread-cpu'

/** Every file under a folder, relative to it. */
async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name))).sort()
}

/** What must not change when a hostile request is refused. */
export interface Snapshot {
  rows: Record<string, number>
  dataFiles: string[]
  outside: string[]
}

const TABLES = ['user', 'workout', 'workout_segment', 'workout_track', 'record', 'user_sport_preference']

/** Counts rows and lists files inside and around the data folder. */
export async function snapshot(t: TestServer): Promise<Snapshot> {
  const rows: Record<string, number> = {}
  for (const table of TABLES) {
    const [row] = await t.server.dataSource.query<[{ n: number }]>(`SELECT COUNT(*) AS n FROM "${table}"`)
    rows[table] = row.n
  }
  // The database, the lock and the journal of files in flight (a line per stored file attempted,
  // cleared at start-up; a club server's instance keeps its own under in-flight/) are the server's
  // bookkeeping, not files an upload may leave behind.
  const dataFiles = (await tree(t.dataDir)).filter(
    (path) => !/^waymark\.sqlite(-wal|-shm)?$/.test(path) && !path.startsWith('server.lock') && !/^in-flight(\.journal|\/[^/]+\.journal)$/.test(path),
  )
  // The data folder's parent is a temporary folder of this test only: nothing may appear there.
  const outside = (await tree(dirname(t.dataDir))).filter((path) => !path.startsWith(`${relative(dirname(t.dataDir), t.dataDir)}/`))
  return { rows, dataFiles, outside }
}

/** The server still answers, and nothing was stored or written anywhere. */
export async function expectNothingChanged(t: TestServer, before: Snapshot): Promise<void> {
  expect((await t.api('GET', 'config')).status).toBe(200)
  // Background work (none is expected) ends first, so whatever it would store shows.
  await t.server.settled()
  expect(await snapshot(t)).toEqual(before)
}

/** This thread's CPU time while `work` runs (ms): the in-process test server's and this test's client's. */
export async function busyWhile<T>(work: () => Promise<T>): Promise<{ result: T; busyMs: number }> {
  const before = threadCpuMs()
  const result = await work()
  return { result, busyMs: threadCpuMs() - before }
}

/** Asks `GET /api/config` again and again until `pending` settles: how many answers came meanwhile. */
export async function answeredWhile<T>(t: TestServer, pending: Promise<T>): Promise<{ result: T; answered: number }> {
  let finished = false
  const settled = pending.finally(() => {
    finished = true
  })
  let answered = 0
  while (!finished) {
    expect((await t.api('GET', 'config')).status).toBe(200)
    answered += 1
  }
  return { result: await settled, answered }
}

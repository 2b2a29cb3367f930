import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportTask, ImportTaskResponse, WorkoutsListResponse } from '../../src/contracts'
import { createServer, type WaymarkServer } from '../server'
import { benchServerConfig } from '../test/bench-server-config'
import { onPostgres, postgresInstalled, startPostgresCluster, type PostgresCluster } from '../test/postgres-cluster'
import { startServerProcess, token, type ServerProcess } from '../test/server-process'
import { rides, uploadForm } from '../test/workouts'
import { buildZip } from '../test/zip-builder'

/**
 * Several instances of a club server on one PostgreSQL database and one data folder (issue 30):
 * an archive import is run by the instance holding its lease; when that instance dies, another
 * takes the task over once the lease has run out and completes it, every file once. Opt-in like
 * the engine test: `WAYMARK_TEST_POSTGRES=1` on a machine with Debian's `postgresql`.
 */
const enabled = process.env.WAYMARK_TEST_POSTGRES === '1' && postgresInstalled()

const FILES = 40

async function call<T>(server: { readonly url: string }, method: string, path: string, auth: string, form?: FormData): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${auth}`, ...(form ? { prefer: 'respond-async' } : {}) },
    ...(form ? { body: form } : {}),
  })
  return { status: response.status, body: (await response.json()) as T }
}

describe.skipIf(!enabled)('import tasks on several instances', () => {
  let cluster: PostgresCluster
  let dataDir: string
  const servers: ServerProcess[] = []

  beforeAll(async () => {
    cluster = await startPostgresCluster()
    dataDir = await mkdtemp(join(tmpdir(), 'waymark-instances-'))
  }, 60_000)
  afterAll(async () => {
    for (const server of servers) await server.kill()
    await cluster.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('a task whose instance died is completed by another instance past its lease, every file once', async () => {
    await onPostgres(cluster.url, (client) => client.query('CREATE DATABASE instances'))
    const url = new URL(cluster.url)
    url.pathname = '/instances'
    const databaseUrl = url.toString()
    // Two servers on one folder: SQLite's lock would refuse the second; PostgreSQL shares it. B
    // looks for abandoned tasks every second (a third of its lease).
    // A's writes stop at its 20th (its start, the account, the task and about 15 files): it cannot
    // finish the 40 before it is killed, however fast it runs (an idle machine once let it).
    const a = await startServerProcess(dataDir, { databaseUrl, warmComputeThreads: false, holdWritesFrom: 20 })
    servers.push(a)
    const b = await startServerProcess(dataDir, { databaseUrl, warmComputeThreads: false, importLeaseMs: 3000 })
    servers.push(b)
    const account = { username: 'owner', email: 'owner@example.com', password: 'owner-secret-pass' }
    await fetch(`${a.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) })
    const auth = await token(b.url, account.email, account.password)

    const started = await call<ImportTaskResponse>(a, 'POST', 'workouts', auth, uploadForm('forty.zip', buildZip(await rides(FILES)), { sport_id: 1 }))
    expect(started.status).toBe(202)
    const taskId = started.body.data.task.id
    // Polled as `waitForImport` does (every 50 ms), through B.
    const task = async (): Promise<ImportTask> => {
      await new Promise((resolve) => setTimeout(resolve, 50))
      return (await call<ImportTaskResponse>(b, 'GET', `workouts/imports/${taskId}`, auth)).body.data.task
    }
    // B sees A's progress; A dies once it has stored a few files.
    let seen = await task()
    while (seen.results.length < 3) seen = await task()
    await a.kill()
    const afterCrash = await task()
    expect(afterCrash.status).toBe('in_progress')
    expect(afterCrash.results.length).toBeLessThan(FILES)

    // A's lease (60 s) runs out now, as it would a minute after the crash.
    await onPostgres(databaseUrl, (client: pg.Client) => client.query(`UPDATE import_task SET lease_until = now() - interval '1 second' WHERE id = $1`, [taskId]))
    let now = await task()
    while (now.status === 'in_progress') now = await task()
    expect(now).toMatchObject({ status: 'done', files_done: FILES, files_total: FILES })
    expect(now.results.map((result) => result.file).sort()).toEqual(Array.from({ length: FILES }, (_, i) => `ride-${i}.gpx`).sort())
    expect(now.results.every((result) => result.status === 'imported')).toBe(true)
    const workouts = (await call<WorkoutsListResponse>(b, 'GET', 'workouts?per_page=100', auth)).body.data.workouts
    expect(workouts).toHaveLength(FILES)
    expect(new Set(workouts.map((workout) => workout.workout_date)).size).toBe(FILES)
    // Its kept archive went with its end.
    expect(await readdir(join(dataDir, 'imports'))).toEqual([])
  }, 240_000)

  it('stops writing the results of a task whose lease another instance took while it was held up, its file included', async () => {
    await onPostgres(cluster.url, (client) => client.query('CREATE DATABASE fencing'))
    const url = new URL(cluster.url)
    url.pathname = '/fencing'
    const databaseUrl = url.toString()
    const config = { ...benchServerConfig(dataDir), databaseUrl }
    // A's writes wait at the gate once it is closed: an instance held up (a long pause, a slow disk).
    let gate: Promise<void> | null = null
    let open = () => undefined as void
    let arrived = () => undefined as void
    const held = new Promise<void>((resolve) => (arrived = resolve))
    const a = await createServer(config, {
      writeGate: () => {
        if (!gate) return Promise.resolve()
        arrived()
        return gate
      },
    })
    // B's writes wait, once it holds the task, until A has done whatever it goes on to do: A's
    // held writes come first, as they would from an instance paused mid-write.
    let taskOf = ''
    let ownerA: string | undefined
    let releaseB = () => undefined as void
    const bReleased = new Promise<void>((resolve) => (releaseB = resolve))
    const owner = () => onPostgres(databaseUrl, async (client: pg.Client) => (await client.query<{ lease_owner: string }>('SELECT lease_owner FROM import_task WHERE id = $1', [taskOf])).rows[0]?.lease_owner)
    const b = await createServer(config, {
      importLeaseMs: 3000,
      writeGate: async () => {
        if (ownerA !== undefined && (await owner()) !== ownerA) await bReleased
      },
    })
    const local: WaymarkServer[] = [a, b]
    try {
      const [urlA, urlB] = await Promise.all(local.map(async (server) => `http://127.0.0.1:${(await server.listen()).port}`))
      const processA = { url: urlA ?? '' }
      const processB = { url: urlB ?? '' }
      const account = { username: 'owner', email: 'owner@example.com', password: 'owner-secret-pass' }
      await fetch(`${processA.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) })
      const auth = await token(processB.url, account.email, account.password)
      const started = await call<ImportTaskResponse>(processA, 'POST', 'workouts', auth, uploadForm('forty.zip', buildZip(await rides(FILES)), { sport_id: 1 }))
      expect(started.status).toBe(202)
      const taskId = started.body.data.task.id
      taskOf = taskId
      gate = new Promise<void>((resolve) => (open = resolve))
      await held
      ownerA = await owner()
      // A is held up past its lease: B takes the task over (it looks every second).
      await onPostgres(databaseUrl, (client: pg.Client) => client.query(`UPDATE import_task SET lease_until = now() - interval '1 second' WHERE id = $1`, [taskId]))
      let now = await owner()
      while (now === ownerA) now = await new Promise((resolve) => setTimeout(resolve, 50)).then(owner)
      // B's writes, its lease renewals among them, wait at its gate until A is done: renew B's lease
      // for it, as it would itself. Otherwise, on a loaded machine, B's 3 s ran out before A was let
      // go, and A rightly took the abandoned task back and wrote all 40.
      await onPostgres(databaseUrl, (client: pg.Client) => client.query(`UPDATE import_task SET lease_until = now() + interval '10 minutes' WHERE id = $1 AND lease_owner = $2`, [taskId, now]))
      // A goes on: what it had under way and anything after must not be written (without the
      // fence, A wrote all 40 here); then B does the rest.
      const stored = async () => (await call<ImportTaskResponse>(processB, 'GET', `workouts/imports/${taskId}`, auth)).body.data.task.results.length
      const atTakeover = await stored()
      open()
      await a.settled()
      expect(await stored()).toBe(atTakeover)
      releaseB()
      const task = async (): Promise<ImportTask> => {
        await new Promise((resolve) => setTimeout(resolve, 50))
        return (await call<ImportTaskResponse>(processB, 'GET', `workouts/imports/${taskId}`, auth)).body.data.task
      }
      let seen = await task()
      while (seen.status === 'in_progress') seen = await task()
      expect(seen).toMatchObject({ status: 'done', files_done: FILES, files_total: FILES })
      const files = seen.results.map((result) => result.file)
      expect(files.sort()).toEqual(Array.from({ length: FILES }, (_, i) => `ride-${i}.gpx`).sort())
      const workouts = (await call<WorkoutsListResponse>(processB, 'GET', 'workouts?per_page=100', auth)).body.data.workouts
      expect(workouts).toHaveLength(FILES)
      expect(new Set(workouts.map((workout) => workout.workout_date)).size).toBe(FILES)
    } finally {
      open()
      releaseB()
      for (const server of local) await server.close()
    }
  }, 240_000)

  it('lets go at a clean stop only of a task it still holds, never of the one another instance took over', async () => {
    await onPostgres(cluster.url, (client) => client.query('CREATE DATABASE releasing'))
    const url = new URL(cluster.url)
    url.pathname = '/releasing'
    const databaseUrl = url.toString()
    const config = { ...benchServerConfig(dataDir), databaseUrl }
    let taskOf = ''
    const owner = () =>
      onPostgres(databaseUrl, async (client: pg.Client) => (await client.query<{ lease_owner: string | null }>('SELECT lease_owner FROM import_task WHERE id = $1', [taskOf])).rows[0]?.lease_owner)
    // A's writes wait at the gate once it is closed, and fail when it opens: A held up, then its
    // stop making them fail (a closing database) before its fence could read the lease. Its
    // writes after that go through.
    let gate: Promise<void> | null = null
    let fail = () => undefined as void
    let arrived = () => undefined as void
    const held = new Promise<void>((resolve) => (arrived = resolve))
    const a = await createServer(config, {
      writeGate: () => {
        if (!gate) return Promise.resolve()
        arrived()
        return gate
      },
    })
    // B's writes wait, once it holds the task, until A has stopped.
    let ownerA: string | null | undefined
    let releaseB = () => undefined as void
    const bReleased = new Promise<void>((resolve) => (releaseB = resolve))
    const b = await createServer(config, {
      importLeaseMs: 3000,
      writeGate: async () => {
        if (ownerA !== undefined && (await owner()) !== ownerA) await bReleased
      },
    })
    let aStopped = false
    try {
      const processB = { url: `http://127.0.0.1:${(await b.listen()).port}` }
      const account = { username: 'owner', email: 'owner@example.com', password: 'owner-secret-pass' }
      await fetch(`${processB.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) })
      const auth = await token(processB.url, account.email, account.password)
      // The upload to A on a connection closed after it: A's stop then waits for no connection.
      const form = new Request('http://upload', { method: 'POST', body: uploadForm('forty.zip', buildZip(await rides(FILES)), { sport_id: 1 }) })
      const body = Buffer.from(await form.arrayBuffer())
      const { port } = await a.listen()
      const started = await new Promise<{ status: number; body: ImportTaskResponse }>((resolve, reject) => {
        const headers = { authorization: `Bearer ${auth}`, prefer: 'respond-async', 'content-type': form.headers.get('content-type') ?? '', 'content-length': body.length }
        const sent = httpRequest({ host: '127.0.0.1', port, path: '/api/workouts', method: 'POST', headers, agent: false }, (answer) => {
          const chunks: Buffer[] = []
          answer.on('data', (chunk: Buffer) => chunks.push(chunk))
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) as ImportTaskResponse }))
        })
        sent.on('error', reject)
        sent.end(body)
      })
      expect(started.status).toBe(202)
      taskOf = started.body.data.task.id
      gate = new Promise<void>((_, reject) => (fail = () => ((gate = null), reject(new Error('the database is closing')))))
      gate.catch(() => undefined)
      await held
      ownerA = await owner()
      expect(ownerA).toMatch(/\S/)
      // A is held up past its lease: B takes the task over (it looks every second).
      await onPostgres(databaseUrl, (client: pg.Client) => client.query(`UPDATE import_task SET lease_until = now() - interval '1 second' WHERE id = $1`, [taskOf]))
      let ownerB = await owner()
      while (ownerB === ownerA) ownerB = await new Promise((resolve) => setTimeout(resolve, 50)).then(owner)
      expect(ownerB).toMatch(/\S/)
      // A stops cleanly: with no connection open, its task's signal is aborted before the next
      // turn of the event loop; then its held writes fail. It lets go of the task, B's, which
      // stays B's (before the fence, A's stop set it to nobody's while B ran it).
      const stopping = a.close()
      await new Promise((resolve) => setImmediate(resolve))
      fail()
      await stopping
      aStopped = true
      expect(await owner()).toBe(ownerB)
      releaseB()
      const task = async (): Promise<ImportTask> => {
        await new Promise((resolve) => setTimeout(resolve, 50))
        return (await call<ImportTaskResponse>(processB, 'GET', `workouts/imports/${taskOf}`, auth)).body.data.task
      }
      let seen = await task()
      while (seen.status === 'in_progress') seen = await task()
      expect(seen).toMatchObject({ status: 'done', files_done: FILES, files_total: FILES })
      expect(seen.results.map((result) => result.file).sort()).toEqual(Array.from({ length: FILES }, (_, i) => `ride-${i}.gpx`).sort())
      expect((await call<WorkoutsListResponse>(processB, 'GET', 'workouts?per_page=100', auth)).body.data.workouts).toHaveLength(FILES)
    } finally {
      fail()
      releaseB()
      if (!aStopped) await a.close()
      await b.close()
    }
  }, 240_000)
})

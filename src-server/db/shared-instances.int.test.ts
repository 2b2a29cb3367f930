import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StatsBySportResponse, WorkoutsListResponse, WorkoutsResponse } from '../../src/contracts'
import { createServer } from '../server'
import { benchServerConfig } from '../test/bench-server-config'
import { onPostgres, postgresInstalled, startPostgresCluster, type PostgresCluster } from '../test/postgres-cluster'
import { startServerProcess, token, type ServerProcess } from '../test/server-process'
import { fixture, rides, uploadForm } from '../test/workouts'

/**
 * The instances of a club server share what used to live in one server's memory (issue 30):
 * failed-login limits and the setup code are kept in the PostgreSQL database, and a write on one
 * instance drops the answers the others cached. Opt-in like the other multi-instance tests:
 * `WAYMARK_TEST_POSTGRES=1` on a machine with Debian's `postgresql`.
 */
const enabled = process.env.WAYMARK_TEST_POSTGRES === '1' && postgresInstalled()

/** Polls `read` until `done` holds, for at most `boundMs`: the other instance's notice arrives within it or never. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, boundMs = 2000): Promise<T> {
  const deadline = Date.now() + boundMs
  let value = await read()
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    value = await read()
  }
  return value
}

describe.skipIf(!enabled)('state shared by the instances of a club server', () => {
  let cluster: PostgresCluster
  let dataDir: string
  const servers: ServerProcess[] = []
  const databaseUrl = (name: string) => {
    const url = new URL(cluster.url)
    url.pathname = `/${name}`
    return url.toString()
  }

  beforeAll(async () => {
    cluster = await startPostgresCluster()
    dataDir = await mkdtemp(join(tmpdir(), 'waymark-shared-'))
  }, 60_000)
  afterAll(async () => {
    for (const server of servers) await server.kill()
    await cluster.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('shows one setup code on every instance while no account exists', async () => {
    await onPostgres(cluster.url, (client) => client.query('CREATE DATABASE setup'))
    const folder = await mkdtemp(join(tmpdir(), 'waymark-setup-'))
    const config = { ...benchServerConfig(folder), databaseUrl: databaseUrl('setup') }
    const a = await createServer(config)
    const b = await createServer(config)
    try {
      const code = await a.pendingSetupCode()
      expect(code).toMatch(/\S/)
      expect(await b.pendingSetupCode()).toBe(code)
    } finally {
      await a.close()
      await b.close()
      await rm(folder, { recursive: true, force: true })
    }
  }, 60_000)

  it("holds a lockout pulled on one instance on the other, and shows one instance's writes in the other's cached answers at once", async () => {
    await onPostgres(cluster.url, (client) => client.query('CREATE DATABASE instances'))
    const url = databaseUrl('instances')
    const a = await startServerProcess(dataDir, { databaseUrl: url, warmComputeThreads: false })
    servers.push(a)
    const b = await startServerProcess(dataDir, { databaseUrl: url, warmComputeThreads: false })
    servers.push(b)
    const account = { username: 'owner', email: 'owner@example.com', password: 'owner-secret-pass' }
    const json = { 'content-type': 'application/json' }
    expect((await fetch(`${a.url}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(account) })).status).toBe(200)
    const auth = await token(b.url, account.email, account.password)
    const call = async <T>(server: ServerProcess, method: string, path: string, body?: FormData | object) => {
      const response = await fetch(`${server.url}/api/${path}`, {
        method,
        headers: { authorization: `Bearer ${auth}`, ...(body && !(body instanceof FormData) ? json : {}) },
        ...(body ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
      })
      return { status: response.status, body: (await response.json().catch(() => null)) as T }
    }
    const login = (server: ServerProcess, password: string) =>
      fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: account.email, password }) })

    // The default limit: 10 failures for one account from one address, whichever instance counted them.
    for (let i = 0; i < 10; i += 1) expect((await login(i % 2 ? a : b, `guess-${i}`)).status).toBe(401)
    expect((await login(a, account.password)).status).toBe(429)
    expect((await login(b, account.password)).status).toBe(429)

    // B caches its answer; A's upload shows in B's next answers (no count of B's own).
    const workouts = () => call<StatsBySportResponse>(b, 'GET', 'stats/owner/by_sport')
    expect((await workouts()).body.data.statistics).toEqual({})
    expect((await workouts()).body.data.statistics).toEqual({})
    const uploaded = await call<WorkoutsResponse>(a, 'POST', 'workouts', uploadForm('ride.gpx', await fixture('gpx/gpx_file.gpx'), { sport_id: 1 }))
    expect(uploaded.status).toBe(201)
    const id = uploaded.body.data.workouts[0]?.id ?? ''
    const afterUpload = await eventually(workouts, (answer) => answer.body.data.statistics['1']?.nb_workouts === 1)
    expect(afterUpload.body.data.statistics['1']?.nb_workouts).toBe(1)

    const workout = () => call<WorkoutsResponse>(b, 'GET', `workouts/${id}`)
    expect((await workout()).body.data.workouts[0]?.title).not.toBe('Renamed on A')
    expect((await call(a, 'PATCH', `workouts/${id}`, { title: 'Renamed on A' })).status).toBe(200)
    const renamed = await eventually(workout, (answer) => answer.body.data.workouts[0]?.title === 'Renamed on A')
    expect(renamed.body.data.workouts[0]?.title).toBe('Renamed on A')

    expect((await call(a, 'DELETE', `workouts/${id}`)).status).toBe(204)
    const afterDelete = await eventually(workouts, (answer) => Object.keys(answer.body.data.statistics).length === 0)
    expect(afterDelete.body.data.statistics).toEqual({})
  }, 120_000)

  it('scans the watched folders on one elected instance only, and another takes over when it dies', async () => {
    await onPostgres(cluster.url, (client) => client.query('CREATE DATABASE watching'))
    const url = databaseUrl('watching')
    const folder = await mkdtemp(join(tmpdir(), 'waymark-watched-'))
    const watch = { username: 'owner', dir: folder, intervalMs: 100 }
    const a = await startServerProcess(dataDir, { databaseUrl: url, warmComputeThreads: false, watch })
    servers.push(a)
    const b = await startServerProcess(dataDir, { databaseUrl: url, warmComputeThreads: false, watch })
    servers.push(b)
    const account = { username: 'owner', email: 'owner@example.com', password: 'owner-secret-pass' }
    await fetch(`${a.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) })
    const auth = await token(a.url, account.email, account.password)
    const listed = async (server: ServerProcess) =>
      ((await (await fetch(`${server.url}/api/workouts?per_page=10`, { headers: { authorization: `Bearer ${auth}` } })).json()) as WorkoutsListResponse).data.workouts.length
    // The instances holding the jobs' lock, by the process names their connections carry.
    const holders = async () =>
      (
        await onPostgres(url, (client) =>
          client.query<{ name: string }>(`SELECT activity.application_name AS name FROM pg_locks AS lock JOIN pg_stat_activity AS activity ON activity.pid = lock.pid
             WHERE lock.locktype = 'advisory' AND lock.granted`),
        )
      ).rows.map((row) => row.name)
    const named = (server: ServerProcess) => `waymark pid ${server.pid}`

    const elected = await eventually(holders, (names) => names.length > 0, 10_000)
    expect(elected).toHaveLength(1)
    const holder = [a, b].find((server) => named(server) === elected[0])
    const other = holder === a ? b : a
    expect(holder).toBeDefined()
    const [first, second] = await rides(2)
    await writeFile(join(folder, first?.name ?? ''), first?.data ?? '')
    expect(await eventually(() => listed(other), (count) => count === 1, 30_000)).toBe(1)
    expect(await holders()).toEqual(elected)

    await holder?.kill()
    // The dead instance's connection ends when PostgreSQL notices the closed socket, a moment after
    // the process exits: until then its backend still holds the lock, so wait for its name to go.
    const dead = elected[0]
    expect(await eventually(holders, (names) => names.length > 0 && !names.includes(dead ?? ''), 10_000)).toEqual([named(other)])
    await writeFile(join(folder, second?.name ?? ''), second?.data ?? '')
    expect(await eventually(() => listed(other), (count) => count === 2, 30_000)).toBe(2)
    await rm(folder, { recursive: true, force: true })
  }, 120_000)
})

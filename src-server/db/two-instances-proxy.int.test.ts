import { createServer as createHttpServer, request, type Server } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChartDataResponse, ImportTask, ImportTaskResponse, StatsBySportResponse, WorkoutsListResponse, WorkoutsResponse } from '../../src/contracts'
import { onPostgres, postgresInstalled, startPostgresCluster, type PostgresCluster } from '../test/postgres-cluster'
import { startServerProcess, type ServerProcess } from '../test/server-process'
import { fixture, rides, uploadForm } from '../test/workouts'
import { buildZip } from '../test/zip-builder'

/**
 * A club server as it is deployed (issue 30): two instances on one PostgreSQL database and one data
 * folder behind a proxy that hands requests to them in turn. What one instance writes, the other
 * serves: the workout and its file, the statistics, the duplicate check and an archive import's
 * progress. Opt-in like the other multi-instance tests: `WAYMARK_TEST_POSTGRES=1` on a machine
 * with Debian's `postgresql`.
 */
const enabled = process.env.WAYMARK_TEST_POSTGRES === '1' && postgresInstalled()

const ARCHIVE_FILES = 12

type Instance = 'A' | 'B'

/** A round-robin reverse proxy (request n goes to instance n mod 2), naming who answered in `x-instance`. */
function startProxy(backends: Record<Instance, string>): Promise<{ url: string; server: Server }> {
  const order: Instance[] = ['A', 'B']
  let turn = 0
  const server = createHttpServer((incoming, outgoing) => {
    const instance = order[turn++ % order.length] ?? 'A'
    const target = new URL(incoming.url ?? '/', backends[instance])
    const forwarded = request(target, { method: incoming.method, headers: { ...incoming.headers, host: target.host } }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-instance': instance })
      answer.pipe(outgoing)
    })
    forwarded.on('error', () => outgoing.writeHead(502).end())
    incoming.pipe(forwarded)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })))
}

describe.skipIf(!enabled)('two instances behind a round-robin proxy', () => {
  let cluster: PostgresCluster
  let dataDir: string
  let proxy: { url: string; server: Server } | undefined
  const servers: ServerProcess[] = []

  beforeAll(async () => {
    cluster = await startPostgresCluster()
    dataDir = await mkdtemp(join(tmpdir(), 'waymark-proxied-'))
  }, 60_000)
  afterAll(async () => {
    proxy?.server.close()
    for (const server of servers) await server.kill()
    await cluster.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it("serves through either instance what the other wrote: the workout, its file, statistics, duplicates and an import's progress", async () => {
    await onPostgres(cluster.url, (client) => client.query('CREATE DATABASE club'))
    const url = new URL(cluster.url)
    url.pathname = '/club'
    const a = await startServerProcess(dataDir, { databaseUrl: url.toString(), warmComputeThreads: false })
    servers.push(a)
    const b = await startServerProcess(dataDir, { databaseUrl: url.toString(), warmComputeThreads: false })
    servers.push(b)
    proxy = await startProxy({ A: a.url, B: b.url })
    const base = proxy.url
    let auth = ''
    /** One request through the proxy; `on` is the instance the proxy's turn gives it to (checked: the test's calls are sequential). */
    const call = async <T>(on: Instance, method: string, path: string, body?: FormData | object, headers: Record<string, string> = {}) => {
      const json = body && !(body instanceof FormData)
      const response = await fetch(`${base}/api/${path}`, {
        method,
        headers: { ...(auth ? { authorization: `Bearer ${auth}` } : {}), ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(body ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
      })
      expect(response.headers.get('x-instance')).toBe(on)
      return { status: response.status, body: (await response.json().catch(() => null)) as T }
    }
    /** Reads through the proxy (alternating instances) until `done` holds on B, for at most `boundMs`. */
    const onB = async <T>(path: string, done: (answer: T) => boolean, boundMs = 5000): Promise<T> => {
      const deadline = Date.now() + boundMs
      for (;;) {
        // A's turn first, so that the read that decides is B's.
        await call('A', 'GET', path)
        const answer = (await call<T>('B', 'GET', path)).body
        if (done(answer) || Date.now() > deadline) return answer
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }

    const account = { username: 'owner', email: 'owner@example.com', password: 'owner-secret-pass' }
    expect((await call('A', 'POST', 'auth/register', account)).status).toBe(200)
    // The session made by B works on A.
    auth = (await call<{ auth_token: string }>('B', 'POST', 'auth/login', { email: account.email, password: account.password })).body.auth_token
    expect(auth).toMatch(/\S/)
    // Both instances cache an empty answer before the upload.
    const stats = 'stats/owner/by_sport'
    expect((await call<StatsBySportResponse>('A', 'GET', stats)).body.data.statistics).toEqual({})
    expect((await call<StatsBySportResponse>('B', 'GET', stats)).body.data.statistics).toEqual({})

    const gpx = await fixture('gpx/gpx_file.gpx')
    const uploaded = await call<WorkoutsResponse>('A', 'POST', 'workouts', uploadForm('ride.gpx', gpx, { sport_id: 1 }))
    expect(uploaded.status).toBe(201)
    const written = uploaded.body.data.workouts[0]
    const id = written?.id ?? ''

    // B reads the workout A wrote, and its chart from the file A stored in the shared folder.
    const read = await call<WorkoutsResponse>('B', 'GET', `workouts/${id}`)
    expect(read.status).toBe(200)
    expect(read.body.data.workouts[0]).toMatchObject({ id, distance: written?.distance, moving: written?.moving, workout_date: written?.workout_date })
    const chartOnA = await call<ChartDataResponse>('A', 'GET', `workouts/${id}/chart_data`)
    const chartOnB = await call<ChartDataResponse>('B', 'GET', `workouts/${id}/chart_data`)
    expect(chartOnB.status).toBe(200)
    expect(chartOnB.body.data.chart_data.length).toBeGreaterThan(0)
    expect(chartOnB.body.data.chart_data).toEqual(chartOnA.body.data.chart_data)

    // B's cached statistics give way to A's upload.
    const counted = await onB<StatsBySportResponse>(stats, (answer) => answer.data.statistics['1']?.nb_workouts === 1)
    expect(counted.data.statistics['1']).toMatchObject({ nb_workouts: 1, total_distance: written?.distance })

    // An archive started on A; B reports its progress as A writes it, to its end (the duplicate
    // below is sent meanwhile: the proxy's turn is B's).
    const zip = buildZip(await rides(ARCHIVE_FILES))
    const started = await call<ImportTaskResponse>('A', 'POST', 'workouts', uploadForm('rides.zip', zip, { sport_id: 1 }), { prefer: 'respond-async' })
    expect(started.status).toBe(202)
    const taskId = started.body.data.task.id

    // The same file again, on the instance that did not store it: a duplicate, stored once.
    const again = await call<{ code: string }>('B', 'POST', 'workouts', uploadForm('ride.gpx', gpx, { sport_id: 1 }))
    expect(again).toMatchObject({ status: 409, body: { code: 'workout_duplicate' } })

    const seen: ImportTask[] = []
    const ended = await onB<ImportTaskResponse>(
      `workouts/imports/${taskId}`,
      (answer) => {
        seen.push(answer.data.task)
        return answer.data.task.status !== 'in_progress'
      },
      60_000,
    )
    expect(ended.data.task).toMatchObject({ status: 'done', files_done: ARCHIVE_FILES, files_total: ARCHIVE_FILES })
    expect(ended.data.task.results.filter((result) => result.status === 'imported')).toHaveLength(ARCHIVE_FILES)
    // Progress only goes forward, whichever instance read it.
    const done = seen.map((task) => task.files_done)
    expect(done).toEqual([...done].sort((x, y) => x - y))
    const listed = await onB<WorkoutsListResponse>('workouts?per_page=50', (answer) => answer.data.workouts.length === ARCHIVE_FILES + 1)
    expect(listed.data.workouts).toHaveLength(ARCHIVE_FILES + 1)
    const total = await onB<StatsBySportResponse>(stats, (answer) => answer.data.statistics['1']?.nb_workouts === ARCHIVE_FILES + 1)
    expect(total.data.statistics['1']?.nb_workouts).toBe(ARCHIVE_FILES + 1)
  }, 180_000)
})

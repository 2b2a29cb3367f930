import { access, appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WorkoutsListResponse, WorkoutsResponse } from '../../src/contracts'
import { createServer, type ServerOverrides, type WaymarkServer } from '../server'
import { benchServerConfig } from '../test/bench-server-config'
import { createGate, type Gate } from '../test/gate'
import { onPostgres, postgresInstalled, startPostgresCluster, type PostgresCluster } from '../test/postgres-cluster'
import { startServerProcess, token } from '../test/server-process'
import { fixture, uploadForm } from '../test/workouts'
import { inFlightFiles } from './file-journal'

/**
 * The files in flight of a club server's instances (issue 30): each instance journals the files
 * it writes ahead of their rows in a file of its own and holds a lease; what a dead instance left
 * in flight is swept by another once its lease ran out, never what a live instance is writing.
 * Opt-in like the other multi-instance tests: `WAYMARK_TEST_POSTGRES=1` on a machine with
 * Debian's `postgresql`.
 */
const enabled = process.env.WAYMARK_TEST_POSTGRES === '1' && postgresInstalled()

const ACCOUNT = { username: 'owner', email: 'owner@example.com', password: 'owner-secret-pass' }
const JSON_HEADERS = { 'content-type': 'application/json' }
/** Long enough that no instance renews its lease during a test: the tests run leases out by hand. */
const NO_RENEWAL: ServerOverrides = { instanceLeaseMs: 3_600_000 }

const exists = (path: string) => access(path).then(() => true, () => false)

describe.skipIf(!enabled)('files in flight on a club server with several instances', () => {
  let cluster: PostgresCluster
  const folders: string[] = []
  const servers: WaymarkServer[] = []

  beforeAll(async () => {
    cluster = await startPostgresCluster()
  }, 60_000)
  const gates: Gate[] = []
  afterAll(async () => {
    // A test that failed while holding a write would otherwise keep its server from closing.
    for (const gate of gates) gate.release()
    try {
      for (const server of servers) await server.close()
    } finally {
      await cluster.stop()
      for (const folder of folders) await rm(folder, { recursive: true, force: true })
    }
  })

  /** A new database and data folder, and how to start in-process instances on them. */
  async function clubServer(name: string) {
    await onPostgres(cluster.url, (client) => client.query(`CREATE DATABASE ${name}`))
    const url = new URL(cluster.url)
    url.pathname = `/${name}`
    const databaseUrl = url.toString()
    const dataDir = await mkdtemp(join(tmpdir(), `waymark-${name}-`))
    folders.push(dataDir)
    const start = async (overrides: ServerOverrides = {}) => {
      const server = await createServer({ ...benchServerConfig(dataDir), databaseUrl }, { ...NO_RENEWAL, ...overrides })
      servers.push(server)
      const { port } = await server.listen()
      return { server, url: `http://127.0.0.1:${port}` }
    }
    const sql = <T>(text: string, values: unknown[] = []) => onPostgres(databaseUrl, async (client) => (await client.query(text, values)).rows as T[])
    const instances = async () => (await sql<{ id: string }>('SELECT id FROM server_instance ORDER BY id')).map((row) => row.id)
    const runLeaseOut = (id: string) => sql(`UPDATE server_instance SET lease_until = now() - interval '1 second' WHERE id = $1`, [id])
    return { databaseUrl, dataDir, start, sql, instances, runLeaseOut }
  }

  const register = (url: string) => fetch(`${url}/api/auth/register`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(ACCOUNT) })
  const upload = async (url: string, auth: string) =>
    fetch(`${url}/api/workouts`, { method: 'POST', headers: { authorization: `Bearer ${auth}` }, body: uploadForm('ride.gpx', await fixture('gpx/gpx_file.gpx'), { sport_id: 1 }) })

  it("sweeps a dead instance's files in flight once its lease ran out, and nothing else", async () => {
    const club = await clubServer('dead_instance')
    const a = await startServerProcess(club.dataDir, { databaseUrl: club.databaseUrl, warmComputeThreads: false })
    try {
      expect((await register(a.url)).status).toBe(200)
      const auth = await token(a.url, ACCOUNT.email, ACCOUNT.password)
      const uploaded = await upload(a.url, auth)
      expect(uploaded.status).toBe(201)
      const [idOfA] = await club.instances()
      expect(idOfA).toBeDefined()
      const [committed] = await club.sql<{ file_path: string; user_id: number }>('SELECT file_path, user_id FROM workout')
      const original = join(club.dataDir, 'uploads', committed?.file_path ?? '')
      // A dies; its last write was cut after storing its file (journaled, as `recordInFlight`
      // does first) and before its rows: what SIGKILL mid-upload leaves.
      await a.kill()
      const journalOfA = join(club.dataDir, 'in-flight', `${idOfA}.journal`)
      const cut = join(club.dataDir, 'uploads', String(committed?.user_id), 'cut-by-the-crash.gpx')
      await appendFile(journalOfA, `uploads/${committed?.user_id}/cut-by-the-crash.gpx\n`)
      await writeFile(cut, 'a file whose rows never came')

      // B starts while A's lease (60 s after its last renewal) still runs: nothing of A's is touched.
      const b = await club.start()
      expect(await exists(cut)).toBe(true)
      expect(await exists(journalOfA)).toBe(true)
      // B is writing a file of its own, not committed yet.
      const writingOnB = join(club.dataDir, 'uploads', String(committed?.user_id), 'b-writing.gpx')
      await appendFile(b.server.layout.journal ?? '', `uploads/${committed?.user_id}/b-writing.gpx\n`)
      await writeFile(writingOnB, 'B is still writing this one')

      // A's lease runs out, as it would a minute after the crash; the next instance to start sweeps A's journal only.
      await club.runLeaseOut(idOfA ?? '')
      await club.start()
      expect(await exists(cut)).toBe(false)
      expect(await exists(journalOfA)).toBe(false)
      expect(await club.instances()).not.toContain(idOfA)
      expect(await exists(original)).toBe(true)
      expect(await exists(writingOnB)).toBe(true)
      expect(await inFlightFiles(b.server.layout)).toContain(writingOnB)
      // The committed workout's original is served whole by the surviving instances.
      const [workout] = await club.sql<{ id: string }>('SELECT id FROM workout')
      const gpx = await fetch(`${b.url}/api/workouts/${workout?.id}/gpx/download`, { headers: { authorization: `Bearer ${auth}` } })
      expect(gpx.status).toBe(200)
      expect(Buffer.from(await gpx.arrayBuffer()).equals(await readFile(original))).toBe(true)
    } finally {
      await a.kill()
    }
  }, 120_000)

  it("never sweeps the files of a live instance caught mid-write by another instance's start", async () => {
    const club = await clubServer('live_instance')
    const gate = createGate()
    gates.push(gate)
    const a = await club.start({ writeGate: gate.hook })
    expect((await register(a.url)).status).toBe(200)
    const auth = await token(a.url, ACCOUNT.email, ACCOUNT.password)
    const held = gate.arm()
    const answer = upload(a.url, auth)
    await held
    // A has stored the original (and journaled it) and waits to commit its rows.
    const inFlight = await inFlightFiles(a.server.layout)
    expect(inFlight.length).toBeGreaterThan(0)
    for (const path of inFlight) expect(await exists(path)).toBe(true)

    const b = await club.start()
    for (const path of inFlight) expect(await exists(path)).toBe(true)
    gate.release()
    const uploaded = await answer
    expect(uploaded.status).toBe(201)
    const id = ((await uploaded.json()) as WorkoutsResponse).data.workouts[0]?.id ?? ''
    const gpx = await fetch(`${b.url}/api/workouts/${id}/gpx/download`, { headers: { authorization: `Bearer ${auth}` } })
    expect(gpx.status).toBe(200)
    for (const path of inFlight) expect(await exists(path)).toBe(true)
  }, 120_000)

  it('refuses the write of an instance taken for dead while held up, whose files were swept: nothing half-written', async () => {
    const club = await clubServer('held_up')
    const gate = createGate()
    gates.push(gate)
    const a = await club.start({ writeGate: gate.hook })
    expect((await register(a.url)).status).toBe(200)
    const auth = await token(a.url, ACCOUNT.email, ACCOUNT.password)
    const [idOfA] = await club.instances()
    const held = gate.arm()
    const answer = upload(a.url, auth)
    await held
    const inFlight = await inFlightFiles(a.server.layout)
    expect(inFlight.length).toBeGreaterThan(0)

    // A is held up past its lease: the next instance takes it for dead and sweeps its files.
    await club.runLeaseOut(idOfA ?? '')
    const b = await club.start()
    for (const path of inFlight) expect(await exists(path)).toBe(false)
    gate.release()
    expect((await answer).status).toBe(500)
    expect(await club.sql('SELECT id FROM workout')).toEqual([])
    const list = await fetch(`${b.url}/api/workouts`, { headers: { authorization: `Bearer ${auth}` } })
    expect(((await list.json()) as WorkoutsListResponse).data.workouts).toEqual([])
  }, 120_000)
})

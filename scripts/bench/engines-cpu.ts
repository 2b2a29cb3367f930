import { readdirSync, readFileSync } from 'node:fs'
import { cp, mkdtemp, rm, stat } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { dataDirLayout } from '../../src-server/data-dir'
import { openPostgresDataSource } from '../../src-server/db/data-source'
import { moveSqliteToPostgres } from '../../src-server/db/postgres-move'
import { token, type ServerProcess } from '../../src-server/test/server-process'
import { CALLS, emailOf, PASSWORD, pathFor, seededDataDir, usernameOf } from './api/dashboard-latency'
import { connectClient, getRequest } from './api/raw-client'
import { startBenchServer } from './bench-server'
import { threadsCpuMs } from './benchmark'
import { benchDatabaseUrl, stopBenchCluster, type BenchEngine } from './engines'

const USERS = Number(process.env.BENCH_USERS ?? '') || 20
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? '') || 20
/** PostgreSQL only: servers on the one database and folder, the clients spread over them in turn. */
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? '') || 1

/** CPU time (ms) of a process and its threads, from the scheduler's figures (nanoseconds). */
function processCpuMs(pid: number): number {
  return threadsCpuMs(pid).processMs
}

/** CPU time (ms) of a PostgreSQL cluster: its postmaster and every process it started (backends, writers). */
function clusterCpuMs(databaseUrl: string): number {
  const folder = new URL(databaseUrl).searchParams.get('host') ?? ''
  const postmaster = Number(readFileSync(join(folder, 'data', 'postmaster.pid'), 'utf8').split('\n')[0])
  let total = processCpuMs(postmaster)
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // The parent's pid follows the command's closing parenthesis and the state.
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
      if (Number(fields[1]) === postmaster) total += processCpuMs(Number(entry))
    } catch {
      // The process ended after the listing.
    }
  }
  return total
}

/**
 * The CPU time a fixed mix of dashboard calls costs on one engine, whatever the machine's load:
 * 20 clients (each another user of `BENCH_USERS` × 1,000 workouts) each make `BENCH_ROUNDS`
 * rounds of the 20-client benchmark's calls, after one round unmeasured; printed per call, the
 * server's CPU and PostgreSQL's (its backends are processes of their own). `engines-cpu.ts
 * sqlite|postgres <folder>`: the folder is seeded on first use and copied for each run.
 */
async function main(): Promise<void> {
  const engine = process.argv[2] as BenchEngine
  const seeded = process.argv[3] ?? ''
  if ((engine !== 'sqlite' && engine !== 'postgres') || !seeded) throw new Error('usage: engines-cpu.ts sqlite|postgres <seeded folder>')
  if (!(await stat(seeded).catch(() => null))) await seededDataDir(seeded, USERS, 1000)
  const dataDir = await mkdtemp(join(tmpdir(), 'waymark-bench-cpu-'))
  try {
    await cp(seeded, dataDir, { recursive: true })
    const databaseUrl = await benchDatabaseUrl(engine)
    if (databaseUrl) {
      const target = await openPostgresDataSource(databaseUrl, 1)
      try {
        await moveSqliteToPostgres(dataDirLayout(dataDir).database, target)
      } finally {
        await target.destroy()
      }
    }
    // BENCH_NODE_ARGS: the server's Node flags, e.g. `--cpu-prof --cpu-prof-dir=DIR` to profile it.
    const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []
    if (INSTANCES > 1 && !databaseUrl) throw new Error('BENCH_INSTANCES: PostgreSQL only (SQLite has one server a folder)')
    const servers: ServerProcess[] = []
    for (let instance = 0; instance < INSTANCES; instance += 1) servers.push(await startBenchServer(dataDir, { databaseUrl, readCache: false, nodeArgs }))
    const [server] = servers
    try {
      if (!server) throw new Error('no server')
      const clients = Math.min(20, USERS)
      const sessions: { user: string; url: string; headers: Record<string, string> }[] = []
      for (let user = 0; user < clients; user += 1) {
        const url = servers[user % servers.length]?.url ?? server.url
        sessions.push({ user: usernameOf(user), url, headers: { authorization: `Bearer ${await token(server.url, emailOf(user), PASSWORD)}` } })
      }
      const names = Object.keys(CALLS)
      const drive = (rounds: number) =>
        Promise.all(
          sessions.map(async ({ user, url, headers }) => {
            const connection = await connectClient(url)
            const requests = names.map((name) => getRequest(url, `/api/${pathFor(name, user)}`, headers))
            for (let i = 0; i < rounds * names.length; i += 1) {
              const { status } = await connection.send(requests[i % names.length] ?? Buffer.alloc(0))
              if (status !== 200) throw new Error(`${names[i % names.length]} answered ${status}`)
            }
            connection.close()
          }),
        )
      await drive(1)
      const cpu = () => ({ server: servers.reduce((sum, { pid }) => sum + processCpuMs(pid), 0), database: databaseUrl ? clusterCpuMs(databaseUrl) : 0 })
      const before = cpu()
      await drive(ROUNDS)
      const after = cpu()
      const calls = clients * ROUNDS * names.length
      const serverMs = (after.server - before.server) / calls
      const databaseMs = (after.database - before.database) / calls
      console.log(
        `${engine}${servers.length > 1 ? ` (${servers.length} instances)` : ''}: ${calls} calls (${clients} clients × ${ROUNDS} rounds of ${names.length}), CPU per call: server ${serverMs.toFixed(3)} ms, database ${databaseMs.toFixed(3)} ms, together ${(serverMs + databaseMs).toFixed(3)} ms; load ${loadavg()[0]?.toFixed(1)}`,
      )
    } finally {
      await Promise.all(servers.map((instance) => instance.stop()))
    }
  } finally {
    await stopBenchCluster()
    await rm(dataDir, { recursive: true, force: true })
  }
}

void main()

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { token } from '../../../src-server/test/server-process'
import { startBenchServer } from '../bench-server'
import { threadsCpuMs } from '../benchmark'
import { ride } from './archive-import'
import { emailOf, PASSWORD, seededDataDir, usernameOf } from './dashboard-latency'
import { connectClient, getRequest } from './raw-client'

/**
 * Issue 35's read goals, each as a multiple of the floor: the server's cheapest answer
 * (`GET /api/config` with a fresh query string) on the same client and connection.
 */
const READS = [
  { name: 'workout detail', path: (id: string) => `workouts/${id}`, maxRatio: 1.5 },
  { name: 'monthly statistics (12 months)', path: () => `stats/${usernameOf(0)}/by_time?time=month&from=2023-07-01&to=2024-06-30`, maxRatio: 1.5 },
  { name: 'list of 100', path: () => 'workouts?page=1&per_page=100', maxRatio: 3 },
  { name: 'chart data, 2k points', path: (id: string) => `workouts/${id}/chart_data`, maxRatio: 4 },
] as const
/** Rounds unmeasured first (V8 still interprets the hot paths), then rounds measured. */
const WARM_UP_ROUNDS = 100
const ROUNDS = 300

/** One read's figures: median wall time, its multiple of the floor's, server CPU per call, answer bytes as sent. */
interface ReadFigures {
  readonly medianMs: number
  readonly ratio: number
  readonly cpuMs: number
  readonly mainThreadMs: number
  readonly bytes: number
}

function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
}

/**
 * The floor and each read, one client on a kept-alive connection, answer cache off, 1,000
 * workouts over 5 years and one uploaded 2,000-point ride (the detail and chart read it). Calls
 * alternate round by round (floor, then each read), so a shared machine's load weighs on all
 * alike; each call's server CPU is read from /proc around it.
 */
async function measureReads(): Promise<{ floor: ReadFigures; reads: Map<string, ReadFigures> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'waymark-bench-reads-'))
  try {
    await seededDataDir(dataDir, 1, 1000)
    const server = await startBenchServer(dataDir, { readCache: false })
    try {
      const headers = { authorization: `Bearer ${await token(server.url, emailOf(0), PASSWORD)}` }
      const client = await connectClient(server.url)
      const form = new FormData()
      form.append('file', new Blob([ride(0)]), 'ride.gpx')
      form.append('data', JSON.stringify({ sport_id: 1 }))
      const upload = await fetch(`${server.url}/api/workouts`, { method: 'POST', headers, body: form })
      if (upload.status !== 201) throw new Error(`the ride's upload answered ${upload.status}`)
      const workoutId = ((await upload.json()) as { data: { workouts: { id: string }[] } }).data.workouts[0]?.id ?? ''
      const requests = READS.map((read) => getRequest(server.url, `/api/${read.path(workoutId)}`, headers))
      let fresh = 0
      const floorRequest = () => getRequest(server.url, `/api/config?fresh=${(fresh += 1)}`, {})
      const times = [[] as number[], ...READS.map(() => [] as number[])]
      const cpu = times.map(() => ({ processMs: 0, mainThreadMs: 0 }))
      const bytes = times.map(() => 0)
      for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round += 1) {
        for (let kind = 0; kind <= READS.length; kind += 1) {
          const request = kind === 0 ? floorRequest() : (requests[kind - 1] ?? Buffer.alloc(0))
          const before = threadsCpuMs(server.pid)
          const began = performance.now()
          const answer = await client.send(request)
          const ms = performance.now() - began
          const after = threadsCpuMs(server.pid)
          if (answer.status !== 200) throw new Error(`${kind === 0 ? 'the floor' : READS[kind - 1]?.name} answered ${answer.status}`)
          if (round < WARM_UP_ROUNDS) continue
          times[kind]?.push(ms)
          const spent = cpu[kind]
          if (spent) {
            spent.processMs += after.processMs - before.processMs
            spent.mainThreadMs += after.mainThreadMs - before.mainThreadMs
          }
          bytes[kind] = answer.body.length
        }
      }
      client.close()
      const figuresOf = (kind: number, floorMs: number): ReadFigures => {
        const medianMs = median(times[kind] ?? [])
        return {
          medianMs,
          ratio: medianMs / floorMs,
          cpuMs: (cpu[kind]?.processMs ?? Number.NaN) / ROUNDS,
          mainThreadMs: (cpu[kind]?.mainThreadMs ?? Number.NaN) / ROUNDS,
          bytes: bytes[kind] ?? 0,
        }
      }
      const floorMs = median(times[0] ?? [])
      return { floor: figuresOf(0, floorMs), reads: new Map(READS.map((read, index) => [read.name, figuresOf(index + 1, floorMs)])) }
    } finally {
      await server.stop()
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** `npm run bench` lines: the read floor, then each read as its multiple (and its server CPU as a multiple of the floor's). */
export async function readsBenchmark(): Promise<void> {
  const { floor, reads } = await measureReads()
  const cpu = (figures: ReadFigures) => `server CPU ${figures.cpuMs.toFixed(2)} ms (main thread ${figures.mainThreadMs.toFixed(2)})`
  console.log(
    `  one client, 1,000 workouts and a 2,000-point ride, answer cache off, ${WARM_UP_ROUNDS} rounds first; medians of ${ROUNDS} rounds (floor, then each read)`,
  )
  console.log(`    ${'floor: GET /api/config?fresh=N'.padEnd(32)} ${floor.medianMs.toFixed(2).padStart(6)} ms  ${cpu(floor)}, ${floor.bytes} B`)
  for (const [name, figures] of reads) {
    const maxRatio = READS.find((read) => read.name === name)?.maxRatio ?? 0
    console.log(
      `    ${name.padEnd(32)} ${figures.medianMs.toFixed(2).padStart(6)} ms  ${figures.ratio.toFixed(2)}× floor  target ≤ ${maxRatio}×  ${figures.ratio <= maxRatio ? 'ok    ' : 'MISSED'}  ` +
        `${cpu(figures)} = ${(figures.cpuMs / floor.cpuMs).toFixed(2)}× the floor's, ${figures.bytes} B on the wire`,
    )
  }
}

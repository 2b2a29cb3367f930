import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dataDirLayout } from '../../../src-server/data-dir'
import { createDataSource } from '../../../src-server/db/data-source'
import { recomputeRecords } from '../../../src-server/modules/records/records.service'
import { shortId } from '../../../src-server/lib/short-id'
import { toSqlDate } from '../../../src-server/lib/sql-date'
import { startServerProcess, token } from '../../../src-server/test/server-process'

const WORKOUTS = 10_000
const YEARS = 5
const CLIENTS = 20
const DURATION_MS = 15_000

/** The calls the dashboard and statistics pages make, as the UI makes them. */
const CALLS: Record<string, string> = {
  'calendar month (per_page 100)': 'workouts?from=2024-05-26&to=2024-07-06&per_page=100&order=asc',
  'timeline page of 5': 'workouts?page=1&per_page=5',
  'stats by_time year (all)': 'stats/bench/by_time?time=year',
  'stats by_time month (12 months)': 'stats/bench/by_time?time=month&from=2023-07-01&to=2024-06-30',
  'stats by_time week (13 weeks)': 'stats/bench/by_time?time=week&from=2024-04-01&to=2024-06-30',
  records: 'records',
  profile: 'auth/profile',
}

/** Deterministic pseudo-random numbers, so every run seeds the same history. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

/** Writes 10,000 workouts over 5 years straight into the database of a stopped server. */
async function seed(dataDir: string, userId: number): Promise<void> {
  const db = createDataSource(dataDirLayout(dataDir).database)
  await db.initialize()
  const next = random(42)
  const start = Date.UTC(2019, 6, 1)
  const span = YEARS * 365 * 86_400_000
  await db.transaction(async (manager) => {
    for (let i = 0; i < WORKOUTS; i += 1) {
      const id = shortId()
      const sport = [1, 2, 5, 6][Math.floor(next() * 4)] ?? 1
      const moving = Math.round(1200 + next() * 16_000)
      const distance = Number(((moving / 3600) * (8 + next() * 22)).toFixed(3))
      const ascent = Math.round(next() * 1500)
      const date = toSqlDate(start + Math.floor((i / WORKOUTS) * span + next() * 3_600_000))
      const speed = (distance / moving) * 3600
      await manager.query(
        `INSERT INTO workout (id, user_id, sport_id, title, workout_date, created_at, duration, moving, pauses, distance, ave_speed, max_speed, ascent, descent, has_heart_rate, has_cadence, has_power)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, 0, 0, 0)`,
        [id, userId, sport, `Workout ${i}`, date, date, moving, moving, distance, speed, speed * 1.6, ascent, ascent],
      )
      await manager.query(
        `INSERT INTO workout_segment (workout_id, segment_index, duration, moving, pauses, distance, ave_speed, max_speed, ascent, descent)
         VALUES (?, 0, ?, ?, 0, ?, ?, ?, ?, ?)`,
        [id, moving, moving, distance, speed, speed * 1.6, ascent, ascent],
      )
    }
    for (const sport of [1, 2, 5, 6]) await recomputeRecords(manager, userId, sport)
  })
  await db.destroy()
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN
}

/** 20 clients call the dashboard's endpoints in a loop for 15 s; p50/p95 per call. */
export async function dashboardLatencyBenchmark(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'waymark-bench-dashboard-'))
  try {
    let server = await startServerProcess(dataDir)
    const account = { username: 'bench', email: 'bench@example.com', password: 'bench-password' }
    await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) })
    await server.stop()
    await seed(dataDir, 1)
    server = await startServerProcess(dataDir)
    const headers = { authorization: `Bearer ${await token(server.url, account.email, account.password)}` }

    // One client first: each call's own cost, without queueing behind the others.
    const alone = new Map<string, number>()
    for (const [name, path] of Object.entries(CALLS)) {
      const times: number[] = []
      for (let i = 0; i < 10; i += 1) {
        const began = performance.now()
        await (await fetch(`${server.url}/api/${path}`, { headers })).arrayBuffer()
        times.push(performance.now() - began)
      }
      alone.set(name, [...times].sort((a, b) => a - b)[5] ?? Number.NaN)
    }

    const latencies = new Map<string, number[]>(Object.keys(CALLS).map((name) => [name, []]))
    let errors = 0
    const deadline = Date.now() + DURATION_MS
    const names = Object.keys(CALLS)
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = client; Date.now() < deadline; i += 1) {
          const name = names[i % names.length] ?? 'records'
          const began = performance.now()
          const response = await fetch(`${server.url}/api/${CALLS[name]}`, { headers })
          await response.arrayBuffer()
          latencies.get(name)?.push(performance.now() - began)
          if (!response.ok) errors += 1
        }
      }),
    )
    const peakRssMb = await server.stop()
    console.log(`  ${WORKOUTS} workouts over ${YEARS} years, ${CLIENTS} concurrent clients for ${DURATION_MS / 1000} s, ${errors} errors, server peak RSS ${peakRssMb.toFixed(0)} MB`)
    for (const [name, values] of latencies) {
      const sorted = [...values].sort((a, b) => a - b)
      const p95 = percentile(sorted, 95)
      console.log(
        `  ${name.padEnd(34)} alone ${(alone.get(name) ?? Number.NaN).toFixed(1).padStart(6)} ms  n=${String(sorted.length).padStart(5)}  p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  target p95 ≤ 20 ms  ${p95 <= 20 ? 'ok' : 'MISSED'}`,
      )
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

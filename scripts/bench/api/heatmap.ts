import { request } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { LatLon } from '../../../src/domain/analysis'
import { decodePolylines, heatmapLines } from '../../../src/domain/heatmap'
import { seededRandom } from '../../../src/test-support/seeded-random'
import { dataDirLayout } from '../../../src-server/data-dir'
import { createDataSource } from '../../../src-server/db/data-source'
import { shortId } from '../../../src-server/lib/short-id'
import { toSqlDate } from '../../../src-server/lib/sql-date'
import { token } from '../../../src-server/test/server-process'
import { startBenchServer } from '../bench-server'
import { heatmapRenderBenchmark } from '../heatmap-render'

/** Issue 17's budget for the heatmap of 5,000 workouts. */
const WORKOUTS = Number(process.env.BENCH_HEATMAP_WORKOUTS ?? '') || 5000
const MAX_MS = 1000
const MAX_BYTES = 2 * 1024 * 1024
const ACCOUNT = { username: 'bench', email: 'bench@example.com', password: 'bench-password' }

/**
 * A stored map line as the import keeps it (≤ 2,000 points, ~1 m precision): a winding ride of
 * 15–60 km starting near one town, a point every ~25 m with the heading always turning, so the
 * heatmap's simplification has work to do (a pessimistic case for the size).
 */
function windingRide(random: () => number): LatLon[][] {
  let lat = 45.19 + (random() - 0.5) * 0.1
  let lon = 5.72 + (random() - 0.5) * 0.14
  let heading = random() * 2 * Math.PI
  const points = Math.min(2000, Math.round((15_000 + random() * 45_000) / 25))
  const line: LatLon[] = []
  for (let i = 0; i < points; i++) {
    heading += (random() - 0.5) * 0.5
    lat += (25 * Math.cos(heading)) / 111_320
    lon += (25 * Math.sin(heading)) / (111_320 * Math.cos((lat * Math.PI) / 180))
    line.push([Math.round(lat * 1e5) / 1e5, Math.round(lon * 1e5) / 1e5])
  }
  return [line]
}

/** Writes the workouts with their stored lines straight into the database of a stopped server. */
async function seedHeatmapWorkouts(dataDir: string): Promise<void> {
  const db = createDataSource(dataDirLayout(dataDir).database)
  await db.initialize()
  const random = seededRandom(17)
  const start = Date.UTC(2019, 6, 1)
  const chart = gzipSync('[]')
  await db.transaction(async (manager) => {
    for (let i = 0; i < WORKOUTS; i++) {
      const id = shortId()
      const polyline = windingRide(random)
      const date = toSqlDate(start + i * 8 * 3_600_000)
      await manager.query(
        `INSERT INTO workout (id, user_id, sport_id, title, workout_date, created_at, duration, moving, pauses, distance, ave_speed, max_speed, has_heart_rate, has_cadence, has_power)
         VALUES (?, 1, ?, ?, ?, ?, 3600, 3600, 0, 30, 30, 40, 0, 0, 0)`,
        [id, i % 2 === 0 ? 1 : 5, `Workout ${i}`, date, date],
      )
      await manager.query(`INSERT INTO workout_track (workout_id, chart, polyline, heatmap) VALUES (?, ?, ?, ?)`, [
        id,
        chart,
        gzipSync(JSON.stringify(polyline), { level: 1 }),
        heatmapLines(polyline),
      ])
    }
  })
  await db.destroy()
}

/** One GET as a browser makes it (compression accepted): bytes on the wire, time to the last byte, body. */
function get(url: string, auth: string): Promise<{ bytes: number; ms: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const began = performance.now()
    const call = request(url, { headers: { authorization: auth, 'accept-encoding': 'br, gzip' } }, (response) => {
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => resolve({ bytes, ms: performance.now() - began, encoding: String(response.headers['content-encoding'] ?? 'identity') }))
      response.on('error', reject)
    })
    call.on('error', reject)
    call.end()
  })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

/** `GET /api/heatmap` on 5,000 workouts, answer cache off: first call, median of 5, bytes; client decoding. */
export async function heatmapBenchmark(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'waymark-bench-heatmap-'))
  try {
    let server = await startBenchServer(dataDir)
    await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ACCOUNT) })
    await server.stop()
    await seedHeatmapWorkouts(dataDir)
    server = await startBenchServer(dataDir, { readCache: false })
    const auth = `Bearer ${await token(server.url, ACCOUNT.email, ACCOUNT.password)}`
    console.log(`  ${WORKOUTS} workouts of 15–60 km with stored lines, answer cache off`)
    for (const [name, query] of [
      ['all workouts', ''],
      ['one sport', '?sport_id=5'],
    ] as const) {
      const first = await get(`${server.url}/api/heatmap${query}`, auth)
      const times: number[] = []
      for (let i = 0; i < 5; i++) times.push((await get(`${server.url}/api/heatmap${query}`, auth)).ms)
      const ms = median(times)
      const ok = first.ms <= MAX_MS && ms <= MAX_MS && first.bytes <= MAX_BYTES
      console.log(
        `    ${name.padEnd(14)} first ${first.ms.toFixed(0).padStart(5)} ms  median ${ms.toFixed(0).padStart(5)} ms  ${(first.bytes / 1024).toFixed(0).padStart(5)} KB ${first.encoding}  target ≤ ${MAX_MS} ms, ≤ ${MAX_BYTES / 1024 / 1024} MB  ${ok ? 'ok' : 'MISSED'}`,
      )
    }
    // What the page does with the answer before projecting and drawing: decode every line into typed arrays.
    const answer = (await (await fetch(`${server.url}/api/heatmap`, { headers: { authorization: auth } })).json()) as { data: { lines: string[] } }
    const decodeTimes: number[] = []
    let points = 0
    for (let i = 0; i < 5; i++) {
      const began = performance.now()
      points = decodePolylines(answer.data.lines).values.length / 2
      decodeTimes.push(performance.now() - began)
    }
    console.log(`    decoding ${answer.data.lines.length} lines (${points} points) as the page does: median ${median(decodeTimes).toFixed(0)} ms`)
    await server.stop()
    await heatmapRenderBenchmark(dataDir, ACCOUNT, WORKOUTS)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { token } from '../../src-server/test/server-process'
import { benchServerLine, startBenchServer } from './bench-server'
import { buildZip } from '../../src-server/test/zip-builder'
import { ride } from './api/archive-import'
import { connectClient, getRequest } from './api/raw-client'
import { uploadsWhileReading } from './api/uploads-while-reading'

const CLIENTS = 50
const DURATION_MS = 60_000
const ARCHIVE_FILES = 500

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN
}

/**
 * 50 clients use the dashboard, list, detail and statistics for 60 s on loopback while an
 * archive of 500 files imports: errors, database-busy failures and latencies are reported.
 */
async function archiveWhileReading(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'waymark-load-'))
  try {
    const server = await startBenchServer(dataDir)
    let stopped = false
    try {
      const account = { username: 'load', email: 'load@example.com', password: 'load-password' }
      await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) })
      const headers = { authorization: `Bearer ${await token(server.url, account.email, account.password)}` }

      // A first workout so the detail page has something to show from the start.
      const first = new FormData()
      first.append('file', new Blob([ride(ARCHIVE_FILES)]), 'first.gpx')
      first.append('data', JSON.stringify({ sport_id: 1 }))
      const created = (await (await fetch(`${server.url}/api/workouts`, { method: 'POST', headers, body: first })).json()) as { data: { workouts: { id: string }[] } }
      const detailId = created.data.workouts[0]?.id ?? ''

      const archive = buildZip(Array.from({ length: ARCHIVE_FILES }, (_, i) => ({ name: `ride-${i}.gpx`, data: ride(i), deflate: true })))
      const form = new FormData()
      form.append('file', new Blob([archive]), 'history.zip')
      form.append('data', JSON.stringify({ sport_id: 1 }))
      const importStarted = Date.now()
      const started = (await (await fetch(`${server.url}/api/workouts`, { method: 'POST', headers, body: form })).json()) as { data: { task: { id: string } } }
      const timing: { importSeconds: number | null } = { importSeconds: null }
      const importDone = (async () => {
        for (;;) {
          const task = (await (await fetch(`${server.url}/api/workouts/imports/${started.data.task.id}`, { headers })).json()) as {
            data: { task: { status: string; results: { status: string }[] } }
          }
          if (task.data.task.status !== 'in_progress') {
            timing.importSeconds = (Date.now() - importStarted) / 1000
            return task.data.task.results.filter((result) => result.status === 'imported').length
          }
          await new Promise((resolve) => setTimeout(resolve, 500))
        }
      })()

      const calls: Record<string, string> = {
        dashboard: 'workouts?page=1&per_page=5',
        calendar: 'workouts?from=2020-01-01&to=2020-02-10&per_page=100&order=asc',
        list: 'workouts?page=2&per_page=25&order_by=distance',
        detail: `workouts/${detailId}`,
        chart: `workouts/${detailId}/chart_data`,
        statistics: 'stats/load/by_time?time=month&from=2020-01-01&to=2021-12-31',
        profile: 'auth/profile',
      }
      const names = Object.keys(calls)
      const latencies = new Map<string, number[]>(names.map((name) => [name, []]))
      let errors = 0
      let busy = 0
      const deadline = Date.now() + DURATION_MS
      const requests = names.map((name) => getRequest(server.url, `/api/${calls[name] ?? ''}`, headers))
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          let connection = await connectClient(server.url)
          for (let i = client; Date.now() < deadline; i += 1) {
            const kind = i % names.length
            const began = performance.now()
            try {
              const answer = await connection.send(requests[kind] ?? Buffer.alloc(0))
              // A failure's answer is a small JSON error, below the compression threshold.
              if (answer.status >= 400) {
                errors += 1
                if (/SQLITE_BUSY/.test(answer.body.toString())) busy += 1
              }
            } catch {
              errors += 1
              connection.close()
              connection = await connectClient(server.url)
            }
            latencies.get(names[kind] ?? '')?.push(performance.now() - began)
          }
          connection.close()
        }),
      )
      const imported = await importDone
      const peakRssMb = await server.stop().finally(() => (stopped = true))
      const total = [...latencies.values()].reduce((sum, values) => sum + values.length, 0)
      console.log(`\nLoad: ${CLIENTS} clients for ${DURATION_MS / 1000} s on loopback while a ${ARCHIVE_FILES}-file archive imports`)
      console.log(`  ${total} requests (${(total / (DURATION_MS / 1000)).toFixed(0)}/s), ${errors} errors, ${busy} SQLITE_BUSY, server peak RSS ${peakRssMb.toFixed(0)} MB`)
      console.log(`  import: ${imported}/${ARCHIVE_FILES} imported in ${timing.importSeconds?.toFixed(1) ?? '?'} s`)
      for (const [name, values] of latencies) {
        const sorted = [...values].sort((a, b) => a - b)
        console.log(`  ${name.padEnd(11)} n=${String(sorted.length).padStart(6)}  p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(sorted, 95).toFixed(1).padStart(7)} ms  max ${(sorted.at(-1) ?? 0).toFixed(0).padStart(6)} ms`)
      }
      if (errors > 0 || busy > 0 || imported !== ARCHIVE_FILES) process.exitCode = 1
    } finally {
      if (!stopped) await server.kill()
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** `npm run bench:load [archive|uploads]`: both scenarios by default. */
async function main(): Promise<void> {
  const only = process.argv[2]
  console.log(benchServerLine())
  if (!only || only === 'archive') await archiveWhileReading()
  if (!only || only === 'uploads') await uploadsWhileReading()
}

void main()

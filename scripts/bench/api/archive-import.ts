import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildZip } from '../../../src-server/test/zip-builder'
import { token, type ServerProcessOptions } from '../../../src-server/test/server-process'
import { startBenchServer } from '../bench-server'
import { processCpu } from '../benchmark'

const POINTS = 2000

/** A GPX ride of `POINTS` points with elevation, time and heart rate, distinct per `index`. */
export function ride(index: number): string {
  const start = Date.UTC(2020, 0, 1) + index * 86_400_000
  const points: string[] = []
  for (let i = 0; i < POINTS; i += 1) {
    const lat = (45 + index * 0.001 + i * 0.00005).toFixed(6)
    const lon = (6 + Math.sin(i / 50) * 0.002).toFixed(6)
    const ele = (800 + Math.sin(i / 80) * 40).toFixed(1)
    const time = new Date(start + i * 2000).toISOString().replace('.000Z', 'Z')
    points.push(
      `<trkpt lat="${lat}" lon="${lon}"><ele>${ele}</ele><time>${time}</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${120 + (i % 40)}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>`,
    )
  }
  return `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><name>Ride ${index}</name><trkseg>${points.join('')}</trkseg></trk></gpx>`
}

/** An archive of `files` generated rides (deflated, as exports are). */
function rideArchive(files: number): Buffer {
  return buildZip(Array.from({ length: files }, (_, i) => ({ name: `ride-${i}.gpx`, data: ride(i), deflate: true })))
}

/** What one archive import measured. */
export interface ArchiveFigures {
  readonly seconds: number
  /** CPU time the server spent on the import, all threads (its main thread and the compute pool), ms. */
  readonly cpuMs: number
  /** Of which on its main thread (the event loop), ms. */
  readonly mainThreadMs: number
  readonly peakRssMb: number
  readonly imported: number
  /** Files refused with a catalogued reason. */
  readonly refused: number
}

/** Imports an archive of `files` generated 2,000-point rides end to end through the API. */
export function measureArchiveImport(files: number, serverOptions: ServerProcessOptions = {}): Promise<ArchiveFigures> {
  return measureArchive(rideArchive(files), serverOptions)
}

/**
 * Imports an archive end to end through the API, on a fresh server: from the upload until every
 * file is imported (the reference-style answer, 201 once done; polled past it).
 */
export async function measureArchive(archive: Buffer, serverOptions: ServerProcessOptions = {}): Promise<ArchiveFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'waymark-bench-archive-'))
  try {
    const server = await startBenchServer(dataDir, serverOptions)
    const register = { username: 'bench', email: 'bench@example.com', password: 'bench-password' }
    await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(register) })
    const auth = { authorization: `Bearer ${await token(server.url, register.email, register.password)}` }

    const cpuBefore = processCpu(server.pid)
    const started = performance.now()
    const form = new FormData()
    form.append('file', new Blob([archive]), 'history.zip')
    form.append('data', JSON.stringify({ sport_id: 1 }))
    type Task = { status: string; results: { status: string }[] }
    const answer = (await (await fetch(`${server.url}/api/workouts`, { method: 'POST', headers: auth, body: form })).json()) as { data: { task: Task & { id: string } } }
    let task: Task = answer.data.task
    while (task.status === 'in_progress') {
      await new Promise((resolve) => setTimeout(resolve, 100))
      const polled = (await (await fetch(`${server.url}/api/workouts/imports/${answer.data.task.id}`, { headers: auth })).json()) as { data: { task: Task } }
      task = polled.data.task
    }
    const seconds = (performance.now() - started) / 1000
    const cpuAfter = processCpu(server.pid)
    const peakRssMb = await server.stop()
    return {
      seconds,
      cpuMs: cpuAfter.processMs - cpuBefore.processMs,
      mainThreadMs: cpuAfter.mainThreadMs - cpuBefore.mainThreadMs,
      peakRssMb,
      imported: task.results.filter((result) => result.status === 'imported').length,
      refused: task.results.filter((result) => result.status === 'error').length,
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** Issue 35's targets: 50 files ≤ 0.4 s (issue 19's; 35 states it against gpxpy), 1,000 files ≤ 4 s, both ≤ 400 MB. */
const CASES = [
  { files: 50, runs: 5, maxSeconds: 0.4 },
  { files: 1000, runs: 1, maxSeconds: 4 },
] as const
const MAX_RSS_MB = 400

function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
}

/** Imports generated archives end to end through the API; medians of several runs for the small one. */
export async function archiveImportBenchmark(): Promise<void> {
  for (const { files, runs, maxSeconds } of CASES) {
    const figures: ArchiveFigures[] = []
    for (let run = 0; run < runs; run += 1) figures.push(await measureArchiveImport(files))
    const seconds = median(figures.map((figure) => figure.seconds))
    const peakRssMb = median(figures.map((figure) => figure.peakRssMb))
    const imported = Math.min(...figures.map((figure) => figure.imported))
    const cpuMs = median(figures.map((figure) => figure.cpuMs))
    const mainThreadMs = median(figures.map((figure) => figure.mainThreadMs))
    const verdict = seconds <= maxSeconds && peakRssMb <= MAX_RSS_MB && imported === files ? 'ok' : 'MISSED'
    console.log(
      `  ${String(files).padStart(4)} GPX × ${POINTS} points: ${seconds.toFixed(2)} s (${(files / seconds).toFixed(1)} files/s), ` +
        `server CPU ${(cpuMs / files).toFixed(1)} ms/file (main thread ${(mainThreadMs / files).toFixed(1)}), peak RSS ${peakRssMb.toFixed(0)} MB, ` +
        `${imported} imported${runs > 1 ? ` [runs ${figures.map((figure) => figure.seconds.toFixed(2)).join(', ')} s]` : ''}  target ≤ ${maxSeconds} s, ≤ ${MAX_RSS_MB} MB  ${verdict}`,
    )
  }
}

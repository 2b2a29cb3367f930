import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildZip } from '../../../src-server/test/zip-builder'
import { startServerProcess, token } from '../../../src-server/test/server-process'

const FILES = 1000
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

/** Imports a generated archive of 1,000 GPX files end to end through the API. */
export async function archiveImportBenchmark(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'waymark-bench-archive-'))
  try {
    const archive = buildZip(Array.from({ length: FILES }, (_, i) => ({ name: `ride-${i}.gpx`, data: ride(i), deflate: true })))
    const server = await startServerProcess(dataDir)
    const register = { username: 'bench', email: 'bench@example.com', password: 'bench-password' }
    await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(register) })
    const auth = { authorization: `Bearer ${await token(server.url, register.email, register.password)}` }

    const started = Date.now()
    const form = new FormData()
    form.append('file', new Blob([archive]), 'history.zip')
    form.append('data', JSON.stringify({ sport_id: 1 }))
    const answer = (await (await fetch(`${server.url}/api/workouts`, { method: 'POST', headers: auth, body: form })).json()) as {
      data: { task: { id: string } }
    }
    let task: { status: string; files_done: number; results: { status: string }[] }
    for (;;) {
      const polled = (await (await fetch(`${server.url}/api/workouts/imports/${answer.data.task.id}`, { headers: auth })).json()) as {
        data: { task: typeof task }
      }
      task = polled.data.task
      if (task.status !== 'in_progress') break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const seconds = (Date.now() - started) / 1000
    const peakRssMb = await server.stop()
    const imported = task.results.filter((result) => result.status === 'imported').length
    const verdict = seconds <= 60 && peakRssMb <= 400 ? 'ok' : 'MISSED'
    console.log(
      `  ${FILES} GPX × ${POINTS} points (${(archive.length / 1048576).toFixed(1)} MB zip): ${seconds.toFixed(1)} s, ` +
        `${(FILES / seconds).toFixed(1)} files/s, server peak RSS ${peakRssMb.toFixed(0)} MB, ${imported} imported  target ≤ 60 s, ≤ 400 MB  ${verdict}`,
    )
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

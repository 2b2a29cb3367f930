import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { token } from '../../../src-server/test/server-process'
import { startBenchServer } from '../bench-server'
import { buildZip, type ZipEntryInput } from '../../../src-server/test/zip-builder'

/**
 * A heavy user's Strava bulk export: 5,000 activities (`BENCH_STRAVA_ACTIVITIES` for a quick check
 * run); every fifth was typed in (no file), and of the files every third is gzipped as Strava does.
 */
const ACTIVITIES = Number(process.env.BENCH_STRAVA_ACTIVITIES ?? '') || 5000
const POINTS = 300

const HEADER =
  'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Relative Effort,Commute,Activity Private Note,Activity Gear,Filename,Athlete Weight,Bike Weight,Elapsed Time,Moving Time,Distance,Max Speed'
const TYPES = ['Ride', 'Run', 'Hike', 'Walk', 'VirtualRide', 'Swim']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** Strava's English date, `Aug 16, 2013, 3:35:10 PM` (UTC). */
function stravaDate(ms: number): string {
  const date = new Date(ms)
  const hour = date.getUTCHours()
  const two = (value: number) => String(value).padStart(2, '0')
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${hour % 12 || 12}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} ${hour < 12 ? 'AM' : 'PM'}`
}

/** A GPX track of `POINTS` points (2 s apart) starting at `start`, distinct per `index`. */
function track(index: number, start: number): string {
  const points: string[] = []
  for (let i = 0; i < POINTS; i += 1) {
    const lat = (45 + (index % 100) * 0.01 + i * 0.00005).toFixed(6)
    const lon = (6 + Math.floor(index / 100) * 0.01 + Math.sin(i / 50) * 0.002).toFixed(6)
    const time = new Date(start + i * 2000).toISOString().replace('.000Z', 'Z')
    points.push(`<trkpt lat="${lat}" lon="${lon}"><ele>${(800 + Math.sin(i / 80) * 40).toFixed(1)}</ele><time>${time}</time></trkpt>`)
  }
  return `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${points.join('')}</trkseg></trk></gpx>`
}

/** The export archive: `activities.csv` (quoted dates, repeated columns) and `activities/<id>.gpx[.gz]`. */
function stravaExportArchive(): { archive: Buffer; files: number } {
  const rows = [HEADER]
  const files: ZipEntryInput[] = []
  for (let index = 0; index < ACTIVITIES; index += 1) {
    const id = 1_000_000 + index
    // One activity every 8 hours from 2015 on: 5,000 activities span about 4.5 years.
    const start = Date.UTC(2015, 0, 1, 6) + index * 8 * 3_600_000
    const type = TYPES[index % TYPES.length] ?? 'Ride'
    const typedIn = index % 5 === 4
    const gzipped = !typedIn && index % 3 === 0
    const file = typedIn ? '' : `activities/${id}.gpx${gzipped ? '.gz' : ''}`
    const seconds = (POINTS - 1) * 2
    rows.push(`${id},"${stravaDate(start)}",${type} number ${index},${type},"Notes, with a comma",${seconds},1.2,,,false,,,${file},,,${seconds},${seconds},1200.0,5.0`)
    if (!typedIn) {
      const gpx = Buffer.from(track(index, start))
      files.push({ name: file, data: gzipped ? gzipSync(gpx) : gpx, deflate: !gzipped })
    }
  }
  const archive = buildZip([{ name: 'activities.csv', data: `${rows.join('\n')}\n`, deflate: true }, { name: 'profile.csv', data: 'Athlete ID\n1\n' }, ...files])
  return { archive, files: files.length }
}

/** Imports the generated Strava export end to end through the API; prints time and the server's peak RSS. */
export async function stravaExportBenchmark(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'waymark-bench-strava-'))
  try {
    const { archive, files } = stravaExportArchive()
    const server = await startBenchServer(dataDir)
    const register = { username: 'bench', email: 'bench@example.com', password: 'bench-password' }
    await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(register) })
    const auth = { authorization: `Bearer ${await token(server.url, register.email, register.password)}` }

    const started = Date.now()
    const form = new FormData()
    form.append('file', new Blob([archive]), 'export_12345.zip')
    form.append('data', JSON.stringify({ sport_id: 1 }))
    const headers = { ...auth, prefer: 'respond-async' }
    const answer = (await (await fetch(`${server.url}/api/workouts`, { method: 'POST', headers, body: form })).json()) as { data: { task: { id: string } } }
    let task: { status: string; files_total: number; results: { status: string }[] }
    for (;;) {
      const polled = (await (await fetch(`${server.url}/api/workouts/imports/${answer.data.task.id}`, { headers: auth })).json()) as { data: { task: typeof task } }
      task = polled.data.task
      if (task.status !== 'in_progress') break
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
    const seconds = (Date.now() - started) / 1000
    const peakRssMb = await server.stop()
    const count = (status: string) => task.results.filter((result) => result.status === status).length
    const verdict = peakRssMb <= 400 && count('imported') === ACTIVITIES ? 'ok' : 'MISSED'
    console.log(
      `  Strava export, ${ACTIVITIES} activities (${files} files × ${POINTS} points, ${(archive.length / 1048576).toFixed(1)} MB zip): ` +
        `${seconds.toFixed(1)} s, ${(ACTIVITIES / seconds).toFixed(1)} activities/s, server peak RSS ${peakRssMb.toFixed(0)} MB, ` +
        `${count('imported')} imported, ${count('error')} errors  target all imported, ≤ 400 MB  ${verdict}`,
    )
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

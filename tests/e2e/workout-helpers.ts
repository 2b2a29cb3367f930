import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'

/** Shared by the workout and add-workout specs: fixtures, uploads through the API, files. */
const GPX_DIR = join(process.cwd(), 'tests/fixtures/gpx')
export const gpxPath = (name: string) => join(GPX_DIR, name)
export const gpxText = (name: string) => readFileSync(gpxPath(name), 'utf8')

/** A real file of the corpus kept in the repository (`tests/fixtures/real`, see SOURCES.md there). */
export const realFile = (relative: string): Buffer => readFileSync(join(process.cwd(), 'tests/fixtures/real', relative))

/** The id of a sport the user can pick (the first active one). */
export async function firstSport(request: APIRequestContext, token: string): Promise<{ id: number; label: string }> {
  const response = await request.get('/api/sports', { headers: { Authorization: `Bearer ${token}` } })
  const body = (await response.json()) as { data: { sports: { id: number; label: string; is_active: boolean; is_active_for_user: boolean }[] } }
  const sport = body.data.sports.find((item) => item.is_active && item.is_active_for_user)
  expect(sport).toBeDefined()
  return { id: sport?.id ?? 1, label: sport?.label ?? '' }
}

export interface ApiWorkout {
  id: string
  title: string
  notes: string | null
  distance: number
  duration: string
  moving: string
  ave_speed: number
  max_speed: number
  ascent: number | null
  descent: number | null
  segments: unknown[]
  with_gpx: boolean
  with_analysis: boolean
}

/** Uploads a track through the API; returns the created workout. */
export async function uploadWorkout(request: APIRequestContext, token: string, name: string, content: string | Buffer, sportId: number): Promise<ApiWorkout> {
  const response = await request.post('/api/workouts', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: { name, mimeType: 'application/gpx+xml', buffer: typeof content === 'string' ? Buffer.from(content) : content },
      data: JSON.stringify({ sport_id: sportId }),
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  const body = (await response.json()) as { data: { workouts: ApiWorkout[] } }
  const workout = body.data.workouts[0]
  if (!workout) throw new Error('no workout in the answer')
  return workout
}

/** A typed-in 10 km ride, "Lake loop" (1 May 2025), seen by whom `visibility` says; returns its id. */
export async function lakeLoop(request: APIRequestContext, token: string, visibility: 'private' | 'followers_only' | 'public'): Promise<string> {
  const created = await request.post('/api/workouts/no_gpx', {
    headers: { Authorization: `Bearer ${token}` },
    data: { sport_id: 1, duration: 3600, distance: 10, workout_date: '2025-05-01 07:30', title: 'Lake loop', workout_visibility: visibility },
  })
  expect(created.status(), await created.text()).toBe(201)
  const body = (await created.json()) as { data: { workouts: { id: string }[] } }
  return body.data.workouts[0]?.id ?? ''
}

export async function getWorkout(request: APIRequestContext, token: string, id: string): Promise<ApiWorkout | null> {
  const get = () => request.get(`/api/workouts/${id}`, { headers: { Authorization: `Bearer ${token}` } })
  // A kept-alive socket the server closed while idle fails once with ECONNRESET: ask again.
  const response = await get().catch(get)
  if (response.status() === 404) return null
  const body = (await response.json()) as { data: { workouts: ApiWorkout[] } }
  return body.data.workouts[0] ?? null
}

export async function setPreferences(
  request: APIRequestContext,
  token: string,
  changes: Partial<{ language: 'en' | 'fr' | 'de'; imperial_units: boolean; timezone: string }>,
) {
  const response = await request.post('/api/auth/profile/edit/preferences', {
    headers: { Authorization: `Bearer ${token}` },
    data: { display_ascent: true, imperial_units: false, language: 'en', timezone: 'Europe/Paris', weekm: false, ...changes },
  })
  expect(response.ok(), await response.text()).toBe(true)
}

/** A GPX of `points` points along a gentle curve, one second apart, with elevation. */
export function syntheticGpx(points: number, startIso = '2024-05-01T08:00:00Z'): string {
  const start = Date.parse(startIso)
  const parts: string[] = []
  for (let index = 0; index < points; index += 1) {
    // About 3 m per second eastwards with a slow north-south wave, elevation rolling.
    const lat = 45 + 0.0005 * Math.sin(index / 500)
    const lon = 6 + index * 0.00004
    const ele = 500 + 40 * Math.sin(index / 1500)
    parts.push(`<trkpt lat="${lat.toFixed(6)}" lon="${lon.toFixed(6)}"><ele>${ele.toFixed(1)}</ele><time>${new Date(start + index * 1000).toISOString()}</time></trkpt>`)
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="waymark-e2e" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Generated ${points}</name><trkseg>${parts.join('\n')}</trkseg></trk></gpx>\n`
}

/** A steady track due north, 10 m every `secondsPer10m` (4 s: 2.5 m/s, 6:40 per km), heart rate 150, `metres` long. */
export function steadyRun(metres: number, startIso: string, secondsPer10m = 4): string {
  const start = Date.parse(startIso)
  const degreesPerMetre = 360 / (2 * Math.PI * 6_378_137)
  const points: string[] = []
  for (let m = 0; m <= metres; m += 10) {
    points.push(
      `<trkpt lat="${(45 + m * degreesPerMetre).toFixed(9)}" lon="6"><ele>${(300 + m / 100).toFixed(1)}</ele><time>${new Date(start + m * secondsPer10m * 100).toISOString()}</time>` +
        `<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>150</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>`,
    )
  }
  return (
    `<?xml version="1.0"?><gpx version="1.1" creator="e2e" xmlns="http://www.topografix.com/GPX/1/1" ` +
    `xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><trkseg>${points.join('')}</trkseg></trk></gpx>`
  )
}

/** A zip archive (stored, no compression) of the given files: enough for upload tests. */
export function zipOf(files: { name: string; content: Buffer }[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8')
    const crc = crc32(file.content)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6) // UTF-8 names
    local.writeUInt16LE(0, 8) // stored
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(file.content.length, 18)
    local.writeUInt32LE(file.content.length, 22)
    local.writeUInt16LE(name.length, 26)
    locals.push(local, name, file.content)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(file.content.length, 20)
    central.writeUInt32LE(file.content.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)
    offset += 30 + name.length + file.content.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

/** Drops files on an element the way a file manager does: dragenter, dragover, drop with a DataTransfer. */
export async function dropFiles(page: Page, testId: string, files: { name: string; text: string; type: string }[]): Promise<void> {
  await page.evaluate(
    ({ testId, files }) => {
      const target = document.querySelector(`[data-testid="${testId}"]`)
      if (!target) throw new Error(`no ${testId}`)
      const data = new DataTransfer()
      for (const file of files) data.items.add(new File([file.text], file.name, { type: file.type }))
      for (const type of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }))
      }
    },
    { testId, files },
  )
}

/** Seconds of an API duration `H:MM:SS`. */
export function seconds(text: string): number {
  const [h = 0, m = 0, s = 0] = text.split(':').map(Number)
  return h * 3600 + m * 60 + s
}

/** `hh:mm:ss` as the interface shows a duration. */
export function hhmmss(text: string): string {
  const total = seconds(text)
  return [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60].map((part) => String(part).padStart(2, '0')).join(':')
}

import { createHash } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SaxesParser, type SaxesTagNS } from 'saxes'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { GpxResponse, MapLineResponse, SplitsResponse, Workout, WorkoutsResponse } from '../../../src/contracts'
import { SPORT_ID } from '../../../src/domain/sports'
import { registerUser, type Account } from '../../test/accounts'
import { startTestServer, type TestServer } from '../../test/test-server'
import { fixture, realFile, upload } from '../../test/workouts'

const GPX_NS = 'http://www.topografix.com/GPX/1/1'
const TPX_NS = 'http://www.garmin.com/xmlschemas/TrackPointExtension/v1'
const PWR_NS = 'http://www.garmin.com/xmlschemas/PowerExtension/v1'

/** The children each GPX 1.1 element may have, in the order the schema's sequences require. */
const SEQUENCES: Record<string, readonly string[]> = {
  gpx: ['metadata', 'wpt', 'rte', 'trk', 'extensions'],
  trk: ['name', 'cmt', 'desc', 'src', 'link', 'number', 'type', 'extensions', 'trkseg'],
  trkseg: ['trkpt', 'extensions'],
  trkpt: ['ele', 'time', 'magvar', 'geoidheight', 'name', 'cmt', 'desc', 'src', 'link', 'sym', 'type', 'fix', 'sat', 'hdop', 'vdop', 'pdop', 'ageofdgpsdata', 'dgpsid', 'extensions'],
  TrackPointExtension: ['atemp', 'wtemp', 'depth', 'hr', 'cad', 'Extensions'],
}

/** What a GPX document holds, read by `saxes` (a conforming, namespace-aware XML parser). */
interface ReadGpx {
  points: number
  heartRates: number[]
  powers: number[]
  cadences: number[]
  temperatures: number[]
  type: string | null
}

/**
 * Parses a GPX text and checks it against the GPX 1.1 structure: well-formed, every prefix
 * declared (saxes refuses unbound ones), elements in their namespaces and in schema order,
 * `trkpt` with numeric lat/lon in range, sensor values of the extension schemas' types.
 */
function readGpx(text: string): ReadGpx {
  const parser = new SaxesParser({ xmlns: true })
  const errors: string[] = []
  const read: ReadGpx = { points: 0, heartRates: [], powers: [], cadences: [], temperatures: [], type: null }
  const stack: { name: string; uri: string; lastChild: number }[] = []
  let textBuffer = ''
  parser.on('error', (error) => errors.push(error.message))
  parser.on('opentag', (tag: SaxesTagNS) => {
    const parent = stack[stack.length - 1]
    if (!parent) {
      if (tag.local !== 'gpx' || tag.uri !== GPX_NS || tag.attributes.version?.value !== '1.1') errors.push(`root ${tag.name}`)
    } else if (parent.uri === GPX_NS && parent.name !== 'extensions') {
      if (tag.uri !== GPX_NS) errors.push(`${tag.name} in the wrong namespace`)
      const order = SEQUENCES[parent.name]?.indexOf(tag.local) ?? -1
      if (order < 0 || order < parent.lastChild) errors.push(`<${tag.local}> out of place in <${parent.name}>`)
      parent.lastChild = order
    } else if (parent.name === 'extensions') {
      if (tag.uri !== TPX_NS && tag.uri !== PWR_NS) errors.push(`${tag.name} in an unknown namespace`)
    } else if (parent.name === 'TrackPointExtension') {
      const order = SEQUENCES.TrackPointExtension?.indexOf(tag.local) ?? -1
      if (tag.uri !== TPX_NS || order < parent.lastChild) errors.push(`<${tag.name}> out of place`)
      parent.lastChild = order
    }
    if (tag.local === 'trkpt') {
      read.points += 1
      const lat = Number(tag.attributes.lat?.value)
      const lon = Number(tag.attributes.lon?.value)
      if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180)) errors.push(`trkpt ${lat} ${lon}`)
    }
    stack.push({ name: tag.local, uri: tag.uri, lastChild: -1 })
    textBuffer = ''
  })
  parser.on('text', (value) => {
    textBuffer += value
  })
  parser.on('closetag', (tag: SaxesTagNS) => {
    stack.pop()
    const value = Number(textBuffer)
    const integer = (max: number) => (Number.isInteger(value) && value >= 0 && value <= max ? value : (errors.push(`${tag.name} ${textBuffer}`), NaN))
    if (tag.uri === TPX_NS && tag.local === 'hr') read.heartRates.push(integer(255))
    if (tag.uri === TPX_NS && tag.local === 'cad') read.cadences.push(integer(255))
    if (tag.uri === TPX_NS && tag.local === 'atemp') read.temperatures.push(value)
    if (tag.uri === PWR_NS && tag.local === 'PowerInWatts') read.powers.push(integer(65_535))
    if (tag.local === 'time' && Number.isNaN(Date.parse(textBuffer))) errors.push(`time ${textBuffer}`)
    if (tag.local === 'ele' && !Number.isFinite(value)) errors.push(`ele ${textBuffer}`)
    if (tag.local === 'type' && stack[stack.length - 1]?.name === 'trk') read.type = textBuffer
    textBuffer = ''
  })
  parser.write(text).close()
  expect(errors).toEqual([])
  return read
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

describe('GPX download round trip', () => {
  let parent: string
  let t: TestServer
  let owner: Account
  let sam: Account
  let kim: Account
  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-gpx-export-'))
    t = await startTestServer({ dataDir: join(parent, 'data') })
    owner = await registerUser(t, 'owner')
    sam = await registerUser(t, 'sam', { activate: owner })
    kim = await registerUser(t, 'kim', { activate: owner })
  })
  afterAll(async () => {
    await t.close()
    await rm(parent, { recursive: true, force: true })
  })

  const imported = async (account: Account, name: string, bytes: Buffer | string): Promise<Workout> => {
    // The fallback sport is one no test file names, so a sport read back from <type> shows.
    const answer = await upload<WorkoutsResponse>(t, account.token, name, bytes, { sport_id: SPORT_ID.hiking, detect_sport: true })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const [workout] = answer.body.data.workouts
    if (!workout) throw new Error('no workout')
    return workout
  }
  const splits = async (account: Account, id: string) =>
    (await t.api<SplitsResponse>('GET', `workouts/${id}/splits`, { token: account.token })).body.data.splits

  // The Edge 810's session states its climb (514 m), which its FIT workout takes; a GPX carries
  // the points, not that figure, so the GPX is counted again: near the device's, not equal to it.
  it.each([
    ['fit/garmin-edge810-vector.fit', 'ride.fit', { heartRate: true, power: true, cadence: true }, { deviceClimb: true }],
    ['tcx/polar.tcx', 'run.tcx', { heartRate: true, power: false, cadence: true }, { deviceClimb: false }],
    ['gpx/amazfit.gpx', 'walk.gpx', { heartRate: true, power: false, cadence: false }, { deviceClimb: false }],
  ])('%s: its GPX imports again as the same workout', async (source, name, sensors, { deviceClimb }) => {
    const original = await imported(sam, name, await realFile(source))
    const answer = await t.api<GpxResponse>('GET', `workouts/${original.id}/gpx`, { token: sam.token })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ status: 'success', message: '' })
    const gpx = readGpx(answer.body.data.gpx)
    expect(gpx.points).toBeGreaterThan(100)
    expect(gpx.heartRates.length > 0).toBe(sensors.heartRate)
    expect(gpx.powers.length > 0).toBe(sensors.power)
    expect(gpx.cadences.length > 0).toBe(sensors.cadence)

    const again = await imported(kim, 'again.gpx', answer.body.data.gpx)
    expect(again.sport_id).toBe(original.sport_id)
    expect(again.title).toBe(original.title)
    expect(again.workout_date).toBe(original.workout_date)
    expect(again.distance).toBeCloseTo(original.distance ?? Number.NaN, 2)
    expect(again.duration).toBe(original.duration)
    expect(again.moving).toBe(original.moving)
    if (deviceClimb) {
      expect(original.ascent).toBe(514)
      // Counting stays within 15 % of a device's climb on most sessions (device-ascent.test.ts).
      expect(Math.abs((again.ascent ?? 0) / 514 - 1)).toBeLessThanOrEqual(0.15)
    } else expect(again.ascent ?? 0).toBeCloseTo(original.ascent ?? 0, 0)
    expect(again.max_alt ?? 0).toBeCloseTo(original.max_alt ?? 0, 1)
    expect(again.min_alt ?? 0).toBeCloseTo(original.min_alt ?? 0, 1)
    expect({ hr: again.has_heart_rate, cadence: again.has_cadence, power: again.has_power }).toEqual({
      hr: original.has_heart_rate,
      cadence: original.has_cadence,
      power: original.has_power,
    })
    // Heart rate per km, as the splits average it over the moving time, within 1 bpm.
    const before = await splits(sam, original.id)
    const after = await splits(kim, again.id)
    expect(after.length).toBe(before.length)
    for (const [index, split] of before.entries()) expect(after[index]?.ave_hr ?? 0).toBeCloseTo(split.ave_hr ?? 0, -0.3)
    if (sensors.heartRate) expect(mean(gpx.heartRates)).toBeGreaterThan(60)
  }, 120_000)

  // The SHA-256 of each answer's JSON bytes as the export made them before it streamed (whole
  // answer built in memory, commit 4bf2e27), for the same upload and title: the contract is these bytes.
  it.each([
    ['fit/garmin-edge810-vector.fit', 'ride.fit', '', 'eeecc45f8f07e458cda9f71cac3cb496e8bc72230ffd2eb085016976018a3a8f'],
    ['fit/ride-6783622686.fit', 'long-ride.fit', '', 'b0c8c2def5c188e017d570d7f5ffc4060846c3adb7d60749bc6a5d3c2f0b092b'],
    // Its two laps are one recording since the TCX lap rule: those bytes less their one `</trkseg>\n<trkseg>\n`.
    ['tcx/polar.tcx', 'run.tcx', '', '75cab001b8468363521ed8457769ba06f3c7f53363a526de8ca1df81fbd2520b'],
    ['gpx/amazfit.gpx', 'walk.gpx', '', '03e3683841b51caf70cdca3746a8a25653723bf37a903fc905def0eee92cfefb'],
    ['gpx/strava.gpx', 'strava.gpx', '', 'c865f00ebb52ffb86d994fc4d8c4abd1acbb7ef31b4068454b36becef6a5d419'],
    ['gpx/gpxstudio-tracks-segments.gpx', 'segments.gpx', '/segment/2', '554a66047b4a6d6bd1ee9fe4532cebbce6615e4c828b40813f96fa31ab002ec3'],
  ])('%s as %s, GET gpx%s: the same JSON bytes as the export built whole', async (source, name, segment, sha256) => {
    const workout = await imported(owner, name, await realFile(source))
    // Characters JSON and XML escape, and one outside the BMP (a surrogate pair in the string).
    expect((await t.api('PATCH', `workouts/${workout.id}`, { token: owner.token, body: { title: 'Tom & "Jerry" <3>\t\\ 🚴 Zürich' } })).status).toBe(200)
    const response = await fetch(`${t.url}/api/workouts/${workout.id}/gpx${segment}`, { headers: { authorization: `Bearer ${owner.token}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(sha256)
    // Read back by a conforming XML parser as GPX 1.1.
    expect(readGpx((JSON.parse(bytes.toString('utf8')) as GpxResponse).data.gpx).points).toBeGreaterThan(10)
  }, 120_000)

  it('the answer is streamed from a file of tmp/, compressed, and the file goes once sent or abandoned', async () => {
    const workout = await imported(kim, 'long-ride.fit', await realFile('fit/ride-6783622686.fit'))
    const exports = async () => (await readdir(join(parent, 'data', 'tmp'))).filter((name) => name.startsWith('gpx-'))
    const url = `${t.url}/api/workouts/${workout.id}/gpx`
    const headers = { authorization: `Bearer ${kim.token}` }
    const whole = await fetch(url, { headers: { ...headers, 'accept-encoding': 'gzip' } })
    expect(whole.headers.get('content-encoding')).toBe('gzip')
    expect((await whole.text()).length).toBeGreaterThan(4_000_000)
    await vi.waitFor(async () => expect(await exports()).toEqual([]))
    // A client that leaves after the first bytes of ~5 MB (its connection closed).
    const length = await new Promise<number>((resolve, reject) => {
      const request = get(url, { headers }, (response) => {
        response.once('data', () => {
          request.destroy()
          resolve(Number(response.headers['content-length']))
        })
      })
      request.once('error', reject)
    })
    expect(length).toBeGreaterThan(4_000_000)
    await vi.waitFor(async () => expect(await exports()).toEqual([]))
  }, 120_000)

  it('a segment downloads alone; unknown segments and workouts without a file are refused as before', async () => {
    const workout = await imported(sam, 'segments.gpx', await fixture('gpx/gpx_file_with_segments.gpx'))
    const title = 'Tom & "Jerry" <3>'
    expect((await t.api('PATCH', `workouts/${workout.id}`, { token: sam.token, body: { title } })).status).toBe(200)
    const wholeText = (await t.api<GpxResponse>('GET', `workouts/${workout.id}/gpx`, { token: sam.token })).body.data.gpx
    const whole = readGpx(wholeText)
    expect(wholeText).toContain('<name>Tom &amp; &quot;Jerry&quot; &lt;3&gt;</name>')
    const second = await t.api<GpxResponse>('GET', `workouts/${workout.id}/gpx/segment/2`, { token: sam.token })
    expect(second.status).toBe(200)
    const text = second.body.data.gpx
    expect(text.match(/<trkseg>/g)).toHaveLength(1)
    expect(readGpx(text).points).toBeLessThan(whole.points)
    // The map takes the simplified line instead, one per segment.
    const mapLine = await t.api<MapLineResponse>('GET', `workouts/${workout.id}/map_line`, { token: sam.token })
    expect(mapLine.body.status).toBe('success')
    expect(mapLine.body.data.lines).toHaveLength(2)
    expect(mapLine.body.data.lines.every((line) => line.length > 1 && line.length < whole.points)).toBe(true)
    for (const segment of ['0', '3', 'abc']) {
      expect(await t.api('GET', `workouts/${workout.id}/gpx/segment/${segment}`, { token: sam.token })).toMatchObject({
        status: 404,
        body: { code: 'segment_not_found' },
      })
    }
    const manual = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
      token: sam.token,
      body: { sport_id: 1, duration: 3600, distance: 10, workout_date: '2024-05-01 10:00' },
    })
    const id = manual.body.data.workouts[0]?.id ?? ''
    for (const call of ['gpx', 'map_line', 'gpx/download']) {
      expect(await t.api('GET', `workouts/${id}/${call}`, { token: sam.token })).toMatchObject({ status: 404, body: { code: 'workout_has_no_file' } })
    }
  })
})

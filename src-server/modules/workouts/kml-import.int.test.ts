import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WorkoutsResponse } from '../../../src/contracts'
import { expectNothingChanged, snapshot } from '../../hostile/invariants'
import { googleEarthKml, kmlDocument as kml } from '../../importers/test-support/kml'
import { gpxReference, positionDistanceM, timeSpanS } from '../../importers/test-support/reference-figures'
import { registerUser, type Account } from '../../test/accounts'
import { startTestServer, type TestServer } from '../../test/test-server'
import { realFixtures, seconds, upload } from '../../test/workouts'
import { buildZip } from '../../test/zip-builder'

describe('KML and KMZ files', () => {
  let parent: string
  let t: TestServer
  let owner: Account
  let sam: Account
  // amazfit.gpx read by the independent regex reader, written as KML.
  const walk = gpxReference(join(realFixtures(), 'gpx/amazfit.gpx'))
  const walkKml = googleEarthKml(walk)

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-kml-'))
    t = await startTestServer({ dataDir: join(parent, 'data') })
    owner = await registerUser(t, 'owner')
    sam = await registerUser(t, 'sam', { activate: owner })
  })
  afterAll(async () => {
    await t.close()
    await rm(parent, { recursive: true, force: true })
  })

  it.each([
    ['walk.kml', () => Buffer.from(walkKml)],
    ['walk.kmz', () => buildZip([{ name: 'files/icon.png', data: 'png' }, { name: 'doc.kml', data: walkKml, deflate: true }])],
    ['walk.kml.gz', () => Buffer.from(walkKml)],
  ])('%s: a gx:Track recording imports with the distance and time of its positions', async (name, bytes) => {
    const data = name.endsWith('.gz') ? (await import('node:zlib')).gzipSync(bytes()) : bytes()
    const answer = await upload<WorkoutsResponse>(t, sam.token, name, data)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const workout = answer.body.data.workouts[0]
    expect(workout?.title).toBe('Morning walk')
    expect(workout?.distance).toBeCloseTo(positionDistanceM(walk) / 1000, 1)
    expect(Math.abs((workout?.distance ?? 0) * 1000 - positionDistanceM(walk))).toBeLessThan(positionDistanceM(walk) * 0.01)
    expect(Math.abs(seconds(workout?.duration ?? '') - timeSpanS(walk))).toBeLessThanOrEqual(1)
    expect(workout?.has_heart_rate).toBe(true)
    expect((await t.api('DELETE', `workouts/${workout?.id}`, { token: sam.token })).status).toBe(204)
  }, 60_000)

  const line = kml('<Placemark><LineString><coordinates>6.0,45.0,100 6.001,45.001,101 6.002,45.002,102</coordinates></LineString></Placemark>')
  it.each([
    ['a LineString has no times', 'line.kml', Buffer.from(line), 'track_no_timestamps'],
    ['only a placemark point', 'point.kml', Buffer.from(kml('<Placemark><Point><coordinates>6,45,0</coordinates></Point></Placemark>')), 'track_no_track'],
    ['whens and coords do not pair', 'odd.kml', Buffer.from(kml('<Placemark><gx:Track><when>2020-01-01T10:00:00Z</when><gx:coord>6 45 0</gx:coord><gx:coord>6 45.1 0</gx:coord></gx:Track></Placemark>')), 'track_invalid_coordinates'],
    ['a coordinate off the Earth', 'far.kml', Buffer.from(kml('<Placemark><LineString><coordinates>6,95,0 6,96,0</coordinates></LineString></Placemark>')), 'track_invalid_coordinates'],
    ['cut short', 'cut.kml', Buffer.from(walkKml.slice(0, 2000)), 'track_xml_invalid'],
    ['a KMZ without KML', 'empty.kmz', buildZip([{ name: 'images/a.png', data: 'png' }]), 'kmz_no_kml'],
    ['a damaged KMZ', 'broken.kmz', Buffer.from('PK\u0003\u0004 not really a zip'), 'zip_invalid'],
  ])('%s: refused with a catalogued reason, nothing kept', async (_case, name, bytes, code) => {
    const before = await snapshot(t)
    const answer = await upload(t, sam.token, name, bytes)
    expect(answer.status, JSON.stringify(answer.body)).toBe(400)
    expect(answer.body).toMatchObject({ code })
    await expectNothingChanged(t, before)
  })
})

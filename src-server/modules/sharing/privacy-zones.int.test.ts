import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  ChartDataResponse,
  MapLineResponse,
  PrivacyZoneResponse,
  PrivacyZonesResponse,
  SharedWorkoutResponse,
  ShareLinkResponse,
  TimelineResponse,
  UserWorkoutsResponse,
  WorkoutsResponse,
} from '../../../src/contracts'
import { PrivacyZoneEntity } from '../../db/entities'
import { registerUser, startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'
import { fixture, upload } from '../../test/workouts'

/**
 * Privacy zones (issue 31): a user's circles where their tracks are hidden from everyone else —
 * the map line, chart positions, map image, bounds, GPX, the feed and share links — while the
 * workout's figures stay whole; the owner still sees everything. Whether a position is in the zone
 * is decided here from the GPX file's own points with the spherical law of cosines, not by the
 * server's code.
 */
const EARTH_RADIUS_M = 6_378_137
const RAD = Math.PI / 180
const metres = (lat1: number, lon1: number, lat2: number, lon2: number) =>
  EARTH_RADIUS_M * Math.acos(Math.min(1, Math.sin(lat1 * RAD) * Math.sin(lat2 * RAD) + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.cos((lon2 - lon1) * RAD)))

const FILE = 'gpx/gpx_file.gpx'

describe('privacy zones', () => {
  let t: TestServer
  let sam: Account
  let kim: Account
  let workoutId: string
  let shareToken: string
  /** The zone: 200 m around the track's first point (say, sam's home). */
  let home: { latitude: number; longitude: number; radius: number }
  let filePoints: [number, number][]
  const inHome = (lat: number, lon: number) => metres(lat, lon, home.latitude, home.longitude) <= home.radius

  beforeAll(async () => {
    const started = await startWithOwnerAndSam()
    t = started.t
    sam = started.sam
    kim = await registerUser(t, 'kim', { activate: started.owner })
    await t.api('POST', 'users/sam/follow', { token: kim.token })
    await t.api('POST', 'follow-requests/kim/accept', { token: sam.token })
    // Heart rate shown to others, so only the zone can keep the GPX from them.
    const prefs = await t.api('POST', 'auth/profile/edit/preferences', {
      token: sam.token,
      body: { imperial_units: false, language: 'en', timezone: 'Europe/Paris', weekm: false, hr_visibility: 'public' },
    })
    expect(prefs.status).toBe(200)
    const bytes = await fixture(FILE)
    filePoints = [...bytes.toString('utf8').matchAll(/<trkpt lat="([-\d.]+)" lon="([-\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])])
    const [first] = filePoints
    home = { latitude: first?.[0] ?? 0, longitude: first?.[1] ?? 0, radius: 200 }
    const created = await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', bytes)
    expect(created.status).toBe(201)
    workoutId = created.body.data.workouts[0]?.id ?? ''
    await t.api('PATCH', `workouts/${workoutId}`, { token: sam.token, body: { workout_visibility: 'public', analysis_visibility: 'public', map_visibility: 'public' } })
    const link = await t.api<ShareLinkResponse>('POST', `workouts/${workoutId}/share_links`, { token: sam.token, body: {} })
    shareToken = String(link.body.data.share_link.token)
    await t.server.settled()
  }, 60_000)
  afterAll(() => t.close())

  const addZone = (body: unknown, who = sam) => t.api<PrivacyZoneResponse>('POST', 'auth/privacy_zones', { token: who.token, body })
  const zonesOf = async (who: Account) => (await t.api<PrivacyZonesResponse>('GET', 'auth/privacy_zones', { token: who.token })).body.data.privacy_zones
  const lineFor = async (token?: string) => {
    const answer = await t.api<MapLineResponse>('GET', `workouts/${workoutId}/map_line`, token ? { token } : {})
    expect(answer.status).toBe(200)
    return answer.body.data.lines.flat()
  }
  const chartFor = async (token?: string) => {
    const answer = await t.api<ChartDataResponse>('GET', `workouts/${workoutId}/chart_data`, token ? { token } : {})
    expect(answer.status).toBe(200)
    return answer.body.data.chart_data
  }
  const mapImage = async (id: string) => {
    const response = await fetch(`${t.url}/api/workouts/map/${id}`)
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) }
  }
  const workoutFor = async (token?: string) => {
    const answer = await t.api<WorkoutsResponse>('GET', `workouts/${workoutId}`, token ? { token } : {})
    expect(answer.status).toBe(200)
    return answer.body.data.workouts[0]
  }

  it('the file has points on both sides of the zone (else the other tests prove nothing)', () => {
    expect(filePoints.filter(([lat, lon]) => inHome(lat, lon)).length).toBeGreaterThan(2)
    expect(filePoints.filter(([lat, lon]) => !inHome(lat, lon)).length).toBeGreaterThan(2)
  })

  it('refuses a zone with a bad position or radius with its catalogued error, storing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ latitude: 91, longitude: 6, radius: 500 }, 'privacy_zone_position_invalid'],
      [{ latitude: 45, longitude: -180.5, radius: 500 }, 'privacy_zone_position_invalid'],
      [{ latitude: '45', longitude: 6, radius: 500 }, 'privacy_zone_position_invalid'],
      [{ longitude: 6, radius: 500 }, 'privacy_zone_position_invalid'],
      [{ latitude: 45, longitude: 6, radius: 199 }, 'privacy_zone_radius_invalid'],
      [{ latitude: 45, longitude: 6, radius: 2001 }, 'privacy_zone_radius_invalid'],
      [{ latitude: 45, longitude: 6, radius: 250.5 }, 'privacy_zone_radius_invalid'],
      [{ latitude: 45, longitude: 6, radius: 500, extra: 1 }, 'invalid_payload'],
    ]
    for (const [body, code] of cases) {
      const answer = await addZone(body)
      expect([answer.status, answer.body], JSON.stringify(body)).toEqual([400, expect.objectContaining({ code })])
    }
    expect(await t.server.dataSource.manager.count(PrivacyZoneEntity)).toBe(0)
  })

  it('hides the track within the zone from a follower, a logged-out visitor and a share link, and only there; figures stay', async () => {
    const ownerLine = await lineFor(sam.token)
    const ownerChart = await chartFor(sam.token)
    const ownerWorkout = await workoutFor(sam.token)
    expect(ownerWorkout?.map).toEqual(expect.any(String))
    // The follower has seen the map image's id while the map was open.
    const seenMap = String((await workoutFor(kim.token))?.map)
    expect(seenMap).toBe(ownerWorkout?.map)
    const seenImage = await mapImage(seenMap)
    expect(seenImage.status).toBe(200)
    const created = await addZone(home)
    expect(created.status).toBe(201)
    expect(created.body.data.privacy_zone).toMatchObject(home)

    const shared = await t.api<SharedWorkoutResponse>('GET', `share/${shareToken}`)
    expect(shared.status).toBe(200)
    const views = [
      { who: 'follower', line: await lineFor(kim.token), chart: await chartFor(kim.token), workout: await workoutFor(kim.token) },
      { who: 'visitor', line: await lineFor(), chart: await chartFor(), workout: await workoutFor() },
      { who: 'share link', line: (shared.body.data.lines ?? []).flat(), chart: shared.body.data.chart_data ?? [], workout: shared.body.data.workout },
    ]
    for (const view of views) {
      // The line: exactly the owner's positions outside the zone, in their order.
      expect(view.line, view.who).toEqual(ownerLine.filter(([lat, lon]) => !inHome(lat, lon)))
      expect(view.line.length, view.who).toBeGreaterThan(0)
      // The chart: every point kept with its distance and time; positions only outside the zone.
      expect(view.chart.map(({ distance, duration }) => [distance, duration]), view.who).toEqual(ownerChart.map(({ distance, duration }) => [distance, duration]))
      for (const point of view.chart) {
        if (point.latitude !== null && point.longitude !== null) expect(inHome(point.latitude, point.longitude), view.who).toBe(false)
      }
      const original = ownerChart.filter((point) => point.latitude !== null && point.longitude !== null && !inHome(point.latitude, point.longitude))
      expect(view.chart.filter((point) => point.latitude !== null).length, view.who).toBe(original.length)
      // The map image (drawn whole) is not given; the bounds hold only what is shown; the figures are whole.
      expect(view.workout?.map, view.who).toBeNull()
      const lats = view.line.map(([lat]) => lat)
      const lons = view.line.map(([, lon]) => lon)
      expect(view.workout?.bounds, view.who).toEqual([Math.min(...lats), Math.min(...lons), Math.max(...lats), Math.max(...lons)])
      expect({ distance: view.workout?.distance, duration: view.workout?.duration, moving: view.workout?.moving }, view.who).toEqual({
        distance: ownerWorkout?.distance,
        duration: ownerWorkout?.duration,
        moving: ownerWorkout?.moving,
      })
    }
    // A segment's chart keeps every point too, with positions only outside the zone.
    for (const token of [kim.token, undefined]) {
      const segment = await t.api<ChartDataResponse>('GET', `workouts/${workoutId}/chart_data/segment/1`, token ? { token } : {})
      expect(segment.status).toBe(200)
      expect(segment.body.data.chart_data.length).toBeGreaterThan(0)
      for (const point of segment.body.data.chart_data) {
        if (point.latitude !== null && point.longitude !== null) expect(inHome(point.latitude, point.longitude), 'segment chart').toBe(false)
      }
    }
    // The feed shows the follower no map image of it either.
    const feed = await t.api<TimelineResponse>('GET', 'timeline', { token: kim.token })
    expect(feed.body.data.workouts.find((workout) => workout.id === workoutId)?.map).toBeNull()
    // Nor does the owner's page, whose list bounds only what the follower is shown.
    const listed = await t.api<UserWorkoutsResponse>('GET', 'users/sam/workouts', { token: kim.token })
    const fromPage = listed.body.data.workouts.find((workout) => workout.id === workoutId)
    expect({ map: fromPage?.map, bounds: fromPage?.bounds }).toEqual({ map: null, bounds: views[0]?.workout?.bounds })
    // The GPX carries every recorded point: others do not get it at all while the owner has a zone; the owner does.
    // The original file (not JSON) is its owner's alone anyway; a segment's GPX goes as the whole one.
    for (const path of [`workouts/${workoutId}/gpx`, `workouts/${workoutId}/gpx/segment/1`, `workouts/${workoutId}/gpx/download`]) {
      for (const [who, expected] of [[kim, 404], [sam, 200]] as const) {
        const response = await fetch(`${t.url}/api/${path}`, { headers: { authorization: `Bearer ${who.token}` } })
        await response.arrayBuffer()
        expect(response.status, `${who.username} ${path}`).toBe(expected)
      }
    }
    // And every answer says so: `with_gpx` for the owner alone; `with_analysis` (the chart just read) for all.
    const answers = [...views.map((view) => view.workout), fromPage, feed.body.data.workouts.find((workout) => workout.id === workoutId), await workoutFor(sam.token)]
    expect(answers.map((answer) => answer?.with_gpx)).toEqual([false, false, false, false, false, true])
    expect(answers.map((answer) => answer?.with_analysis)).toEqual([true, true, true, true, true, true])
    // The owner still sees everything.
    expect(await lineFor(sam.token)).toEqual(ownerLine)
    expect(await chartFor(sam.token)).toEqual(ownerChart)
    // The image was drawn whole: the id seen before the zone no longer answers; the owner has the same image under a new id.
    expect((await mapImage(seenMap)).status).toBe(404)
    const ownerMap = (await workoutFor(sam.token))?.map
    expect(ownerMap).toEqual(expect.any(String))
    expect(ownerMap).not.toBe(seenMap)
    const renewed = await mapImage(String(ownerMap))
    expect(renewed.status).toBe(200)
    expect(renewed.bytes.equals(seenImage.bytes)).toBe(true)
  })

  it('applies to past workouts at once both ways: deleting the zone shows the whole track again', async () => {
    const [zone] = await zonesOf(sam)
    expect(zone).toBeDefined()
    expect((await t.api('DELETE', `auth/privacy_zones/${zone?.id}`, { token: kim.token })).status).toBe(404)
    expect((await t.api('DELETE', `auth/privacy_zones/${zone?.id}`, { token: sam.token })).status).toBe(204)
    expect(await lineFor(kim.token)).toEqual(await lineFor(sam.token))
    expect((await workoutFor(kim.token))?.map).toBe((await workoutFor(sam.token))?.map)
    expect((await t.api('GET', `workouts/${workoutId}/gpx`, { token: kim.token })).status).toBe(200)
    expect((await workoutFor(kim.token))?.with_gpx).toBe(true)
    expect((await t.api('DELETE', `auth/privacy_zones/${zone?.id}`, { token: sam.token })).body).toMatchObject({ code: 'privacy_zone_not_found' })
  })

  it('leaves the map image of a track a new zone does not touch as it was, even a zone reaching into the track’s bounds', async () => {
    const seen = (await workoutFor(kim.token))?.map
    expect(seen).toEqual(expect.any(String))
    // 200 m around a point 190 m west-south-west of the bounds' south-west corner: it reaches into the bounds
    // and holds none of the file's points (the premises, checked here).
    const [south, west] = [Math.min(...filePoints.map(([lat]) => lat)), Math.min(...filePoints.map(([, lon]) => lon))]
    const bearing = 250 * RAD
    const latitude = Number((south + (190 * Math.cos(bearing)) / 111_320).toFixed(6))
    const longitude = Number((west + (190 * Math.sin(bearing)) / (111_320 * Math.cos(south * RAD))).toFixed(6))
    const near = { latitude, longitude, radius: 200 }
    expect(metres(latitude, longitude, south, west)).toBeLessThan(near.radius - 5)
    expect(Math.min(...filePoints.map(([lat, lon]) => metres(lat, lon, latitude, longitude)))).toBeGreaterThan(near.radius + 40)
    const created = await addZone(near)
    expect(created.status).toBe(201)
    try {
      expect((await workoutFor(kim.token))?.map).toBe(seen)
      expect((await mapImage(String(seen))).status).toBe(200)
      expect(await lineFor(kim.token)).toEqual(await lineFor(sam.token))
    } finally {
      expect((await t.api('DELETE', `auth/privacy_zones/${created.body.data.privacy_zone.id}`, { token: sam.token })).status).toBe(204)
    }
  })

  it('keeps the id of a private map a new zone touches: only its owner ever saw it', async () => {
    const created = await upload<WorkoutsResponse>(t, sam.token, 'same-ride.gpx', await fixture('gpx/gpx_file_with_microseconds.gpx'))
    expect(created.status).toBe(201)
    const id = created.body.data.workouts[0]?.id ?? ''
    expect((await t.api('PATCH', `workouts/${id}`, { token: sam.token, body: { map_visibility: 'private' } })).status).toBe(200)
    const mapOf = async () => (await t.api<WorkoutsResponse>('GET', `workouts/${id}`, { token: sam.token })).body.data.workouts[0]?.map
    const before = await mapOf()
    expect(before).toEqual(expect.any(String))
    const zone = await addZone(home)
    expect(zone.status).toBe(201)
    try {
      // The zone does touch this track: the public workout of the same track is hidden from the follower.
      expect((await workoutFor(kim.token))?.map).toBeNull()
      expect(await mapOf()).toBe(before)
    } finally {
      expect((await t.api('DELETE', `auth/privacy_zones/${zone.body.data.privacy_zone.id}`, { token: sam.token })).status).toBe(204)
      expect((await t.api('DELETE', `workouts/${id}`, { token: sam.token })).status).toBe(204)
    }
  })

  it('gives the map image a new id when the owner lowers its visibility, so an id a follower saw stops working', async () => {
    const levels = (level: string) => t.api<WorkoutsResponse>('PATCH', `workouts/${workoutId}`, { token: sam.token, body: { map_visibility: level } })
    for (const lowered of [{ to: 'followers_only', gone: 'visitor' }, { to: 'private', gone: 'follower' }] as const) {
      const seen = lowered.to === 'private' ? (await workoutFor(kim.token))?.map : (await workoutFor())?.map
      expect(seen, lowered.to).toEqual(expect.any(String))
      const before = await mapImage(String(seen))
      expect(before.status).toBe(200)
      expect((await levels(lowered.to)).status).toBe(200)
      expect((await mapImage(String(seen))).status, `${lowered.gone}'s id after ${lowered.to}`).toBe(404)
      const ownerMap = (await workoutFor(sam.token))?.map
      expect(ownerMap).toEqual(expect.any(String))
      expect(ownerMap).not.toBe(seen)
      const renewed = await mapImage(String(ownerMap))
      expect([renewed.status, renewed.bytes.equals(before.bytes)]).toEqual([200, true])
    }
    // Opening the map again keeps its id: nothing was hidden.
    const ownerMap = (await workoutFor(sam.token))?.map
    expect((await levels('public')).status).toBe(200)
    expect((await workoutFor())?.map).toBe(ownerMap)
  })

  it('keeps each user’s zones their own, ten at most', async () => {
    for (let i = 0; i < 10; i++) expect((await addZone({ latitude: 10 + i, longitude: 20, radius: 300 }, kim)).status).toBe(201)
    const eleventh = await addZone({ latitude: 30, longitude: 20, radius: 300 }, kim)
    expect([eleventh.status, eleventh.body]).toEqual([400, expect.objectContaining({ code: 'privacy_zones_limit' })])
    expect((await zonesOf(kim)).map((zone) => zone.latitude)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
    expect(await zonesOf(sam)).toEqual([])
    // Kim's zones hide nothing of sam's track.
    expect(await lineFor(kim.token)).toEqual(await lineFor(sam.token))
  })

  it('answers a logged-out visitor 404 for a workout that is not public, as the reference does, and 401 for a bad token', async () => {
    await t.api('PATCH', `workouts/${workoutId}`, { token: sam.token, body: { workout_visibility: 'followers_only' } })
    try {
      for (const path of [`workouts/${workoutId}`, `workouts/${workoutId}/chart_data`, `workouts/${workoutId}/map_line`]) {
        const answer = await t.api('GET', path)
        expect([answer.status, answer.body], path).toEqual([404, expect.objectContaining({ code: 'workout_not_found' })])
      }
      expect((await t.api('GET', `workouts/${workoutId}`, { token: 'not-a-token' })).status).toBe(401)
      expect((await t.api('GET', `workouts/${workoutId}`, { token: kim.token })).status).toBe(200)
    } finally {
      await t.api('PATCH', `workouts/${workoutId}`, { token: sam.token, body: { workout_visibility: 'public', analysis_visibility: 'public', map_visibility: 'public' } })
    }
  })

  it('judges a track by its chart and by its map line, each keeping points the other thins out', async () => {
    // A 200 km ride due east at 18 km/h, a point every 40 m (5,010 points, so the chart keeps about
    // one in 2.5) and, every 20 km, a single point 1.5 km north reached and left at the same speed: the
    // map line keeps those spurs' tips and ends of the straight stretches, the chart points along them.
    const east = 40 / (EARTH_RADIUS_M * RAD * Math.cos(45 * RAD))
    const north = 1_500 / (EARTH_RADIUS_M * RAD)
    const points: string[] = []
    let seconds = 0
    const point = (lat: number, lon: number) =>
      points.push(`<trkpt lat="${lat.toFixed(6)}" lon="${lon.toFixed(6)}"><time>${new Date(Date.UTC(2024, 4, 1, 6) + seconds * 1000).toISOString()}</time></trkpt>`)
    for (let i = 0; i < 5_000; i++) {
      point(45, 6 + i * east)
      seconds += 8
      if (i % 500 === 250) {
        seconds += 300 - 8
        point(45 + north, 6 + (i + 0.5) * east)
        seconds += 300
      }
    }
    const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="waymark-test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${points.join('')}</trkseg></trk></gpx>`
    const created = await upload<WorkoutsResponse>(t, sam.token, 'spurs.gpx', Buffer.from(gpx))
    expect(created.status).toBe(201)
    const rideId = created.body.data.workouts[0]?.id ?? ''
    const read = async <T>(path: string, token: string) => {
      const answer = await t.api<T>('GET', `workouts/${rideId}${path}`, { token })
      expect(answer.status, path).toBe(200)
      return answer.body
    }
    try {
      expect((await t.api('PATCH', `workouts/${rideId}`, { token: sam.token, body: { workout_visibility: 'public', analysis_visibility: 'public', map_visibility: 'public' } })).status).toBe(200)
      const seen = async (token: string) => ({
        map: (await read<WorkoutsResponse>('', token)).data.workouts[0]?.map,
        line: (await read<MapLineResponse>('/map_line', token)).data.lines.flat(),
        chart: (await read<ChartDataResponse>('/chart_data', token)).data.chart_data,
      })
      const owner = await seen(sam.token)
      expect(owner.map).toEqual(expect.any(String))
      const charted = owner.chart.flatMap((p) => (p.latitude === null || p.longitude === null ? [] : [[p.latitude, p.longitude] as [number, number]]))
      const farFrom = (others: [number, number][]) => ([lat, lon]: [number, number]) => others.every(([otherLat, otherLon]) => metres(lat, lon, otherLat, otherLon) > 300)
      // The premises: a charted position 300 m from every point of the line, and a point of the line 300 m from every charted position.
      const chartOnly = charted.filter(farFrom(owner.line))
      const lineOnly = owner.line.filter(farFrom(charted))
      expect([charted.length < 5_010, chartOnly.length > 0, lineOnly.length > 0]).toEqual([true, true, true])
      const around = ([latitude, longitude]: [number, number]) => ({ latitude, longitude, radius: 200 })
      const within = (zone: { latitude: number; longitude: number; radius: number }) => ([lat, lon]: [number, number]) => metres(lat, lon, zone.latitude, zone.longitude) <= zone.radius
      for (const [name, centre] of [['a chart point off the line', chartOnly[Math.floor(chartOnly.length / 2)]], ['a spur’s tip the chart left out', lineOnly[0]]] as const) {
        const zone = around(centre ?? [0, 0])
        const added = await addZone(zone)
        expect(added.status, name).toBe(201)
        const follower = await seen(kim.token)
        // The map image, drawn whole, is not given; neither the line nor the chart shows a position within the zone.
        expect(follower.map, name).toBeNull()
        expect(follower.line.filter(within(zone)), name).toEqual([])
        expect(follower.line, name).toEqual(owner.line.filter((position) => !within(zone)(position)))
        const followerCharted = follower.chart.flatMap((p) => (p.latitude === null || p.longitude === null ? [] : [[p.latitude, p.longitude] as [number, number]]))
        expect(followerCharted, name).toEqual(charted.filter((position) => !within(zone)(position)))
        expect((await t.api('DELETE', `auth/privacy_zones/${added.body.data.privacy_zone.id}`, { token: sam.token })).status, name).toBe(204)
      }
    } finally {
      await t.api('DELETE', `workouts/${rideId}`, { token: sam.token })
    }
  })
})

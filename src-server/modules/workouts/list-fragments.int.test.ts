import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EquipmentsResponse, Workout, WorkoutsResponse } from '../../../src/contracts'
import { dialectOf } from '../../db/dialect'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'
import { fixture, rides, upload, waitForImport } from '../../test/workouts'
import { buildZip } from '../../test/zip-builder'
import { fragmentVersion } from './list-fragments'

/**
 * The list of one's workouts is spliced from fragments written at each write (`list-fragments.ts`):
 * after every kind of write that changes what a list shows, each fragment is written (none left
 * empty or of another version, so the list did not fall back to its rows) and the list's bytes are
 * exactly those the presenter gives from the rows (the same server once every fragment is emptied),
 * on every page, order and filter.
 */
describe('the list of workouts from its fragments', () => {
  let t: TestServer
  let sam: Account
  const LISTS = [
    'workouts?per_page=100',
    'workouts?per_page=3&page=2',
    'workouts?per_page=100&order=asc&order_by=distance',
    'workouts?per_page=100&order_by=ave_speed&sport_id=1',
    'workouts?per_page=100&from=2018-03-13&to=2018-03-14&order=asc',
    'workouts?per_page=2&page=3&title=ride',
  ]

  beforeAll(async () => {
    ;({ t, sam } = await startWithOwnerAndSam({ readCacheTtlMs: 0 }))
  }, 60_000)
  afterAll(() => t.close())

  const sql = (text: string) => dialectOf(t.server.dataSource.manager).sql(text)
  const text = async (path: string) => {
    const answer = await fetch(`${t.url}/api/${path}`, { headers: { authorization: `Bearer ${sam.token}` } })
    expect(answer.status).toBe(200)
    return answer.text()
  }

  /** Every list from the fragments, then from the rows (fragments emptied, then put back as they were). */
  async function expectListsAsPresented(write: string): Promise<void> {
    const db = t.server.dataSource
    const stored = await db.query<{ id: string; list_json: string | null }[]>(`SELECT id, list_json FROM workout`)
    expect(stored.length, write).toBeGreaterThan(0)
    expect(stored.filter((row) => !row.list_json?.startsWith(`${fragmentVersion()}\u0001`)).map((row) => row.id), `${write}: fragments not written`).toEqual([])
    const spliced = await Promise.all(LISTS.map(text))
    await db.query(`UPDATE workout SET list_json = NULL`)
    const presented = await Promise.all(LISTS.map(text))
    for (const row of stored) await db.query(sql(`UPDATE workout SET list_json = ? WHERE id = ?`), [row.list_json, row.id])
    for (const [index, list] of LISTS.entries()) expect(spliced[index], `${write}: ${list}`).toBe(presented[index])
  }

  const manual = async (body: Record<string, unknown>) => {
    const answer = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', { token: sam.token, body: { sport_id: 1, duration: 3600, distance: 10, ...body } })
    expect(answer.status).toBe(201)
    return answer.body.data.workouts[0] as Workout
  }
  const patch = async (id: string, body: Record<string, unknown>) => expect((await t.api('PATCH', `workouts/${id}`, { token: sam.token, body })).status).toBe(200)

  it('stays the presenter’s answer through every kind of write', async () => {
    // Files with segments (uploads one by one), each in another sport or it would be the same outing.
    const files = [['gpx/gpx_file.gpx', 1], ['gpx/gpx_file_with_3_segments.gpx', 2], ['gpx/gpx_file_with_2_segments_and_without_elevation.gpx', 3]] as const
    const uploaded: string[] = []
    for (const [name, sport] of files) {
      const answer = await upload<WorkoutsResponse>(t, sam.token, name.split('/')[1] ?? name, await fixture(name), { sport_id: sport })
      expect(answer.status).toBe(201)
      uploaded.push(answer.body.data.workouts[0]?.id ?? '')
    }
    await expectListsAsPresented('uploads')
    // An archive: its files' rows go in statements shared by the batch.
    const started = await upload<{ data: { task: { id: string } } }>(t, sam.token, 'rides.zip', buildZip(await rides(4)), { sport_id: 1 })
    expect(started.status).toBe(202)
    expect((await waitForImport(t, sam.token, started.body.data.task.id)).results.map((result) => result.status)).toEqual(['imported', 'imported', 'imported', 'imported'])
    await expectListsAsPresented('archive')
    const typed = await manual({ workout_date: '2018-03-13 07:00', title: 'Typed "ride"', notes: 'é \\ back', ascent: 120, descent: 110 })
    const second = await manual({ workout_date: '2018-03-14 10:00', distance: 12.3456 })
    await expectListsAsPresented('workouts typed in')
    await patch(typed.id, { title: 'Rainy ride', notes: 'wet', weather_start: { icon: 'rain', temperature: 11.5, humidity: 0.8, wind: 4.2, windBearing: 225 }, weather_end: null })
    await expectListsAsPresented('title, notes and weather')
    await patch(typed.id, { workout_date: '2018-03-12 07:00', distance: 21.5, duration: 4000, ascent: 5, descent: 6 })
    await expectListsAsPresented('date and figures (new neighbours)')
    await patch(uploaded[0] ?? '', { workout_visibility: 'public', analysis_visibility: 'followers_only', map_visibility: 'private' })
    await expectListsAsPresented('visibility')
    // A new sport re-analyses the file: its segments are written again.
    await patch(uploaded[1] ?? '', { sport_id: 4 })
    await expectListsAsPresented('sport (re-analysis)')
    const shoes = await t.api<EquipmentsResponse>('POST', 'equipments', { token: sam.token, body: { label: 'Pegasus', equipment_type_id: 1 } })
    expect(shoes.status).toBe(201)
    await patch(second.id, { equipment_ids: [shoes.body.data.equipments[0]?.id] })
    await expectListsAsPresented('equipment')
    expect((await t.api('POST', 'auth/privacy_zones', { token: sam.token, body: { latitude: 44.68, longitude: 6.07, radius: 500 } })).status).toBe(201)
    await expectListsAsPresented('privacy zone')
    // Records move to the next best workout of the sport; neighbours close over the gap.
    expect((await t.api('DELETE', `workouts/${uploaded[2] ?? ''}`, { token: sam.token })).status).toBe(204)
    expect((await t.api('DELETE', `workouts/${typed.id}`, { token: sam.token })).status).toBe(204)
    await expectListsAsPresented('deletes')
  }, 240_000)

  it('never serves a fragment its workout’s row or segments changed under, by any statement', async () => {
    const db = t.server.dataSource
    const [row] = await db.query<{ id: string }[]>(`SELECT w.id FROM workout w WHERE EXISTS (SELECT 1 FROM workout_segment s WHERE s.workout_id = w.id) ORDER BY w.id LIMIT 1`)
    const id = row?.id ?? ''
    const fragment = async () => (await db.query<{ list_json: string | null }[]>(sql(`SELECT list_json FROM workout WHERE id = ?`), [id]))[0]?.list_json
    const written = await fragment()
    expect(written).toContain(`"id":"${id}"`)
    const statements = [
      `UPDATE workout SET title = 'changed' WHERE id = ?`,
      `UPDATE workout_segment SET distance = 1 WHERE workout_id = ?`,
      `DELETE FROM workout_segment WHERE workout_id = ? AND segment_index = 0`,
      `INSERT INTO workout_segment (workout_id, segment_index, duration, moving, pauses) VALUES (?, 99, 1, 1, 0)`,
    ]
    for (const statement of statements) {
      // Put back (an update leaving it as it was empties it too).
      await db.query(sql(`UPDATE workout SET list_json = NULL WHERE id = ?`), [id])
      await db.query(sql(`UPDATE workout SET list_json = ? WHERE id = ?`), [written, id])
      expect(await fragment(), statement).toBe(written)
      await db.query(sql(statement), [id])
      expect(await fragment(), statement).toBeNull()
    }
  })
})

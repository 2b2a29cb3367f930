import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Decoder, Stream } from '@garmin/fitsdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChartDataResponse, WorkoutsListResponse, WorkoutsResponse } from '../../../src/contracts'
import type { RecordsResponse } from '../../../src/contracts/records'
import { openDatabase } from '../../db/open-database'
import { registerUser, type Account } from '../../test/accounts'
import { databaseBefore } from '../../test/database-before'
import { startTestServer, type TestServer } from '../../test/test-server'
import { fixture, realFile, upload } from '../../test/workouts'

/** What Garmin's SDK reads of a FIT file: whether any record has a position or a distance, the records' time span (s). */
function sdkReading(bytes: Buffer): { positions: boolean; distances: boolean; sessionDistance: unknown; spanS: number } {
  const { messages } = new Decoder(Stream.fromBuffer(bytes)).read()
  const records = messages.recordMesgs ?? []
  const times = records.map((record) => (record.timestamp instanceof Date ? record.timestamp.getTime() : Number.NaN)).filter(Number.isFinite)
  return {
    positions: records.some((record) => record.positionLat !== undefined),
    distances: records.some((record) => record.distance !== undefined),
    sessionDistance: messages.sessionMesgs?.[0]?.totalDistance,
    spanS: (Math.max(...times) - Math.min(...times)) / 1000,
  }
}

/**
 * A workout whose file measured no distance (an indoor ride: power and heart rate, no position,
 * no speed sensor) has an unknown distance through the API: `null`, never a made-up 0, on the
 * workout, its segments and its chart, and no distance or speed record; its time and sensors are kept.
 */
describe('a workout without a distance', () => {
  let parent: string
  let t: TestServer
  let owner: Account

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-no-distance-'))
    t = await startTestServer({ dataDir: join(parent, 'data') })
    owner = await registerUser(t, 'owner')
  })
  afterAll(async () => {
    await t.close()
    await rm(parent, { recursive: true, force: true })
  })

  it('imports with its duration and sensors, its distance and speeds null on the workout, segments, chart, list and records', async () => {
    const bytes = await realFile('fit/goldencheetah-edge830-stages.fit')
    const sdk = sdkReading(bytes)
    expect([sdk.positions, sdk.distances, sdk.sessionDistance]).toEqual([false, false, undefined])
    const answer = await upload<WorkoutsResponse>(t, owner.token, 'indoor.fit', bytes)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const [workout] = answer.body.data.workouts
    if (!workout) throw new Error('no workout')
    expect([workout.distance, workout.ave_speed, workout.max_speed]).toEqual([null, null, null])
    expect(workout.segments.map((segment) => segment.distance)).toEqual(workout.segments.map(() => null))
    expect(Math.abs(Number(workout.duration.split(':').reduce((total, part) => total * 60 + Number(part), 0)) - sdk.spanS)).toBeLessThanOrEqual(1)
    expect([workout.has_heart_rate, workout.has_power]).toEqual([true, true])
    expect(workout.laps ?? []).toEqual([])
    expect((workout.best_efforts ?? []).filter((effort) => effort.kind === 'distance')).toEqual([])

    const chart = (await t.api<ChartDataResponse>('GET', `workouts/${workout.id}/chart_data`, { token: owner.token })).body.data.chart_data
    expect(chart.length).toBeGreaterThan(100)
    expect(chart.filter((point) => point.distance !== null || point.speed !== null)).toEqual([])
    expect(chart.every((point) => point.duration !== null)).toBe(true)

    const list = await t.api<WorkoutsListResponse>('GET', 'workouts', { token: owner.token })
    expect(list.body.data.workouts.map((row) => row.distance)).toEqual([null])
    expect(list.body.data.totals.distance).toBe(0)
    const records = (await t.api<RecordsResponse>('GET', 'records', { token: owner.token })).body.data.records
    expect(records.map((record) => record.record_type).filter((type) => type !== 'HA' && type !== 'LD')).toEqual([])
    expect(records.some((record) => record.record_type === 'LD')).toBe(true)
  }, 120_000)

  it('sorts an unknown distance below every known one, on either engine: first in ascending order, last in descending', async () => {
    const sorter = await registerUser(t, 'sorter', { activate: owner })
    const indoor = await upload<WorkoutsResponse>(t, sorter.token, 'indoor.fit', await realFile('fit/goldencheetah-edge830-stages.fit'))
    const ride = await upload<WorkoutsResponse>(t, sorter.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'))
    expect([indoor.status, ride.status]).toEqual([201, 201])
    expect(ride.body.data.workouts[0]?.distance).toBeGreaterThan(0)
    const distances = async (order: 'asc' | 'desc') =>
      (await t.api<WorkoutsListResponse>('GET', `workouts?order_by=distance&order=${order}`, { token: sorter.token })).body.data.workouts.map((row) => row.distance)
    const known = ride.body.data.workouts[0]?.distance
    expect(await distances('asc')).toEqual([null, known])
    expect(await distances('desc')).toEqual([known, null])
  }, 120_000)

  it('an existing database keeps its workouts’ distances, and takes a workout without one', async () => {
    const { dir, layout, old } = await databaseBefore('NullableDistance1795795581599', 'waymark-nullable-distance-')
    await old.destroy()
    const db = await openDatabase(layout, new Date('2026-11-27T00:00:00Z'))
    try {
      expect(await db.query(`SELECT id, distance FROM workout`)).toEqual([{ id: 'w1', distance: 1 }])
      await db.query(
        `INSERT INTO workout (id, user_id, sport_id, workout_date, created_at, duration, moving, pauses, distance) VALUES ('w2', 1, 1, '2020-01-02 00:00:00.000', '2020-01-02 00:00:00.000', 60, 60, 0, NULL)`,
      )
      await db.query(`INSERT INTO workout_segment (workout_id, segment_index, duration, moving, pauses, distance) VALUES ('w2', 0, 60, 60, 0, NULL)`)
      expect(await db.query(`SELECT id, distance FROM workout ORDER BY id`)).toEqual([
        { id: 'w1', distance: 1 },
        { id: 'w2', distance: null },
      ])
      const indexes = await db.query<{ name: string }[]>(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'workout'`)
      expect(indexes.map((index) => index.name)).toContain('idx_workout_user_date_totals')
      // Foreign keys still hold: a segment of no workout is refused, and deleting a workout takes its segments.
      await expect(db.query(`INSERT INTO workout_segment (workout_id, segment_index, duration, moving, pauses, distance) VALUES ('none', 0, 1, 1, 0, 1)`)).rejects.toMatchObject({ name: 'QueryFailedError', message: 'SQLITE_CONSTRAINT: FOREIGN KEY constraint failed' })
      await db.query(`DELETE FROM workout WHERE id = 'w2'`)
      expect(await db.query(`SELECT COUNT(*) AS n FROM workout_segment`)).toEqual([{ n: 0 }])
    } finally {
      await db.destroy()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

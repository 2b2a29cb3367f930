import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DataSource } from 'typeorm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataDirLayout } from '../data-dir'
import { UserEntity, WorkoutBestEffortEntity, WorkoutEntity, WorkoutSegmentEntity, WorkoutTrackEntity } from './entities'
import { insertRows } from './insert-rows'
import { openDatabase } from './open-database'

/** The stored rows of a table for one workout, without the workout id (to compare two workouts' rows). */
async function rowsOf(db: DataSource, table: string, workoutColumn: string, workoutId: string, orderBy: string): Promise<unknown[]> {
  const rows = await db.query<Record<string, unknown>[]>(`SELECT * FROM ${table} WHERE ${workoutColumn} = ? ORDER BY ${orderBy}`, [workoutId])
  return rows.map(({ [workoutColumn]: _id, ...rest }) => rest)
}

describe('insertRows', () => {
  let dir: string
  let db: DataSource
  let userId: number
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'waymark-insert-rows-'))
    const layout = dataDirLayout(dir)
    await mkdir(layout.backups)
    db = await openDatabase(layout, new Date())
    await db.manager.insert(UserEntity, { username: 'sam', email: 'sam@example.com', passwordHash: 'x', createdAt: new Date() })
    userId = (await db.manager.findOneByOrFail(UserEntity, { username: 'sam' })).id
  })
  afterAll(async () => {
    await db.destroy()
    await rm(dir, { recursive: true, force: true })
  })

  function workout(id: string): WorkoutEntity {
    return Object.assign(new WorkoutEntity(), {
      id,
      userId,
      sportId: 1,
      title: 'Morning ride',
      notes: null,
      workoutDate: new Date(Date.UTC(2024, 4, 1, 8, 0, 0, 123)),
      createdAt: new Date(Date.UTC(2024, 4, 2, 9, 30, 15, 7)),
      modifiedAt: null,
      duration: 3600,
      moving: 3500,
      pauses: 100,
      distance: 30.123456789,
      aveSpeed: 30.98,
      maxSpeed: null,
      minAlt: -12.5,
      maxAlt: 812.25,
      ascent: 0,
      descent: null,
      bounds: '[45.1,6.05,45.2,6.1]',
      filePath: `${userId}/ride.gpx`,
      fileFormat: 'gpx',
      fileHash: 'ab'.repeat(32),
      mapId: null,
      weatherStart: null,
      weatherEnd: '{"icon":"rain"}',
      hasHeartRate: true,
      hasCadence: false,
      hasPower: true,
    })
  }

  it('stores every column exactly as TypeORM’s insert does: dates, booleans, nulls, reals, blobs', async () => {
    await db.manager.insert(WorkoutEntity, workout('typeorm'))
    await insertRows(db.manager, WorkoutEntity, [workout('raw')])
    const [byTypeorm, byInsertRows] = await Promise.all(['typeorm', 'raw'].map((id) => rowsOf(db, 'workout', 'id', id, 'id')))
    expect(byInsertRows).toEqual(byTypeorm)
    expect(byInsertRows).toMatchObject([{ workout_date: '2024-05-01 08:00:00.123', has_heart_rate: 1, has_cadence: 0, max_speed: null }])

    const track = (workoutId: string) =>
      Object.assign(new WorkoutTrackEntity(), { workoutId, chart: Buffer.from([1, 2, 3, 0, 255]), polyline: Buffer.from('line'), heatmap: 'abc' })
    await db.manager.insert(WorkoutTrackEntity, track('typeorm'))
    await insertRows(db.manager, WorkoutTrackEntity, [track('raw')])
    expect(await rowsOf(db, 'workout_track', 'workout_id', 'raw', 'workout_id')).toEqual(await rowsOf(db, 'workout_track', 'workout_id', 'typeorm', 'workout_id'))

    const efforts = (workoutId: string) => [
      { workoutId, kind: 'distance' as const, target: 1000, value: 123_456 },
      { workoutId, kind: 'power' as const, target: 60, value: 250.5 },
    ]
    await db.manager.insert(WorkoutBestEffortEntity, efforts('typeorm'))
    await insertRows(db.manager, WorkoutBestEffortEntity, efforts('raw'))
    expect(await rowsOf(db, 'workout_best_effort', 'workout_id', 'raw', 'kind, target')).toEqual(
      await rowsOf(db, 'workout_best_effort', 'workout_id', 'typeorm', 'kind, target'),
    )
  })

  it('inserts more rows than one statement may bind (12 columns × 3,000 segments > 32,766 variables)', async () => {
    await insertRows(db.manager, WorkoutEntity, [workout('many-typeorm'), workout('many-raw')])
    const segments = (workoutId: string) =>
      Array.from({ length: 3000 }, (_, segmentIndex) =>
        Object.assign(new WorkoutSegmentEntity(), {
          workoutId,
          segmentIndex,
          duration: segmentIndex,
          moving: segmentIndex,
          pauses: 0,
          distance: segmentIndex / 7,
          aveSpeed: null,
          maxSpeed: 12.5,
          minAlt: null,
          maxAlt: 100,
          ascent: 1.25,
          descent: null,
        }),
      )
    for (let start = 0; start < 3000; start += 1000) await db.manager.insert(WorkoutSegmentEntity, segments('many-typeorm').slice(start, start + 1000))
    await insertRows(db.manager, WorkoutSegmentEntity, segments('many-raw'))
    const byInsertRows = await rowsOf(db, 'workout_segment', 'workout_id', 'many-raw', 'segment_index')
    expect(byInsertRows).toHaveLength(3000)
    expect(byInsertRows).toEqual(await rowsOf(db, 'workout_segment', 'workout_id', 'many-typeorm', 'segment_index'))
  })

  it('does nothing for no rows', async () => {
    await expect(insertRows(db.manager, WorkoutSegmentEntity, [])).resolves.toBeUndefined()
  })
})

import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Decoder, Stream } from '@garmin/fitsdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WorkoutsResponse } from '../../../src/contracts'
import { openDatabase } from '../../db/open-database'
import { registerUser, type Account } from '../../test/accounts'
import { databaseBefore } from '../../test/database-before'
import { startTestServer, type TestServer } from '../../test/test-server'
import { realFixtures, upload } from '../../test/workouts'

/** Each session's `total_calories` as Garmin's own decoder reads it, in session order. */
function sdkSessionCalories(bytes: Buffer): (number | null)[] {
  const { messages } = new Decoder(Stream.fromBuffer(bytes)).read()
  return (messages.sessionMesgs ?? []).map((session) => (typeof session.totalCalories === 'number' ? session.totalCalories : null))
}

/** Per `<Activity>`, the sum of its laps' `<Calories>`, read from the XML text by a plain pattern parse. */
function tcxLapCalories(text: string): number[] {
  return [...text.matchAll(/<Activity\b[\s\S]*?<\/Activity>/g)].map(([activity]) =>
    [...activity.matchAll(/<Lap\b[\s\S]*?<\/Lap>/g)].reduce((sum, [lap]) => sum + Number(/<Calories>\s*(\d+)\s*<\/Calories>/.exec(lap)?.[1] ?? 0), 0),
  )
}

describe('calories stated by the file', () => {
  let parent: string
  let t: TestServer
  let owner: Account

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-calories-'))
    t = await startTestServer({ dataDir: join(parent, 'data') })
    owner = await registerUser(t, 'owner')
  })
  afterAll(async () => {
    await t.close()
    await rm(parent, { recursive: true, force: true })
  })

  it('a FIT workout has the total_calories of its session as Garmin’s SDK reads it', async () => {
    const bytes = await readFile(join(realFixtures(), 'fit/goldencheetah-2016-05-23.fit'))
    const [stated] = sdkSessionCalories(bytes)
    expect(stated).toBeGreaterThan(0)
    const answer = await upload<WorkoutsResponse>(t, owner.token, 'swim.fit', bytes)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body.data.workouts.map((workout) => workout.calories)).toEqual([stated])
    const id = answer.body.data.workouts[0]?.id
    const read = await t.api<WorkoutsResponse>('GET', `workouts/${id}`, { token: owner.token })
    expect(read.body.data.workouts[0]?.calories).toBe(stated)
  }, 60_000)

  it('each workout of a TCX file has the sum of its laps’ <Calories>', async () => {
    const bytes = await readFile(join(realFixtures(), 'tcx/multiple-runs.tcx'))
    const sums = tcxLapCalories(bytes.toString('utf8'))
    expect(sums).toHaveLength(2)
    const answer = await upload<WorkoutsResponse>(t, owner.token, 'runs.tcx', bytes)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body.data.workouts.map((workout) => workout.calories)).toEqual(sums)
  }, 60_000)

  it('a GPX workout and one typed in by hand state no calories', async () => {
    const gpx = await readFile(join(realFixtures(), 'gpx/amazfit.gpx'))
    const imported = await upload<WorkoutsResponse>(t, owner.token, 'walk.gpx', gpx)
    expect(imported.status, JSON.stringify(imported.body)).toBe(201)
    expect(imported.body.data.workouts[0]?.calories).toBeNull()
    const typed = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
      token: owner.token,
      body: { sport_id: 1, duration: 3600, distance: 10, workout_date: '2024-01-01 10:00' },
    })
    expect(typed.status, JSON.stringify(typed.body)).toBe(201)
    expect(typed.body.data.workouts[0]?.calories).toBeNull()
  }, 60_000)

  it('an existing database gains the column, its workouts keeping their figures and stating no calories', async () => {
    const { dir, layout, old } = await databaseBefore('WorkoutCalories1795777000000', 'waymark-calories-migration-')
    await old.destroy()
    const db = await openDatabase(layout, new Date('2026-11-27T00:00:00Z'))
    try {
      expect(await db.query(`SELECT id, duration, distance, calories FROM workout`)).toEqual([{ id: 'w1', duration: 60, distance: 1, calories: null }])
    } finally {
      await db.destroy()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RecordsResponse, StatsBySportResponse, Workout, WorkoutLeg, WorkoutsResponse } from '../../../src/contracts'
import { SPORT_ID } from '../../../src/domain/sports'
import { openDatabase } from '../../db/open-database'
import { registerUser, startWithOwnerAndSam, type Account } from '../../test/accounts'
import { databaseBefore } from '../../test/database-before'
import type { TestServer } from '../../test/test-server'
import { fixture, realFile, upload } from '../../test/workouts'

const TRIATHLON = 'fit/activitylog2-920xt-triathlon.fit'

/**
 * The sessions of the Forerunner 920XT's triathlon as Garmin's FIT SDK decodes them (`@garmin/fitsdk`
 * `sessionMesgs`: sport, start time): swim, T1, ride, T2, run.
 */
const SESSIONS = [
  { sport_id: SPORT_ID.swimmingOpenWater, transition: false, workout_date: 'Sun, 14 Dec 2014 00:48:59 GMT' },
  { sport_id: SPORT_ID.other, transition: true, workout_date: 'Sun, 14 Dec 2014 01:03:41 GMT' },
  { sport_id: SPORT_ID.cyclingSport, transition: false, workout_date: 'Sun, 14 Dec 2014 01:07:02 GMT' },
  { sport_id: SPORT_ID.other, transition: true, workout_date: 'Sun, 14 Dec 2014 01:47:35 GMT' },
  { sport_id: SPORT_ID.running, transition: false, workout_date: 'Sun, 14 Dec 2014 01:50:53 GMT' },
]

/** The legs of one multisport file, each on its own page, linked to each other, with their transitions named. */
describe('multisport legs', () => {
  let t: TestServer
  let owner: Account
  let sam: Account
  beforeAll(async () => {
    ;({ t, owner, sam } = await startWithOwnerAndSam())
  })
  afterAll(() => t.close())

  const imported = async (account: Account): Promise<Workout[]> => {
    const answer = await upload<WorkoutsResponse>(t, account.token, 'triathlon.fit', await realFile(TRIATHLON), { sport_id: SPORT_ID.walking, detect_sport: true })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return answer.body.data.workouts
  }
  const page = async (account: Account | null, id: string) => t.api<WorkoutsResponse>('GET', `workouts/${id}`, account ? { token: account.token } : {})
  const shown = async (account: Account | null, id: string): Promise<Workout> => {
    const answer = await page(account, id)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const [workout] = answer.body.data.workouts
    if (!workout) throw new Error('no workout in the answer')
    return workout
  }
  /** What a leg's entry must tell of a workout, read from that workout's own page. */
  const legOf = (workout: Workout, transition: boolean): WorkoutLeg => ({
    id: workout.id,
    sport_id: workout.sport_id,
    title: workout.title,
    workout_date: workout.workout_date,
    distance: workout.distance,
    moving: workout.moving,
    transition,
  })

  it('lists every leg of the file in order on each leg’s page, its transitions named and holding no record, all counted in the statistics', async () => {
    const workouts = await imported(sam)
    expect(workouts.map(({ sport_id, workout_date }) => ({ sport_id, workout_date }))).toEqual(SESSIONS.map(({ sport_id, workout_date }) => ({ sport_id, workout_date })))
    expect(workouts.map((workout) => workout.title)).toEqual([expect.not.stringMatching(/Transition/), 'Transition 1', expect.not.stringMatching(/Transition/), 'Transition 2', expect.not.stringMatching(/Transition/)])
    const pages = await Promise.all(workouts.map((workout) => shown(sam, workout.id)))
    const legs = pages.map((workout, index) => legOf(workout, SESSIONS[index]?.transition ?? false))
    for (const workout of pages) expect(workout.legs).toEqual(legs)

    // Other's records would be a transition's (no other workout of Other): there are none; the others' are the legs'.
    const records = (await t.api<RecordsResponse>('GET', 'records', { token: sam.token })).body.data.records
    expect(records.filter((record) => record.sport_id === SPORT_ID.other)).toEqual([])
    expect(records.find((record) => record.sport_id === SPORT_ID.cyclingSport && record.record_type === 'FD')?.workout_id).toBe(workouts[2]?.id)
    // The statistics count both transitions under Other.
    const statistics = (await t.api<StatsBySportResponse>('GET', `stats/${sam.username}/by_sport`, { token: sam.token })).body.data.statistics
    expect(statistics[String(SPORT_ID.other)]?.nb_workouts).toBe(2)
  })

  it('names the transitions in the owner’s language', async () => {
    const german = await registerUser(t, 'greta', { activate: owner, language: 'de' })
    const french = await registerUser(t, 'fanny', { activate: owner, language: 'fr' })
    expect((await imported(german)).map((workout) => workout.title).filter((title) => title.includes('Wechsel'))).toEqual(['Wechsel 1', 'Wechsel 2'])
    expect((await imported(french)).filter((workout) => workout.sport_id === SPORT_ID.other).map((workout) => workout.title)).toEqual(['Transition 1', 'Transition 2'])
  })

  it('gives a plain file’s workout no legs', async () => {
    const answer = await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'), { sport_id: SPORT_ID.cyclingSport })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const [ride] = answer.body.data.workouts
    expect((await shown(sam, ride?.id ?? '')).legs).toEqual([])
  })

  it('keeps the other legs linked when one is deleted, and gives its record to no transition', async () => {
    const ida = await registerUser(t, 'ida', { activate: owner })
    const workouts = await imported(ida)
    const [swim, t1, ride, t2, run] = workouts
    if (!swim || !t1 || !ride || !t2 || !run) throw new Error('five legs expected')
    expect((await t.api('DELETE', `workouts/${t2.id}`, { token: ida.token })).status).toBe(204)
    // Other's records are recomputed from what is left: only T1, a transition.
    expect((await t.api<RecordsResponse>('GET', 'records', { token: ida.token })).body.data.records.filter((record) => record.sport_id === SPORT_ID.other)).toEqual([])
    const left = await Promise.all([swim, t1, ride, run].map((workout) => shown(ida, workout.id)))
    const legs = left.map((workout) => legOf(workout, workout.id === t1.id))
    for (const workout of left) expect(workout.legs).toEqual(legs)
    // With one leg left, it is a workout on its own.
    for (const workout of [swim, t1, ride]) expect((await t.api('DELETE', `workouts/${workout.id}`, { token: ida.token })).status).toBe(204)
    expect((await shown(ida, run.id)).legs).toEqual([])
  })

  it('shows another user only the legs they may see', async () => {
    const joan = await registerUser(t, 'joan', { activate: owner })
    const [swim, t1, ride, t2, run] = await imported(joan)
    if (!swim || !t1 || !ride || !t2 || !run) throw new Error('five legs expected')
    const everyone = { workout_visibility: 'public', analysis_visibility: 'public', map_visibility: 'public' }
    for (const workout of [swim, ride]) expect((await t.api('PATCH', `workouts/${workout.id}`, { token: joan.token, body: everyone })).status).toBe(200)
    const seen = [await shown(sam, swim.id), await shown(sam, ride.id)]
    const legs = seen.map((workout) => legOf(workout, false))
    expect(seen.map((workout) => workout.legs)).toEqual([legs, legs])
    expect((await shown(null, ride.id)).legs).toEqual(legs)
    expect((await page(sam, t1.id)).status).toBe(404)
    // Only the ride left to see: a list of itself alone says nothing.
    expect((await t.api('PATCH', `workouts/${swim.id}`, { token: joan.token, body: { workout_visibility: 'private' } })).status).toBe(200)
    expect((await shown(sam, ride.id)).legs).toEqual([])
    expect((await shown(joan, ride.id)).legs).toHaveLength(5)
  })

  it('comes to an existing database with no workout a transition', async () => {
    const { dir, layout, old } = await databaseBefore('MultisportTransitions1795852800000', 'waymark-multisport-')
    await old.destroy()
    const db = await openDatabase(layout, new Date('2026-11-29T00:00:00Z'))
    try {
      expect(await db.query(`SELECT id, transition FROM workout`)).toEqual([{ id: 'w1', transition: 0 }])
    } finally {
      await db.destroy()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ArchiveCreatedResponse, Workout, WorkoutsListResponse, WorkoutsResponse } from '../../../src/contracts'
import { registerUser, startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'
import { rides, upload } from '../../test/workouts'
import { buildZip } from '../../test/zip-builder'

/**
 * A list's previous/next of each workout are its neighbours among all the owner's workouts by date,
 * ties by id, whatever the page, order or filter. Pages in date order of every workout, or of a span
 * of dates, take them from the page itself but at its ends: the expectation here is sorted in the test.
 */
describe('the neighbours of listed workouts', () => {
  let t: TestServer
  let sam: Account
  /** Sam's workout ids oldest first, as the test sorts them. */
  let byDate: string[]
  const dated = new Map<string, { date: string; sport: number }>()

  beforeEach(async () => {
    let owner: Account
    ;({ t, owner, sam } = await startWithOwnerAndSam())
    const other = await registerUser(t, 'tom', { activate: owner })
    const rows: [string, number][] = [
      ['2022-03-04 08:00', 1],
      ['2022-03-01 08:00', 5],
      ['2022-03-02 08:00', 1],
      ['2022-03-01 08:00', 1],
      ['2022-03-03 08:00', 5],
      ['2022-03-01 08:00', 5],
      ['2022-03-02 08:00', 5],
      ['2022-02-28 08:00', 1],
      ['2022-03-05 08:00', 5],
    ]
    dated.clear()
    for (const [index, [date, sport]] of rows.entries()) {
      // Distances differ: a same-sport workout at the same time and distance would be the same outing.
      const created = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', { token: sam.token, body: { sport_id: sport, duration: 3600, distance: 5 + index, workout_date: date } })
      expect(created.status).toBe(201)
      dated.set((created.body.data.workouts[0] as Workout).id, { date, sport })
      // Another user's workout between each of Sam's is never a neighbour.
      expect((await t.api('POST', 'workouts/no_gpx', { token: other.token, body: { sport_id: 1, duration: 60, distance: 1, workout_date: date.replace('08:00', '08:30') } })).status).toBe(201)
    }
    byDate = [...dated].sort(([a, x], [b, y]) => (x.date === y.date ? (a < b ? -1 : 1) : x.date < y.date ? -1 : 1)).map(([id]) => id)
  })
  afterEach(() => t.close())

  const expected = (id: string): [string, string | null, string | null] => {
    const index = byDate.indexOf(id)
    return [id, byDate[index - 1] ?? null, byDate[index + 1] ?? null]
  }

  async function listed(query: string): Promise<Workout[]> {
    const answer = await t.api<WorkoutsListResponse>('GET', `workouts?${query}`, { token: sam.token })
    expect(answer.status).toBe(200)
    return answer.body.data.workouts
  }

  /** Every page of `query` at `perPage`, in the page order. */
  async function allPages(query: string, perPage: number): Promise<Workout[]> {
    const workouts: Workout[] = []
    for (let page = 1; page <= Math.ceil(dated.size / perPage) + 1; page++) workouts.push(...(await listed(`${query}&per_page=${perPage}&page=${page}`)))
    return workouts
  }

  const links = (workouts: readonly Workout[]) => workouts.map((w) => [w.id, w.previous_workout, w.next_workout])

  it('are the workouts just before and after by date, ties by id, at every page edge in both orders', async () => {
    // The three at 1 March and the two at 2 March make ties.
    expect(new Set([...dated.values()].map((w) => w.date)).size).toBe(6)
    for (const perPage of [1, 2, 3, 4, 9, 100]) {
      const newestFirst = await allPages('order=desc', perPage)
      expect(newestFirst.map((w) => w.id)).toEqual([...byDate].reverse())
      expect(links(newestFirst)).toEqual(newestFirst.map((w) => expected(w.id)))
      const oldestFirst = await allPages('order=asc', perPage)
      expect(oldestFirst.map((w) => w.id)).toEqual(byDate)
      expect(links(oldestFirst)).toEqual(oldestFirst.map((w) => expected(w.id)))
    }
  })

  it('are the same as the one-workout answer', async () => {
    for (const workout of await listed('per_page=4&page=2')) {
      const alone = (await t.api<WorkoutsResponse>('GET', `workouts/${workout.id}`, { token: sam.token })).body.data.workouts[0] as Workout
      expect([workout.id, workout.previous_workout, workout.next_workout]).toEqual([alone.id, alone.previous_workout, alone.next_workout])
    }
  })

  it('stay among all the workouts under a filter or another order', async () => {
    const runs = await allPages('sport_id=5&order=desc', 2)
    expect(runs.map((w) => w.id)).toEqual([...byDate].reverse().filter((id) => dated.get(id)?.sport === 5))
    expect(links(runs)).toEqual(runs.map((w) => expected(w.id)))
    const inMarch = await allPages('from=2022-03-01&order=asc', 3)
    expect(inMarch.map((w) => w.id)).toEqual(byDate.slice(1))
    expect(links(inMarch)).toEqual(inMarch.map((w) => expected(w.id)))
    // A span of days, as the calendar asks for a month: its first and last have neighbours outside it.
    const span = await allPages('from=2022-03-01&to=2022-03-03&order=desc', 2)
    expect(span.map((w) => w.id)).toEqual([...byDate].reverse().filter((id) => ['2022-03-01', '2022-03-02', '2022-03-03'].includes(dated.get(id)?.date.slice(0, 10) ?? '')))
    expect(links(span)).toEqual(span.map((w) => expected(w.id)))
    const runsInSpan = await allPages('sport_id=5&from=2022-03-01&to=2022-03-03&order=asc', 2)
    expect(runsInSpan.map((w) => w.id)).toEqual(byDate.filter((id) => dated.get(id)?.sport === 5 && (dated.get(id)?.date ?? '') < '2022-03-04'))
    expect(links(runsInSpan)).toEqual(runsInSpan.map((w) => expected(w.id)))
    const byDistance = await allPages('order_by=distance&order=asc', 4)
    expect(byDistance).toHaveLength(dated.size)
    expect(links(byDistance)).toEqual(byDistance.map((w) => expected(w.id)))
  })

  it("are in a created workout's answer too: each workout a file, an archive or a form made, among all the owner's", async () => {
    // The rides start at 12:44:45, 13:44:45 and 14:44:45 UTC on 14 March 2018, before every workout above but one.
    const [one, two, three] = await rides(3)
    if (!one || !two || !three) throw new Error('three rides expected')
    const early = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', { token: sam.token, body: { sport_id: 1, duration: 600, distance: 2, workout_date: '2018-03-14 08:00' } })
    const earlyId = (early.body.data.workouts[0] as Workout).id
    const first = byDate[0] ?? ''
    expect(links(early.body.data.workouts)).toEqual([[earlyId, null, first]])
    const archive = await upload<ArchiveCreatedResponse>(t, sam.token, 'rides.zip', buildZip([two, one]), { sport_id: 1 }, { respondAsync: false })
    expect(archive.status).toBe(201)
    const made = [...archive.body.data.workouts].sort((a, b) => Date.parse(a.workout_date) - Date.parse(b.workout_date))
    expect(made.map((w) => w.workout_date)).toEqual(['Wed, 14 Mar 2018 12:44:45 GMT', 'Wed, 14 Mar 2018 13:44:45 GMT'])
    const [oneId, twoId] = made.map((w) => w.id)
    expect(links(made)).toEqual([
      [oneId, earlyId, twoId],
      [twoId, oneId, first],
    ])
    const file = await upload<WorkoutsResponse>(t, sam.token, three.name, three.data, { sport_id: 1 }, { respondAsync: false })
    expect(file.status).toBe(201)
    expect(file.body.status).toBe('created')
    const threeId = (file.body.data.workouts[0] as Workout).id
    expect(links(file.body.data.workouts)).toEqual([[threeId, twoId, first]])
    // A workout typed in between two of them (14:00 in Paris is 13:00 UTC).
    const between = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', { token: sam.token, body: { sport_id: 1, duration: 600, distance: 3, workout_date: '2018-03-14 14:00' } })
    expect(between.status).toBe(201)
    expect(links(between.body.data.workouts)).toEqual([[(between.body.data.workouts[0] as Workout).id, oneId, twoId]])
  })
})

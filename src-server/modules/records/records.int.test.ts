import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ImportTaskResponse, RecordsResponse, Workout, WorkoutsListResponse, WorkoutsResponse } from '../../../src/contracts'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import { holdFirstFileCommit } from '../../test/held-commit'
import type { TestServer } from '../../test/test-server'
import { fixture, rides, upload, waitForImport } from '../../test/workouts'
import { buildZip } from '../../test/zip-builder'

/** Deterministic picks, so a failure can be replayed. */
function seeded(seed: number): <T>(choices: readonly T[]) => T {
  let state = seed
  return (choices) => {
    state = (state * 48_271) % 2_147_483_647
    return choices[state % choices.length] as (typeof choices)[number]
  }
}

const seconds = (hms: string) => hms.split(':').reduce((total, part) => total * 60 + Number(part), 0)

/** The value of each record type of a listed workout. */
const VALUES: Record<string, (workout: Workout) => number | null> = {
  AS: (workout) => workout.ave_speed,
  FD: (workout) => workout.distance,
  HA: (workout) => workout.ascent,
  LD: (workout) => seconds(workout.moving),
  MS: (workout) => workout.max_speed,
}

/**
 * The records the rule gives, from the workouts as listed: per sport and type, the highest
 * positive value, ties going to the earliest workout, then to the smallest id.
 */
function expectedRecords(workouts: readonly Workout[]): [number, string, string][] {
  const records: [number, string, string][] = []
  for (const sportId of [...new Set(workouts.map((workout) => workout.sport_id))].sort((a, b) => a - b)) {
    for (const [type, valueOf] of Object.entries(VALUES)) {
      const [best] = workouts
        .filter((workout) => workout.sport_id === sportId && (valueOf(workout) ?? 0) > 0)
        .sort(
          (a, b) =>
            (valueOf(b) ?? 0) - (valueOf(a) ?? 0) ||
            Date.parse(a.workout_date) - Date.parse(b.workout_date) ||
            (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
        )
      if (best) records.push([sportId, type, best.id])
    }
  }
  return records
}

describe('records', () => {
  let t: TestServer
  let sam: Account
  beforeEach(async () => {
    ;({ t, sam } = await startWithOwnerAndSam())
  })
  afterEach(() => t.close())

  const records = async () =>
    (await t.api<RecordsResponse>('GET', 'records', { token: sam.token })).body.data.records.map((record) => [record.sport_id, record.record_type, record.workout_id])
  const workouts = async () => (await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=100', { token: sam.token })).body.data.workouts

  it('after each new workout, are the best of all workouts (ties: earliest, then smallest id)', async () => {
    const pick = seeded(19)
    for (let index = 0; index < 14; index += 1) {
      if (index === 7) expect((await upload(t, sam.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'))).status).toBe(201)
      else {
        // Few distinct values and dates, so ties on value and on date are frequent.
        const body = {
          sport_id: pick([1, 1, 2]),
          distance: pick([5, 10, 10, 20]),
          duration: pick([1800, 3600, 3600]),
          workout_date: pick(['2020-01-01 10:00', '2020-01-01 10:00', '2020-01-02 10:00']),
          ...pick([{}, { ascent: 0 }, { ascent: 100 }, { ascent: 100 }]),
        }
        expect((await t.api('POST', 'workouts/no_gpx', { token: sam.token, body })).status).toBe(201)
      }
      expect(await records()).toEqual(expectedRecords(await workouts()))
    }
    // A deletion hands each of its records to the next best.
    const [first] = await records()
    expect((await t.api('DELETE', `workouts/${first?.[2]}`, { token: sam.token })).status).toBe(204)
    expect(await records()).toEqual(expectedRecords(await workouts()))
  })

  it('on a tie in value go to the earlier workout, and on the same start to the smaller id, whatever order they come in', async () => {
    const tie = (workout_date: string) => ({ sport_id: 1, distance: 10, duration: 3600, workout_date })
    const add = async (workoutDate: string) => {
      const answer = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', { token: sam.token, body: tie(workoutDate) })
      expect(answer.status).toBe(201)
      return answer.body.data.workouts[0]?.id ?? ''
    }
    const holders = async () => {
      const answer = await t.api<RecordsResponse>('GET', 'records', { token: sam.token })
      expect(answer.body.status).toBe('success')
      // Distance, longest duration and both speeds: every figure of these workouts ties.
      const ids = new Set(answer.body.data.records.map((record) => record.workout_id))
      expect(answer.body.data.records.map((record) => record.record_type)).toEqual(['AS', 'FD', 'LD', 'MS'])
      expect(ids.size).toBe(1)
      return [...ids][0]
    }
    const first = await add('2020-01-10 10:00')
    await add('2020-01-11 10:00')
    expect(await holders()).toBe(first)
    // Ids are random. Each tie added at the same start meets a holder that came alone before it,
    // so its id is as likely smaller as larger (a fresh coin a turn, not the run's smallest id):
    // after each turn the older of the two is deleted, until one of each case was decided.
    let holder = first
    const seen = { larger: false, smaller: false }
    for (let turn = 0; turn < 40 && !(seen.larger && seen.smaller); turn++) {
      const id = await add('2020-01-10 10:00')
      seen[id > holder ? 'larger' : 'smaller'] = true
      expect(await holders()).toBe(id < holder ? id : holder)
      expect((await t.api('DELETE', `workouts/${holder}`, { token: sam.token })).status).toBe(204)
      expect(await holders()).toBe(id)
      holder = id
    }
    expect(seen).toEqual({ larger: true, smaller: true })
    // Earlier starts win whatever their ids, each against the last one's (again a fresh coin a
    // turn): until one came with a larger id than the holder's.
    let earlierWithLargerId = false
    for (let minute = 59; minute >= 0 && !earlierWithLargerId; minute -= 1) {
      const id = await add(`2020-01-10 09:${String(minute).padStart(2, '0')}`)
      earlierWithLargerId = id > holder
      expect(await holders()).toBe(id)
      holder = id
    }
    expect(earlierWithLargerId).toBe(true)
  })

  it('of a sport left without a value are none, after an edit or a deletion', async () => {
    const added = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
      token: sam.token,
      body: { sport_id: 2, distance: 10, duration: 3600, workout_date: '2020-01-10 10:00', ascent: 100 },
    })
    const id = added.body.data.workouts[0]?.id ?? ''
    expect(await records()).toEqual(['AS', 'FD', 'HA', 'LD', 'MS'].map((type) => [2, type, id]))
    expect((await t.api('PATCH', `workouts/${id}`, { token: sam.token, body: { ascent: 0 } })).status).toBe(200)
    expect(await records()).toEqual(['AS', 'FD', 'LD', 'MS'].map((type) => [2, type, id]))
    expect((await t.api('DELETE', `workouts/${id}`, { token: sam.token })).status).toBe(204)
    expect(await records()).toEqual([])
  })

  it('after an archive whose files commit together, are the best of all its workouts', async () => {
    // The first file's commit is held until the next two files' writes are queued behind it: they
    // commit together, their records brought up to date once for both. Copies of one ride an hour
    // apart tie on every value: the earliest (the batch's second file) must hold every record.
    const hold = holdFirstFileCommit(5)
    const copies = await rides(5)
    const entries = [4, 1, 0, 2, 3].flatMap((index) => copies.slice(index, index + 1))
    const own = await startWithOwnerAndSam(hold.options)
    try {
      hold.count()
      const started = await upload<ImportTaskResponse>(own.t, own.sam.token, 'rides.zip', buildZip(entries))
      await hold.releaseWhenQueued()
      const task = await waitForImport(own.t, own.sam.token, started.body.data.task.id)
      expect(task.results.map((result) => result.status)).toEqual(entries.map(() => 'imported'))
      expect(task.results.map((result) => result.file)).toEqual(entries.map((entry) => entry.name))
      expect(hold.counted.commits).toBeLessThan(hold.counted.writes)
      const listed = (await own.t.api<WorkoutsListResponse>('GET', 'workouts?per_page=100', { token: own.sam.token })).body.data.workouts
      const stored = (await own.t.api<RecordsResponse>('GET', 'records', { token: own.sam.token })).body.data.records
      expect(stored.map((record) => [record.sport_id, record.record_type, record.workout_id])).toEqual(expectedRecords(listed))
    } finally {
      await own.t.close()
    }
  })
})

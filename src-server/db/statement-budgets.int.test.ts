import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WorkoutsResponse } from '../../src/contracts'
import { registerUser, type Account } from '../test/accounts'
import { onPostgresLane } from '../test/postgres-lane'
import { startTestServer, type TestServer } from '../test/test-server'
import { fixture, upload } from '../test/workouts'

/**
 * The statements each dashboard call sends to the database (every one a round trip on
 * PostgreSQL, where under 20 clients each waits for a backend process on the same cores), counted
 * on every connection, BEGIN and COMMIT included, answer cache off: a budget per call, on both engines.
 */
const BUDGETS: [name: string, path: string, statements: number][] = [
  ['calendar month', 'workouts?from=2024-05-26&to=2024-07-06&per_page=100&order=asc', 1],
  ['timeline page of 5', 'workouts?page=1&per_page=5', 1],
  ['stats by year', 'stats/ann/by_time?time=year', 1],
  ['stats by month', 'stats/ann/by_time?time=month&from=2023-07-01&to=2024-06-30', 1],
  ['stats by week', 'stats/ann/by_time?time=week&from=2024-04-01&to=2024-06-30', 1],
  ['stats by sport', 'stats/ann/by_sport', 1],
  ['records', 'records', 1],
  // Totals, sports, records and follow counts: 4 statements before.
  ['profile', 'auth/profile', 1],
  // The account by name, its figures, the follow requests either way (one each before: 4).
  ['another user’s profile', 'users/owner', 3],
  ['workouts list', 'workouts?page=1&per_page=10&order_by=distance&order=desc&sport_id=1', 1],
  // The workout with its neighbours, segments, records, likes, sport, whether it has equipment and its insights (10, 8, then 2 before).
  ['a workout', 'workouts/{ride}', 1],
  // One read snapshot (the page, what it is about, its two senders presented once each, their
  // follow requests in one statement) and the liked workout's page once, its insights with it: 35
  // before (a snapshot per notification's sender, two follow lookups each, and the workout's page
  // per notification), then 12 (the insights apart).
  ['notifications', 'notifications?per_page=5', 11],
]

/**
 * A statement of the instance's lease, renewed on a timer whatever the requests (PostgreSQL), so
 * not counted; a write's own notice also names that table, in `pg_notify`, and is counted.
 */
const leaseWork = (sql: string) => sql.includes('server_instance') && !sql.includes('pg_notify')

/** The server's hooks that add each statement but the lease's to `into()`'s list, while it gives one. */
const counting = (into: () => string[] | null) => ({ onStatement: (sql: string) => void (leaseWork(sql) ? null : into()?.push(sql)) })

describe('statements per dashboard call', () => {
  let t: TestServer
  let ann: Account
  let ride = ''
  let recording: string[] | null = null

  beforeAll(async () => {
    t = await startTestServer({ readCacheTtlMs: 0, hooks: counting(() => recording) })
    const owner = await registerUser(t, 'owner')
    ann = await registerUser(t, 'ann', { activate: owner })
    // Something of every kind the calls read: a file's workout (segments, records, track), workouts of four sports, a follower, a like.
    const uploaded = await upload<WorkoutsResponse>(t, ann.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'), { sport_id: 1 })
    ride = uploaded.body.data.workouts[0]?.id ?? ''
    expect((await t.api('PATCH', `workouts/${ride}`, { token: ann.token, body: { workout_visibility: 'public' } })).status).toBe(200)
    for (const [date, sport] of [['2024-06-01 08:00', 1], ['2024-06-03 08:00', 2], ['2024-05-20 08:00', 5], ['2023-12-24 08:00', 6]] as const) {
      expect((await t.api('POST', 'workouts/no_gpx', { token: ann.token, body: { sport_id: sport, duration: 3600, distance: 10, workout_date: date } })).status).toBe(201)
    }
    // Four notifications for ann from two senders, two about the same workout.
    const kim = await registerUser(t, 'kim', { activate: owner })
    for (const sender of [owner, kim]) {
      expect((await t.api('POST', 'users/ann/follow', { token: sender.token })).status).toBe(200)
      expect((await t.api('POST', `workouts/${ride}/like`, { token: sender.token })).status).toBe(200)
    }
  }, 60_000)
  afterAll(async () => {
    await t.close()
  })

  it.each(BUDGETS)('%s: %s sends %i statement(s)', async (_name, path, budget) => {
    const url = path.replace('{ride}', ride)
    // Once unmeasured: a first call may still read what the next ones keep (a session's user).
    expect((await t.api('GET', url, { token: ann.token })).status).toBe(200)
    recording = []
    const answer = await t.api('GET', url, { token: ann.token })
    const sent: string[] = recording
    recording = null
    expect(answer.status).toBe(200)
    expect(sent, sent.join('\n')).toHaveLength(budget)
  })
})

/**
 * The statements an upload sends: the first workout of a sport makes its five records at once
 * (one INSERT, not one each); on PostgreSQL each write also sends its notice to the other instances.
 */
describe('statements per upload', () => {
  let t: TestServer
  let ann: Account
  let recording: string[] | null = null
  const notice = onPostgresLane() ? 1 : 0

  beforeAll(async () => {
    t = await startTestServer({ hooks: counting(() => recording) })
    const owner = await registerUser(t, 'owner')
    ann = await registerUser(t, 'ann', { activate: owner })
  }, 60_000)
  afterAll(async () => {
    await t.close()
  })

  it('a GPX file, the first of its sport, with the workout it answers', async () => {
    const gpx = await fixture('gpx/gpx_file.gpx')
    recording = []
    const answer = await upload(t, ann.token, 'ride.gpx', gpx, { sport_id: 1 })
    const sent: string[] = recording
    recording = null
    expect(answer.status).toBe(201)
    // 24 before: a statement per record, and the neighbours of the workout answered in two; 20
    // before the sport's default equipment was read without reading the sport again; 19 before
    // the workout's list fragment was read back with its segments and written (2), which makes
    // the list of 100 hand ~10 times fewer values over (`list-fragments.ts`).
    expect(sent, sent.join('\n')).toHaveLength(21 + notice)
  })
})

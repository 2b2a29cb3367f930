import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { UsersListResponse, Workout, WorkoutsListResponse, WorkoutsResponse } from '../../../src/contracts'
import { registerUser, type Account } from '../../test/accounts'
import { startTestServer, type TestServer } from '../../test/test-server'
import { fixture, upload } from '../../test/workouts'

/**
 * What the reference tracker's own web client (0.6.x) sends, and the answers it needs to keep
 * working against this server.
 */
describe('reference client compatibility', () => {
  let t: TestServer
  let admin: Account
  beforeEach(async () => {
    t = await startTestServer()
    admin = await registerUser(t, 'owner')
  })
  afterEach(() => t.close())

  const manual = (body: Record<string, unknown>) =>
    t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
      token: admin.token,
      body: { sport_id: 1, duration: 3600, distance: 10, workout_date: '2018-05-15 14:05', ...body },
    })
  const only = (answer: { body: WorkoutsResponse }) => answer.body.data.workouts[0] as Workout

  it('keeps empty notes empty, on uploads and on workouts typed in', async () => {
    const uploaded = only(await upload<WorkoutsResponse>(t, admin.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'), { sport_id: 1, notes: '' }))
    expect(uploaded.notes).toBe('')
    expect(only(await manual({ notes: '' })).notes).toBe('')
    // Without the field there are no notes at all.
    expect(only(await manual({})).notes).toBeNull()
  })

  it('takes notes: null in an edit as "leave the notes as they are"', async () => {
    const workout = only(await manual({ notes: 'windy' }))
    const edited = await t.api<WorkoutsResponse>('PATCH', `workouts/${workout.id}`, {
      token: admin.token,
      body: { sport_id: 1, title: 'Renamed', notes: null },
    })
    expect(edited.status).toBe(200)
    expect(only(edited)).toMatchObject({ title: 'Renamed', notes: 'windy' })
    const cleared = await t.api<WorkoutsResponse>('PATCH', `workouts/${workout.id}`, { token: admin.token, body: { notes: '' } })
    expect(only(cleared).notes).toBe('')
  })

  it('serves at most 100 workouts or users a page instead of refusing a larger page size', async () => {
    await manual({})
    const workouts = await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=1000', { token: admin.token })
    expect(workouts.status).toBe(200)
    expect(workouts.body.data.workouts).toHaveLength(1)
    expect(workouts.body.pagination).toMatchObject({ page: 1, pages: 1, total: 1 })
    const users = await t.api<UsersListResponse>('GET', 'users?per_page=500', { token: admin.token })
    expect(users.status).toBe(200)
    expect(users.body.data.users).toHaveLength(1)
  })

  it('pages with the capped size', async () => {
    for (let day = 1; day <= 101; day += 1) {
      await manual({ workout_date: `2018-05-${String((day % 28) + 1).padStart(2, '0')} ${String(day % 24).padStart(2, '0')}:00` })
    }
    const answer = await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=150&page=2', { token: admin.token })
    expect(answer.body.data.workouts).toHaveLength(1)
    expect(answer.body.pagination).toMatchObject({ page: 2, pages: 2, total: 101, has_prev: true })
  })
})

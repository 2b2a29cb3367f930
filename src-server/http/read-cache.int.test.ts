import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ProfileResponse, WorkoutsListResponse } from '../../src/contracts'
import { UserEntity } from '../db/entities'
import { registerUser, type Account } from '../test/accounts'
import { startTestServer, type TestServer } from '../test/test-server'

describe('cached answers of read calls', () => {
  let t: TestServer
  let owner: Account
  let clock: Date
  beforeEach(async () => {
    clock = new Date('2026-01-01T00:00:00Z')
    t = await startTestServer({ now: () => clock })
    owner = await registerUser(t, 'owner')
  })
  afterEach(() => t.close())

  it('follow every write made through the server at once', async () => {
    const before = await t.api<WorkoutsListResponse>('GET', 'workouts', { token: owner.token })
    expect(before.body.pagination.total).toBe(0)
    await t.api('POST', 'workouts/no_gpx', { token: owner.token, body: { sport_id: 1, duration: 60, distance: 1, workout_date: '2020-01-01 10:00' } })
    const after = await t.api<WorkoutsListResponse>('GET', 'workouts', { token: owner.token })
    expect(after.body.pagination.total).toBe(1)
    expect(after.headers.get('content-type')).toContain('application/json')
  })

  it('are never shared between users', async () => {
    const sam = await registerUser(t, 'sam', { activate: owner })
    await t.api('POST', 'workouts/no_gpx', { token: owner.token, body: { sport_id: 1, duration: 60, distance: 1, workout_date: '2020-01-01 10:00' } })
    expect((await t.api<WorkoutsListResponse>('GET', 'workouts', { token: owner.token })).body.pagination.total).toBe(1)
    expect((await t.api<WorkoutsListResponse>('GET', 'workouts', { token: sam.token })).body.pagination.total).toBe(0)
  })

  it('show a change made by another process (the CLI) within ten seconds', async () => {
    expect((await t.api<ProfileResponse>('GET', 'auth/profile', { token: owner.token })).body.data.first_name).toBeNull()
    await t.server.dataSource.manager.update(UserEntity, { username: 'owner' }, { firstName: 'Ada' })
    expect((await t.api<ProfileResponse>('GET', 'auth/profile', { token: owner.token })).body.data.first_name).toBeNull()
    clock = new Date(clock.getTime() + 10_001)
    expect((await t.api<ProfileResponse>('GET', 'auth/profile', { token: owner.token })).body.data.first_name).toBe('Ada')
  })
})

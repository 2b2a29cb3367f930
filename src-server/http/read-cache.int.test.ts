import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { ProfileResponse, WorkoutsListResponse } from '../../src/contracts'
import { UserEntity } from '../db/entities'
import { registerUser, type Account } from '../test/accounts'
import { rawGet } from '../test/raw-get'
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

  it('send a hit the very bytes the first answer went out as, in each encoding, until a write drops them', async () => {
    const add = (day: number) =>
      t.api('POST', 'workouts/no_gpx', { token: owner.token, body: { sport_id: 1, duration: 60, distance: 1, workout_date: `2020-01-0${day} 10:00` } })
    for (const day of [1, 2, 3]) await add(day)
    const url = `${t.url}/api/workouts?per_page=10`
    // Each encoding's first answer, then a hit in each: one encoding's bytes never go out as the other.
    const gzip = await rawGet(url, owner.token, 'gzip, deflate')
    const br = await rawGet(url, owner.token, 'gzip, deflate, br')
    const gzipHit = await rawGet(url, owner.token, 'gzip, deflate')
    const brHit = await rawGet(url, owner.token, 'gzip, deflate, br')
    const plain = await rawGet(url, owner.token, 'identity')
    // Three workouts are ~3 KB of JSON: compressed, whichever answer computed or kept it.
    expect([gzip.encoding, br.encoding, gzipHit.encoding, brHit.encoding, plain.encoding]).toEqual(['gzip', 'br', 'gzip', 'br', undefined])
    expect(gzipHit.body.equals(gzip.body)).toBe(true)
    expect(brHit.body.equals(br.body)).toBe(true)
    const text = plain.body.toString()
    expect((JSON.parse(text) as WorkoutsListResponse).pagination.total).toBe(3)
    expect(gunzipSync(gzipHit.body).toString()).toBe(text)
    expect(brotliDecompressSync(brHit.body).toString()).toBe(text)
    await add(4)
    const after = (answer: { body: Buffer }, decode: (bytes: Buffer) => Buffer) => (JSON.parse(decode(answer.body).toString()) as WorkoutsListResponse).pagination.total
    expect(after(await rawGet(url, owner.token, 'gzip, deflate'), gunzipSync)).toBe(4)
    expect(after(await rawGet(url, owner.token, 'gzip, deflate, br'), brotliDecompressSync)).toBe(4)
  })

  it('show a change made by another process (the CLI) within ten seconds', async () => {
    expect((await t.api<ProfileResponse>('GET', 'auth/profile', { token: owner.token })).body.data.first_name).toBeNull()
    await t.server.dataSource.manager.update(UserEntity, { username: 'owner' }, { firstName: 'Ada' })
    expect((await t.api<ProfileResponse>('GET', 'auth/profile', { token: owner.token })).body.data.first_name).toBeNull()
    clock = new Date(clock.getTime() + 10_001)
    expect((await t.api<ProfileResponse>('GET', 'auth/profile', { token: owner.token })).body.data.first_name).toBe('Ada')
  })
})

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Sport, SportsResponse } from '../../../src/contracts'
import { SPORTS } from '../../../src/domain/sports'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import { startTestServer, type TestServer } from '../../test/test-server'

describe('sports and sport preferences', () => {
  let t: TestServer
  let admin: Account
  let sam: Account
  beforeEach(async () => {
    ;({ t, owner: admin, sam } = await startWithOwnerAndSam())
  })
  afterEach(() => t.close())

  const sportsOf = async (account: Account): Promise<Sport[]> =>
    (await t.api<SportsResponse>('GET', 'sports', { token: account.token })).body.data.sports

  it('lists the seeded sports: the reference 12 with their ids and thresholds, then the sports for real files', async () => {
    const sports = await sportsOf(sam)
    expect(sports.map(({ id, label, stopped_speed_threshold }) => ({ id, label, threshold: stopped_speed_threshold }))).toEqual(
      SPORTS.map(({ id, label, threshold }) => ({ id, label, threshold })),
    )
    expect(sports[0]).toEqual({
      id: 1,
      label: 'Cycling (Sport)',
      color: null,
      is_active: true,
      is_active_for_user: true,
      stopped_speed_threshold: 1,
      speed_display: 'speed',
    })
    expect((await sportsOf(admin))[0]).toMatchObject({ has_workouts: false })
  })

  it('lets administrators disable and enable a sport for everyone', async () => {
    const disabled = await t.api<SportsResponse>('PATCH', 'sports/3', { token: admin.token, body: { is_active: false } })
    expect(disabled.body.data.sports).toEqual([expect.objectContaining({ id: 3, is_active: false, is_active_for_user: false })])
    expect((await sportsOf(sam)).find((sport) => sport.id === 3)).toMatchObject({ is_active: false, is_active_for_user: false })
    await t.api('PATCH', 'sports/3', { token: admin.token, body: { is_active: true } })
    expect((await sportsOf(sam)).find((sport) => sport.id === 3)?.is_active).toBe(true)
    // The sports added for real files are administered like the others.
    for (const id of [13, 14, 15, 16]) {
      await t.api('PATCH', `sports/${id}`, { token: admin.token, body: { is_active: false } })
      expect((await sportsOf(sam)).find((sport) => sport.id === id)).toMatchObject({ is_active: false, is_active_for_user: false })
    }
    expect(await t.api('PATCH', 'sports/99', { token: admin.token, body: { is_active: false } })).toMatchObject({
      status: 404,
      body: { message: 'sport does not exist' },
    })
    expect((await t.api('PATCH', 'sports/abc', { token: admin.token, body: { is_active: false } })).status).toBe(404)
    expect((await t.api('PATCH', 'sports/1', { token: admin.token, body: { is_active: 'no' } })).status).toBe(400)
  })

  it('saves a user colour, activation and threshold, and resets them', async () => {
    const saved = await t.api('POST', 'auth/profile/edit/sports', {
      token: sam.token,
      body: { sport_id: 5, color: '#ff0000', is_active: false, stopped_speed_threshold: 2.5 },
    })
    expect(saved.body).toEqual({
      status: 'success',
      message: 'user sport preferences updated',
      data: { user_id: expect.any(Number), sport_id: 5, color: '#ff0000', is_active: false, stopped_speed_threshold: 2.5, speed_display: 'speed' },
    })
    expect((await sportsOf(sam)).find((sport) => sport.id === 5)).toMatchObject({
      color: '#ff0000',
      is_active: true,
      is_active_for_user: false,
      stopped_speed_threshold: 2.5,
    })
    expect((await sportsOf(admin)).find((sport) => sport.id === 5)).toMatchObject({ color: null, stopped_speed_threshold: 1 })
    expect((await t.api('DELETE', 'auth/profile/reset/sports/5', { token: sam.token })).status).toBe(204)
    expect((await sportsOf(sam)).find((sport) => sport.id === 5)).toMatchObject({ color: null, is_active_for_user: true, stopped_speed_threshold: 1 })
  })

  it.each([
    [{ sport_id: 1 }],
    [{ sport_id: 1, color: 'red' }],
    [{ sport_id: 1, stopped_speed_threshold: -1 }],
    [{ sport_id: '1', color: '#fff' }],
    [{ sport_id: 1, speed_display: 'min/km' }],
  ])('refuses sport preferences %j', async (body) => {
    expect(await t.api('POST', 'auth/profile/edit/sports', { token: sam.token, body })).toMatchObject({
      status: 400,
      body: { message: 'invalid payload' },
    })
  })

  it('keeps a per-sport choice of speed or pace: speed by default, kept by other edits, reset, and after an upgrade', async () => {
    const edit = (body: Record<string, unknown>) => t.api('POST', 'auth/profile/edit/sports', { token: sam.token, body: { sport_id: 5, ...body } })
    expect((await sportsOf(sam)).every((sport) => sport.speed_display === 'speed')).toBe(true)
    expect((await edit({ speed_display: 'pace' })).body).toMatchObject({ data: { sport_id: 5, speed_display: 'pace', stopped_speed_threshold: 1, color: null } })
    // A reference client's edit (no speed_display) leaves the choice alone.
    expect((await edit({ color: '#00ff00', stopped_speed_threshold: 2 })).body).toMatchObject({ data: { speed_display: 'pace', color: '#00ff00' } })
    const running = (await sportsOf(sam)).find((sport) => sport.id === 5)
    expect(running).toMatchObject({ speed_display: 'pace', stopped_speed_threshold: 2 })
    // Per user and per sport.
    expect((await sportsOf(admin)).find((sport) => sport.id === 5)?.speed_display).toBe('speed')
    expect((await sportsOf(sam)).find((sport) => sport.id === 1)?.speed_display).toBe('speed')
    expect((await t.api('DELETE', 'auth/profile/reset/sports/5', { token: sam.token })).status).toBe(204)
    expect((await sportsOf(sam)).find((sport) => sport.id === 5)?.speed_display).toBe('speed')

    // A database from before the choice: its preferences read as speed after the migration.
    await edit({ color: '#123456' })
    await t.server.dataSource.query(`ALTER TABLE user_sport_preference DROP COLUMN speed_display`)
    await t.server.dataSource.query(`DELETE FROM migrations WHERE name = 'SportSpeedDisplay1795528211867'`)
    const dataDir = t.dataDir
    await t.close({ keepData: true })
    t = await startTestServer({ dataDir })
    expect((await sportsOf(sam)).find((sport) => sport.id === 5)).toMatchObject({ color: '#123456', speed_display: 'speed' })
    expect((await edit({ speed_display: 'pace' })).status).toBe(200)
    expect((await sportsOf(sam)).find((sport) => sport.id === 5)?.speed_display).toBe('pace')
  })

  it('answers 404 for an unknown sport', async () => {
    expect(await t.api('POST', 'auth/profile/edit/sports', { token: sam.token, body: { sport_id: 42, color: '#fff' } })).toMatchObject({
      status: 404,
      body: { message: 'sport does not exist' },
    })
    expect((await t.api('DELETE', 'auth/profile/reset/sports/42', { token: sam.token })).status).toBe(404)
  })
})

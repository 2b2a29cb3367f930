import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Sport, SportsResponse } from '../../../src/contracts'
import { SPORTS } from '../../../src/domain/sports'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import { onPostgresLane } from '../../test/postgres-lane'
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
    expect(sports.find((sport) => sport.id === 5)?.speed_display).toBe('pace')
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
      data: { user_id: expect.any(Number), sport_id: 5, color: '#ff0000', is_active: false, stopped_speed_threshold: 2.5, speed_display: 'pace' },
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

  it('reads foot sports and swims as pace and the others as speed until the user chooses, keeps the choice through other edits, reset and an upgrade', async () => {
    const edit = (body: Record<string, unknown>) => t.api('POST', 'auth/profile/edit/sports', { token: sam.token, body: { sport_id: 5, ...body } })
    const displayOf = async (account: Account, id: number) => (await sportsOf(account)).find((sport) => sport.id === id)?.speed_display
    // Running, hiking, walking, trail, snowshoes and both swims count pace (issue 33); the rest speed.
    const paced = new Set([3, 5, 6, 8, 12, 13, 14])
    expect(Object.fromEntries((await sportsOf(sam)).map((sport) => [sport.id, sport.speed_display]))).toEqual(
      Object.fromEntries(SPORTS.map(({ id }) => [id, paced.has(id) ? 'pace' : 'speed'])),
    )
    // A preference saved for something else leaves the default in place.
    expect((await edit({ color: '#00ff00' })).body).toMatchObject({ data: { speed_display: 'pace', color: '#00ff00' } })
    expect((await edit({ speed_display: 'speed' })).body).toMatchObject({ data: { sport_id: 5, speed_display: 'speed', stopped_speed_threshold: 1, color: '#00ff00' } })
    // A reference client's edit (no speed_display) leaves the choice alone.
    expect((await edit({ color: '#0000ff', stopped_speed_threshold: 2 })).body).toMatchObject({ data: { speed_display: 'speed', color: '#0000ff' } })
    expect((await sportsOf(sam)).find((sport) => sport.id === 5)).toMatchObject({ speed_display: 'speed', stopped_speed_threshold: 2 })
    // Per user and per sport; a cyclist may choose pace.
    expect(await displayOf(admin, 5)).toBe('pace')
    expect((await t.api('POST', 'auth/profile/edit/sports', { token: sam.token, body: { sport_id: 1, speed_display: 'pace' } })).status).toBe(200)
    expect(await displayOf(sam, 1)).toBe('pace')
    expect(await displayOf(admin, 1)).toBe('speed')
    expect((await t.api('DELETE', 'auth/profile/reset/sports/5', { token: sam.token })).status).toBe(204)
    expect(await displayOf(sam, 5)).toBe('pace')
  })

  // The upgrade is SQLite's history: PostgreSQL's databases begin at a baseline that already has the new defaults.
  it.skipIf(onPostgresLane())('gives users who never chose the new defaults after the upgrade, and keeps a pace that was chosen', async () => {
    const edit = (body: Record<string, unknown>) => t.api('POST', 'auth/profile/edit/sports', { token: sam.token, body })
    // A database as the previous version left it: every preference row held 'speed' unless pace was chosen.
    await edit({ sport_id: 5, color: '#123456' })
    await edit({ sport_id: 1, speed_display: 'pace' })
    await edit({ sport_id: 4, color: '#654321' })
    await t.server.dataSource.query(`DELETE FROM migrations WHERE name = 'SportSpeedDisplayDefault1795759949113'`)
    await t.server.dataSource.query(`ALTER TABLE user_sport_preference DROP COLUMN speed_display`)
    await t.server.dataSource.query(
      `ALTER TABLE user_sport_preference ADD COLUMN speed_display text NOT NULL DEFAULT 'speed' CHECK (speed_display IN ('speed', 'pace'))`,
    )
    await t.server.dataSource.query(`UPDATE user_sport_preference SET speed_display = 'pace' WHERE sport_id = 1`)
    const dataDir = t.dataDir
    await t.close({ keepData: true })
    t = await startTestServer({ dataDir })
    const sports = await sportsOf(sam)
    expect(sports.find((sport) => sport.id === 5)).toMatchObject({ color: '#123456', speed_display: 'pace' })
    expect(sports.find((sport) => sport.id === 1)?.speed_display).toBe('pace')
    expect(sports.find((sport) => sport.id === 4)).toMatchObject({ color: '#654321', speed_display: 'speed' })
    expect((await edit({ sport_id: 5, speed_display: 'speed' })).status).toBe(200)
    expect((await sportsOf(sam)).find((sport) => sport.id === 5)?.speed_display).toBe('speed')
  })

  it('saves a stopped-speed threshold of 0 (every slow point counts as moving)', async () => {
    const edit = (body: Record<string, unknown>) => t.api('POST', 'auth/profile/edit/sports', { token: sam.token, body: { sport_id: 5, ...body } })
    expect((await edit({ stopped_speed_threshold: 2 })).body).toMatchObject({ data: { stopped_speed_threshold: 2 } })
    expect((await edit({ stopped_speed_threshold: 0 })).body).toMatchObject({ data: { stopped_speed_threshold: 0 } })
    expect((await sportsOf(sam)).find((sport) => sport.id === 5)?.stopped_speed_threshold).toBe(0)
    // Other edits leave it at 0.
    expect((await edit({ color: '#abcdef' })).body).toMatchObject({ data: { stopped_speed_threshold: 0, color: '#abcdef' } })
  })

  it('answers 404 for an unknown sport', async () => {
    expect(await t.api('POST', 'auth/profile/edit/sports', { token: sam.token, body: { sport_id: 42, color: '#fff' } })).toMatchObject({
      status: 404,
      body: { message: 'sport does not exist' },
    })
    expect((await t.api('DELETE', 'auth/profile/reset/sports/42', { token: sam.token })).status).toBe(404)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TimelineResponse, WorkoutsResponse } from '../../../src/contracts'
import { registerUser, startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'
import { fixture, upload } from '../../test/workouts'

/**
 * The feed (`GET /timeline`, issue 31): the caller's own workouts and, from the active users they
 * follow (approved), the workouts that are not private; newest first, five a page; each shown as
 * a follower may see it (no map id where the map is hidden). Public workouts of people one does
 * not follow are not in it, as in the reference.
 */
describe('timeline', () => {
  let t: TestServer
  let sam: Account
  let kim: Account
  let pia: Account
  let lea: Account
  /** Workout ids by name. */
  const ids: Record<string, string> = {}

  const typed = async (who: Account, name: string, date: string, visibility: string) => {
    const created = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
      token: who.token,
      body: { sport_id: 1, duration: 1800, distance: 5, workout_date: date, workout_visibility: visibility, title: name },
    })
    expect(created.status).toBe(201)
    ids[name] = created.body.data.workouts[0]?.id ?? ''
  }
  const feed = async (who: Account, query = '') => {
    const answer = await t.api<TimelineResponse>('GET', `timeline${query}`, { token: who.token })
    expect([answer.status, answer.body.status]).toEqual([200, 'success'])
    return answer.body
  }
  const titles = async (who: Account, query = '') => (await feed(who, query)).data.workouts.map((workout) => workout.title)

  beforeAll(async () => {
    const started = await startWithOwnerAndSam()
    t = started.t
    sam = started.sam
    kim = await registerUser(t, 'kim', { activate: started.owner })
    pia = await registerUser(t, 'pia', { activate: started.owner })
    lea = await registerUser(t, 'lea', { activate: started.owner })
    // kim follows sam (approved); pia's request to sam waits; nobody follows lea.
    await t.api('POST', 'users/sam/follow', { token: kim.token })
    await t.api('POST', 'follow-requests/kim/accept', { token: sam.token })
    await t.api('POST', 'users/sam/follow', { token: pia.token })
    await typed(sam, 'sam private', '2024-05-01 08:00', 'private')
    await typed(sam, 'sam followers', '2024-05-02 08:00', 'followers_only')
    await typed(sam, 'sam public', '2024-05-04 08:00', 'public')
    await typed(kim, 'kim private', '2024-05-03 08:00', 'private')
    await typed(lea, 'lea public', '2024-05-05 08:00', 'public')
  }, 60_000)
  afterAll(() => t.close())

  it('shows a follower their own workouts and the followed user’s non-private ones, newest first', async () => {
    expect(await titles(kim)).toEqual(['sam public', 'kim private', 'sam followers'])
    const body = await feed(kim)
    expect(body.pagination).toEqual({ page: 1, pages: 1, total: 3, has_prev: false, has_next: false })
    expect(body.data.workouts.map((workout) => workout.user)).toEqual(['sam', 'kim', 'sam'])
    // Another's workout as a follower sees it: no notes, records or neighbours.
    expect(body.data.workouts[0]).toMatchObject({ notes: null, records: [], previous_workout: null, next_workout: null })
    // One's own is light too: its page has its records, the feed none (nor segments or neighbours).
    const page = await t.api<WorkoutsResponse>('GET', `workouts/${ids['kim private']}`, { token: kim.token })
    expect(page.body.data.workouts[0]?.records.length).toBeGreaterThan(0)
    expect(body.data.workouts[1]).toMatchObject({ title: 'kim private', records: [], segments: [], previous_workout: null, next_workout: null })
  })

  it('shows a pending requester and a stranger nothing of others, however public', async () => {
    expect(await titles(pia)).toEqual([])
    expect(await titles(lea)).toEqual(['lea public'])
    // The followed user's feed is their own: following is one way.
    expect(await titles(sam)).toEqual(['sam public', 'sam followers', 'sam private'])
  })

  it('leaves out the caller’s own workouts when asked for the followed people only', async () => {
    expect(await titles(kim, '?only_followed=true')).toEqual(['sam public', 'sam followers'])
    expect(await titles(sam, '?only_followed=true')).toEqual([])
  })

  it('gives the map thumbnail only where the map is open to followers', async () => {
    const created = await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'))
    expect(created.status).toBe(201)
    const ride = created.body.data.workouts[0]
    const mapId = ride?.map ?? ''
    expect(mapId).not.toBe('')
    await t.api('PATCH', `workouts/${ride?.id}`, { token: sam.token, body: { workout_visibility: 'followers_only', analysis_visibility: 'followers_only', map_visibility: 'private' } })
    const hidden = (await feed(kim)).data.workouts.find((workout) => workout.id === ride?.id)
    expect(hidden).toMatchObject({ map: null, bounds: [], map_visibility: 'private' })
    expect(JSON.stringify(await feed(kim))).not.toContain(mapId)
    await t.api('PATCH', `workouts/${ride?.id}`, { token: sam.token, body: { map_visibility: 'followers_only' } })
    expect((await feed(kim)).data.workouts.find((workout) => workout.id === ride?.id)).toMatchObject({ map: mapId, map_visibility: 'followers_only' })
    // The owner always gets their own map.
    expect((await feed(sam)).data.workouts.find((workout) => workout.id === ride?.id)?.map).toBe(mapId)
    // Not in the feed of someone who does not follow sam.
    expect((await feed(lea)).data.workouts.some((workout) => workout.id === ride?.id)).toBe(false)
    expect((await t.api('DELETE', `workouts/${ride?.id}`, { token: sam.token })).status).toBe(204)
  })

  it('shows the caller their own workout whole, and a followed user’s heart rate only as its owner allows', async () => {
    const created = await upload<WorkoutsResponse>(t, sam.token, 'hr.gpx', await fixture('gpx/gpx_file_with_gpxtpx_extensions.gpx'))
    expect(created.status).toBe(201)
    const ride = created.body.data.workouts[0]
    expect(ride).toMatchObject({ has_heart_rate: true })
    const edited = await t.api('PATCH', `workouts/${ride?.id}`, {
      token: sam.token,
      body: { notes: 'felt slow', workout_visibility: 'followers_only', analysis_visibility: 'followers_only', map_visibility: 'private' },
    })
    expect(edited.status).toBe(200)
    const heartRateTo = async (level: string) => {
      const body = { imperial_units: false, language: 'en', timezone: 'Europe/Paris', weekm: false, hr_visibility: level }
      expect((await t.api('POST', 'auth/profile/edit/preferences', { token: sam.token, body })).status).toBe(200)
    }
    const inFeedOf = async (who: Account) => (await feed(who)).data.workouts.find((workout) => workout.id === ride?.id)
    await heartRateTo('private')
    expect(await inFeedOf(sam)).toMatchObject({ notes: 'felt slow', has_heart_rate: true, map: ride?.map, map_visibility: 'private' })
    expect(await inFeedOf(kim)).toMatchObject({ notes: null, has_heart_rate: false, map: null, map_visibility: 'private' })
    await heartRateTo('followers_only')
    expect(await inFeedOf(kim)).toMatchObject({ notes: null, has_heart_rate: true, map: null })
    await heartRateTo('private')
    expect((await t.api('DELETE', `workouts/${ride?.id}`, { token: sam.token })).status).toBe(204)
  })

  it('pages five at a time', async () => {
    for (const day of [10, 11, 12, 13]) await typed(sam, `sam public ${day}`, `2024-05-${day} 08:00`, 'public')
    const first = await feed(kim)
    expect(first.data.workouts.map((workout) => workout.title)).toEqual(['sam public 13', 'sam public 12', 'sam public 11', 'sam public 10', 'sam public'])
    expect(first.pagination).toEqual({ page: 1, pages: 2, total: 7, has_prev: false, has_next: true })
    const second = await feed(kim, '?page=2')
    expect(second.data.workouts.map((workout) => workout.title)).toEqual(['kim private', 'sam followers'])
    expect(second.pagination).toEqual({ page: 2, pages: 2, total: 7, has_prev: true, has_next: false })
    expect((await feed(kim, '?page=3')).data.workouts).toEqual([])
    for (const day of [10, 11, 12, 13]) await t.api('DELETE', `workouts/${ids[`sam public ${day}`]}`, { token: sam.token })
  })

  it('drops the followed user’s workouts once unfollowed, and refuses bad pages and visitors', async () => {
    for (const query of ['?page=0', '?page=-2', '?page=x', '?page=99999999999', '?only_followed=yes'])
      expect((await t.api('GET', `timeline${query}`, { token: kim.token })).status, query).toBe(400)
    expect((await t.api('GET', 'timeline')).status).toBe(401)
    await t.api('POST', 'users/sam/unfollow', { token: kim.token })
    expect(await titles(kim)).toEqual(['kim private'])
  })
})

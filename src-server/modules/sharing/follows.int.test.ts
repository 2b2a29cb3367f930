import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FollowersResponse, FollowingResponse, FollowRequestsResponse, User, UserResponse, WorkoutsResponse } from '../../../src/contracts'
import { openDatabase } from '../../db/open-database'
import { registerUser, startWithOwnerAndSam, type Account } from '../../test/accounts'
import { databaseBefore } from '../../test/database-before'
import type { TestServer } from '../../test/test-server'

/**
 * Follows (issue 31), as the reference tracker has them: a request waits for the followed user's
 * answer unless they approve followers automatically; only an approved request makes a follower,
 * who then sees what the owner shares with followers; `follows` / `is_followed_by` say
 * `true` / `false` / `pending`. Each test uses its own pair of users, so none depends on another.
 */
describe('follows', () => {
  let t: TestServer
  let admin: Account
  const accounts = new Map<string, Account>()
  let inactive: string

  beforeAll(async () => {
    const started = await startWithOwnerAndSam()
    t = started.t
    admin = started.owner
    for (const name of ['ann', 'bob', 'cal', 'dan', 'eve', 'flo', 'gus', 'hal', 'ida', 'jon', 'kit', 'lou', 'moe', 'ned'])
      accounts.set(name, await registerUser(t, name, { activate: admin }))
    // An account waiting for its activation: it cannot sign in, and is not found to follow.
    inactive = 'pat'
    expect((await t.api('POST', 'auth/register', { body: { username: inactive, email: 'pat@example.com', password: 'pat-secret-pass' } })).status).toBe(200)
  }, 120_000)
  afterAll(() => t.close())

  const account = (name: string): Account => {
    const found = accounts.get(name)
    if (!found) throw new Error(`no account ${name}`)
    return found
  }
  const post = (who: string, path: string) => t.api('POST', path, { token: account(who).token })
  /** `username` as `viewer` sees them. */
  const userAs = async (viewer: string, username: string): Promise<User> => {
    const answer = await t.api<UserResponse>('GET', `users/${username}`, { token: account(viewer).token })
    expect(answer.status).toBe(200)
    const [user] = answer.body.data.users
    if (!user) throw new Error('no user')
    return user
  }
  /** The body of a list read as `viewer`, its `status` checked. */
  const listed = async <T extends { status: string }>(viewer: string, path: string): Promise<T> => {
    const answer = await t.api<T>('GET', path, { token: account(viewer).token })
    expect([answer.status, answer.body.status], path).toEqual([200, 'success'])
    return answer.body
  }
  const followerNames = async (viewer: string, username: string) =>
    (await listed<FollowersResponse>(viewer, `users/${username}/followers`)).data.followers.map((user) => user.username)
  const followingNames = async (viewer: string, username: string) =>
    (await listed<FollowingResponse>(viewer, `users/${username}/following`)).data.following.map((user) => user.username)
  const requestNames = async (who: string) => (await listed<FollowRequestsResponse>(who, 'follow-requests')).data.follow_requests.map((user) => user.username)

  it('makes a request wait for the answer, then a follower once accepted, on both sides', async () => {
    const sent = await post('ann', 'users/bob/follow')
    expect(sent).toMatchObject({ status: 200, body: { status: 'success', message: "Follow request to user 'bob' is sent." } })
    expect(await userAs('ann', 'bob')).toMatchObject({ is_followed_by: 'pending', follows: 'false', followers: 0 })
    expect(await userAs('bob', 'ann')).toMatchObject({ follows: 'pending', is_followed_by: 'false', following: 0 })
    expect(await requestNames('bob')).toEqual(['ann'])
    expect(await followerNames('ann', 'bob')).toEqual([])

    const accepted = await post('bob', 'follow-requests/ann/accept')
    expect(accepted).toMatchObject({ status: 200, body: { status: 'success', message: "Follow request from user 'ann' is accepted." } })
    expect(await requestNames('bob')).toEqual([])
    expect(await userAs('ann', 'bob')).toMatchObject({ is_followed_by: 'true', follows: 'false', followers: 1, following: 0 })
    expect(await userAs('bob', 'ann')).toMatchObject({ follows: 'true', is_followed_by: 'false', followers: 0, following: 1 })
    expect(await followerNames('bob', 'bob')).toEqual(['ann'])
    expect(await followingNames('bob', 'ann')).toEqual(['bob'])
    // Not a mutual follow: bob does not follow ann back.
    expect(await followerNames('bob', 'ann')).toEqual([])
    // Only the user themself sees the relation fields absent; the user's own answer has none.
    const self = await userAs('bob', 'bob')
    expect(self.follows).toBeUndefined()
    expect(self.is_followed_by).toBeUndefined()
  })

  it('approves at once when the followed user does not approve followers by hand, and keeps the choice in the preferences', async () => {
    const profile = await t.api<{ data: User }>('GET', 'auth/profile', { token: account('dan').token })
    expect(profile.body.data.manually_approves_followers).toBe(true)
    const changed = await t.api<{ data: User }>('POST', 'auth/profile/edit/preferences', {
      token: account('dan').token,
      body: { imperial_units: false, language: 'en', timezone: 'Europe/Paris', weekm: false, manually_approves_followers: false },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.data.manually_approves_followers).toBe(false)
    // A preferences call without the key leaves it as it is.
    await t.api('POST', 'auth/profile/edit/preferences', { token: account('dan').token, body: { imperial_units: false, language: 'en', timezone: 'Europe/Paris', weekm: false } })
    expect((await t.api<{ data: User }>('GET', 'auth/profile', { token: account('dan').token })).body.data.manually_approves_followers).toBe(false)

    expect(await post('cal', 'users/dan/follow')).toMatchObject({ status: 200, body: { message: "Follow request to user 'dan' is sent." } })
    expect(await userAs('cal', 'dan')).toMatchObject({ is_followed_by: 'true', followers: 1 })
    expect(await requestNames('dan')).toEqual([])
    // Already approved: accepting it again is refused as answered.
    expect(await post('dan', 'follow-requests/cal/accept')).toMatchObject({ status: 400, body: { code: 'follow_request_answered', message: "Follow request from user 'cal' already accepted." } })
  })

  it('counts a workout shared with followers in the totals a requester sees only once the request is accepted', async () => {
    const created = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
      token: account('ned').token,
      body: { sport_id: 1, duration: 1800, distance: 5, workout_date: '2024-06-01 08:00', workout_visibility: 'followers_only' },
    })
    expect(created.status).toBe(201)
    expect((await post('moe', 'users/ned/follow')).status).toBe(200)
    expect(await userAs('moe', 'ned')).toMatchObject({ is_followed_by: 'pending', nb_workouts: 0, total_distance: 0 })
    expect((await post('ned', 'follow-requests/moe/accept')).status).toBe(200)
    expect(await userAs('moe', 'ned')).toMatchObject({ is_followed_by: 'true', nb_workouts: 1, total_distance: 5 })
  })

  it('keeps one request however often it is sent, even at once', async () => {
    const answers = await Promise.all([post('eve', 'users/flo/follow'), post('eve', 'users/flo/follow'), post('eve', 'users/flo/follow')])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(await post('eve', 'users/flo/follow')).toMatchObject({ status: 200 })
    const requests = await t.api<FollowRequestsResponse>('GET', 'follow-requests', { token: account('flo').token })
    expect(requests.body.data.follow_requests.map((user) => user.username)).toEqual(['eve'])
    expect(requests.body.pagination).toMatchObject({ total: 1, page: 1, pages: 1, has_next: false, has_prev: false })
    // Sending again once approved leaves the follower approved.
    await post('flo', 'follow-requests/eve/accept')
    expect(await post('eve', 'users/flo/follow')).toMatchObject({ status: 200 })
    expect(await userAs('eve', 'flo')).toMatchObject({ is_followed_by: 'true', followers: 1 })
  })

  it('refuses a rejected request until it is withdrawn, and unfollowing ends what it gave', async () => {
    await post('gus', 'users/hal/follow')
    expect(await post('hal', 'follow-requests/gus/reject')).toMatchObject({ status: 200, body: { message: "Follow request from user 'gus' is rejected." } })
    expect(await userAs('gus', 'hal')).toMatchObject({ is_followed_by: 'false', followers: 0 })
    expect(await requestNames('hal')).toEqual([])
    expect(await post('gus', 'users/hal/follow')).toMatchObject({ status: 403, body: { code: 'follow_request_rejected', message: 'you do not have permissions' } })
    expect(await post('hal', 'follow-requests/gus/accept')).toMatchObject({ status: 400, body: { message: "Follow request from user 'gus' already accepted." } })

    expect(await post('gus', 'users/hal/unfollow')).toMatchObject({ status: 200, body: { status: 'success', message: "Undo for a follow request to user 'hal' is sent." } })
    expect(await post('gus', 'users/hal/follow')).toMatchObject({ status: 200 })
    expect(await requestNames('hal')).toEqual(['gus'])
    await post('hal', 'follow-requests/gus/accept')

    // hal's workout for followers: gus sees it while following, not once he unfollows.
    const created = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
      token: account('hal').token,
      body: { sport_id: 1, duration: 1800, distance: 5, workout_date: '2024-06-01 08:00', workout_visibility: 'followers_only' },
    })
    const id = created.body.data.workouts[0]?.id ?? ''
    expect((await t.api('GET', `workouts/${id}`, { token: account('gus').token })).status).toBe(200)
    expect((await t.api('GET', `workouts/${id}`, { token: account('ida').token })).status).toBe(404)
    await post('gus', 'users/hal/unfollow')
    expect((await t.api('GET', `workouts/${id}`, { token: account('gus').token })).status).toBe(404)
    expect(await userAs('hal', 'gus')).toMatchObject({ follows: 'false', following: 0 })
    expect(await post('gus', 'users/hal/unfollow')).toMatchObject({ status: 404, body: { status: 'not found', code: 'follow_relationship_not_found', message: 'relationship does not exist' } })
  })

  it('lets only the followed user answer a request, and only a pending one', async () => {
    await post('ida', 'users/jon/follow')
    // Another user (kit) answering "ida's request" finds none addressed to them.
    for (const path of ['follow-requests/ida/accept', 'follow-requests/ida/reject'])
      expect(await post('kit', path)).toMatchObject({ status: 404, body: { status: 'not found', code: 'follow_request_not_found', message: 'Follow request does not exist.' } })
    // The requester cannot accept their own request from either side.
    expect(await post('ida', 'follow-requests/jon/accept')).toMatchObject({ status: 404, body: { code: 'follow_request_not_found' } })
    expect(await post('ida', 'follow-requests/ida/accept')).toMatchObject({ status: 404, body: { code: 'follow_request_not_found' } })
    expect(await requestNames('jon')).toEqual(['ida'])
    expect(await userAs('ida', 'jon')).toMatchObject({ is_followed_by: 'pending' })
    // The admin has no say in it either.
    expect((await t.api('POST', 'follow-requests/ida/accept', { token: admin.token })).status).toBe(404)
    await post('jon', 'follow-requests/ida/accept')
    expect(await post('jon', 'follow-requests/ida/reject')).toMatchObject({ status: 400, body: { code: 'follow_request_answered', message: "Follow request from user 'ida' already rejected." } })
    expect(await userAs('ida', 'jon')).toMatchObject({ is_followed_by: 'true' })
  })

  it('refuses to follow oneself, a missing user or an account that is not active, and changes nothing', async () => {
    expect(await post('kit', 'users/kit/follow')).toMatchObject({ status: 400, body: { code: 'follow_not_allowed', message: 'you can not follow this user', detail: 'you can not follow this user: one cannot follow oneself' } })
    expect(await post('kit', 'users/KIT/follow')).toMatchObject({ status: 400, body: { code: 'follow_not_allowed' } })
    const missing = { status: 404, body: { status: 'not found', code: 'user_not_found', message: 'user does not exist' } }
    // An account never activated does not exist for sharing.
    for (const name of [inactive, 'nobody', 'x'.repeat(5000), '99999999999999999999', '%00', "kit' OR '1'='1"]) {
      const path = encodeURIComponent(name)
      expect(await post('kit', `users/${path}/follow`), name).toMatchObject(missing)
      expect(await post('kit', `users/${path}/unfollow`), name).toMatchObject(missing)
      expect(await post('kit', `follow-requests/${path}/accept`), name).toMatchObject(missing)
      expect(await post('kit', `follow-requests/${path}/reject`), name).toMatchObject(missing)
      expect(await t.api('GET', `users/${path}/followers`, { token: account('kit').token }), name).toMatchObject(missing)
      expect(await t.api('GET', `users/${path}/following`, { token: account('kit').token }), name).toMatchObject(missing)
    }
    expect(await userAs('kit', 'kit')).toMatchObject({ followers: 0, following: 0 })
    expect(await followingNames('kit', 'kit')).toEqual([])
  })

  it('refuses out-of-range pages and caps the page size', async () => {
    for (const query of ['page=0', 'page=-1', 'page=abc', 'page=99999999999999', 'per_page=0', 'order=sideways'])
      expect((await t.api('GET', `follow-requests?${query}`, { token: account('lou').token })).status, query).toBe(400)
    for (const query of ['page=0', 'page=1e300'])
      expect((await t.api('GET', `users/lou/followers?${query}`, { token: account('lou').token })).status, query).toBe(400)
    const capped = await t.api<FollowRequestsResponse>('GET', 'follow-requests?per_page=100000&page=3', { token: account('lou').token })
    expect(capped).toMatchObject({ status: 200, body: { data: { follow_requests: [] }, pagination: { page: 3, total: 0, has_next: false, has_prev: true } } })
  })

  it('pages the requests by the date they were sent, oldest first unless asked otherwise', async () => {
    for (const name of ['ann', 'bob', 'cal']) await post(name, 'users/lou/follow')
    const first = await t.api<FollowRequestsResponse>('GET', 'follow-requests?per_page=2', { token: account('lou').token })
    expect(first.body.data.follow_requests.map((user) => user.username)).toEqual(['ann', 'bob'])
    expect(first.body.pagination).toMatchObject({ page: 1, pages: 2, total: 3, has_next: true, has_prev: false })
    const second = await t.api<FollowRequestsResponse>('GET', 'follow-requests?per_page=2&page=2', { token: account('lou').token })
    expect(second.body.data.follow_requests.map((user) => user.username)).toEqual(['cal'])
    const newest = await t.api<FollowRequestsResponse>('GET', 'follow-requests?order=desc', { token: account('lou').token })
    expect(newest.body.data.follow_requests.map((user) => user.username)).toEqual(['cal', 'bob', 'ann'])
    // Each requester carries how they relate to lou.
    expect(newest.body.data.follow_requests[0]).toMatchObject({ username: 'cal', follows: 'pending', is_followed_by: 'false' })
  })

  it('answers nothing without a session', async () => {
    for (const [method, path] of [
      ['POST', 'users/ann/follow'],
      ['POST', 'users/ann/unfollow'],
      ['GET', 'users/ann/followers'],
      ['GET', 'users/ann/following'],
      ['GET', 'follow-requests'],
      ['POST', 'follow-requests/ann/accept'],
      ['POST', 'follow-requests/ann/reject'],
    ] as const)
      expect((await t.api(method, path)).status, path).toBe(401)
  })
})

describe('follows and deleted accounts', () => {
  it('takes a deleted account’s requests with it, on both sides', async () => {
    const { t, owner, sam } = await startWithOwnerAndSam()
    try {
      const mia = await registerUser(t, 'mia', { activate: owner })
      await t.api('POST', 'users/sam/follow', { token: mia.token })
      await t.api('POST', 'follow-requests/mia/accept', { token: sam.token })
      await t.api('POST', 'users/mia/follow', { token: sam.token })
      expect((await t.api<UserResponse>('GET', 'users/sam', { token: sam.token })).body.data.users[0]).toMatchObject({ followers: 1, following: 0 })
      expect((await t.api('DELETE', 'users/mia', { token: owner.token })).status).toBe(204)
      expect((await t.api<UserResponse>('GET', 'users/sam', { token: sam.token })).body.data.users[0]).toMatchObject({ followers: 0, following: 0 })
      expect((await t.api<FollowersResponse>('GET', 'users/sam/followers', { token: sam.token })).body.data.followers).toEqual([])
      // A new account of the same name inherits nothing.
      await registerUser(t, 'mia', { activate: owner })
      expect((await t.api<UserResponse>('GET', 'users/mia', { token: sam.token })).body.data.users[0]).toMatchObject({ follows: 'false', is_followed_by: 'false' })
    } finally {
      await t.close()
    }
  }, 60_000)
})

describe('upgrading to follows', () => {
  it('keeps every account, which approves followers by hand, with no follower yet', async () => {
    const { dir, layout, old } = await databaseBefore('Follows1795783947017', 'waymark-follows-')
    await old.destroy()
    const db = await openDatabase(layout, new Date('2026-11-27T00:00:00Z'))
    try {
      expect(await db.query(`SELECT id, username, manually_approves_followers FROM user`)).toEqual([{ id: 1, username: 'u', manually_approves_followers: 1 }])
      expect(await db.query(`SELECT COUNT(*) AS n FROM follow_request`)).toEqual([{ n: 0 }])
      expect(await db.query(`SELECT COUNT(*) AS n FROM workout`)).toEqual([{ n: 1 }])
      // A request needs both accounts.
      await expect(db.query(`INSERT INTO follow_request (follower_id, followed_id, is_approved, created_at) VALUES (1, 2, 0, '2026-11-27 00:00:00.000')`)).rejects.toMatchObject({ name: 'QueryFailedError', message: 'SQLITE_CONSTRAINT: FOREIGN KEY constraint failed' })
    } finally {
      await db.destroy()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

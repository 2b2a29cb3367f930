import { rm } from 'node:fs/promises'
import pg from 'pg'
import { DataSource } from 'typeorm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommentCreatedResponse, CommentResponse, CommentsResponse, FollowersResponse, FollowRequestsResponse, LikesResponse, NotificationsResponse, ShareLinkResponse, TimelineResponse, UserResponse, WorkoutsResponse } from '../../../src/contracts'
import { openPostgresDataSource } from '../../db/data-source'
import { UserEntity } from '../../db/entities'
import { postgresMigrations } from '../../db/migrations'
import { openDatabase } from '../../db/open-database'
import { registerUser, startWithOwnerAndSam, type Account } from '../../test/accounts'
import { createGate } from '../../test/gate'
import { fixture, upload } from '../../test/workouts'
import { databaseBefore } from '../../test/database-before'
import { postgresInstalled, startPostgresCluster } from '../../test/postgres-cluster'
import { startTestServer, type TestServer } from '../../test/test-server'

/**
 * Moderation (issue 31): an administrator hides a comment (then seen by its author, marked hidden,
 * and by administrators only; notifications about it hidden too) and suspends an account's sharing
 * (its workouts and comments no longer shown to anyone else, share links included; it cannot follow,
 * accept a follower, comment or like: `sharing_suspended`); both undone the same way. Each test has its own users.
 */
describe('moderation of sharing', () => {
  let t: TestServer
  let admin: Account
  const accounts = new Map<string, Account>()

  beforeAll(async () => {
    const started = await startWithOwnerAndSam()
    t = started.t
    admin = started.owner
    for (const name of ['ann', 'bob', 'cal', 'dan', 'eve', 'fox', 'gil', 'hum']) accounts.set(name, await registerUser(t, name, { activate: admin }))
  }, 120_000)
  afterAll(() => t.close())

  const account = (name: string): Account => {
    const found = accounts.get(name)
    if (!found) throw new Error(`no account ${name}`)
    return found
  }
  /** Calls as a user, as the administrator (`admin`) or logged out (null). */
  const call = <T>(who: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    t.api<T>(method, path, { ...(who === null ? {} : { token: who === 'admin' ? admin.token : account(who).token }), ...(body === undefined ? {} : { body }) })
  const workout = async (who: string, visibility = 'public'): Promise<string> => {
    const created = await call<WorkoutsResponse>(who, 'POST', 'workouts/no_gpx', { sport_id: 1, duration: 1800, distance: 5, workout_date: '2024-06-01 08:00', workout_visibility: visibility })
    expect(created.status).toBe(201)
    return created.body.data.workouts[0]?.id ?? ''
  }
  const follow = async (follower: string, followed: string) => {
    expect((await call(follower, 'POST', `users/${followed}/follow`)).status).toBe(200)
    expect((await call(followed, 'POST', `follow-requests/${follower}/accept`)).status).toBe(200)
  }
  const comment = async (who: string, workoutId: string, text: string): Promise<string> => {
    const added = await call<CommentCreatedResponse>(who, 'POST', `workouts/${workoutId}/comments`, { text, text_visibility: 'public' })
    expect(added.status).toBe(201)
    return added.body.comment.id
  }
  /** The comments of a workout as someone reads them: text and hidden mark, or the status of a refusal. */
  const comments = async (who: string | null, workoutId: string) => {
    const answer = await call<CommentsResponse>(who, 'GET', `workouts/${workoutId}/comments`)
    return answer.status === 200 ? answer.body.data.comments.map((item) => `${item.text}${item.suspended ? ' (hidden)' : ''}`) : answer.status
  }
  /** A workout's like count and who liked it, as someone sees them. */
  const likers = async (who: string, workoutId: string) => ({
    count: (await call<WorkoutsResponse>(who, 'GET', `workouts/${workoutId}`)).body.data.workouts[0]?.likes_count,
    names: (await call<LikesResponse>(who, 'GET', `workouts/${workoutId}/likes`)).body.data.likes.map((user) => user.username),
  })
  /** Someone's notifications: type and sender (none for moderation), newest first. */
  const notifications = async (who: string) =>
    (await call<NotificationsResponse>(who, 'GET', 'notifications')).body.notifications.map((item) => `${item.type} ${item.from?.username ?? '(no sender)'}`)

  it('hides a comment from all but its author (marked hidden) and administrators, with the notifications about it, until shown again', async () => {
    // bob's public workout; cal follows bob; ann comments, bob likes her comment; dan is a stranger.
    const ride = await workout('bob')
    await follow('cal', 'bob')
    const id = await comment('ann', ride, 'Great ride')
    expect((await call('bob', 'POST', `comments/${id}/like`)).status).toBe(200)
    const everyone = ['ann', 'bob', 'cal', 'dan', 'admin', null] as const
    for (const who of everyone) expect(await comments(who, ride), String(who)).toEqual(['Great ride'])
    expect(await notifications('bob')).toContain('workout_comment ann')
    expect(await notifications('ann')).toContain('comment_like bob')

    // Only an administrator hides it.
    const refused = await call('bob', 'POST', `comments/${id}/suspension`)
    expect([refused.status, refused.body]).toEqual([403, expect.objectContaining({ code: 'forbidden' })])
    const hidden = await call<CommentResponse>('admin', 'POST', `comments/${id}/suspension`)
    expect(hidden.status).toBe(200)
    expect(hidden.body.comment).toMatchObject({ id, suspended: true, suspended_at: expect.stringMatching(/GMT$/) })

    expect(await comments('ann', ride)).toEqual(['Great ride (hidden)'])
    expect(await comments('admin', ride)).toEqual(['Great ride (hidden)'])
    for (const who of ['bob', 'cal', 'dan', null] as const) {
      expect(await comments(who, ride), String(who)).toEqual([])
      const read = await call(who, 'GET', `comments/${id}`)
      expect([read.status, read.body], String(who)).toEqual([404, expect.objectContaining({ code: 'comment_not_found' })])
    }
    expect((await call('cal', 'POST', `comments/${id}/like`)).status).toBe(404)
    expect((await call('cal', 'GET', `comments/${id}/likes`)).status).toBe(404)
    // Hidden from the workout's owner and from the author alike; the author is told of the moderation, by no one in particular, once.
    expect(await notifications('bob')).not.toContain('workout_comment ann')
    expect((await call('admin', 'POST', `comments/${id}/suspension`)).status).toBe(200)
    expect(await notifications('ann')).toEqual(['comment_suspension (no sender)'])
    const told = (await call<NotificationsResponse>('ann', 'GET', 'notifications')).body.notifications[0]
    expect(told).toMatchObject({ type: 'comment_suspension', from: null, marked_as_read: false, workout: { id: ride }, comment: { id, suspended: true } })

    const shown = await call<CommentResponse>('admin', 'DELETE', `comments/${id}/suspension`)
    expect(shown.status).toBe(200)
    expect(shown.body.comment).toMatchObject({ id, suspended: false, suspended_at: null })
    for (const who of everyone) expect(await comments(who, ride), String(who)).toEqual(['Great ride'])
    expect(await notifications('bob')).toContain('workout_comment ann')
    expect(await notifications('ann')).toEqual(['comment_unsuspension (no sender)', 'comment_suspension (no sender)', 'comment_like bob'])
    expect((await call<NotificationsResponse>('ann', 'GET', 'notifications?type=comment_unsuspension')).body.notifications[0]).toMatchObject({ from: null, comment: { id, suspended: false } })
    // Nobody else is told.
    for (const who of ['bob', 'cal', 'dan', 'admin']) expect((await notifications(who)).filter((item) => item.includes('suspension')), who).toEqual([])
  })

  // Some seventy calls: on PostgreSQL, with the machine loaded, past the 20 s default.
  it('suspends an account’s sharing: its workouts and comments hidden from everyone else, no follow, comment or like; restored whole', async () => {
    // eve shares a public workout (with a share link) and comments on fox's; gil follows eve; eve follows fox.
    const mine = await workout('eve')
    const link = await call<ShareLinkResponse>('eve', 'POST', `workouts/${mine}/share_links`, {})
    expect(link.status).toBe(201)
    const token = String(link.body.data.share_link.token)
    const theirs = await workout('fox')
    const other = await workout('hum')
    await follow('gil', 'eve')
    await follow('eve', 'fox')
    const id = await comment('eve', theirs, 'Lovely')
    expect((await call('eve', 'POST', `workouts/${theirs}/like`)).status).toBe(200)
    const seen = async () => ({
      workout: await Promise.all((['eve', 'gil', 'hum', 'admin', null] as const).map(async (who) => (await call(who, 'GET', `workouts/${mine}`)).status)),
      share: (await call(null, 'GET', `share/${token}`)).status,
      feed: (await call<TimelineResponse>('gil', 'GET', 'timeline')).body.data.workouts.some((item) => item.id === mine),
      comments: await Promise.all((['eve', 'fox', 'hum', 'admin', null] as const).map((who) => comments(who, theirs))),
      told: await notifications('fox'),
      likers: await likers('hum', theirs),
    })
    const before = await seen()
    expect(before).toEqual({
      workout: [200, 200, 200, 200, 200],
      share: 200,
      feed: true,
      comments: [['Lovely'], ['Lovely'], ['Lovely'], ['Lovely'], ['Lovely']],
      told: expect.arrayContaining(['follow eve', 'workout_comment eve', 'workout_like eve']),
      likers: { count: 1, names: ['eve'] },
    })

    const refused = await call('eve', 'POST', 'users/hum/sharing_suspension')
    expect([refused.status, refused.body]).toEqual([403, expect.objectContaining({ code: 'forbidden' })])
    const suspended = await call<UserResponse>('admin', 'POST', 'users/eve/sharing_suspension')
    expect(suspended.status).toBe(200)
    expect(suspended.body.data.users[0]).toMatchObject({ username: 'eve', sharing_suspended_at: expect.stringMatching(/GMT$/) })
    expect((await call<UserResponse>('eve', 'GET', 'users/eve')).body.data.users[0]?.sharing_suspended_at).toMatch(/GMT$/)

    expect(await seen()).toEqual({
      workout: [200, 404, 404, 404, 404],
      share: 404,
      feed: false,
      comments: [['Lovely (hidden)'], [], [], ['Lovely (hidden)'], []],
      // Nothing from eve at all: her follow as well as her comment and like.
      told: [],
      likers: { count: 0, names: [] },
    })
    // It cannot act on others' workouts, with the catalogued refusal; nothing is stored.
    for (const [method, path, body] of [
      ['POST', 'users/hum/follow', undefined],
      ['POST', `workouts/${other}/comments`, { text: 'Hi', text_visibility: 'public' }],
      ['POST', `workouts/${other}/like`, undefined],
      ['POST', `comments/${id}/like`, undefined],
      // Nor edit what it wrote before, which others will read again once restored.
      ['PATCH', `comments/${id}`, { text: 'Edited while suspended' }],
    ] as const) {
      const answer = await call('eve', method, path, body)
      expect([answer.status, answer.body], path).toEqual([403, expect.objectContaining({ status: 'error', code: 'sharing_suspended' })])
    }
    expect(await comments('hum', other)).toEqual([])
    expect((await call<WorkoutsResponse>('hum', 'GET', `workouts/${other}`)).body.data.workouts[0]?.likes_count).toBe(0)
    expect(await notifications('hum')).toEqual([])

    const restored = await call<UserResponse>('admin', 'DELETE', 'users/eve/sharing_suspension')
    expect(restored.body.data.users[0]?.sharing_suspended_at).toBeNull()
    expect(await seen()).toEqual(before)
    expect((await call('eve', 'POST', `workouts/${other}/like`)).status).toBe(200)
  }, 60_000)

  it('gives a suspended account’s open map images new ids, so an id a follower saw answers 404 while the owner keeps the image', async () => {
    const created = await upload<WorkoutsResponse>(t, account('cal').token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'))
    expect(created.status).toBe(201)
    const ride = created.body.data.workouts[0]?.id ?? ''
    expect((await call('cal', 'PATCH', `workouts/${ride}`, { workout_visibility: 'public', analysis_visibility: 'public', map_visibility: 'public' })).status).toBe(200)
    await follow('dan', 'cal')
    const mapOf = async (who: string) => (await call<WorkoutsResponse>(who, 'GET', `workouts/${ride}`)).body.data.workouts[0]?.map
    const image = async (id: unknown) => {
      const response = await fetch(`${t.url}/api/workouts/map/${String(id)}`)
      return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) }
    }
    const seen = await mapOf('dan')
    expect(seen).toEqual(expect.any(String))
    const before = await image(seen)
    expect(before.status).toBe(200)
    expect((await call('admin', 'POST', 'users/cal/sharing_suspension')).status).toBe(200)
    expect((await image(seen)).status).toBe(404)
    const own = await mapOf('cal')
    expect(own).toEqual(expect.any(String))
    expect(own).not.toBe(seen)
    const renewed = await image(own)
    expect([renewed.status, renewed.bytes.equals(before.bytes)]).toEqual([200, true])
    expect((await call('admin', 'DELETE', 'users/cal/sharing_suspension')).status).toBe(200)
  }, 60_000)

  it('lets an account whose sharing is suspended take back its likes of a workout and of a comment', async () => {
    for (const name of ['jay', 'kai']) accounts.set(name, await registerUser(t, name, { activate: admin }))
    const kais = await workout('kai')
    const said = await comment('kai', kais, 'Like this')
    for (const path of [`workouts/${kais}/like`, `comments/${said}/like`]) expect((await call('jay', 'POST', path)).status).toBe(200)
    expect((await call('admin', 'POST', 'users/jay/sharing_suspension')).status).toBe(200)
    for (const path of [`workouts/${kais}/like/undo`, `comments/${said}/like/undo`]) expect((await call('jay', 'POST', path)).status, path).toBe(200)
    expect((await call('admin', 'DELETE', 'users/jay/sharing_suspension')).status).toBe(200)
    // Restored, nothing of the likes comes back.
    expect(await likers('kai', kais)).toEqual({ count: 0, names: [] })
    expect((await call<CommentResponse>('kai', 'GET', `comments/${said}`)).body.comment.likes_count).toBe(0)
  })

  it('keeps a follow request to an account whose sharing is suspended waiting: accepting it is refused, rejecting it is not', async () => {
    for (const name of ['lia', 'mel', 'ned']) accounts.set(name, await registerUser(t, name, { activate: admin }))
    for (const asker of ['mel', 'ned']) expect((await call(asker, 'POST', 'users/lia/follow')).status).toBe(200)
    const waiting = async () => (await call<FollowRequestsResponse>('lia', 'GET', 'follow-requests')).body.data.follow_requests.map((user) => user.username)
    expect(await waiting()).toEqual(['mel', 'ned'])
    expect((await call('admin', 'POST', 'users/lia/sharing_suspension')).status).toBe(200)
    // Accepting would make mel a follower and tell (and e-mail) him so: refused, and nothing stored.
    const accepted = await call('lia', 'POST', 'follow-requests/mel/accept')
    expect([accepted.status, accepted.body]).toEqual([403, expect.objectContaining({ status: 'error', code: 'sharing_suspended' })])
    // Rejecting shares nothing and tells no one.
    expect((await call('lia', 'POST', 'follow-requests/ned/reject')).status).toBe(200)
    expect(await waiting()).toEqual(['mel'])

    expect((await call('admin', 'DELETE', 'users/lia/sharing_suspension')).status).toBe(200)
    const followers = async () => (await call<FollowersResponse>('lia', 'GET', 'users/lia/followers')).body.data.followers.map((user) => user.username)
    // Restored: mel's request still waits, he was told nothing, and he follows once lia accepts.
    expect(await waiting()).toEqual(['mel'])
    expect(await followers()).toEqual([])
    expect(await notifications('mel')).toEqual([])
    expect((await call('lia', 'POST', 'follow-requests/mel/accept')).status).toBe(200)
    expect(await followers()).toEqual(['mel'])
    expect(await notifications('mel')).toEqual(['follow_request_approved lia'])
  })

  it('renews only the map ids a suspension hides: not a private map’s, nor again at a second suspension, nor at the restore', async () => {
    accounts.set('ivy', await registerUser(t, 'ivy', { activate: admin }))
    const ride = async (file: string, map: string) => {
      const created = await upload<WorkoutsResponse>(t, account('ivy').token, 'ride.gpx', await fixture(file))
      expect(created.status).toBe(201)
      const id = created.body.data.workouts[0]?.id ?? ''
      expect((await call('ivy', 'PATCH', `workouts/${id}`, { workout_visibility: 'public', analysis_visibility: 'public', map_visibility: map })).status).toBe(200)
      return id
    }
    const rides = { open: await ride('gpx/gpx_file_with_microseconds.gpx', 'public'), closed: await ride('gpx/gpx_file_with_gpxtpx_extensions.gpx', 'private') }
    const maps = async () => {
      const mapOf = async (id: string) => (await call<WorkoutsResponse>('ivy', 'GET', `workouts/${id}`)).body.data.workouts[0]?.map
      return { open: await mapOf(rides.open), closed: await mapOf(rides.closed) }
    }
    const before = await maps()
    expect(before).toEqual({ open: expect.any(String), closed: expect.any(String) })
    const suspended = await call<UserResponse>('admin', 'POST', 'users/ivy/sharing_suspension')
    expect([suspended.status, suspended.body.status]).toEqual([200, 'success'])
    const since = suspended.body.data.users[0]?.sharing_suspended_at
    const hidden = await maps()
    // The open map is hidden from others now: a new id. The private one was only ever ivy's: the same.
    expect(hidden.open).not.toBe(before.open)
    expect(hidden.closed).toBe(before.closed)
    // Suspended again: nothing changes, neither the date nor an id.
    const again = await call<UserResponse>('admin', 'POST', 'users/ivy/sharing_suspension')
    expect([again.status, again.body.status, again.body.data.users[0]?.sharing_suspended_at]).toEqual([200, 'success', since])
    expect(await maps()).toEqual(hidden)
    // Restored: nothing is hidden by it, so no id changes.
    const restored = await call<UserResponse>('admin', 'DELETE', 'users/ivy/sharing_suspension')
    expect([restored.status, restored.body.status, restored.body.data.users[0]?.sharing_suspended_at]).toEqual([200, 'success', null])
    expect(await maps()).toEqual(hidden)
  }, 60_000)

  it('shows nothing of an account no longer active (a watched folder can import for one never activated): workouts, share links, comments, likes', async () => {
    // ann shares a public workout with a link, comments on and likes bob's public workout; then her account is inactive.
    const mine = await workout('ann')
    const link = await call<ShareLinkResponse>('ann', 'POST', `workouts/${mine}/share_links`, {})
    const theirs = await workout('bob')
    await comment('ann', theirs, 'Nice')
    expect((await call('ann', 'POST', `workouts/${theirs}/like`)).status).toBe(200)
    const seen = async () => ({
      workout: await Promise.all((['bob', 'admin', null] as const).map(async (who) => (await call(who, 'GET', `workouts/${mine}`)).status)),
      share: (await call(null, 'GET', `share/${String(link.body.data.share_link.token)}`)).status,
      comments: await Promise.all((['bob', null] as const).map((who) => comments(who, theirs))),
      likers: await likers('bob', theirs),
    })
    expect(await seen()).toEqual({ workout: [200, 200, 200], share: 200, comments: [['Nice'], ['Nice']], likers: { count: 1, names: ['ann'] } })
    // No route deactivates an account: the database is changed beside the server, whose next committed write (any) drops its cached answers.
    await t.server.dataSource.manager.update(UserEntity, { username: 'ann' }, { isActive: false })
    expect((await call('bob', 'POST', 'notifications/mark-all-as-read', {})).status).toBe(200)
    expect(await seen()).toEqual({ workout: [404, 404, 404], share: 404, comments: [[], []], likers: { count: 0, names: [] } })
  })

  it('refuses an administrator suspending their own sharing, and an unknown user', async () => {
    const self = await call('admin', 'POST', `users/${admin.username}/sharing_suspension`)
    expect([self.status, self.body]).toEqual([403, expect.objectContaining({ code: 'forbidden' })])
    expect((await call('admin', 'POST', 'users/nobody/sharing_suspension')).body).toMatchObject({ code: 'user_not_found' })
    expect((await call('admin', 'POST', 'comments/AAAAAAAAAAAAAAAAAAAAAA/suspension')).body).toMatchObject({ code: 'comment_not_found' })
  })

  it('comes to an existing database with nothing suspended or hidden', async () => {
    const { dir, layout, old } = await databaseBefore('SharingModeration1795836870824', 'waymark-moderation-')
    await old.query(`INSERT INTO workout_comment (id, workout_id, user_id, text, text_visibility, created_at) VALUES ('c1', 'w1', 1, 'Hello', 'public', '2026-11-28 00:00:00.000')`)
    await old.destroy()
    const db = await openDatabase(layout, new Date('2026-11-28T00:00:00Z'))
    try {
      expect(await db.query(`SELECT id, sharing_suspended_at FROM user`)).toEqual([{ id: 1, sharing_suspended_at: null }])
      expect(await db.query(`SELECT id, text, suspended_at FROM workout_comment`)).toEqual([{ id: 'c1', text: 'Hello', suspended_at: null }])
    } finally {
      await db.destroy()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

/**
 * An administrator's rights are read again inside the moderation's write: one who loses them between
 * authenticating and the write (held there by the write gate) is refused and changes nothing.
 */
describe('moderation by an administrator who loses their rights meanwhile', () => {
  it('refuses the moderation of an administrator demoted, deactivated or deleted after authenticating, changing nothing', async () => {
    const gate = createGate()
    const t = await startTestServer({ writeGate: gate.hook })
    try {
      const owner = await registerUser(t, 'owner')
      await registerUser(t, 'ann', { activate: owner })
      for (const [name, change] of [
        ['demoted', { admin: false }],
        ['deactivated', { isActive: false }],
        ['deleted', null],
      ] as const) {
        const acting = await registerUser(t, name, { activate: owner })
        expect((await t.api('PATCH', `users/${name}`, { token: owner.token, body: { admin: true } })).status).toBe(200)
        const arrived = gate.arm()
        const suspending = t.api('POST', 'users/ann/sharing_suspension', { token: acting.token })
        await arrived
        // The change lands beside the server while the moderation waits to write.
        if (change) await t.server.dataSource.manager.update(UserEntity, { username: name }, change)
        else await t.server.dataSource.manager.delete(UserEntity, { username: name })
        gate.release()
        const answer = await suspending
        expect([answer.status, answer.body], name).toEqual([403, expect.objectContaining({ code: 'forbidden' })])
      }
      const ann = await t.api<UserResponse>('GET', 'users/ann', { token: owner.token })
      expect(ann.body.data.users[0]?.sharing_suspended_at).toBeNull()
    } finally {
      await t.close()
    }
  }, 60_000)

  it('tells an account deleted after authenticating that the follow request it accepts is gone, rather than failing', async () => {
    const gate = createGate()
    const t = await startTestServer({ writeGate: gate.hook })
    try {
      const owner = await registerUser(t, 'owner')
      const lia = await registerUser(t, 'lia', { activate: owner })
      const mel = await registerUser(t, 'mel', { activate: owner })
      expect((await t.api('POST', 'users/lia/follow', { token: mel.token })).status).toBe(200)
      const arrived = gate.arm()
      const accepting = t.api('POST', 'follow-requests/mel/accept', { token: lia.token })
      await arrived
      // lia's account goes beside the server, with the request to her, while the acceptance waits to write.
      await t.server.dataSource.manager.delete(UserEntity, { username: 'lia' })
      gate.release()
      const answer = await accepting
      expect([answer.status, answer.body]).toEqual([404, expect.objectContaining({ code: 'follow_request_not_found' })])
    } finally {
      await t.close()
    }
  }, 60_000)
})

/** The same upgrade on PostgreSQL (its lane: `WAYMARK_TEST_POSTGRES=1`), from the schema of the migration before. */
describe.skipIf(process.env.WAYMARK_TEST_POSTGRES !== '1' || !postgresInstalled())('moderation of sharing on PostgreSQL', () => {
  it('comes to an existing database with nothing suspended or hidden', async () => {
    const cluster = await startPostgresCluster()
    try {
      const admin = new pg.Client({ connectionString: cluster.url })
      await admin.connect()
      await admin.query('CREATE DATABASE moderation')
      await admin.end()
      const url = new URL(cluster.url)
      url.pathname = '/moderation'
      const index = postgresMigrations.findIndex((migration) => migration.name === 'SharingModeration1795836870824')
      const old = new DataSource({ type: 'postgres', url: url.toString(), migrations: postgresMigrations.slice(0, index) })
      await old.initialize()
      await old.runMigrations()
      await old.query(`INSERT INTO "user" (id, username, email, password_hash, created_at) VALUES (1, 'u', 'u@example.com', 'x', '2020-01-01 00:00:00+00')`)
      await old.query(
        `INSERT INTO workout (id, user_id, sport_id, workout_date, created_at, duration, moving, pauses, distance) VALUES ('w1', 1, 1, '2020-01-01 00:00:00+00', '2020-01-01 00:00:00+00', 60, 60, 0, 1)`,
      )
      await old.query(`INSERT INTO workout_comment (id, workout_id, user_id, text, text_visibility, created_at) VALUES ('c1', 'w1', 1, 'Hello', 'public', '2026-11-28 00:00:00+00')`)
      await old.destroy()
      const db = await openPostgresDataSource(url.toString(), 1)
      try {
        await db.runMigrations()
        expect(await db.query(`SELECT id, sharing_suspended_at FROM "user"`)).toEqual([{ id: 1, sharing_suspended_at: null }])
        expect(await db.query(`SELECT id, text, suspended_at FROM workout_comment`)).toEqual([{ id: 'c1', text: 'Hello', suspended_at: null }])
      } finally {
        await db.destroy()
      }
    } finally {
      await cluster.stop()
    }
  }, 120_000)
})

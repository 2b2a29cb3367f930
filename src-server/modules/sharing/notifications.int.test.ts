import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommentCreatedResponse, Notification, NotificationResponse, NotificationsResponse, NotificationTypesResponse, UnreadNotificationsResponse, WorkoutsResponse } from '../../../src/contracts'
import { UserEntity } from '../../db/entities'
import { openDatabase } from '../../db/open-database'
import { registerUser, startWithOwnerAndSam, type Account } from '../../test/accounts'
import { databaseBefore } from '../../test/database-before'
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink'
import type { TestServer } from '../../test/test-server'

/**
 * Notifications (issue 31), as the reference tracker has them: a follow request, a follow, its
 * approval, a comment on one's workout, a mention, a like of one's workout or comment each tell
 * their recipient (never oneself; only what the recipient may see); undoing the event (unfollow,
 * reject, unlike, deleting the comment, removing the mention) takes the notification away. Listed
 * 5 a page, not under `data`; marked read one by one or all at once; e-mailed only to who asked.
 * Each test reads the notifications of its own users, so none depends on another.
 */
describe('notifications', () => {
  let t: TestServer
  let admin: Account
  let smtp: SmtpSink
  const accounts = new Map<string, Account>()

  beforeAll(async () => {
    smtp = await startSmtpSink()
    const started = await startWithOwnerAndSam({ email: { url: smtp.url, sender: 'Waymark <waymark@example.com>' } })
    t = started.t
    admin = started.owner
    for (const name of ['ann', 'bob', 'cal', 'dan', 'eve', 'flo', 'gus', 'hal', 'ida', 'jon', 'kit', 'lou', 'max', 'nia', 'qui', 'ren', 'sol', 'tia'])
      accounts.set(name, await registerUser(t, name, { activate: admin, language: name === 'ida' ? 'de' : 'en' }))
  }, 120_000)
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  const account = (name: string): Account => {
    const found = accounts.get(name)
    if (!found) throw new Error(`no account ${name}`)
    return found
  }
  const call = <T>(who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    t.api<T>(method, path, { token: account(who).token, ...(body === undefined ? {} : { body }) })
  const list = async (who: string, query = ''): Promise<Notification[]> => {
    const answer = await call<NotificationsResponse>(who, 'GET', `notifications${query}`)
    expect(answer.status).toBe(200)
    return answer.body.notifications
  }
  /** What each notification says: type and sender. */
  const summary = async (who: string, query = '') => (await list(who, query)).map((item) => `${item.type} ${item.from?.username}`)
  const unread = async (who: string) => (await call<UnreadNotificationsResponse>(who, 'GET', 'notifications/unread')).body.unread
  const workout = async (who: string, visibility: string): Promise<string> => {
    const created = await call<WorkoutsResponse>(who, 'POST', 'workouts/no_gpx', { sport_id: 1, duration: 1800, distance: 5, workout_date: '2024-06-01 08:00', workout_visibility: visibility })
    expect(created.status).toBe(201)
    return created.body.data.workouts[0]?.id ?? ''
  }
  const follow = async (follower: string, followed: string) => {
    expect((await call(follower, 'POST', `users/${followed}/follow`)).status).toBe(200)
    expect((await call(followed, 'POST', `follow-requests/${follower}/accept`)).status).toBe(200)
  }
  const comment = async (who: string, workoutId: string, text: string, textVisibility = 'public') => {
    const added = await call<CommentCreatedResponse>(who, 'POST', `workouts/${workoutId}/comments`, { text, text_visibility: textVisibility })
    expect(added.status).toBe(201)
    return added.body.comment.id
  }

  const mailsOn = async (who: string) => {
    const body = { imperial_units: false, language: 'en', timezone: 'Europe/Paris', weekm: false, notification_emails: true }
    expect((await call(who, 'POST', 'auth/profile/edit/preferences', body)).status).toBe(200)
  }
  /** The subjects of the notification e-mails (those linking to the notifications) received so far by this account. */
  const mailsTo = (who: string) => smtp.messages.filter((mail) => mail.to.includes(`${who}@example.com`) && mail.text.includes('/notifications\n')).map((mail) => mail.subject)

  it('tells of a follow request, turns it into a follow once accepted and tells the follower; rejecting or unfollowing takes it away', async () => {
    expect(await unread('bob')).toBe(false)
    expect((await call('ann', 'POST', 'users/bob/follow')).status).toBe(200)
    const [request] = await list('bob')
    expect(request).toMatchObject({ type: 'follow_request', marked_as_read: false, from: { username: 'ann', follows: 'pending', is_followed_by: 'false' } })
    expect(request?.created_at).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/)
    expect(request?.workout).toBeUndefined()
    expect(await unread('bob')).toBe(true)
    // Sending it again changes nothing: still one.
    await call('ann', 'POST', 'users/bob/follow')
    expect(await summary('bob')).toEqual(['follow_request ann'])
    // Nothing for the sender, ever for oneself.
    expect(await summary('ann')).toEqual([])

    expect((await call('bob', 'POST', 'follow-requests/ann/accept')).status).toBe(200)
    expect(await summary('bob')).toEqual(['follow ann'])
    expect(await summary('ann')).toEqual(['follow_request_approved bob'])

    expect((await call('ann', 'POST', 'users/bob/unfollow')).status).toBe(200)
    expect(await summary('bob')).toEqual([])
    expect(await summary('ann')).toEqual([])

    expect((await call('cal', 'POST', 'users/bob/follow')).status).toBe(200)
    expect(await summary('bob')).toEqual(['follow_request cal'])
    expect((await call('bob', 'POST', 'follow-requests/cal/reject')).status).toBe(200)
    expect(await summary('bob')).toEqual([])
    expect(await unread('bob')).toBe(false)
  })

  it('tells the workout’s owner of a comment they may read and the users it mentions, never the author; deleting or editing the mention away takes it back', async () => {
    await follow('dan', 'cal')
    const calsWorkout = await workout('cal', 'public')
    const plain = await comment('dan', calsWorkout, 'Great ride')
    const [told] = await list('cal')
    expect(told).toMatchObject({ type: 'workout_comment', from: { username: 'dan' }, workout: { id: calsWorkout }, comment: { id: plain, text: 'Great ride' } })
    // The author is told nothing of his own comment; the owner's own comment tells nobody.
    await comment('cal', calsWorkout, 'Thanks @dan')
    expect(await summary('dan')).toEqual(['mention cal', 'follow_request_approved cal'])
    expect(await summary('cal')).toEqual(['workout_comment dan', 'follow dan'])
    expect((await call('cal', 'POST', 'notifications/mark-all-as-read', {})).status).toBe(200)

    // A mentioned owner is told once, of the mention.
    const mention = await comment('dan', calsWorkout, '@cal and @eve, @nobody here')
    expect(await summary('cal', '?status=unread')).toEqual(['mention dan'])
    expect(await summary('eve')).toEqual(['mention dan'])
    // Editing the mention of eve away takes hers back; adding flo tells flo.
    expect((await call('dan', 'PATCH', `comments/${mention}`, { text: '@cal and @flo' })).status).toBe(200)
    expect(await summary('eve')).toEqual([])
    expect(await summary('flo')).toEqual(['mention dan'])
    expect(await summary('cal', '?status=unread')).toEqual(['mention dan'])

    // A deleted comment's notifications go with it.
    expect((await call('dan', 'DELETE', `comments/${mention}`)).status).toBe(204)
    expect(await summary('flo')).toEqual([])
    expect(await summary('cal')).toEqual(['workout_comment dan', 'follow dan'])

    // A comment for its author's followers, on cal's workout, by eve whom cal does not follow: cal may not read it, so is not told;
    // a private comment tells only whom it mentions.
    await comment('eve', calsWorkout, 'for my followers', 'followers_only')
    await comment('eve', calsWorkout, 'just for @gus', 'private')
    expect(await summary('cal')).toEqual(['workout_comment dan', 'follow dan'])
    expect(await summary('gus')).toEqual(['mention eve'])
  })

  it('tells of likes of one’s workout and comments once, takes them back on undo, and hides what the recipient can no longer see', async () => {
    const kits = await workout('kit', 'public')
    const reply = await comment('kit', kits, 'My own note')
    for (let time = 0; time < 2; time += 1) expect((await call('lou', 'POST', `workouts/${kits}/like`)).status).toBe(200)
    expect((await call('lou', 'POST', `comments/${reply}/like`)).status).toBe(200)
    expect((await call('kit', 'POST', `workouts/${kits}/like`)).status).toBe(200)
    expect(await summary('kit')).toEqual(['comment_like lou', 'workout_like lou'])
    expect(await summary('kit', '?order=asc')).toEqual(['workout_like lou', 'comment_like lou'])
    expect(await summary('kit', '?type=workout_like')).toEqual(['workout_like lou'])
    expect((await call<NotificationTypesResponse>('kit', 'GET', 'notifications/types')).body).toEqual({ status: 'success', notification_types: ['comment_like', 'workout_like'] })

    expect((await call('lou', 'POST', `comments/${reply}/like/undo`)).status).toBe(200)
    expect(await summary('kit')).toEqual(['workout_like lou'])

    // Kit's workout made private is still hers to see, so the like stays; a mention on max's
    // workout made private is hidden from lou, and cannot be marked.
    const [like] = await list('kit')
    expect((await call('kit', 'PATCH', `workouts/${kits}`, { workout_visibility: 'private' })).status).toBe(200)
    expect(await summary('kit')).toEqual(['workout_like lou'])
    const maxs = await workout('max', 'public')
    await comment('max', maxs, 'hello @lou')
    const [mention] = await list('lou')
    expect(mention?.type).toBe('mention')
    expect((await call('max', 'PATCH', `workouts/${maxs}`, { workout_visibility: 'private' })).status).toBe(200)
    expect(await list('lou')).toEqual([])
    expect(await unread('lou')).toBe(false)
    expect(await call('lou', 'PATCH', `notifications/${mention?.id}`, { read_status: true })).toMatchObject({ status: 404, body: { code: 'notification_not_found', status: 'not found' } })
    // Someone else's notification does not exist for them.
    expect(await call('lou', 'PATCH', `notifications/${like?.id}`, { read_status: true })).toMatchObject({ status: 404, body: { code: 'notification_not_found' } })
    expect((await call('lou', 'POST', `workouts/${kits}/like/undo`)).status).toBe(404)
    // Max's workout for his followers: lou sees the mention again once he follows max, and no longer once he stops.
    expect((await call('max', 'PATCH', `workouts/${maxs}`, { workout_visibility: 'followers_only' })).status).toBe(200)
    expect(await list('lou')).toEqual([])
    await follow('lou', 'max')
    expect(await summary('lou', '?type=mention')).toEqual(['mention max'])
    expect((await call('lou', 'POST', 'users/max/unfollow')).status).toBe(200)
    expect(await summary('lou', '?type=mention')).toEqual([])
  })

  it('no longer lists a comment its recipient may no longer read, and tells an author of a like of their private comment', async () => {
    for (const name of ['uma', 'vic', 'wes']) accounts.set(name, await registerUser(t, name, { activate: admin }))
    // A comment for vic's followers tells uma, who follows vic, until she stops following him.
    await follow('uma', 'vic')
    const umas = await workout('uma', 'public')
    await comment('vic', umas, 'For my followers only', 'followers_only')
    expect(await summary('uma', '?type=workout_comment')).toEqual(['workout_comment vic'])
    expect((await call('uma', 'POST', 'users/vic/unfollow')).status).toBe(200)
    expect(await summary('uma', '?type=workout_comment')).toEqual([])
    expect(await unread('uma')).toBe(false)
    // A private comment reads only by its author and whom it names: its author is told of wes's like.
    const secret = await comment('vic', umas, 'Only @wes reads this', 'private')
    expect((await call('wes', 'POST', `comments/${secret}/like`)).status).toBe(200)
    expect(await summary('vic')).toEqual(['comment_like wes'])
    // Once an administrator suspends wes's sharing, what he did is no longer told.
    expect((await t.api('POST', 'users/wes/sharing_suspension', { token: admin.token })).status).toBe(200)
    expect(await summary('vic')).toEqual([])
  })

  it('tells an owner a comment mentions of the mention only, and whom an edit still mentions nothing more, read or not', async () => {
    const sols = await workout('sol', 'public')
    const said = await comment('ren', sols, '@sol and @tia, look')
    const told = async (who: string) => (await list(who)).map((item) => `${item.type} ${item.from?.username} ${item.marked_as_read ? 'read' : 'unread'}`)
    expect(await told('sol')).toEqual(['mention ren unread'])
    expect(await told('tia')).toEqual(['mention ren unread'])
    for (const who of ['sol', 'tia']) expect((await call(who, 'POST', 'notifications/mark-all-as-read', {})).status).toBe(200)

    expect((await call('ren', 'PATCH', `comments/${said}`, { text: '@sol and @tia, look again' })).status).toBe(200)
    for (const who of ['sol', 'tia']) {
      expect(await told(who)).toEqual(['mention ren read'])
      expect(await unread(who)).toBe(false)
    }
  })

  it('still tells an owner of a comment an edit stops mentioning them in, as a comment, and tells one an edit newly mentions once, of the mention', async () => {
    for (const name of ['abe', 'bea', 'cyd']) accounts.set(name, await registerUser(t, name, { activate: admin }))
    const told = async (who: string) => (await list(who)).map((item) => `${item.type} ${item.from?.username} ${item.marked_as_read ? 'read' : 'unread'}: ${item.comment?.text}`)
    const edit = async (id: string, text: string) => expect((await call('bea', 'PATCH', `comments/${id}`, { text })).status).toBe(200)
    const adminTold = async () => (await t.api<NotificationsResponse>('GET', 'notifications', { token: admin.token })).body.pagination.total
    const toldAdmin = await adminTold()
    const abes = await workout('abe', 'public')
    const said = await comment('bea', abes, '@abe look')
    expect(await told('abe')).toEqual(['mention bea unread: @abe look'])
    expect((await call('abe', 'POST', 'notifications/mark-all-as-read', {})).status).toBe(200)
    // The mention edited away, the comment on abe's workout is still his to read: he is still told of it, as a comment, read as he left it.
    await edit(said, 'look')
    expect(await told('abe')).toEqual(['workout_comment bea read: look'])
    expect(await unread('abe')).toBe(false)
    // Mentioned again, he is told of the mention instead, as news.
    await edit(said, 'look, @abe')
    expect(await told('abe')).toEqual(['mention bea unread: look, @abe'])
    // A private comment is his to read only while it mentions him: edited away, nothing of it is left; mentioned again, he is told once.
    const secret = await comment('bea', abes, '@abe and @cyd only', 'private')
    await edit(secret, '@cyd only')
    expect(await told('abe')).toEqual(['mention bea unread: look, @abe'])
    await edit(secret, '@cyd and @abe again')
    expect(await told('abe')).toEqual(['mention bea unread: @cyd and @abe again', 'mention bea unread: look, @abe'])
    expect(await told('cyd')).toEqual(['mention bea unread: @cyd and @abe again'])
    // No one else was told anything.
    expect(await adminTold()).toBe(toldAdmin)
  })

  it('tells each sender’s follow relations with the recipient apart, read for all senders at once', async () => {
    for (const name of ['fay', 'gil', 'hub']) accounts.set(name, await registerUser(t, name, { activate: admin }))
    // fay follows gil (gil's approval tells her so); hub asks to follow fay (his request tells her so).
    await follow('fay', 'gil')
    expect((await call('hub', 'POST', 'users/fay/follow')).status).toBe(200)
    const relations = Object.fromEntries((await list('fay')).map((item) => [item.from?.username, [item.from?.follows, item.from?.is_followed_by]]))
    expect(relations).toEqual({ gil: ['false', 'true'], hub: ['pending', 'false'] })
  })

  it('tells a user who approves followers at once of the follow itself', async () => {
    for (const name of ['dee', 'eli']) accounts.set(name, await registerUser(t, name, { activate: admin }))
    const body = { imperial_units: false, language: 'en', timezone: 'Europe/Paris', weekm: false, manually_approves_followers: false }
    expect((await call('dee', 'POST', 'auth/profile/edit/preferences', body)).status).toBe(200)
    expect((await call('eli', 'POST', 'users/dee/follow')).status).toBe(200)
    expect(await summary('dee')).toEqual(['follow eli'])
  })

  it('tells no account waiting for its activation, not even once it is activated', async () => {
    // An account registered while e-mail is on waits for its confirmation: inactive.
    expect((await t.api('POST', 'auth/register', { body: { username: 'pat', email: 'pat@example.com', password: 'pat-secret-pass' } })).status).toBe(200)
    const nias = await workout('nia', 'public')
    await comment('nia', nias, 'with @pat and @qui')
    expect((await t.api('PATCH', 'users/pat', { token: admin.token, body: { activate: true } })).status).toBe(200)
    const login = await t.api<{ auth_token: string }>('POST', 'auth/login', { body: { email: 'pat@example.com', password: 'pat-secret-pass' } })
    expect(login.status).toBe(200)
    expect(await summary('qui')).toEqual(['mention nia'])
    const pats = await t.api<NotificationsResponse>('GET', 'notifications', { token: login.body.auth_token })
    expect(pats.body.notifications).toEqual([])
  })

  it('tells no account that is no longer active, not even once it is active again, and e-mails it nothing', async () => {
    for (const name of ['amy', 'ben']) accounts.set(name, await registerUser(t, name, { activate: admin }))
    await mailsOn('amy')
    const bens = await workout('ben', 'public')
    const said = await comment('amy', bens, 'Nice one')
    // No route deactivates an account: the database is changed beside the server, whose next committed write drops its cached answers.
    await t.server.dataSource.manager.update(UserEntity, { username: 'amy' }, { isActive: false })
    expect((await call('ben', 'POST', 'notifications/mark-all-as-read', {})).status).toBe(200)
    // Her comment is hidden from all but the administrators, who may still like it and hide it: she is told of neither.
    expect((await t.api('POST', `comments/${said}/like`, { token: admin.token })).status).toBe(200)
    expect((await t.api('POST', `comments/${said}/suspension`, { token: admin.token })).status).toBe(200)
    expect((await t.api('PATCH', 'users/amy', { token: admin.token, body: { activate: true } })).status).toBe(200)
    const login = await t.api<{ auth_token: string }>('POST', 'auth/login', { body: { email: 'amy@example.com', password: 'amy-secret-pass' } })
    expect(login.status).toBe(200)
    const amys = await t.api<NotificationsResponse>('GET', 'notifications', { token: login.body.auth_token })
    expect(amys.body.notifications).toEqual([])
    await t.server.settled()
    expect(mailsTo('amy')).toEqual([])
  })

  it('takes a workout’s like back on undo, one liker at a time', async () => {
    for (const name of ['xia', 'yan', 'zoe']) accounts.set(name, await registerUser(t, name, { activate: admin }))
    const xias = await workout('xia', 'public')
    for (const who of ['yan', 'zoe']) expect((await call(who, 'POST', `workouts/${xias}/like`)).status).toBe(200)
    expect((await summary('xia')).sort()).toEqual(['workout_like yan', 'workout_like zoe'])
    expect((await call('yan', 'POST', `workouts/${xias}/like/undo`)).status).toBe(200)
    expect(await summary('xia')).toEqual(['workout_like zoe'])
    expect((await call('zoe', 'POST', `workouts/${xias}/like/undo`)).status).toBe(200)
    expect(await summary('xia')).toEqual([])
    expect(await unread('xia')).toBe(false)
  })

  it('e-mails a comment or a mention only to whom may read it: not about a workout they may not see, nor a comment not theirs to read', async () => {
    for (const name of ['oli', 'pia', 'rue']) accounts.set(name, await registerUser(t, name, { activate: admin }))
    for (const name of ['oli', 'rue']) await mailsOn(name)
    // pia follows oli; oli follows nobody, nor does rue.
    await follow('pia', 'oli')
    const olisOpen = await workout('oli', 'public')
    const olisClosed = await workout('oli', 'followers_only')
    // rue may not see oli's workout for his followers: the mention there does not reach her.
    await comment('pia', olisClosed, 'Look @rue')
    // oli does not follow pia: her comment for her followers, and her private one naming rue alone, are not his to read.
    await comment('pia', olisOpen, 'For my followers', 'followers_only')
    await comment('pia', olisOpen, 'Only @rue', 'private')
    await comment('pia', olisOpen, 'Well done')
    await t.server.settled()
    // oli is told of the two comments he may read, the one on his workout for his followers among them.
    expect(mailsTo('oli')).toEqual(['Waymark - pia asks to follow you', 'Waymark - pia commented on your workout', 'Waymark - pia commented on your workout'])
    expect(mailsTo('rue')).toEqual(['Waymark - pia mentioned you'])
    expect(await summary('oli', '?type=workout_comment')).toEqual(['workout_comment pia', 'workout_comment pia'])
    expect(await summary('rue')).toEqual(['mention pia'])
  })

  it('pages five at a time, marks one read or unread, and all at once (of one type or every type)', async () => {
    const jons = await workout('jon', 'public')
    for (const name of ['ann', 'bob', 'cal', 'dan', 'eve', 'flo']) expect((await call(name, 'POST', `workouts/${jons}/like`)).status).toBe(200)
    const nice = await comment('gus', jons, 'Nice')
    const first = await call<NotificationsResponse>('jon', 'GET', 'notifications')
    expect(first.body.status).toBe('success')
    expect(first.body.notifications).toHaveLength(5)
    expect(first.body.pagination).toEqual({ page: 1, pages: 2, total: 7, has_prev: false, has_next: true })
    expect('data' in first.body).toBe(false)
    const second = await list('jon', '?page=2')
    // The two pages hold each of the seven once.
    expect([...first.body.notifications, ...second].map((item) => item.from?.username).sort()).toEqual(['ann', 'bob', 'cal', 'dan', 'eve', 'flo', 'gus'])
    const total = async (query: string) => (await call<NotificationsResponse>('jon', 'GET', `notifications${query}`)).body.pagination.total

    const [newest] = first.body.notifications
    const read = await call<NotificationResponse>('jon', 'PATCH', `notifications/${newest?.id}`, { read_status: true })
    // The answer tells it as the list does, with the workout and the comment it is about.
    expect(read).toMatchObject({ status: 200, body: { status: 'success', notification: { id: newest?.id, marked_as_read: true, type: 'workout_comment', workout: { id: jons }, comment: { id: nice, text: 'Nice' } } } })
    expect(await summary('jon', '?status=read')).toEqual(['workout_comment gus'])
    expect(await total('?status=unread')).toBe(6)
    expect((await call<NotificationTypesResponse>('jon', 'GET', 'notifications/types?status=unread')).body.notification_types).toEqual(['workout_like'])
    expect((await call<NotificationResponse>('jon', 'PATCH', `notifications/${newest?.id}`, { read_status: false })).body.notification.marked_as_read).toBe(false)

    expect(await call('jon', 'POST', 'notifications/mark-all-as-read', { type: 'workout_comment' })).toMatchObject({ status: 200, body: { status: 'success' } })
    expect(await summary('jon', '?status=unread&type=workout_comment')).toEqual([])
    expect(await total('?status=unread')).toBe(6)
    expect(await call('jon', 'GET', 'notifications/unread')).toMatchObject({ status: 200, body: { status: 'success', unread: true } })
    expect((await call('jon', 'POST', 'notifications/mark-all-as-read', {})).status).toBe(200)
    expect(await unread('jon')).toBe(false)
    expect(await total('?status=read')).toBe(7)

    // Bad input: a catalogued refusal, nothing changed.
    expect(await call('jon', 'GET', 'notifications?type=report')).toMatchObject({ status: 400, body: { code: 'invalid_payload' } })
    expect(await call('jon', 'PATCH', `notifications/${newest?.id}`, { read_status: 'yes' })).toMatchObject({ status: 400, body: { code: 'invalid_payload' } })
    expect(await call('jon', 'PATCH', 'notifications/not-an-id', { read_status: true })).toMatchObject({ status: 404, body: { code: 'notification_not_found' } })
    expect(await total('?status=read')).toBe(7)
    expect(await call('jon', 'GET', 'notifications', undefined)).toMatchObject({ status: 200 })
    expect((await t.api('GET', 'notifications')).status).toBe(401)
  })

  it('e-mails a notification, in the recipient’s language, only to who turned it on (off by default)', async () => {
    const profile = await call<{ data: { notification_emails: boolean } }>('ida', 'GET', 'auth/profile')
    expect(profile.body.data.notification_emails).toBe(false)
    // hal's request to jon (e-mails off) goes first; ida, once she turns them on, gets hers.
    expect((await call('hal', 'POST', 'users/jon/follow')).status).toBe(200)
    const changed = await call<{ data: { notification_emails: boolean } }>('ida', 'POST', 'auth/profile/edit/preferences', {
      imperial_units: false,
      language: 'de',
      timezone: 'Europe/Berlin',
      weekm: true,
      notification_emails: true,
    })
    expect(changed.body.data.notification_emails).toBe(true)
    expect((await call('hal', 'POST', 'users/ida/follow')).status).toBe(200)
    const mail = await smtp.waitFor((item) => item.to.includes('ida@example.com') && item.subject.includes('hal'))
    expect(mail.subject).toBe('Waymark - hal möchte dir folgen')
    expect(mail.text).toContain('hal möchte dir folgen.')
    expect(mail.text).toMatch(/\/notifications\n/)
    expect(mail.html).toContain('Meine Benachrichtigungen ansehen')
    expect(smtp.messages.filter((item) => item.to.includes('jon@example.com') && item.subject.includes('hal'))).toEqual([])
    expect(await summary('jon')).toContain('follow_request hal')
  })

  it('e-mails a comment’s author who wants it, in their language, that an administrator hid it, naming no administrator', async () => {
    const changed = await call('qui', 'POST', 'auth/profile/edit/preferences', { imperial_units: false, language: 'fr', timezone: 'Europe/Paris', weekm: true, notification_emails: true })
    expect(changed.status).toBe(200)
    const ride = await workout('nia', 'public')
    const added = await call<CommentCreatedResponse>('qui', 'POST', `workouts/${ride}/comments`, { text: 'Bravo', text_visibility: 'public' })
    expect((await t.api('POST', `comments/${added.body.comment.id}/suspension`, { token: admin.token })).status).toBe(200)
    const mail = await smtp.waitFor((item) => item.to.includes('qui@example.com') && item.subject.includes('masqué'))
    expect(mail.subject).toBe('Waymark - votre commentaire est masqué')
    expect(mail.text).toContain("Un administrateur a masqué l'un de vos commentaires : seuls vous et les administrateurs le voyez désormais.")
    expect(mail.text).not.toContain(admin.username)
    expect(await summary('qui', '?type=comment_suspension')).toEqual(['comment_suspension undefined'])
  })

  it('comes with its own table on an existing database, e-mails off for every account', async () => {
    const { dir, layout, old } = await databaseBefore('Notifications1795823691755', 'waymark-notifications-')
    await old.destroy()
    const db = await openDatabase(layout, new Date('2026-11-28T00:00:00Z'))
    try {
      expect(await db.query(`SELECT id, username, notification_emails FROM user`)).toEqual([{ id: 1, username: 'u', notification_emails: 0 }])
      expect(await db.query(`SELECT COUNT(*) AS n FROM notification`)).toEqual([{ n: 0 }])
      expect(await db.query(`SELECT COUNT(*) AS n FROM workout`)).toEqual([{ n: 1 }])
      await db.query(`INSERT INTO notification (id, to_user_id, from_user_id, type, workout_id, created_at) VALUES ('n1', 1, 1, 'workout_like', 'w1', '2026-11-28 00:00:00.000')`)
      // It goes with its workout.
      await db.query(`DELETE FROM workout WHERE id = 'w1'`)
      expect(await db.query(`SELECT COUNT(*) AS n FROM notification`)).toEqual([{ n: 0 }])
      await expect(db.query(`INSERT INTO notification (id, to_user_id, from_user_id, type, created_at) VALUES ('n2', 1, 2, 'follow', '2026-11-28 00:00:00.000')`)).rejects.toMatchObject({ name: 'QueryFailedError', message: 'SQLITE_CONSTRAINT: FOREIGN KEY constraint failed' })
    } finally {
      await db.destroy()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

/**
 * Which notifications a user may still see is read in a fixed number of statements, however many
 * there are (each used to cost its own reads of its sender, workout, comment and follows).
 */
describe('notifications read in batches', () => {
  it('reads the same number of statements for 3 notifications as for 21', async () => {
    let statements = 0
    const started = await startWithOwnerAndSam({ hooks: { afterSnapshotRead: () => Promise.resolve(void (statements += 1)) } })
    const { t, owner } = started
    try {
      const ann = await registerUser(t, 'ann', { activate: owner })
      const ride = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
        token: ann.token,
        body: { sport_id: 1, duration: 1800, distance: 5, workout_date: '2024-06-01 08:00', workout_visibility: 'public' },
      })
      const rideId = ride.body.data.workouts[0]?.id ?? ''
      /** A follow request, a like of ann's workout and a comment mentioning her from a new user each: three notifications. */
      const fromNewUser = async (name: string) => {
        const user = await registerUser(t, name, { activate: owner })
        expect((await t.api('POST', `users/ann/follow`, { token: user.token })).status).toBe(200)
        expect((await t.api('POST', `workouts/${rideId}/like`, { token: user.token })).status).toBe(200)
        expect((await t.api('POST', `workouts/${rideId}/comments`, { token: user.token, body: { text: 'Hi @ann', text_visibility: 'public' } })).status).toBe(201)
      }
      /** The statements the types of ann's notifications take, and how many notifications there are. */
      const measured = async () => {
        statements = 0
        const types = await t.api<NotificationTypesResponse>('GET', 'notifications/types', { token: ann.token })
        const read = statements
        const all = await t.api<NotificationsResponse>('GET', 'notifications?per_page=5', { token: ann.token })
        return { read, types: types.body.notification_types, total: all.body.pagination.total }
      }
      await fromNewUser('fan0')
      const few = await measured()
      for (let n = 1; n < 7; n += 1) await fromNewUser(`fan${n}`)
      const many = await measured()
      expect([few.total, many.total]).toEqual([3, 21])
      expect(many.types).toEqual(['follow_request', 'mention', 'workout_like'])
      expect(many.read).toBe(few.read)
    } finally {
      await t.close()
    }
  }, 120_000)
})

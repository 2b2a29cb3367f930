import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Comment, CommentCreatedResponse, CommentResponse, CommentsResponse, LikedWorkoutResponse, LikesResponse, WorkoutsResponse } from '../../../src/contracts'
import { registerUser, startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'

/**
 * Comments and likes (issue 31), as the reference tracker has them. The rules stated here: only
 * who may see a workout may comment on it, read its comments or like it (anyone else gets 404, as
 * for a missing workout); a comment is seen, among them, by its author always, by everyone when
 * `public`, by the author's followers when `followers_only`, by the users it mentions when
 * `private`; only its author edits or deletes it; a like counts once per user.
 */
describe('comments and likes', () => {
  let t: TestServer
  let admin: Account
  let sam: Account
  let fay: Account
  let kim: Account
  /** sam's workouts: one for his followers, one public. */
  let forFollowers: string
  let open: string

  const as = (who: Account | null) => (who ? { token: who.token } : {})
  const comment = (who: Account, workoutId: string, text: string, textVisibility = 'public') =>
    t.api<CommentCreatedResponse>('POST', `workouts/${workoutId}/comments`, { token: who.token, body: { text, text_visibility: textVisibility } })
  const texts = async (who: Account | null, workoutId: string) => {
    const answer = await t.api<CommentsResponse>('GET', `workouts/${workoutId}/comments`, as(who))
    if (answer.status !== 200) return answer.status
    expect(answer.body.status).toBe('success')
    return answer.body.data.comments.map((item) => item.text)
  }

  beforeAll(async () => {
    const started = await startWithOwnerAndSam()
    t = started.t
    admin = started.owner
    sam = started.sam
    fay = await registerUser(t, 'fay', { activate: admin })
    kim = await registerUser(t, 'kim', { activate: admin })
    // fay follows sam; kim follows fay (not sam); sam follows nobody.
    expect((await t.api('POST', 'users/sam/follow', { token: fay.token })).status).toBe(200)
    expect((await t.api('POST', 'follow-requests/fay/accept', { token: sam.token })).status).toBe(200)
    expect((await t.api('POST', 'users/fay/follow', { token: kim.token })).status).toBe(200)
    expect((await t.api('POST', 'follow-requests/kim/accept', { token: fay.token })).status).toBe(200)
    const workout = async (visibility: string) => {
      const created = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
        token: sam.token,
        body: { sport_id: 1, duration: 1800, distance: 5, workout_date: '2024-06-01 08:00', workout_visibility: visibility },
      })
      expect(created.status).toBe(201)
      return created.body.data.workouts[0]?.id ?? ''
    }
    forFollowers = await workout('followers_only')
    open = await workout('public')
  }, 60_000)
  afterAll(() => t.close())

  it('links in `text_html` the mentions of users who may be mentioned, as the reference marks them up, the rest escaped as text', async () => {
    // pat registered and was never activated: no one to mention.
    expect((await t.api('POST', 'auth/register', { body: { username: 'pat', email: 'pat@example.com', password: 'pat-secret-pass' } })).status).toBe(200)
    const added = await comment(kim, open, `<b>Hi</b> @Fay & @pat, "@nobody" 'n' @SAM@sam`)
    expect(added.status).toBe(201)
    const link = (page: string, written: string) => `<a href="http://waymark.test/users/${page}" target="_blank" rel="noopener noreferrer">@<span>${written}</span></a>`
    const html = `&lt;b&gt;Hi&lt;/b&gt; ${link('fay', 'Fay')} &amp; @pat, &quot;@nobody&quot; &#39;n&#39; ${link('sam', 'SAM')}${link('sam', 'sam')}`
    expect(added.body.comment.text_html).toBe(html)
    expect(added.body.comment.mentions.map((user) => user.username).sort()).toEqual(['fay', 'sam'])
    const read = await t.api<CommentResponse>('GET', `comments/${added.body.comment.id}`, as(fay))
    expect(read.body.comment.text_html).toBe(html)
    expect((await t.api('DELETE', `comments/${added.body.comment.id}`, as(kim))).status).toBe(204)
  })

  it('lets a follower comment on a workout for followers, in the reference’s shape, and hides it from whoever may not see the workout', async () => {
    const added = await comment(fay, forFollowers, 'Nice pace @sam!')
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({
      status: 'created',
      comment: {
        user: { username: 'fay' },
        workout_id: forFollowers,
        text: 'Nice pace @sam!',
        text_html: 'Nice pace <a href="http://waymark.test/users/sam" target="_blank" rel="noopener noreferrer">@<span>sam</span></a>!',
        text_visibility: 'public',
        modification_date: null,
        mentions: [expect.objectContaining({ username: 'sam' })],
        likes_count: 0,
        liked: false,
      },
    })
    expect(added.body.comment.id).toMatch(/^[A-Za-z0-9]{22}$/)
    // Its author and the users it mentions are shown as anyone else sees them: no e-mail address.
    const read = await t.api<CommentResponse>('GET', `comments/${added.body.comment.id}`, as(sam))
    expect(read.body.status).toBe('success')
    for (const user of [added.body.comment.user, ...added.body.comment.mentions, read.body.comment.user, ...read.body.comment.mentions]) expect(user).not.toHaveProperty('email')
    expect(await texts(sam, forFollowers)).toEqual(['Nice pace @sam!'])
    expect(await texts(fay, forFollowers)).toEqual(['Nice pace @sam!'])
    // kim does not follow sam; the administrator neither; a visitor has no account: the workout does not exist for them.
    for (const who of [kim, admin, null]) {
      expect(await texts(who, forFollowers)).toBe(404)
      const read = await t.api('GET', `comments/${added.body.comment.id}`, as(who))
      expect([read.status, read.body]).toEqual([404, expect.objectContaining({ status: 'not found', code: 'comment_not_found', message: 'workout comment not found' })])
    }
    const refused = await comment(kim, forFollowers, 'Let me in')
    expect([refused.status, refused.body]).toEqual([404, expect.objectContaining({ code: 'workout_not_found', message: 'workout not found' })])
    expect(await texts(sam, forFollowers)).toEqual(['Nice pace @sam!'])
    expect((await comment(kim, 'AAAAAAAAAAAAAAAAAAAAAA', 'Anyone?')).status).toBe(404)
  })

  it('refuses a blank, too long or incomplete comment with its catalogued error, storing nothing', async () => {
    const before = await texts(sam, open)
    for (const [body, code] of [
      [{ text: '   ', text_visibility: 'public' }, 'comment_text_invalid'],
      [{ text: 'x'.repeat(2001), text_visibility: 'public' }, 'comment_text_invalid'],
      [{ text: 'No level' }, 'invalid_payload'],
      [{ text: 'Bad level', text_visibility: 'friends' }, 'invalid_payload'],
    ] as const) {
      const answer = await t.api('POST', `workouts/${open}/comments`, { token: fay.token, body })
      expect([answer.status, answer.body], JSON.stringify(body).slice(0, 60)).toEqual([400, expect.objectContaining({ status: 'error', code })])
    }
    expect(await texts(sam, open)).toEqual(before)
    const longest = await comment(fay, open, 'y'.repeat(2000))
    expect(longest.status).toBe(201)
    expect((await t.api('DELETE', `comments/${longest.body.comment.id}`, { token: fay.token })).status).toBe(204)
  })

  it('shows each comment to whom its text visibility allows, counted from its author', async () => {
    const levels = { public: 'For all', followers_only: 'For my followers', private: 'Only @SAM and me' } as const
    for (const [level, text] of Object.entries(levels)) expect((await comment(fay, open, text, level)).status).toBe(201)
    const mine = (answer: unknown) => (Array.isArray(answer) ? answer.filter((text) => Object.values<string>(levels).includes(text as string)) : answer)
    // fay wrote them all; kim follows fay; sam is named in the private one (in another case) and does not follow fay.
    expect(mine(await texts(fay, open))).toEqual(['For all', 'For my followers', 'Only @SAM and me'])
    expect(mine(await texts(kim, open))).toEqual(['For all', 'For my followers'])
    expect(mine(await texts(sam, open))).toEqual(['For all', 'Only @SAM and me'])
    expect(mine(await texts(admin, open))).toEqual(['For all'])
    expect(mine(await texts(null, open))).toEqual(['For all'])
  })

  it('lets only its author edit or delete a comment', async () => {
    const added = await comment(fay, open, 'First words')
    const id = added.body.comment.id
    const denied = await t.api('PATCH', `comments/${id}`, { token: sam.token, body: { text: 'Not mine' } })
    expect([denied.status, denied.body]).toEqual([403, expect.objectContaining({ code: 'forbidden', message: 'you do not have permissions' })])
    expect((await t.api('DELETE', `comments/${id}`, { token: sam.token })).status).toBe(403)
    expect((await t.api('PATCH', `comments/${id}`, { token: fay.token, body: { text: '' } })).body).toMatchObject({ code: 'comment_text_invalid' })
    const edited = await t.api<CommentResponse>('PATCH', `comments/${id}`, { token: fay.token, body: { text: '  Better words ' } })
    expect(edited.status).toBe(200)
    expect(edited.body.comment).toMatchObject({ text: 'Better words', text_visibility: 'public', modification_date: expect.stringMatching(/GMT$/) })
    expect((await t.api<CommentResponse>('GET', `comments/${id}`, as(null))).body.comment.text).toBe('Better words')
    expect((await t.api('DELETE', `comments/${id}`, { token: fay.token })).status).toBe(204)
    expect((await t.api('GET', `comments/${id}`, { token: fay.token })).status).toBe(404)
    expect((await t.api('DELETE', `comments/${id}`, { token: fay.token })).body).toMatchObject({ code: 'comment_not_found' })
  })

  it('counts one like per user on a workout and on a comment, undone by undo, and refuses likes on a workout one may not see', async () => {
    const liked = await t.api<LikedWorkoutResponse>('POST', `workouts/${forFollowers}/like`, { token: fay.token })
    expect(liked.status).toBe(200)
    expect(liked.body.data.workouts[0]).toMatchObject({ id: forFollowers, likes_count: 1, liked: true })
    expect((await t.api<LikedWorkoutResponse>('POST', `workouts/${forFollowers}/like`, { token: fay.token })).body.data.workouts[0]).toMatchObject({ likes_count: 1 })
    expect((await t.api<WorkoutsResponse>('GET', `workouts/${forFollowers}`, { token: sam.token })).body.data.workouts[0]).toMatchObject({ likes_count: 1, liked: false })
    expect((await t.api('POST', `workouts/${forFollowers}/like`, { token: kim.token })).body).toMatchObject({ code: 'workout_not_found' })
    expect((await t.api('GET', `workouts/${forFollowers}/likes`, { token: kim.token })).status).toBe(404)
    const likers = await t.api<LikesResponse>('GET', `workouts/${forFollowers}/likes`, { token: sam.token })
    expect(likers.body).toMatchObject({ data: { likes: [expect.objectContaining({ username: 'fay' })] } })
    // One like: one page, nothing after it.
    expect(likers.body.pagination).toEqual({ page: 1, pages: 1, total: 1, has_prev: false, has_next: false })
    const undone = await t.api<LikedWorkoutResponse>('POST', `workouts/${forFollowers}/like/undo`, { token: fay.token })
    expect(undone.body.data.workouts[0]).toMatchObject({ likes_count: 0, liked: false })

    const added = await comment(fay, open, 'Like me')
    const id = added.body.comment.id
    for (const who of [sam, kim, sam]) expect((await t.api('POST', `comments/${id}/like`, { token: who.token })).status).toBe(200)
    const seen = await t.api<CommentResponse>('GET', `comments/${id}`, { token: kim.token })
    expect(seen.body.comment).toMatchObject({ likes_count: 2, liked: true })
    const names = (await t.api<LikesResponse>('GET', `comments/${id}/likes`, as(null))).body.data.likes.map((user) => user.username)
    expect(names.sort()).toEqual(['kim', 'sam'])
    const after = await t.api<CommentResponse>('POST', `comments/${id}/like/undo`, { token: sam.token })
    expect(after.body.comment).toMatchObject({ likes_count: 1, liked: false })
  })

  it('lists the likers of a workout and of a comment ten a page, as the reference does', async () => {
    const created = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
      token: sam.token,
      body: { sport_id: 1, duration: 600, distance: 2, workout_date: '2024-06-03 08:00', workout_visibility: 'public' },
    })
    const ride = created.body.data.workouts[0]?.id ?? ''
    const said = (await comment(sam, ride, 'Eleven of you?')).body.comment.id
    const fans = Array.from({ length: 11 }, (_, i) => `fan${i}`)
    for (const name of fans) {
      const fan = await registerUser(t, name, { activate: admin })
      for (const path of [`workouts/${ride}/like`, `comments/${said}/like`]) expect((await t.api('POST', path, { token: fan.token })).status).toBe(200)
    }
    for (const path of [`workouts/${ride}/likes`, `comments/${said}/likes`]) {
      const pages = await Promise.all([1, 2, 3].map((page) => t.api<LikesResponse>('GET', `${path}?page=${page}`, as(null))))
      expect(pages.map((answer) => [answer.status, answer.body.status, answer.body.data.likes.length]), path).toEqual([
        [200, 'success', 10],
        [200, 'success', 1],
        [200, 'success', 0],
      ])
      // Each liker as anyone else sees them: no e-mail address or preferences.
      for (const liker of pages.flatMap((answer) => answer.body.data.likes)) expect(liker, path).not.toHaveProperty('email')
      expect(pages.map((answer) => answer.body.pagination), path).toEqual([
        { page: 1, pages: 2, total: 11, has_prev: false, has_next: true },
        { page: 2, pages: 2, total: 11, has_prev: true, has_next: false },
        { page: 3, pages: 2, total: 11, has_prev: true, has_next: false },
      ])
      expect(pages.flatMap((answer) => answer.body.data.likes.map((user) => user.username)).sort(), path).toEqual([...fans].sort())
    }
  }, 60_000)

  it('hides the comments of a workout made private from everyone but its owner, and keeps them for him', async () => {
    const added = await comment(fay, forFollowers, 'Before it closed')
    const made = await t.api('PATCH', `workouts/${forFollowers}`, { token: sam.token, body: { workout_visibility: 'private' } })
    expect(made.status).toBe(200)
    expect(await texts(fay, forFollowers)).toBe(404)
    expect((await t.api('GET', `comments/${added.body.comment.id}`, { token: fay.token })).status).toBe(404)
    expect((await t.api('PATCH', `comments/${added.body.comment.id}`, { token: fay.token, body: { text: 'Still here?' } })).status).toBe(404)
    const kept = await t.api<CommentsResponse>('GET', `workouts/${forFollowers}/comments`, { token: sam.token })
    expect(kept.body.data.comments.map((item: Comment) => item.text)).toContain('Before it closed')
    expect((await t.api('PATCH', `workouts/${forFollowers}`, { token: sam.token, body: { workout_visibility: 'followers_only' } })).status).toBe(200)
  })

  it('shows a private comment to a user it names whose username has capitals, however the mention is written', async () => {
    const lea = await registerUser(t, 'LeaM', { activate: admin })
    const created = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
      token: sam.token,
      body: { sport_id: 1, duration: 600, distance: 2, workout_date: '2024-06-02 08:00', workout_visibility: 'public' },
    })
    const ride = created.body.data.workouts[0]?.id ?? ''
    expect((await comment(fay, ride, 'Well done @leam', 'private')).status).toBe(201)
    expect(await texts(lea, ride)).toEqual(['Well done @leam'])
    expect(await texts(kim, ride)).toEqual([])
  })
})

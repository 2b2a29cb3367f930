import { expect, test } from './fixtures'
import { axeViolations, createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'
import { lakeLoop } from './workout-helpers'

test.describe('comments and likes', () => {
  test('a follower comments on and likes a workout for followers, by keyboard; its owner sees both; axe AA in light and dark', async ({ page, request }) => {
    test.setTimeout(120_000)
    const errors = trackPageErrors(page)
    const annaAccount = newAccount('anna')
    const anna = await createActiveUser(request, annaAccount)
    const benAccount = newAccount('ben')
    const ben = await createActiveUser(request, benAccount)
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })
    const workoutId = await lakeLoop(request, anna, 'followers_only')
    expect((await request.post(`/api/users/${annaAccount.username}/follow`, { headers: bearer(ben) })).ok()).toBe(true)
    expect((await request.post(`/api/follow-requests/${benAccount.username}/accept`, { headers: bearer(anna) })).ok()).toBe(true)

    // ben, a follower: comments with the keyboard only, then likes the workout.
    await openWithToken(page, ben, `/workouts/${workoutId}`)
    const card = page.getByTestId('workout-comments')
    await expect(card.getByText('No comment yet.')).toBeVisible({ timeout: 20_000 })
    await card.getByLabel('Your comment').focus()
    await page.keyboard.type('Great loop!')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(card.getByRole('button', { name: 'Add the comment' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(card.getByTestId('comment')).toHaveCount(1)
    await expect(card.getByTestId('comment-text')).toHaveText('Great loop!')
    const like = card.getByTestId('workout-like')
    await expect(like).toHaveText('Like · 0')
    await like.focus()
    await page.keyboard.press('Enter')
    await expect(like).toHaveText('Like · 1')
    await expect(like).toHaveAttribute('aria-pressed', 'true')
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, `follower, ${scheme}`)).toEqual([])
    }

    // anna, the owner: sees ben's comment and like, may like the comment but not edit it.
    await openWithToken(page, anna, `/workouts/${workoutId}`)
    await expect(card.getByTestId('comment')).toHaveCount(1, { timeout: 20_000 })
    await expect(card.getByTestId('comment-author')).toHaveText(benAccount.username)
    await expect(card.getByTestId('comment-text')).toHaveText('Great loop!')
    await expect(card.getByTestId('workout-like')).toHaveText('Like · 1')
    await expect(card.getByTestId('workout-like')).toHaveAttribute('aria-pressed', 'false')
    await expect(card.getByRole('button', { name: 'Edit' })).toHaveCount(0)
    await card.getByTestId('comment-like').click()
    await expect(card.getByTestId('comment-like')).toHaveText('Like · 1')
    const stored = await request.get(`/api/workouts/${workoutId}/comments`, { headers: bearer(ben) })
    expect(((await stored.json()) as { data: { comments: { text: string; likes_count: number }[] } }).data.comments).toEqual([
      expect.objectContaining({ text: 'Great loop!', likes_count: 1 }),
    ])

    // ben edits, then deletes his comment.
    await openWithToken(page, ben, `/workouts/${workoutId}`)
    await card.getByRole('button', { name: 'Edit' }).click()
    await card.getByLabel('Comment', { exact: true }).fill('Great loop, again!')
    await card.getByRole('button', { name: 'Save' }).click()
    await expect(card.getByTestId('comment-text')).toHaveText('Great loop, again!')
    await card.getByRole('button', { name: 'Delete' }).click()
    await expect(card.getByText('No comment yet.')).toBeVisible()
    expect(errors).toEqual([])
  })
})

test.describe('who liked', () => {
  test('lists who liked a workout (ten, then the rest) and a comment, by keyboard, each name linked to its page; axe AA in light and dark', async ({ page, request }) => {
    test.setTimeout(180_000)
    const errors = trackPageErrors(page)
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })
    const owner = newAccount('olga')
    const ownerToken = await createActiveUser(request, owner)
    const workoutId = await lakeLoop(request, ownerToken, 'public')
    // Eleven likers: one more than the server's page of ten.
    const likers: string[] = []
    const tokens: string[] = []
    for (let index = 0; index < 11; index++) {
      const account = newAccount(`liker${index}`)
      const token = await createActiveUser(request, account)
      expect((await request.post(`/api/workouts/${workoutId}/like`, { headers: bearer(token) })).ok()).toBe(true)
      likers.push(account.username)
      tokens.push(token)
    }
    const [commenterToken, commentLikerToken] = tokens
    const added = await request.post(`/api/workouts/${workoutId}/comments`, { headers: bearer(commenterToken ?? ''), data: { text: 'Nice one', text_visibility: 'public' } })
    expect(added.ok()).toBe(true)
    const commentId = ((await added.json()) as { comment: { id: string } }).comment.id
    expect((await request.post(`/api/comments/${commentId}/like`, { headers: bearer(commentLikerToken ?? '') })).ok()).toBe(true)

    await openWithToken(page, ownerToken, `/workouts/${workoutId}`)
    const card = page.getByTestId('workout-comments')
    await expect(card.getByTestId('workout-like')).toHaveText('Like · 11', { timeout: 20_000 })
    const whoLiked = card.getByRole('button', { name: 'Who liked this workout' })
    await whoLiked.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Who liked this workout' })
    await expect(dialog.getByText('Who liked this workout')).toBeFocused()
    const names = dialog.getByRole('link')
    await expect(names).toHaveCount(10)
    await expect(dialog.getByRole('button', { name: 'Load more' })).toBeVisible()
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, `likers, ${scheme}`)).toEqual([])
    }
    // Tab past the ten names to "Load more": the eleventh name comes and takes the focus.
    for (let step = 0; step < 11; step++) await page.keyboard.press('Tab')
    await expect(dialog.getByRole('button', { name: 'Load more' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(names).toHaveCount(11)
    await expect(names.nth(10)).toBeFocused()
    await expect(dialog.getByRole('button', { name: 'Load more' })).toHaveCount(0)
    expect((await names.allTextContents()).toSorted()).toEqual(likers.toSorted())
    for (const [index, name] of (await names.allTextContents()).entries()) await expect(names.nth(index)).toHaveAttribute('href', `/users/${name}`)
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(whoLiked).toBeFocused()

    // The comment's likers: its one liker, whose name leads to their page.
    await card.getByRole('button', { name: `Who liked the comment by ${likers[0] ?? ''}` }).click()
    const commentDialog = page.getByRole('dialog', { name: `Who liked the comment by ${likers[0] ?? ''}` })
    await expect(commentDialog.getByRole('link')).toHaveText([likers[1] ?? ''])
    await commentDialog.getByRole('link').click()
    await expect(page).toHaveURL(new RegExp(`/users/${likers[1] ?? ''}$`))
    expect(errors).toEqual([])
  })
})

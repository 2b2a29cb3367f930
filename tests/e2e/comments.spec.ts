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

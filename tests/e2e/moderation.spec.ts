import { expect, test } from './fixtures'
import { axeViolations, createActiveUser, ensureAdmin, newAccount, openWithToken, trackPageErrors } from './helpers'
import { lakeLoop } from './workout-helpers'

test.describe('moderation', () => {
  // Five pages and four axe runs; the fixture's server start counts too on a loaded machine.
  test.describe.configure({ timeout: 180_000 })
  test('an administrator hides a comment and suspends an account’s sharing, by keyboard, and undoes both; its author sees it marked hidden; axe AA light and dark', async ({ page, request }) => {
    const errors = trackPageErrors(page)
    const admin = await ensureAdmin(request)
    const annaAccount = newAccount('anna')
    const anna = await createActiveUser(request, annaAccount)
    const benAccount = newAccount('ben')
    const ben = await createActiveUser(request, benAccount)
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })
    const workoutId = await lakeLoop(request, anna, 'public')
    const posted = await request.post(`/api/workouts/${workoutId}/comments`, { headers: bearer(ben), data: { text: 'Buy cheap watches', text_visibility: 'public' } })
    expect(posted.status()).toBe(201)

    // The administrator hides ben's comment with the keyboard.
    await openWithToken(page, admin, `/workouts/${workoutId}`)
    const card = page.getByTestId('workout-comments')
    const hide = card.getByRole('button', { name: `Hide (comment by ${benAccount.username})` })
    await hide.focus()
    await page.keyboard.press('Enter')
    await expect(card.getByTestId('comment-hidden')).toHaveText('Hidden from others')
    await expect(card.getByRole('button', { name: `Show again (comment by ${benAccount.username})` })).toBeVisible()
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, `admin's hidden comment, ${scheme}`)).toEqual([])
    }
    await page.emulateMedia({ colorScheme: 'light' })

    // Its author sees it marked hidden; the workout's owner no longer sees it.
    await openWithToken(page, ben, `/workouts/${workoutId}`)
    await expect(card.getByTestId('comment-text')).toHaveText('Buy cheap watches', { timeout: 20_000 })
    await expect(card.getByTestId('comment-hidden')).toBeVisible()
    await openWithToken(page, anna, `/workouts/${workoutId}`)
    await expect(card.getByText('No comment yet.')).toBeVisible({ timeout: 20_000 })

    // The administrator suspends ben's sharing from his page.
    await openWithToken(page, admin, `/admin/users/${benAccount.username}`)
    const sharing = page.getByTestId('sharing-suspension')
    await expect(sharing.getByTestId('sharing-state')).toHaveText('This account shares what its settings allow.', { timeout: 20_000 })
    await sharing.getByRole('button', { name: 'Suspend sharing' }).focus()
    await page.keyboard.press('Enter')
    await expect(sharing.getByTestId('sharing-state')).toContainText('Sharing suspended since')
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, `admin user page, suspended, ${scheme}`)).toEqual([])
    }
    await page.emulateMedia({ colorScheme: 'light' })

    // ben cannot comment: told why, nothing stored.
    await openWithToken(page, ben, `/workouts/${workoutId}`)
    await card.getByLabel('Your comment').fill('Another one')
    await card.getByRole('button', { name: 'Add the comment' }).click()
    await expect(card.getByText('An administrator has suspended your sharing: you cannot follow, comment or like until they restore it.')).toBeVisible()
    const stored = await request.get(`/api/workouts/${workoutId}/comments`, { headers: bearer(ben) })
    expect(((await stored.json()) as { data: { comments: { text: string }[] } }).data.comments.map((item) => item.text)).toEqual(['Buy cheap watches'])

    // Both undone: the sharing restored, the comment shown again; the owner reads it.
    await openWithToken(page, admin, `/admin/users/${benAccount.username}`)
    await sharing.getByRole('button', { name: 'Restore sharing' }).click()
    await expect(sharing.getByTestId('sharing-state')).toHaveText('This account shares what its settings allow.')
    await openWithToken(page, admin, `/workouts/${workoutId}`)
    await card.getByRole('button', { name: `Show again (comment by ${benAccount.username})` }).click()
    await expect(card.getByTestId('comment-hidden')).toHaveCount(0)
    await openWithToken(page, anna, `/workouts/${workoutId}`)
    await expect(card.getByTestId('comment-text')).toHaveText('Buy cheap watches', { timeout: 20_000 })
    expect(errors).toEqual([])
  })
})

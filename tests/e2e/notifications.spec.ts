import { expect, test } from './fixtures'
import { axeViolations, createActiveUser, ensureAdmin, newAccount, openWithToken, trackPageErrors } from './helpers'
import { lakeLoop } from './workout-helpers'

test.describe('notifications', () => {
  test('the bell names the unread count; the list tells who did what, marks one read by keyboard, then all; axe AA in light and dark', async ({ page, request }) => {
    test.setTimeout(120_000)
    const errors = trackPageErrors(page)
    const annaAccount = newAccount('anna')
    const anna = await createActiveUser(request, annaAccount)
    const benAccount = newAccount('ben')
    const ben = await createActiveUser(request, benAccount)
    const carlAccount = newAccount('carl')
    const carl = await createActiveUser(request, carlAccount)
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })
    const workoutId = await lakeLoop(request, anna, 'public')
    expect((await request.post(`/api/workouts/${workoutId}/like`, { headers: bearer(ben) })).ok()).toBe(true)
    expect((await request.post(`/api/workouts/${workoutId}/comments`, { headers: bearer(ben), data: { text: 'Great loop!', text_visibility: 'public' } })).status()).toBe(201)
    expect((await request.post(`/api/users/${annaAccount.username}/follow`, { headers: bearer(carl) })).ok()).toBe(true)

    await openWithToken(page, anna, '/')
    const bell = page.getByTestId('notification-bell')
    await expect(bell).toHaveAccessibleName('Notifications: 3 unread', { timeout: 20_000 })
    await bell.click()
    await expect(page).toHaveURL(/\/notifications$/)
    const items = page.getByTestId('notification')
    await expect(items).toHaveCount(3, { timeout: 20_000 })
    await expect(page.getByTestId('notification-text')).toHaveText([
      `${carlAccount.username} asks to follow you`,
      `${benAccount.username} commented on your workout`,
      `${benAccount.username} likes your workout`,
    ])
    await expect(items.nth(1)).toContainText('Great loop!')
    // The request can be answered right here.
    await expect(page.getByTestId('follow-request')).toHaveCount(1)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, `notifications, ${scheme}`)).toEqual([])
    }

    // Keyboard only: the first "Mark as read" button, then Enter.
    const markRead = items.nth(0).getByRole('button', { name: 'Mark as read' })
    await markRead.focus()
    await page.keyboard.press('Enter')
    await expect(items.nth(0)).toHaveAttribute('data-read', 'true')
    await expect(items.nth(0).getByRole('button', { name: 'Mark as unread' })).toBeVisible()
    await expect(bell).toHaveAccessibleName('Notifications: 2 unread')

    await page.getByTestId('notifications-mark-all').click()
    await expect(bell).toHaveAccessibleName('Notifications: none unread')
    await expect(page.locator('[data-testid="notification"][data-read="false"]')).toHaveCount(0)
    const stored = await request.get('/api/notifications?status=unread', { headers: bearer(anna) })
    expect(((await stored.json()) as { pagination: { total: number } }).pagination.total).toBe(0)
    expect(errors).toEqual([])
  })

  test("a comment's author, and only they, reads that an administrator hid it and showed it again, each leading to the workout; axe AA in light and dark", async ({ page, request }) => {
    test.setTimeout(120_000)
    const errors = trackPageErrors(page)
    const admin = await ensureAdmin(request)
    const anna = await createActiveUser(request, newAccount('anna'))
    const ben = await createActiveUser(request, newAccount('ben'))
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })
    const workoutId = await lakeLoop(request, anna, 'public')
    const posted = await request.post(`/api/workouts/${workoutId}/comments`, { headers: bearer(ben), data: { text: 'Buy cheap watches', text_visibility: 'public' } })
    expect(posted.status()).toBe(201)
    const commentId = ((await posted.json()) as { comment: { id: string } }).comment.id
    expect((await request.post(`/api/comments/${commentId}/suspension`, { headers: bearer(admin) })).ok()).toBe(true)
    expect((await request.delete(`/api/comments/${commentId}/suspension`, { headers: bearer(admin) })).ok()).toBe(true)

    await openWithToken(page, ben, '/notifications')
    const items = page.getByTestId('notification')
    await expect(page.getByTestId('notification-text')).toHaveText(['An administrator showed your comment to others again', 'An administrator hid your comment from others'], { timeout: 20_000 })
    await expect(items.nth(0)).toContainText('Buy cheap watches')
    await expect(items.nth(1)).toContainText('Buy cheap watches')
    await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications: 2 unread')
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, `moderation notices, ${scheme}`)).toEqual([])
    }
    await page.getByTestId('notification-text').nth(1).click()
    await expect(page).toHaveURL(new RegExp(`/workouts/${workoutId}$`))
    await expect(page.getByTestId('comment-text')).toHaveText('Buy cheap watches', { timeout: 20_000 })

    // The workout's owner was told of the comment, not of what the administrator did with it.
    await openWithToken(page, anna, '/notifications')
    await expect(page.getByTestId('notification-text')).toHaveText([/commented on your workout$/], { timeout: 20_000 })
    expect(errors).toEqual([])
  })

  test('a user without notifications is told so, outside the list, and axe finds nothing in light and dark', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('quiet'))
    await openWithToken(page, token, '/notifications')
    await expect(page.getByText('No notification yet.')).toBeVisible()
    await expect(page.getByRole('list')).toHaveCount(0)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, `no notifications, ${scheme}`)).toEqual([])
    }
  })
  test('an accepted request reads at once as a follow and tells the follower, a withdrawn one goes, and a request is answered on its sender’s page; axe AA in light and dark', async ({ page, request }) => {
    test.setTimeout(120_000)
    const errors = trackPageErrors(page)
    const adaAccount = newAccount('ada')
    const ada = await createActiveUser(request, adaAccount)
    const bobAccount = newAccount('bob')
    const bob = await createActiveUser(request, bobAccount)
    const calAccount = newAccount('cal')
    const cal = await createActiveUser(request, calAccount)
    const danAccount = newAccount('dan')
    const dan = await createActiveUser(request, danAccount)
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })
    for (const [token, name] of [[bob, 'bob'], [cal, 'cal'], [dan, 'dan']] as const)
      expect((await request.post(`/api/users/${adaAccount.username}/follow`, { headers: bearer(token) })).ok(), name).toBe(true)
    // cal changes his mind: his request, and what it told ada, are gone.
    expect((await request.post(`/api/users/${adaAccount.username}/unfollow`, { headers: bearer(cal) })).ok()).toBe(true)

    await openWithToken(page, ada, '/notifications')
    const texts = page.getByTestId('notification-text')
    await expect(texts).toHaveText([`${danAccount.username} asks to follow you`, `${bobAccount.username} asks to follow you`], { timeout: 20_000 })
    const bell = page.getByTestId('notification-bell')
    await expect(bell).toHaveAccessibleName('Notifications: 2 unread')

    // Accepted in the requests card: the notice below says what is now true, without reloading.
    await page.getByRole('button', { name: `Accept the request from ${bobAccount.username}` }).click()
    await expect(texts).toHaveText([`${danAccount.username} asks to follow you`, `${bobAccount.username} now follows you`])
    await expect(texts.nth(1)).toHaveAttribute('href', `/users/${bobAccount.username}`)
    await expect(page.getByTestId('follow-request')).toHaveCount(1)

    // dan's notice leads to his page, where his request is answered.
    await texts.nth(0).click()
    await expect(page).toHaveURL(new RegExp(`/users/${danAccount.username}$`))
    const here = page.getByTestId('follow-request-here')
    await expect(here).toContainText(`${danAccount.username} asks to follow you.`, { timeout: 20_000 })
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, `a request on its sender's page, ${scheme}`)).toEqual([])
    }
    await here.getByRole('button', { name: `Accept the request from ${danAccount.username}` }).click()
    await expect(here).toHaveCount(0)
    await expect(page.getByTestId('follow-panel').getByText('Follows you')).toBeVisible()
    await page.getByTestId('notification-bell').click()
    await expect(texts).toHaveText([`${danAccount.username} now follows you`, `${bobAccount.username} now follows you`], { timeout: 20_000 })
    await expect(page.getByTestId('follow-requests')).toHaveCount(0)

    // bob is told, with a link to ada's page.
    await openWithToken(page, bob, '/notifications')
    await expect(texts).toHaveText([`${adaAccount.username} accepted your follow request`], { timeout: 20_000 })
    await expect(texts.nth(0)).toHaveAttribute('href', `/users/${adaAccount.username}`)
    // cal, who withdrew, and whom nobody answered, is told nothing.
    await openWithToken(page, cal, '/notifications')
    await expect(page.getByText('No notification yet.')).toBeVisible({ timeout: 20_000 })
    expect(errors).toEqual([])
  })
})

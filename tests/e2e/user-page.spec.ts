import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'
import { axeViolations, createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'

const auth = (token: string) => ({ Authorization: `Bearer ${token}` })

/** A typed-in ride over the API, seen by whom `workout_visibility` says; its id. */
async function ride(request: APIRequestContext, token: string, title: string, day: number, workout_visibility: string): Promise<string> {
  const response = await request.post('/api/workouts/no_gpx', {
    headers: auth(token),
    data: { sport_id: 1, duration: 3600, distance: 20 + day, workout_date: `2024-05-${String(day).padStart(2, '0')} 08:00`, title, workout_visibility },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { data: { workouts: { id: string }[] } }).data.workouts[0]?.id ?? ''
}

test.describe('a user’s page', () => {
  test.use({ locale: 'en-US' })

  test('lists the workouts its viewer may open, newest first, ten a page, each leading to the workout; axe AA in light and dark, on a desktop and a phone', async ({ page, request }) => {
    test.setTimeout(150_000)
    const errors = trackPageErrors(page)
    const adaAccount = newAccount('ada')
    const ada = await createActiveUser(request, adaAccount)
    const bob = await createActiveUser(request, newAccount('bob'))
    const cal = await createActiveUser(request, newAccount('cal'))
    const danAccount = newAccount('dan')
    await createActiveUser(request, danAccount)
    // Eleven rides, every other one public, the rest for followers; the newest is ada's alone.
    const ids: string[] = []
    for (let day = 1; day <= 11; day += 1) ids.push(await ride(request, ada, `Ride ${day}`, day, day % 2 === 1 ? 'public' : 'followers_only'))
    await ride(request, ada, 'Secret ride', 12, 'private')
    expect((await request.post(`/api/users/${adaAccount.username}/follow`, { headers: auth(bob) })).ok()).toBe(true)
    const bobName = ((await (await request.get('/api/auth/profile', { headers: auth(bob) })).json()) as { data: { username: string } }).data.username
    expect((await request.post(`/api/follow-requests/${bobName}/accept`, { headers: auth(ada) })).ok()).toBe(true)

    // bob follows ada: the ten newest of what she shares with followers or everyone, then the eleventh.
    await page.setViewportSize({ width: 1280, height: 900 })
    await openWithToken(page, bob, `/users/${adaAccount.username}`)
    const list = page.getByTestId('user-workouts')
    await expect(list.getByRole('heading', { name: 'Workouts' })).toBeVisible({ timeout: 20_000 })
    const rows = list.getByTestId('workout-row')
    await expect(rows).toHaveCount(10)
    await expect(rows.getByRole('link')).toHaveText(Array.from({ length: 10 }, (_, index) => `Ride ${11 - index}`))
    await expect(list).not.toContainText('Secret ride')
    // Newest first only: no sort buttons.
    await expect(list.getByTestId('sort-distance')).toHaveCount(0)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, `a followed user's page, ${scheme}`)).toEqual([])
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await list.getByRole('button', { name: 'Page 2' }).click()
    await expect(rows.getByRole('link')).toHaveText(['Ride 1'])
    await rows.getByRole('link', { name: 'Ride 1' }).click()
    await expect(page).toHaveURL(new RegExp(`/workouts/${ids[0] ?? ''}$`))
    await expect(page.getByRole('heading', { name: 'Ride 1' })).toBeVisible({ timeout: 20_000 })

    // cal follows nobody: the six public rides, on a phone as cards.
    await page.setViewportSize({ width: 390, height: 844 })
    await openWithToken(page, cal, `/users/${adaAccount.username}`)
    await expect(page.getByTestId('workouts-cards').getByTestId('workout-row')).toHaveCount(6, { timeout: 20_000 })
    await expect(rows.getByRole('link')).toHaveText(['Ride 11', 'Ride 9', 'Ride 7', 'Ride 5', 'Ride 3', 'Ride 1'])
    await expect(list.getByRole('navigation')).toHaveCount(0)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, `a user's page on a phone, ${scheme}`)).toEqual([])
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    // Someone who shares nothing: said so.
    await openWithToken(page, ada, `/users/${danAccount.username}`)
    await expect(page.getByTestId('user-workouts-none')).toHaveText(`${danAccount.username} has shared no workout with you yet.`, { timeout: 20_000 })
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, `a user's page without workouts, ${scheme}`)).toEqual([])
    }
    expect(errors).toEqual([])
  })
})

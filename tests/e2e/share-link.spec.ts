import { expect, test } from './fixtures'
import { createActiveUser, newAccount, trackPageErrors } from './helpers'
import { gpxText, uploadWorkout } from './workout-helpers'

test.describe('share links', () => {
  test('a share link opens a public workout in a browser without a session, with figures, map and chart, until it is deleted', async ({ page, request }) => {
    test.setTimeout(90_000)
    const errors = trackPageErrors(page)
    const owner = newAccount('sharer')
    const token = await createActiveUser(request, owner)
    const headers = { Authorization: `Bearer ${token}` }
    const workout = await uploadWorkout(request, token, 'gpx_file.gpx', gpxText('gpx_file.gpx'), 1)
    const patched = await request.patch(`/api/workouts/${workout.id}`, { headers, data: { workout_visibility: 'public', analysis_visibility: 'public', map_visibility: 'public', title: 'Morning walk' } })
    expect(patched.status()).toBe(200)
    const created = await request.post(`/api/workouts/${workout.id}/share_links`, { headers, data: {} })
    expect(created.status()).toBe(201)
    const link = ((await created.json()) as { data: { share_link: { id: string; url: string } } }).data.share_link

    // This page never had a session: no token stored, nothing but the link's address.
    await page.goto(new URL(link.url).pathname)
    expect(await page.evaluate(() => window.localStorage.getItem('authToken'))).toBeNull()
    const shared = page.getByTestId('shared-workout')
    await expect(shared.getByTestId('workout-title')).toHaveText('Morning walk', { timeout: 20_000 })
    await expect(shared).toContainText(`Shared by ${owner.username}`)
    // The fixture's figures as the reference tracker's tests state them (tests/fixtures/gpx/expected.json).
    await expect(shared.getByTestId('figure-distance')).toContainText('0.32')
    await expect(shared.getByTestId('figure-duration')).toContainText('04:10')
    await expect(shared.getByTestId('figure-max_speed')).toContainText('5.12')
    await expect(shared.getByTestId('workout-map')).toBeVisible()
    await expect(shared.getByTestId('workout-chart').locator('svg.recharts-surface')).toBeVisible({ timeout: 20_000 })
    // No way into the owner's account from here.
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0)

    const deleted = await request.delete(`/api/workouts/${workout.id}/share_links/${link.id}`, { headers })
    expect(deleted.status()).toBe(204)
    await page.reload()
    await expect(page.getByText('This link does not work any more: it was deleted or has expired.')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('shared-workout')).toHaveCount(0)
    expect(errors).toEqual([])
  })
})

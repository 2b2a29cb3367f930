import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'
import { axeViolations, createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'
import { getWorkout, gpxText, uploadWorkout } from './workout-helpers'

/** Sets a workout's three levels over the API, as its owner does in the Share dialog; returns its map id (null without one). */
async function levels(request: APIRequestContext, token: string, id: string, body: Record<string, string>): Promise<string | null> {
  const response = await request.patch(`/api/workouts/${id}`, { headers: { Authorization: `Bearer ${token}` }, data: body })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { data: { workouts: { map: string | null }[] } }).data.workouts[0]?.map ?? null
}

/** Two fresh active accounts, sam and kim, with their session tokens. */
async function samAndKim(request: APIRequestContext) {
  const samAccount = newAccount('sam')
  const kimAccount = newAccount('kim')
  return { samAccount, sam: await createActiveUser(request, samAccount), kimAccount, kim: await createActiveUser(request, kimAccount) }
}

test.describe('following and the feed', () => {
  test('a request sent from a user page, accepted on the dashboard, brings the followed workouts into the feed, thumbnails only where the map is shared', async ({ page, request }) => {
    test.setTimeout(90_000)
    const errors = trackPageErrors(page)
    const { samAccount, sam, kimAccount, kim } = await samAndKim(request)
    const shared = await uploadWorkout(request, sam, 'shared.gpx', gpxText('gpx_file.gpx'), 1)
    const mapId = await levels(request, sam, shared.id, { workout_visibility: 'followers_only', analysis_visibility: 'followers_only', map_visibility: 'followers_only', title: 'Shared ride' })
    expect(mapId).not.toBeNull()
    const noMap = await uploadWorkout(request, sam, 'nomap.gpx', gpxText('gpx_file_with_3_segments.gpx'), 1)
    await levels(request, sam, noMap.id, { workout_visibility: 'public', analysis_visibility: 'public', map_visibility: 'private', title: 'Ride without map' })
    const hidden = await uploadWorkout(request, sam, 'hidden.gpx', gpxText('gpx_file_with_2_segments_and_without_elevation.gpx'), 1)
    await levels(request, sam, hidden.id, { workout_visibility: 'private', title: 'Private ride' })

    // kim: nobody followed yet, so the feed says how to find someone; sam's page has the button.
    await openWithToken(page, kim, '/')
    const feed = page.getByTestId('followed-feed')
    await expect(feed.getByLabel('Username')).toBeVisible({ timeout: 20_000 })
    await feed.getByLabel('Username').fill(samAccount.username)
    await feed.getByRole('button', { name: 'Open their page' }).click()
    await expect(page).toHaveURL(new RegExp(`/users/${samAccount.username}$`))
    await page.getByRole('button', { name: 'Follow', exact: true }).click()
    await expect(page.getByTestId('follow-state')).toHaveText('Requested')
    await expect(page.getByTestId('followers-count')).toHaveText('0 followers')

    // sam accepts on the dashboard.
    await openWithToken(page, sam, '/')
    const requests = page.getByTestId('follow-requests')
    await expect(requests.getByTestId('follow-request')).toHaveCount(1, { timeout: 20_000 })
    await requests.getByRole('button', { name: /^Accept/ }).click()
    await expect(requests).toHaveCount(0)
    // sam's new workouts are "Only me" (the default): sam learns kim will not see them, and where to change it.
    const note = page.getByTestId('alert-info').filter({ has: page.getByTestId('accepted-private') })
    await expect(note).toContainText(`${kimAccount.username} now follows you. Your new workouts are set to “Only me”: your followers will not see them.`)
    await expect(note.getByRole('link', { name: 'Who can see my new workouts' })).toHaveAttribute('href', '/profile/edit/preferences')

    // kim's feed: the two workouts sam shares with followers or everyone; a thumbnail only for the one whose map is shared.
    await openWithToken(page, kim, '/')
    const cards = page.getByTestId('feed-workout')
    await expect(cards).toHaveCount(2, { timeout: 20_000 })
    const sharedCard = cards.filter({ hasText: 'Shared ride' })
    await expect(sharedCard.locator('img')).toHaveAttribute('src', `/api/workouts/map/${mapId}`)
    await expect(cards.filter({ hasText: 'Ride without map' }).locator('img')).toHaveCount(0)
    await expect(cards.filter({ hasText: 'Private ride' })).toHaveCount(0)
    await expect(sharedCard.getByRole('link', { name: samAccount.username })).toBeVisible()

    // Opened from the feed, sam's workout shows kim no owner's actions.
    await sharedCard.getByRole('link', { name: 'Shared ride', exact: true }).click()
    await expect(page.getByTestId('workout-title')).toHaveText('Shared ride', { timeout: 20_000 })
    for (const action of ['download', 'edit', 'delete']) await expect(page.getByTestId(action)).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0)
    // Whose it is, with a way to their page; the splits of the analysis sam shares, not sam's own zones.
    await expect(page.getByTestId('workout-owner')).toHaveText(`by ${samAccount.username}`)
    await expect(page.getByTestId('workout-owner')).toHaveAttribute('href', `/users/${samAccount.username}`)
    await expect(page.getByTestId('splits-table')).toBeVisible()
    await expect(page.getByTestId('zones-card')).toHaveCount(0)
    await openWithToken(page, kim, '/')
    await expect(cards).toHaveCount(2, { timeout: 20_000 })

    // The user page now says Following, and unfollowing empties the feed again.
    await sharedCard.getByRole('link', { name: samAccount.username }).click()
    await expect(page.getByTestId('follow-state')).toHaveText('Following')
    await expect(page.getByTestId('followers-count')).toHaveText('1 follower')
    // Followed but sharing nothing any more: the feed says so, not "follow someone".
    for (const id of [shared.id, noMap.id]) await levels(request, sam, id, { workout_visibility: 'private' })
    await page.goto('/')
    await expect(page.getByTestId('find-user')).toContainText('The person you follow has shared no workout with you yet.')
    await page.goto(`/users/${samAccount.username}`)
    await page.getByRole('button', { name: 'Unfollow' }).click()
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible()
    await page.goto('/')
    await expect(page.getByTestId('followed-feed').getByLabel('Username')).toBeVisible()
    await expect(page.getByTestId('find-user')).toContainText('Workouts of the people you follow appear here.')
    await expect(page.getByTestId('feed-workout')).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('a follower sees the chart and splits of an analysis shared with them, the map only where it is shared too, whether or not the GPX is theirs', async ({ page, request }) => {
    test.setTimeout(90_000)
    const errors = trackPageErrors(page)
    const { samAccount, sam, kimAccount, kim } = await samAndKim(request)
    const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } })
    expect((await request.post(`/api/users/${samAccount.username}/follow`, auth(kim))).status()).toBe(200)
    expect((await request.post(`/api/follow-requests/${kimAccount.username}/accept`, auth(sam))).status()).toBe(200)
    const ride = await uploadWorkout(request, sam, 'ride.gpx', gpxText('gpx_file.gpx'), 1)
    const shown = async () => {
      await openWithToken(page, kim, `/workouts/${ride.id}`)
      await expect(page.getByTestId('workout-owner')).toBeVisible({ timeout: 20_000 })
      await expect(page.getByTestId('workout-chart')).toBeVisible({ timeout: 20_000 })
      await expect(page.getByTestId('splits-table')).toBeVisible()
      await expect(page.getByTestId('download')).toHaveCount(0)
    }
    // The analysis without the map: the chart and splits, no map (its line is not kim's to ask for).
    await levels(request, sam, ride.id, { workout_visibility: 'followers_only', analysis_visibility: 'followers_only', map_visibility: 'private' })
    await shown()
    await expect(page.getByTestId('workout-map')).toHaveCount(0)
    // The map too, while a privacy zone of sam's (far from this ride) keeps the GPX sam's alone: the map is drawn all the same.
    await levels(request, sam, ride.id, { map_visibility: 'followers_only' })
    const zone = await request.post('/api/auth/privacy_zones', { ...auth(sam), data: { latitude: 45.5, longitude: 7.5, radius: 500 } })
    expect(zone.status(), await zone.text()).toBe(201)
    const seen = await getWorkout(request, kim, ride.id)
    expect([seen?.with_gpx, seen?.with_analysis, (await request.get(`/api/workouts/${ride.id}/gpx`, auth(kim))).status()]).toEqual([false, true, 404])
    await shown()
    await expect(page.getByTestId('workout-map')).toBeVisible()
    expect(errors).toEqual([])
  })

  for (const scheme of ['light', 'dark'] as const)
    test(`the follow button, the requests and the feed pass WCAG 2.1 AA in ${scheme} mode`, async ({ page, request }) => {
      // Eight axe runs on a busy machine.
      test.setTimeout(180_000)
      const { samAccount, sam, kim } = await samAndKim(request)
      const ride = await uploadWorkout(request, sam, 'ride.gpx', gpxText('gpx_file.gpx'), 1)
      await levels(request, sam, ride.id, { workout_visibility: 'public', analysis_visibility: 'public', map_visibility: 'public' })
      await page.emulateMedia({ colorScheme: scheme })
      const found: string[] = []

      await openWithToken(page, kim, `/users/${samAccount.username}`)
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
      await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible({ timeout: 20_000 })
      found.push(...(await axeViolations(page, 'follow button')))
      await page.getByRole('button', { name: 'Follow', exact: true }).click()
      await expect(page.getByTestId('follow-state')).toHaveText('Requested')
      found.push(...(await axeViolations(page, 'requested')))

      await openWithToken(page, sam, '/')
      await expect(page.getByTestId('follow-request')).toHaveCount(1, { timeout: 20_000 })
      found.push(...(await axeViolations(page, 'requests')))
      await page.getByRole('button', { name: /^Accept/ }).click()
      await expect(page.getByTestId('follow-requests')).toHaveCount(0)
      await expect(page.getByTestId('accepted-private')).toBeVisible()
      found.push(...(await axeViolations(page, 'accepted')))

      await openWithToken(page, kim, '/')
      await expect(page.getByTestId('feed-workout').locator('img')).toBeVisible({ timeout: 20_000 })
      found.push(...(await axeViolations(page, 'feed')))
      await page.goto(`/workouts/${ride.id}`)
      await expect(page.getByTestId('workout-owner')).toBeVisible({ timeout: 20_000 })
      await expect(page.getByTestId('splits-table')).toBeVisible()
      found.push(...(await axeViolations(page, 'their workout')))
      await page.goto(`/users/${samAccount.username}`)
      await expect(page.getByTestId('follow-state')).toHaveText('Following', { timeout: 20_000 })
      found.push(...(await axeViolations(page, 'following')))
      await page.goto('/profile/edit/preferences')
      await expect(page.getByTestId('pref-follow-approval-control')).toBeVisible({ timeout: 20_000 })
      found.push(...(await axeViolations(page, 'preferences')))
      expect(found, found.join('\n')).toEqual([])
    })
})

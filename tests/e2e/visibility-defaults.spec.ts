import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { axeViolations, createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'
import { getWorkout, gpxPath, syntheticGpx } from './workout-helpers'

/** Picks a level in one of the visibility selects by its shown name. */
async function pick(page: Page, testId: string, level: string) {
  await page.getByTestId(testId).click()
  await page.getByRole('option', { name: level, exact: true }).click()
  await expect(page.getByTestId(testId)).toHaveValue(level)
}

test.describe('default visibility', () => {
  test('the levels set in preferences are the add form’s and a new workout’s; another level chosen on add is saved; axe AA light and dark', async ({ page, request }) => {
    test.setTimeout(90_000)
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('levels'))
    await openWithToken(page, token, '/profile/edit/preferences')
    await pick(page, 'pref-workout-visibility', 'Everyone')
    await pick(page, 'pref-analysis-visibility', 'My followers')
    await pick(page, 'pref-map-visibility', 'My followers')
    // The map cannot be more open than the analysis: lowering the analysis lowers it too.
    await pick(page, 'pref-analysis-visibility', 'Only me')
    await expect(page.getByTestId('pref-map-visibility')).toHaveValue('Only me')
    await pick(page, 'pref-analysis-visibility', 'My followers')
    await pick(page, 'pref-map-visibility', 'My followers')
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, `preferences, ${scheme}`)).toEqual([])
    }
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page).toHaveURL(/\/profile\/preferences$/)

    // The add form starts on the defaults; a file added as they are gets them.
    await page.goto('/workouts/add')
    await expect(page.getByTestId('add-workout-visibility')).toHaveValue('Everyone')
    await expect(page.getByTestId('add-analysis-visibility')).toHaveValue('My followers')
    await expect(page.getByTestId('add-map-visibility')).toHaveValue('My followers')
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, `add form, ${scheme}`)).toEqual([])
    }
    await page.getByTestId('file-input').setInputFiles(gpxPath('gpx_file.gpx'))
    await page.getByTestId('submit').click()
    await expect(page).toHaveURL(/\/workouts\/[A-Za-z0-9]{22}$/)
    const first = await getWorkout(request, token, page.url().split('/').pop() ?? '')
    expect(first).toMatchObject({ workout_visibility: 'public', analysis_visibility: 'followers_only', map_visibility: 'followers_only' })

    // Another level chosen on add is the one saved.
    await page.goto('/workouts/add')
    await pick(page, 'add-workout-visibility', 'Only me')
    await expect(page.getByTestId('add-analysis-visibility')).toHaveValue('Only me')
    await page.getByTestId('file-input').setInputFiles({ name: 'another.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(syntheticGpx(120)) })
    await page.getByTestId('submit').click()
    await expect(page).toHaveURL(/\/workouts\/[A-Za-z0-9]{22}$/)
    const second = await getWorkout(request, token, page.url().split('/').pop() ?? '')
    expect(second).toMatchObject({ workout_visibility: 'private', analysis_visibility: 'private', map_visibility: 'private' })
    expect(errors).toEqual([])
  })
})

import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'

/** Creates an item over the API: the defaults of a sport, as set on the Equipment page. */
async function item(request: APIRequestContext, token: string, body: Record<string, unknown>): Promise<string> {
  const response = await request.post('/api/equipments', { headers: { Authorization: `Bearer ${token}` }, data: body })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { data: { equipments: { id: string }[] } }).data.equipments[0]?.id ?? ''
}

/** Adds a typed-in workout of `sport` with whatever equipment the form preselects. */
async function addManual(page: Page, sport: string, day: string) {
  // Through the navigation, as a user does (no reload of the app).
  await page.getByRole('link', { name: 'Add workout' }).click()
  await page.getByTestId('add-mode').getByText('Without a file').click()
  await page.getByTestId('sport-select').click()
  await page.getByRole('option', { name: sport, exact: true }).click()
  await page.getByTestId('workout-date-input').fill(day)
  await page.getByTestId('workout-date-input').press('Enter')
  await page.getByTestId('workout-time-input').getByLabel('Time: hours').pressSequentially('0800')
  await page.getByTestId('duration-hours').fill('1')
  await page.getByTestId('duration-minutes').fill('0')
  await page.getByTestId('duration-seconds').fill('0')
  await page.getByTestId('distance-input').fill('10')
  await page.getByTestId('submit').click()
  await expect(page).toHaveURL(/\/workouts\/[A-Za-z0-9]{22}$/)
}

test.describe('equipment picker', () => {
  test("preselects the sport's default equipment, follows a change of sport, and the workout page shows it", async ({ page, request }) => {
    // Two workouts typed in through the whole form.
    test.setTimeout(90_000)
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('gear'))
    await item(request, token, { label: 'Pegasus', equipment_type_id: 1, default_for_sport_ids: [5] })
    await item(request, token, { label: 'Ox', equipment_type_id: 2, default_for_sport_ids: [1] })
    await openWithToken(page, token, '/workouts/add')

    await addManual(page, 'Running', '12/05/2024')
    await expect(page.getByTestId('workout-equipment')).toContainText('Pegasus')
    await expect(page.getByTestId('workout-equipment')).not.toContainText('Ox')

    await addManual(page, 'Cycling (Sport)', '13/05/2024')
    await expect(page.getByTestId('workout-equipment')).toContainText('Ox')
    await expect(page.getByTestId('workout-equipment')).not.toContainText('Pegasus')

    // The Equipment page counts each item's workout.
    await page.getByRole('link', { name: 'Equipment' }).click()
    await expect(page.getByRole('row', { name: /Pegasus/ })).toContainText('10 km')
    await expect(page.getByRole('row', { name: /Ox/ })).toContainText('10 km')
    expect(errors).toEqual([])
  })
})

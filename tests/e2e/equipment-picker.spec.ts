import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { axeViolations, createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'
import { steadyRun } from './workout-helpers'

/** Creates an item over the API: the defaults of a sport, as set on the Equipment page. */
async function item(request: APIRequestContext, token: string, body: Record<string, unknown>): Promise<string> {
  const response = await request.post('/api/equipments', { headers: { Authorization: `Bearer ${token}` }, data: body })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { data: { equipments: { id: string }[] } }).data.equipments[0]?.id ?? ''
}

/** Adds a typed-in workout of `sport` with whatever equipment the form preselects. */
/** The Equipment page's row of an item: [type, distance, moving time, workouts, status] after its name. */
async function row(page: Page, label: string) {
  await page.getByRole('link', { name: 'Equipment' }).click()
  return page.getByRole('row', { name: new RegExp(`^${label} `) }).getByRole('cell')
}

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

  test("a file upload preselects the sport's defaults; an edit changes the item, a new sport drops what no longer fits, and the totals follow", async ({ page, request }) => {
    test.setTimeout(90_000)
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('gearfile'))
    await item(request, token, { label: 'Pegasus', equipment_type_id: 1, default_for_sport_ids: [5] })
    await item(request, token, { label: 'Kinvara', equipment_type_id: 1 })
    await item(request, token, { label: 'Ox', equipment_type_id: 2, default_for_sport_ids: [1] })
    await openWithToken(page, token, '/workouts/add')
    const form = page.getByTestId('file-workout-form')

    // Running preselects its default; the bike does not go with running, so it is not offered.
    await page.getByTestId('sport-select').click()
    await page.getByRole('option', { name: 'Running', exact: true }).click()
    await expect(form.getByText('Pegasus · Shoes')).toBeVisible()
    await page.getByTestId('equipment-picker').click()
    await expect(page.getByRole('option', { name: /^Kinvara/ })).toBeVisible()
    await expect(page.getByRole('option', { name: /^Ox/ })).toHaveCount(0)
    await page.keyboard.press('Escape')
    // A track of exactly 5,000 m due north.
    await page.getByTestId('file-input').setInputFiles({ name: 'run.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(steadyRun(5000, '2024-05-01T08:00:00Z')) })
    await page.getByTestId('submit').click()
    await expect(page).toHaveURL(/\/workouts\/[A-Za-z0-9]{22}$/)
    const workoutUrl = page.url()
    await expect(page.getByTestId('workout-equipment')).toContainText('Pegasus')
    let pegasus = await row(page, 'Pegasus')
    await expect(pegasus.nth(1)).toHaveText('5 km')
    await expect(pegasus.nth(3)).toHaveText('1')

    // Edit: the workout's item is chosen; picking the other shoes replaces it (one per type).
    await page.goto(`${workoutUrl}/edit`)
    const edit = page.getByTestId('edit-workout-form')
    await expect(edit.getByText('Pegasus · Shoes')).toBeVisible()
    await page.getByTestId('equipment-picker').click()
    await page.getByRole('option', { name: /^Kinvara/ }).click()
    await page.keyboard.press('Escape')
    await expect(edit.getByText('Kinvara · Shoes')).toBeVisible()
    await expect(edit.getByText('Pegasus · Shoes')).toHaveCount(0)
    await page.getByTestId('submit').click()
    await expect(page).toHaveURL(workoutUrl)
    await expect(page.getByTestId('workout-equipment')).toContainText('Kinvara')
    pegasus = await row(page, 'Pegasus')
    await expect(pegasus.nth(3)).toHaveText('0')
    await expect(pegasus.nth(1)).toHaveText('0 km')
    const kinvara = page.getByRole('row', { name: /^Kinvara / }).getByRole('cell')
    await expect(kinvara.nth(1)).toHaveText('5 km')
    await expect(kinvara.nth(3)).toHaveText('1')

    // Rowing takes no shoes: the picker drops them, so the edit is accepted and the shoes lose the workout.
    await page.goto(`${workoutUrl}/edit`)
    await expect(edit.getByText('Kinvara · Shoes')).toBeVisible()
    await page.getByTestId('sport-select').click()
    await page.getByRole('option', { name: 'Rowing', exact: true }).click()
    await expect(edit.getByText('Kinvara · Shoes')).toHaveCount(0)
    await page.getByTestId('submit').click()
    await expect(page).toHaveURL(workoutUrl)
    // Its owner is told it has none, and may choose some right here.
    await expect(page.getByTestId('workout-equipment-none')).toHaveText('No equipment.')
    await expect((await row(page, 'Kinvara')).nth(3)).toHaveText('0')
    expect(errors).toEqual([])
  })
  test('a workout’s own page sets its equipment: none at first, then a bike entered since, saved and counted, then none again; axe AA in light and dark', async ({ page, request }) => {
    test.setTimeout(150_000)
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('gearhere'))
    const headers = { Authorization: `Bearer ${token}` }
    const created = await request.post('/api/workouts/no_gpx', { headers, data: { sport_id: 1, duration: 3600, distance: 25, workout_date: '2024-05-01 08:00', equipment_ids: [] } })
    expect(created.status()).toBe(201)
    const workoutId = ((await created.json()) as { data: { workouts: { id: string }[] } }).data.workouts[0]?.id ?? ''
    const bike = await item(request, token, { label: 'Ox', equipment_type_id: 2 })
    await item(request, token, { label: 'Canoe', equipment_type_id: 4 })
    await openWithToken(page, token, `/workouts/${workoutId}`)
    const card = page.getByTestId('workout-equipment')
    await expect(card.getByTestId('workout-equipment-none')).toHaveText('No equipment.', { timeout: 20_000 })
    await card.getByRole('button', { name: 'Choose equipment' }).click()
    await card.getByTestId('equipment-picker').click()
    // Only what goes with a ride is offered.
    await expect(page.getByRole('option', { name: /^Canoe/ })).toHaveCount(0)
    await page.getByRole('option', { name: 'Ox · Bike' }).click()
    await page.keyboard.press('Escape')
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, `choosing a workout's equipment, ${scheme}`)).toEqual([])
    }
    await card.getByRole('button', { name: 'Save' }).click()
    await expect(card.getByRole('listitem')).toHaveText(['Ox · Bike'])
    const stored = async () => ((await (await request.get(`/api/workouts/${workoutId}`, { headers })).json()) as { data: { workouts: { equipments: { id: string }[] }[] } }).data.workouts[0]?.equipments.map((piece) => piece.id)
    expect(await stored()).toEqual([bike])
    const counted = (await (await request.get(`/api/equipments/${bike}`, { headers })).json()) as { data: { equipments: { workouts_count: number; total_distance: number }[] } }
    expect(counted.data.equipments[0]).toMatchObject({ workouts_count: 1, total_distance: 25 })

    await card.getByRole('button', { name: 'Change' }).click()
    await card.getByTestId('equipment-picker').click()
    await page.getByRole('option', { name: 'Ox · Bike' }).click()
    await page.keyboard.press('Escape')
    await card.getByRole('button', { name: 'Save' }).click()
    await expect(card.getByTestId('workout-equipment-none')).toHaveText('No equipment.')
    expect(await stored()).toEqual([])
    expect(errors).toEqual([])
  })
})

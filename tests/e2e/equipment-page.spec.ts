import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'
import { axeViolations, createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'

const auth = (token: string) => ({ Authorization: `Bearer ${token}` })

/** A typed-in workout over the API (`equipment_ids` left out: the sport's defaults). */
async function addWorkout(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const response = await request.post('/api/workouts/no_gpx', { headers: auth(token), data: { sport_id: 5, duration: 3600, distance: 10, ...body } })
  expect(response.status(), await response.text()).toBe(201)
}

test.describe('equipment page', () => {
  test.use({ locale: 'en-US' })
  test('edits an item (name, description, default sports), lists its workouts, and deletes it only after saying how many workouts use it', async ({ page, request }) => {
    test.setTimeout(90_000)
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('gearpage'))
    const created = await request.post('/api/equipments', { headers: auth(token), data: { label: 'Pegasus', equipment_type_id: 1, default_for_sport_ids: [5] } })
    expect(created.status()).toBe(201)
    await addWorkout(request, token, { workout_date: '2024-05-01 08:00', title: 'With shoes' })
    await addWorkout(request, token, { workout_date: '2024-05-02 08:00', title: 'Barefoot', equipment_ids: [] })
    await page.setViewportSize({ width: 1280, height: 900 })
    await openWithToken(page, token, '/equipment')

    // Edit: a new name, a description, and walking as a second default sport.
    await page.getByRole('button', { name: 'Edit Pegasus' }).click()
    const form = page.getByTestId('equipment-edit-form')
    await form.getByLabel('Name').fill('Pegasus 41')
    await form.getByLabel('Description').fill('road shoes')
    await form.getByTestId('equipment-default-sports').click()
    // Shoes go with walking, not with rowing: only sports the type fits are offered.
    await expect(page.getByRole('option', { name: 'Rowing', exact: true })).toHaveCount(0)
    await page.getByRole('option', { name: 'Walking', exact: true }).click()
    await page.keyboard.press('Escape')
    await form.getByRole('button', { name: 'Submit' }).click()
    // New default sports: the earlier run without shoes is offered; not now.
    const offer = page.getByTestId('backfill')
    await expect(offer.getByTestId('backfill-count')).toHaveText('1 workout, on 02/05/2024.')
    await offer.getByRole('button', { name: 'Not now' }).click()
    await expect(offer).toHaveCount(0)
    const row = page.getByRole('row', { name: /^Pegasus 41 / })
    await expect(row).toContainText('road shoes')
    await expect(row).toContainText('Default for: Running, Walking')
    // What the server kept, not only what the page shows.
    const stored = (await (await request.get('/api/equipments', { headers: auth(token) })).json()) as { data: { equipments: { label: string; description: string; default_for_sport_ids: number[] }[] } }
    expect(stored.data.equipments).toEqual([expect.objectContaining({ label: 'Pegasus 41', description: 'road shoes', default_for_sport_ids: [5, 6] })])

    // Its workout count opens the list filtered by it; the filter then lists the workouts without equipment.
    await row.getByRole('link', { name: '1 workout with Pegasus 41' }).click()
    await expect(page).toHaveURL(/\/workouts\?equipment_id=/)
    const rows = page.getByTestId('workout-row')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('With shoes')
    await expect(page.getByTestId('filter-equipment_id')).toHaveValue('Pegasus 41')
    await page.getByTestId('filter-equipment_id').click()
    await page.getByRole('option', { name: 'Without equipment' }).click()
    await page.getByTestId('filters-apply').click()
    await expect(page).toHaveURL(/equipment_id=none/)
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('Barefoot')

    // Delete: the dialog says how many workouts use it; the workouts stay.
    await page.getByRole('link', { name: 'Equipment' }).click()
    await page.getByRole('button', { name: 'Delete Pegasus 41' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('Pegasus 41 is used by 1 workout. Delete it anyway?')
    await dialog.getByRole('button', { name: 'Yes' }).click()
    await expect(page.getByRole('row', { name: /^Pegasus 41 / })).toHaveCount(0)
    const left = (await (await request.get('/api/workouts', { headers: auth(token) })).json()) as { data: { workouts: unknown[] } }
    expect(left.data.workouts).toHaveLength(2)
    expect(errors).toEqual([])
  })

  test('a bike entered after its rides is offered for the earlier rides without one, counted between two days, added at once with its totals; axe AA in light and dark', async ({ page, request }) => {
    test.setTimeout(120_000)
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('backfill'))
    const old = await request.post('/api/equipments', { headers: auth(token), data: { label: 'Old bike', equipment_type_id: 2 } })
    const oldId = ((await old.json()) as { data: { equipments: { id: string }[] } }).data.equipments[0]?.id ?? ''
    // Rides imported before the bike was entered: three without a bike, one on the old bike; and a run.
    await addWorkout(request, token, { sport_id: 1, workout_date: '2024-03-10 08:00', distance: 20, title: 'March ride' })
    await addWorkout(request, token, { sport_id: 1, workout_date: '2024-04-10 08:00', distance: 30, title: 'April ride' })
    await addWorkout(request, token, { sport_id: 1, workout_date: '2024-05-10 08:00', distance: 40, title: 'May ride' })
    await addWorkout(request, token, { sport_id: 1, workout_date: '2024-04-20 08:00', distance: 50, equipment_ids: [oldId] })
    await addWorkout(request, token, { workout_date: '2024-04-21 08:00' })
    await page.setViewportSize({ width: 1280, height: 900 })
    await openWithToken(page, token, '/equipment')

    const add = page.getByTestId('equipment-add-form')
    await add.getByLabel('Name').fill('Road bike')
    await add.getByLabel('Type').click()
    await page.getByRole('option', { name: 'Bike', exact: true }).click()
    await add.getByTestId('equipment-default-sports').click()
    await page.getByRole('option', { name: 'Cycling (Sport)', exact: true }).click()
    await page.keyboard.press('Escape')
    await add.getByRole('button', { name: 'Add equipment' }).click()

    const dialog = page.getByRole('dialog', { name: 'Add “Road bike” to earlier workouts' })
    const count = dialog.getByTestId('backfill-count')
    await expect(count).toHaveText('3 workouts, from 10/03/2024 to 10/05/2024.')
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, `earlier workouts offer, ${scheme}`)).toEqual([])
    }
    // From April on: two rides.
    await dialog.getByTestId('backfill-from').fill('01/04/2024')
    // Tab, not Escape: Escape closes the dialog.
    await dialog.getByTestId('backfill-from').press('Tab')
    await expect(count).toHaveText('2 workouts, from 10/04/2024 to 10/05/2024.')
    await dialog.getByRole('button', { name: 'Add to 2 workouts' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByTestId('backfilled')).toHaveText('“Road bike” was added to 2 workouts.')
    const row = page.getByRole('row', { name: /^Road bike / })
    await expect(row.getByRole('link', { name: '2 workouts with Road bike' })).toBeVisible()
    // 30 + 40 km, as the server keeps them.
    await expect(row).toContainText('70 km')
    const items = (await (await request.get('/api/equipments', { headers: auth(token) })).json()) as { data: { equipments: { label: string; workouts_count: number; total_distance: number }[] } }
    expect(items.data.equipments.map(({ label, workouts_count, total_distance }) => [label, workouts_count, total_distance])).toEqual([
      ['Old bike', 1, 50],
      ['Road bike', 2, 70],
    ])

    // Offered again from its row, the March ride is all that is left.
    await row.getByRole('button', { name: 'Add to earlier workouts: Road bike' }).click()
    await expect(count).toHaveText('1 workout, on 10/03/2024.')
    await dialog.getByRole('button', { name: 'Not now' }).click()
    await expect(dialog).toHaveCount(0)

    // Undone from its notice: the row goes back to no workout.
    await page.getByRole('button', { name: 'Undo: take “Road bike” off these 2 workouts' }).click()
    await expect(page.getByTestId('backfill-undone')).toHaveText('Undone: “Road bike” was taken off 2 workouts.')
    await expect(page.getByTestId('backfilled')).toHaveCount(0)
    await expect(row.getByRole('cell').nth(3)).toHaveText('0')
    expect(errors).toEqual([])
  })

  test('a bike made the rides’ default in Profile › Sports is offered for the earlier rides; applied, it can be undone, leaving the ride set by hand; axe AA in light and dark', async ({ page, request }) => {
    test.setTimeout(120_000)
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('sportoffer'))
    const created = await request.post('/api/equipments', { headers: auth(token), data: { label: 'Road bike', equipment_type_id: 2 } })
    const bikeId = ((await created.json()) as { data: { equipments: { id: string }[] } }).data.equipments[0]?.id ?? ''
    await addWorkout(request, token, { sport_id: 1, workout_date: '2024-03-10 08:00', distance: 20 })
    await addWorkout(request, token, { sport_id: 1, workout_date: '2024-04-10 08:00', distance: 30 })
    await addWorkout(request, token, { sport_id: 1, workout_date: '2024-05-10 08:00', distance: 50, equipment_ids: [bikeId] })
    const bike = async () => {
      const answer = (await (await request.get(`/api/equipments/${bikeId}`, { headers: auth(token) })).json()) as {
        data: { equipments: { workouts_count: number; total_distance: number; default_for_sport_ids: number[] }[] }
      }
      return answer.data.equipments.map(({ workouts_count, total_distance, default_for_sport_ids }) => [workouts_count, total_distance, default_for_sport_ids])
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    await openWithToken(page, token, '/profile/edit/sports')

    await page.getByTestId('sport-default-equipment-1').click()
    await page.getByRole('option', { name: 'Road bike' }).click()
    await page.keyboard.press('Escape')
    const dialog = page.getByRole('dialog', { name: 'Add “Road bike” to earlier workouts' })
    await expect(dialog.getByTestId('backfill-count')).toHaveText('2 workouts, from 10/03/2024 to 10/04/2024.')
    await dialog.getByRole('button', { name: 'Add to 2 workouts' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByTestId('backfilled')).toHaveText('“Road bike” was added to 2 workouts.')
    expect(await bike()).toEqual([[3, 100, [1]]])
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, `earlier workouts offer applied, ${scheme}`)).toEqual([])
    }

    await page.getByRole('button', { name: 'Undo: take “Road bike” off these 2 workouts' }).click()
    await expect(page.getByTestId('backfill-undone')).toHaveText('Undone: “Road bike” was taken off 2 workouts.')
    // The May ride had it by hand; the bike stays the rides' default.
    expect(await bike()).toEqual([[1, 50, [1]]])
    expect(errors).toEqual([])
  })

  for (const language of ['en', 'fr', 'de'] as const)
    test(`a bike's row shows its name on one line, its status whole and its five buttons in view at 1280 px (${language})`, async ({ page, request }) => {
      const token = await createActiveUser(request, newAccount(`gearrow${language}`))
      const preferences = await request.post('/api/auth/profile/edit/preferences', {
        headers: auth(token),
        data: { language, timezone: 'Europe/Paris', weekm: false, imperial_units: false, display_ascent: true },
      })
      expect(preferences.ok(), await preferences.text()).toBe(true)
      // A bike (it has the components button) worn out by one ride: both of its badges.
      const bike = await request.post('/api/equipments', {
        headers: auth(token),
        data: { label: 'Canyon Endurace CF 7', description: 'Rennrad, Di2, 28-mm-Reifen', equipment_type_id: 2, default_for_sport_ids: [1], wear_limit_distance: 5 },
      })
      expect(bike.status(), await bike.text()).toBe(201)
      await addWorkout(request, token, { sport_id: 1, workout_date: '2024-05-01 08:00' })
      await page.setViewportSize({ width: 1280, height: 900 })
      await openWithToken(page, token, '/equipment')
      const row = page.getByRole('row').filter({ hasText: 'Canyon Endurace CF 7' })
      const badges = row.locator('.mantine-Badge-label')
      await expect(badges).toHaveCount(2)
      const cut = await badges.evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent))
      expect(cut).toEqual([])
      // The name is one line box (German's five buttons on one line had squeezed it to a word a line)…
      const nameLines = await row.getByRole('rowheader').evaluate((cell) => {
        const range = document.createRange()
        range.selectNodeContents(cell.firstChild ?? cell)
        return range.getClientRects().length
      })
      expect(nameLines).toBe(1)
      // …and nothing is pushed out of sight: the table does not scroll sideways.
      const overflow = await page.locator('.mantine-TableScrollContainer-scrollContainer .mantine-ScrollArea-viewport').evaluate((box) => box.scrollWidth - box.clientWidth)
      expect(overflow).toBe(0)
    })

  for (const scheme of ['light', 'dark'] as const) {
    test(`the page, its edit dialog and the list's equipment filter have no WCAG 2.1 AA violation in ${scheme} mode`, async ({ page, request }) => {
      test.setTimeout(120_000)
      const token = await createActiveUser(request, newAccount('gearaxe'))
      for (const body of [
        { label: 'Pegasus', equipment_type_id: 1, default_for_sport_ids: [5], description: 'road shoes' },
        { label: 'Old bike', equipment_type_id: 2 },
      ]) {
        expect((await request.post('/api/equipments', { headers: auth(token), data: body })).status()).toBe(201)
      }
      await addWorkout(request, token, { workout_date: '2024-05-01 08:00' })
      const items = (await (await request.get('/api/equipments', { headers: auth(token) })).json()) as { data: { equipments: { id: string }[] } }
      await request.patch(`/api/equipments/${items.data.equipments[1]?.id}`, { headers: auth(token), data: { is_active: false } })
      await page.emulateMedia({ colorScheme: scheme })
      await page.setViewportSize({ width: 1280, height: 900 })
      const axe = () => axeViolations(page, scheme)

      await openWithToken(page, token, '/equipment')
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
      await expect(page.getByRole('row', { name: /^Old bike / })).toContainText('Retired')
      expect(await axe()).toEqual([])
      await page.getByRole('button', { name: 'Edit Pegasus' }).click()
      await page.getByTestId('equipment-edit-form').getByLabel('Type').click()
      await page.getByRole('option', { name: 'Bike', exact: true }).click()
      // The edit says what a new type does to the item's workout before it is saved.
      await expect(page.getByTestId('equipment-type-warning')).toContainText('leaves its 1 workout')
      expect(await axe()).toEqual([])
      await page.keyboard.press('Escape')
      await page.goto('/workouts?equipment_id=none')
      await expect(page.getByTestId('filter-equipment_id')).toHaveValue('Without equipment')
      expect(await axe()).toEqual([])
    })
  }
})

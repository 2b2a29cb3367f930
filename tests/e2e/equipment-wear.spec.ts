import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { axeViolations, createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'
import { setPreferences } from './workout-helpers'

const auth = (token: string) => ({ Authorization: `Bearer ${token}` })

async function post<T>(request: APIRequestContext, token: string, path: string, data: Record<string, unknown>): Promise<T> {
  const response = await request.post(`/api/${path}`, { headers: auth(token), data })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as T
}

type Items = { data: { equipments: { id: string }[] } }

/**
 * Shoes with a 10 km limit run 11 km; a bike's chain with a 20 km limit rode 25 km since it was
 * fitted (a ride before its fitting does not count); a bike without limits rode far. The dashboard
 * names the two that are due, in the user's language, and says nothing of the others.
 */
async function wornGear(request: APIRequestContext, prefix: string): Promise<string> {
  const token = await createActiveUser(request, newAccount(prefix))
  const shoes = (await post<Items>(request, token, 'equipments', { label: 'Pegasus', equipment_type_id: 1, wear_limit_distance: 10 })).data.equipments[0]?.id
  const bike = (await post<Items>(request, token, 'equipments', { label: 'Road bike', equipment_type_id: 2 })).data.equipments[0]?.id
  for (const [distance, date] of [
    [6, '2024-05-01 08:00'],
    [5, '2024-05-02 08:00'],
  ] as const)
    await post(request, token, 'workouts/no_gpx', { sport_id: 5, duration: 1800, distance, workout_date: date, equipment_ids: [shoes] })
  await post(request, token, 'workouts/no_gpx', { sport_id: 1, duration: 3600, distance: 40, workout_date: '2024-04-01 08:00', equipment_ids: [bike] })
  await post(request, token, `equipments/${bike}/components`, { label: 'Chain', fitted_at: '2024-04-15T00:00:00Z', wear_limit_distance: 20 })
  await post(request, token, 'workouts/no_gpx', { sport_id: 1, duration: 3600, distance: 25, workout_date: '2024-05-03 08:00', equipment_ids: [bike] })
  return token
}

/** Opens the dashboard once its answer on worn equipment is in (a loaded machine may take a while). */
async function openDashboard(page: Page, token: string): Promise<void> {
  const loaded = page.waitForResponse((response) => response.url().endsWith('/api/equipment-wear'))
  await openWithToken(page, token, '/')
  const answer = await loaded
  expect(answer.status(), await answer.text()).toBe(200)
}

test.describe('equipment wear notice', () => {
  test.use({ locale: 'en-US' })
  test('the dashboard names the shoes and the chain past their limits, in English, French and German, and goes away once they are replaced', async ({ page, request }) => {
    test.setTimeout(90_000)
    const errors = trackPageErrors(page)
    const token = await wornGear(request, 'wearnotice')
    await page.setViewportSize({ width: 1280, height: 900 })
    await openDashboard(page, token)
    const notice = page.getByTestId('wear-notice')
    await expect(notice).toContainText('Equipment due for replacement')
    await expect(notice.getByRole('listitem')).toHaveText(['Pegasus has reached its limit: 11 km of 10 km', 'Chain on Road bike has reached its limit: 25 km of 20 km'])

    await page.getByTestId('language-menu').click()
    await page.getByTestId('language-fr').click()
    await expect(notice).toContainText('Équipement à remplacer')
    await expect(notice.getByRole('listitem').first()).toHaveText('Pegasus a atteint sa limite : 11 km sur 10 km')
    await page.getByTestId('language-menu').click()
    await page.getByTestId('language-de').click()
    await expect(notice).toContainText('Ausrüstung zu ersetzen')
    await expect(notice.getByRole('listitem').nth(1)).toHaveText('Chain an Road bike hat die Grenze erreicht: 25 km von 20 km')
    await page.getByTestId('language-menu').click()
    await page.getByTestId('language-en').click()

    // Replacing the chain on the Equipment page: the old one keeps its 25 km, the new one starts at 0.
    await notice.getByRole('link', { name: 'See your equipment' }).click()
    await page.getByRole('button', { name: 'Components of Road bike' }).click()
    await page.getByRole('button', { name: 'Replace Chain (a new one starts at zero today)' }).click()
    const rows = page.getByTestId('component-row')
    await expect(rows).toHaveCount(2)
    await expect(rows.nth(0)).toContainText('25 km')
    await expect(rows.nth(0)).toContainText('Retired')
    await expect(rows.nth(1)).toContainText('0 km')
    await page.keyboard.press('Escape')
    // Retiring the shoes: nothing is due any more, and the dashboard says nothing.
    await page.getByRole('button', { name: 'Retire Pegasus' }).click()
    await expect(page.getByRole('row', { name: /^Pegasus / })).toContainText('Retired')
    // The dashboard's own answer is awaited, so the notice's absence is not the page still loading.
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/equipment-wear'))
    await page.getByRole('link', { name: 'Dashboard' }).click()
    expect(((await (await answered).json()) as { data: { worn: unknown[] } }).data.worn).toEqual([])
    await expect(page.getByTestId('dashboard')).toBeVisible()
    await expect(notice).toHaveCount(0)
    expect(errors).toEqual([])
  })

  for (const scheme of ['light', 'dark'] as const) {
    test(`the notice and the components dialog have no WCAG 2.1 AA violation in ${scheme} mode`, async ({ page, request }) => {
      test.setTimeout(90_000)
      const token = await wornGear(request, 'wearaxe')
      await page.emulateMedia({ colorScheme: scheme })
      await page.setViewportSize({ width: 1280, height: 900 })
      const axe = (selector: string) => axeViolations(page, scheme, selector)
      await openDashboard(page, token)
      await expect(page.getByTestId('wear-notice')).toBeVisible()
      expect(await axe('[data-testid="wear-notice"]')).toEqual([])
      await page.goto('/equipment')
      await page.getByRole('button', { name: 'Components of Road bike' }).click()
      await expect(page.getByTestId('component-row')).toHaveCount(1)
      expect(await axe('[data-testid="equipment-page"]')).toEqual([])
      expect(await axe('[role="dialog"]')).toEqual([])
    })
  }
})

test.describe('wear in miles, fitting days where the user lives', () => {
  // The browser is in Tokyo, the user's profile in Paris: days are the profile's.
  test.use({ locale: 'en-US', timezoneId: 'Asia/Tokyo' })
  test('an imperial user sets limits in miles (stored in km), fits a chain on a day that starts at midnight in Paris, and reads wear in miles', async ({ page, request }) => {
    test.setTimeout(120_000)
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('wearmiles'))
    await setPreferences(request, token, { imperial_units: true, timezone: 'Europe/Paris' })
    const shoes = (await post<Items>(request, token, 'equipments', { label: 'Pegasus', equipment_type_id: 1 })).data.equipments[0]?.id
    const bike = (await post<Items>(request, token, 'equipments', { label: 'Road bike', equipment_type_id: 2 })).data.equipments[0]?.id
    // 1 mi = 1.609344 km: the shoes ran 510 mi; the bike rode 10 mi at 23:30 in Paris the evening
    // before the chain's day, then 5 mi at 00:30 on it (times are read in the profile's zone).
    await post(request, token, 'workouts/no_gpx', { sport_id: 5, duration: 36_000, distance: 510 * 1.609344, workout_date: '2024-02-20 08:00', equipment_ids: [shoes] })
    await post(request, token, 'workouts/no_gpx', { sport_id: 1, duration: 1800, distance: 10 * 1.609344, workout_date: '2024-02-29 23:30', equipment_ids: [bike] })
    await post(request, token, 'workouts/no_gpx', { sport_id: 1, duration: 900, distance: 5 * 1.609344, workout_date: '2024-03-01 00:30', equipment_ids: [bike] })
    await page.setViewportSize({ width: 1280, height: 900 })
    await openWithToken(page, token, '/equipment')

    await page.getByRole('button', { name: 'Edit Pegasus' }).click()
    const form = page.getByTestId('equipment-edit-form')
    await form.getByLabel('Retire at (mi)').fill('500')
    await form.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByRole('row', { name: /^Pegasus / })).toContainText('510 mi of 500 mi')
    const items = (await (await request.get('/api/equipments', { headers: auth(token) })).json()) as { data: { equipments: { label: string; wear_limit_distance: number | null }[] } }
    expect(items.data.equipments.find((item) => item.label === 'Pegasus')?.wear_limit_distance).toBe(804.672)

    await page.getByRole('button', { name: 'Components of Road bike' }).click()
    const add = page.getByTestId('component-add-form')
    await add.getByLabel('Component').fill('Chain')
    await add.getByLabel('Fitted on').fill('2024-03-01')
    await add.getByLabel('Retire at (mi)').fill('4')
    await add.getByRole('button', { name: 'Add a component' }).click()
    const row = page.getByTestId('component-row')
    await expect(row).toHaveCount(1)
    // Midnight in Paris (UTC+1), so the 23:30 ride before it does not count: 5 mi, not 15.
    await expect(row).toContainText('Mar 1, 2024')
    await expect(row).toContainText('5 mi of 4 mi')
    const components = (await (await request.get(`/api/equipments/${bike ?? ''}/components`, { headers: auth(token) })).json()) as { data: { components: { fitted_at: string; wear_limit_distance: number }[] } }
    expect(components.data.components).toEqual([expect.objectContaining({ fitted_at: 'Thu, 29 Feb 2024 23:00:00 GMT', wear_limit_distance: 6.437 })])
    await page.keyboard.press('Escape')

    await openDashboard(page, token)
    await expect(page.getByTestId('wear-notice').getByRole('listitem')).toHaveText(['Pegasus has reached its limit: 510 mi of 500 mi', 'Chain on Road bike has reached its limit: 5 mi of 4 mi'])
    expect(errors).toEqual([])
  })
})

test.describe('default equipment in the sport preferences', () => {
  test.use({ locale: 'en-US' })
  test('a sport’s defaults are chosen in Profile › Sports, refused with the server’s reason past one pair of shoes, and saved', async ({ page, request }) => {
    test.setTimeout(90_000)
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('sportgear'))
    await post(request, token, 'equipments', { label: 'Old shoes', equipment_type_id: 1, default_for_sport_ids: [5] })
    await post(request, token, 'equipments', { label: 'New shoes', equipment_type_id: 1 })
    const defaults = async () =>
      Object.fromEntries(
        ((await (await request.get('/api/equipments', { headers: auth(token) })).json()) as { data: { equipments: { label: string; default_for_sport_ids: number[] }[] } }).data.equipments.map(
          (item) => [item.label, item.default_for_sport_ids],
        ),
      )
    await page.setViewportSize({ width: 1280, height: 900 })
    await openWithToken(page, token, '/profile/edit/sports')
    const running = page.getByTestId('sport-default-equipment-5')
    await running.click()
    await page.getByRole('option', { name: 'New shoes' }).click()
    await expect(page.getByTestId('sport-default-equipment')).toContainText('Choose at most one piece of equipment of each type.')
    expect(await defaults()).toEqual({ 'Old shoes': [5], 'New shoes': [] })
    // Old shoes off, then new shoes on: each choice is saved.
    await page.getByRole('option', { name: 'Old shoes' }).click()
    await expect.poll(defaults).toEqual({ 'Old shoes': [], 'New shoes': [] })
    await page.getByRole('option', { name: 'New shoes' }).click()
    await expect.poll(defaults).toEqual({ 'Old shoes': [], 'New shoes': [5] })
    expect(errors).toEqual([])
  })
})

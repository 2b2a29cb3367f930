import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { axeViolations, createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'
import { setPreferences } from './workout-helpers'

/**
 * The Equipment page at a phone's width (390 px): a card per item with its figures, wear bar and
 * buttons, all within the window, and an empty list that says so whole; a desktop keeps its table.
 */
test.describe.configure({ timeout: 120_000 })

const auth = (token: string) => ({ Authorization: `Bearer ${token}` })

/** Its box is inside the window and its text fits it (nothing cut at the edge). */
async function expectWhole(element: Locator): Promise<void> {
  await expect(element).toBeVisible()
  const seen = await element.evaluate((node) => {
    const box = node.getBoundingClientRect()
    return { text: node.textContent, inWindow: box.left >= 0 && box.right <= window.innerWidth, fits: node.scrollWidth <= node.clientWidth + 1 }
  })
  expect(seen, `${seen.text}`).toMatchObject({ inWindow: true, fits: true })
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

const TEXTS = {
  en: { empty: 'No equipment yet: add your shoes, bike or other gear above.', edit: 'Edit', components: 'Components', retired: 'Retired', km: '12.5 km', workouts: '1 workout' },
  de: { empty: 'Noch keine Ausrüstung: Füge oben deine Schuhe, dein Rad oder andere Ausrüstung hinzu.', edit: 'Bearbeiten', components: 'Komponenten', retired: 'Ausgemustert', km: '12,5 km', workouts: '1 Training' },
}

for (const language of ['en', 'de'] as const) {
  test(`at 390 px in ${language}, the empty list says so whole, then each item is a card with its figures, wear and buttons inside the window`, async ({ page, request }) => {
    const errors = trackPageErrors(page)
    const text = TEXTS[language]
    const token = await createActiveUser(request, newAccount('gearphone'))
    await setPreferences(request, token, { language })
    await page.setViewportSize({ width: 390, height: 844 })
    await openWithToken(page, token, '/equipment')
    await expectWhole(page.getByText(text.empty))
    expect(await sideways(page)).toBe(0)

    const bike = await request.post('/api/equipments', { headers: auth(token), data: { label: 'Stadtrad mit Gepäckträger und Nabendynamo', equipment_type_id: 2, wear_limit_distance: 10 } })
    expect(bike.status()).toBe(201)
    const bikeId = ((await bike.json()) as { data: { equipments: { id: string }[] } }).data.equipments[0]?.id ?? ''
    const shoes = await request.post('/api/equipments', { headers: auth(token), data: { label: 'Pegasus', equipment_type_id: 1 } })
    const shoesId = ((await shoes.json()) as { data: { equipments: { id: string }[] } }).data.equipments[0]?.id ?? ''
    expect((await request.patch(`/api/equipments/${shoesId}`, { headers: auth(token), data: { is_active: false } })).status()).toBe(200)
    const ride = await request.post('/api/workouts/no_gpx', { headers: auth(token), data: { sport_id: 1, duration: 3600, distance: 12.5, workout_date: '2024-05-01 08:00', equipment_ids: [bikeId] } })
    expect(ride.status()).toBe(201)
    await page.reload()

    const cards = page.getByTestId('equipment-card')
    await expect(cards).toHaveCount(2)
    await expect(page.getByTestId('equipment-page').locator('table')).toHaveCount(0)
    const bikeCard = cards.filter({ hasText: 'Stadtrad' })
    await expectWhole(bikeCard.getByRole('heading', { name: 'Stadtrad mit Gepäckträger und Nabendynamo' }))
    await expect(bikeCard).toContainText(text.km)
    await expectWhole(bikeCard.getByRole('link', { name: new RegExp(`^${text.workouts}`) }))
    // 12.5 km of a 10 km limit: the bar is full.
    await expect(bikeCard.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
    for (const name of [text.edit, text.components]) await expectWhole(bikeCard.getByRole('button').filter({ hasText: name }))
    for (const button of await cards.getByRole('button').all()) await expectWhole(button)
    await expect(cards.filter({ hasText: 'Pegasus' })).toContainText(text.retired)
    expect(await sideways(page)).toBe(0)

    // A desktop keeps the table.
    await page.setViewportSize({ width: 1280, height: 900 })
    await expect(page.getByTestId('equipment-page').locator('table')).toHaveCount(1)
    await expect(cards).toHaveCount(0)
    expect(errors).toEqual([])
  })
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the phone cards and the empty list have no WCAG 2.1 AA violation in ${scheme} mode`, async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('gearphoneaxe'))
    await page.emulateMedia({ colorScheme: scheme })
    await page.setViewportSize({ width: 390, height: 844 })
    const axe = () => axeViolations(page, scheme)
    await openWithToken(page, token, '/equipment')
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
    await expect(page.getByText(TEXTS.en.empty)).toBeVisible()
    expect(await axe()).toEqual([])
    for (const data of [
      // The sport's default: the workout below is its.
      { label: 'Road bike', equipment_type_id: 2, wear_limit_distance: 10, description: 'steel frame', default_for_sport_ids: [1] },
      { label: 'Pegasus', equipment_type_id: 1 },
    ]) {
      expect((await request.post('/api/equipments', { headers: auth(token), data })).status()).toBe(201)
    }
    expect((await request.post('/api/workouts/no_gpx', { headers: auth(token), data: { sport_id: 1, duration: 3600, distance: 12.5, workout_date: '2024-05-01 08:00' } })).status()).toBe(201)
    await page.reload()
    await expect(page.getByTestId('equipment-card')).toHaveCount(2)
    expect(await axe()).toEqual([])
  })
}

test("an item's statistics: its distance per month as a chart and a table, in miles for an imperial user, in French, with no WCAG 2.1 AA violation in light and dark", async ({ page, request }) => {
  const errors = trackPageErrors(page)
  const token = await createActiveUser(request, newAccount('gearstats'))
  await setPreferences(request, token, { language: 'fr', imperial_units: true })
  const bike = await request.post('/api/equipments', { headers: auth(token), data: { label: 'Vélo de route', equipment_type_id: 2 } })
  const bikeId = ((await bike.json()) as { data: { equipments: { id: string }[] } }).data.equipments[0]?.id ?? ''
  // 10 miles and 2 × 2.5 miles (1 mi = 1.609344 km), in May and June.
  for (const [date, km] of [['2024-05-02 08:00', 16.09344], ['2024-06-10 08:00', 4.02336], ['2024-06-20 08:00', 4.02336]] as const) {
    const added = await request.post('/api/workouts/no_gpx', { headers: auth(token), data: { sport_id: 1, duration: 3600, distance: km, workout_date: date, equipment_ids: [bikeId] } })
    expect(added.status()).toBe(201)
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await openWithToken(page, token, '/equipment')
  await page.getByRole('button', { name: 'Statistiques de Vélo de route' }).click()
  const table = page.getByTestId('equipment-stats-table')
  const month = (iso: string) => new Intl.DateTimeFormat('fr', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso))
  await expect(page.getByRole('dialog', { name: 'Distance par mois : Vélo de route' })).toBeVisible()
  await expect(table.getByRole('row')).toHaveCount(3)
  await expect(table.getByRole('row', { name: new RegExp(`^${month('2024-05-01T00:00:00Z')} `) })).toContainText('10 mi')
  await expect(table.getByRole('row', { name: new RegExp(`^${month('2024-06-01T00:00:00Z')} `) })).toContainText('5 mi')
  await expect(page.getByRole('dialog').locator('.recharts-bar-rectangle')).toHaveCount(2)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
    expect(await axeViolations(page, scheme)).toEqual([])
  }
  expect(errors).toEqual([])
})

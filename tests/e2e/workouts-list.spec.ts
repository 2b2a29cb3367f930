import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'

/** Saves a full-page screenshot when E2E_SHOTS names a folder (for looking at the screens, not asserted). */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true })
}

async function addWorkout(request: APIRequestContext, token: string, body: { sport_id: number; workout_date: string; duration: number; distance: number; title: string }) {
  const response = await request.post('/api/workouts/no_gpx', { headers: { Authorization: `Bearer ${token}` }, data: body })
  expect(response.status(), await response.text()).toBe(201)
}

/** 30 workouts: runs (sport 5) of 1 to 15 km in 2024 and rides (sport 1) of 20 to 34 km in 2025. */
async function seed(request: APIRequestContext, token: string) {
  for (let index = 0; index < 15; index += 1) {
    const day = String(index + 1).padStart(2, '0')
    await addWorkout(request, token, { sport_id: 5, workout_date: `2024-03-${day} 08:00`, duration: 1800 + index * 300, distance: index + 1, title: `Run ${index + 1}` })
    await addWorkout(request, token, { sport_id: 1, workout_date: `2025-06-${day} 18:00`, duration: 3600 + index * 300, distance: 20 + index, title: `Ride ${index + 1}` })
  }
}

test.describe('workouts list', () => {
  // An American browser still gets the app's day-first dates (spec: dd/MM/yyyy), as the list shows them.
  test.use({ locale: 'en-US' })
  test('filters narrow the list, survive a reload, and sort, page size and pages live in the address', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('list'))
    await seed(request, token)
    const errors = trackPageErrors(page)
    await page.setViewportSize({ width: 1280, height: 900 })
    await openWithToken(page, token, '/workouts')

    const rows = page.getByTestId('workout-row')
    await expect(rows).toHaveCount(10)
    await expect(rows.first()).toContainText('Ride 15')
    await expect(page.getByTestId('list-total-count')).toContainText('30')
    // 30 workouts by 10: three pages, no dots.
    const pagination = page.getByTestId('workouts-pagination')
    await expect(pagination.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(3)

    // Two clicks on "Next page" while the next page's answer is still on its way (a slow network)
    // move two pages: the arrows step from the address, not from the page last answered.
    let release = () => undefined as void
    const held = new Promise<void>((done) => (release = done))
    const listCalls = /\/api\/workouts\?/
    await page.route(listCalls, async (route) => {
      await held
      // The page drops the second page's request once it asks for the third: that one is gone.
      await route.continue().catch(() => undefined)
    })
    await pagination.getByRole('button', { name: 'Next page' }).click()
    await expect(page).toHaveURL(/[?&]page=2/)
    await pagination.getByRole('button', { name: 'Next page' }).click()
    await expect(page).toHaveURL(/[?&]page=3/)
    release()
    await page.unroute(listCalls)
    // Page 3 by date, newest first: the ten 2024 runs from Run 10 down.
    await expect(rows.first()).toContainText('Run 10')
    await expect(rows).toHaveCount(10)

    // Filters: runs of 5 km or more whose title contains "1".
    await page.getByTestId('filters-toggle').click()
    await page.getByTestId('filter-sport_id').click()
    await page.getByRole('option', { name: 'Running' }).click()
    await page.getByTestId('filter-distance_from').fill('5')
    await page.getByTestId('filter-title').fill('Run 1')
    await page.getByTestId('filters-apply').click()
    await expect(page).toHaveURL(/sport_id=5/)
    await expect(page).toHaveURL(/distance_from=5/)
    // Run 10 … Run 15 (Run 1 is 1 km).
    await expect(rows).toHaveCount(6)
    await expect(page.getByTestId('list-total-count')).toContainText('6')
    await expect(page.getByTestId('list-total-distance')).toContainText('75.00 km')

    // A reload keeps filters and results.
    await page.reload()
    await expect(rows).toHaveCount(6)
    await expect(page.getByTestId('filter-title')).toHaveValue('Run 1')

    // Sorting by distance ascending, then the date range.
    await page.getByTestId('sort-distance').click()
    await expect(page).toHaveURL(/order_by=distance/)
    await expect(rows.first()).toContainText('Run 15')
    await page.getByTestId('sort-distance').click()
    await expect(page).toHaveURL(/order=asc/)
    await expect(rows.first()).toContainText('Run 10')
    // Date pickers in the app's dd/MM/yyyy, weeks starting on the user's first day (Sunday here).
    await expect(page.getByTestId('filter-from')).toHaveAttribute('placeholder', 'dd/mm/yyyy')
    await page.getByTestId('filter-from').fill('12/03/2024')
    await page.getByTestId('filter-to').fill('13/03/2024')
    await page.keyboard.press('Escape')
    await page.getByTestId('filter-from').click()
    const picker = page.locator('.mantine-Popover-dropdown:visible')
    await expect(picker).toHaveCount(1)
    await expect(picker.getByRole('button', { name: '12 March 2024' })).toHaveAttribute('data-selected', 'true')
    await expect(picker.locator('thead th').first()).toHaveText('Su')
    await page.keyboard.press('Escape')
    await page.getByTestId('filters-apply').click()
    await expect(page).toHaveURL(/from=2024-03-12&to=2024-03-13/)
    await expect(rows).toHaveCount(2)
    await expect(page.getByTestId('filter-from')).toHaveValue('12/03/2024')
    await shot(page, 'list-filtered')

    // Clearing the filters brings everything back.
    await page.getByTestId('filters-clear').click()
    await expect(page.getByTestId('list-total-count')).toContainText('30')

    // Page size 25, then page 2.
    await page.getByTestId('page-size').click()
    await page.getByRole('option', { name: '25' }).click()
    await expect(page).toHaveURL(/per_page=25/)
    await expect(rows).toHaveCount(25)
    await pagination.getByRole('button', { name: 'Page 2' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(rows).toHaveCount(5)
    expect(errors).toEqual([])
  })

  test('invalid query values fall back to defaults; many pages show dots', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('listbad'))
    await seed(request, token)
    await openWithToken(page, token, '/workouts?page=abc&per_page=7&order=sideways&order_by=nope&from=2024-99-01&distance_from=-3')
    await expect(page.getByTestId('workout-row')).toHaveCount(10)
    await expect(page.getByTestId('list-total-count')).toContainText('30')
    await expect(page.getByTestId('error-box')).toHaveCount(0)

    // A value the API would refuse is flagged on its field and not applied.
    await page.getByTestId('filters-toggle').click()
    await page.getByTestId('filter-duration_from').fill('90')
    await page.getByTestId('filters-apply').click()
    await expect(page.getByText('Invalid value')).toBeVisible()
    await expect(page).not.toHaveURL(/duration_from/)
    await page.getByTestId('filter-duration_from').fill('0:45')
    await page.getByTestId('filters-apply').click()
    await expect(page).toHaveURL(/duration_from=0%3A45/)
    // Moving time from 45 min: 12 runs (30 min + 5 min steps) and the 15 rides.
    await expect(page.getByTestId('list-total-count')).toContainText('27')
    await page.getByTestId('filters-clear').click()


    // 90 workouts by 10 are 9 pages: beyond 8, dots stand for the pages left out.
    for (let index = 0; index < 60; index += 1) {
      await addWorkout(request, token, { sport_id: 6, workout_date: `2023-01-01 ${String(index % 24).padStart(2, '0')}:${String(index).padStart(2, '0').slice(-2)}`, duration: 600, distance: 1, title: `Walk ${index + 1}` })
    }
    await page.goto('/workouts?page=5')
    const pagination = page.getByTestId('workouts-pagination')
    await expect(pagination.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(5)
    await expect(pagination.getByRole('button', { name: 'Page 9' })).toBeVisible()
    await expect(pagination.getByTestId('pagination-dots')).toHaveCount(2)
    await pagination.getByRole('button', { name: 'Next page' }).click()
    await expect(page).toHaveURL(/page=6/)
    await page.emulateMedia({ colorScheme: 'dark' })
    await shot(page, 'list-pages-dark')
  })

  test('French and German, and a phone-sized screen', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('listfr'))
    await seed(request, token)
    await request.post('/api/auth/profile/edit/preferences', {
      headers: { Authorization: `Bearer ${token}` },
      data: { display_ascent: true, imperial_units: false, language: 'fr', timezone: 'Europe/Paris', weekm: false },
    })
    await page.setViewportSize({ width: 360, height: 740 })
    await openWithToken(page, token, '/workouts?sport_id=1')
    await expect(page.getByRole('heading', { name: 'Séances' })).toBeVisible()
    await expect(page.getByTestId('workout-row')).toHaveCount(10)
    await expect(page.getByRole('button', { name: 'Masquer les filtres' })).toBeVisible()
    await expect(page.getByTestId('list-total-distance')).toContainText('405,00 km')
    await expect(page.getByTestId('filter-from')).toHaveAttribute('placeholder', 'jj/mm/aaaa')
    // One card a workout; the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await shot(page, 'list-phone-fr')

    await page.getByTestId('language-menu').click()
    await page.getByTestId('language-de').click()
    await expect(page.getByRole('button', { name: 'Filter ausblenden' })).toBeVisible()
    // A phone sorts with a field of its own (its rows are cards, without column headers).
    await expect(page.getByTestId('phone-order-by')).toHaveValue('Datum')
    // German dates read and parse as TT.MM.JJJJ.
    await expect(page.getByTestId('filter-from')).toHaveAttribute('placeholder', 'TT.MM.JJJJ')
    await page.getByTestId('filter-from').fill('12.03.2024')
    await page.keyboard.press('Escape')
    await page.getByTestId('filters-apply').click()
    await expect(page).toHaveURL(/from=2024-03-12/)
    await expect(page.getByTestId('filter-from')).toHaveValue('12.03.2024')
    await shot(page, 'list-phone-de-date')
  })
})

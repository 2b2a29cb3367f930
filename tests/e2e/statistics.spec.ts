import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'

/** Saves a full-page screenshot when E2E_SHOTS names a folder (for looking at the screens, not asserted). */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true })
}

/** Today in Europe/Paris (the users' default zone) shifted by whole months, as `YYYY-MM-DD`. */
function parisDay(monthsBack = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date())
  const [year, month] = today.split('-').map(Number)
  const date = new Date(Date.UTC(year ?? 2000, (month ?? 1) - 1 - monthsBack, 2))
  return date.toISOString().slice(0, 10)
}

async function addWorkout(request: APIRequestContext, token: string, sportId: number, day: string, distance: number, duration: number) {
  const response = await request.post('/api/workouts/no_gpx', {
    headers: { Authorization: `Bearer ${token}` },
    data: { sport_id: sportId, workout_date: `${day} 10:00`, duration, distance, title: `W ${day}`, ascent: 120, descent: 80 },
  })
  expect(response.status(), await response.text()).toBe(201)
}

/** How many bars recharts drew (empty periods draw none). */
async function barCount(page: Page): Promise<number> {
  return page
    .getByTestId('statistics-chart')
    .locator('path.recharts-rectangle')
    .evaluateAll((paths) => paths.filter((path) => (path.getBoundingClientRect().height ?? 0) > 0).length)
}

test.describe('statistics', () => {
  test('switches measures and periods, and says when there are no workouts', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('stats'))
    // This month: a run and a ride; two months ago: a run; two years ago: a ride.
    await addWorkout(request, token, 5, parisDay(0), 10, 3600)
    await addWorkout(request, token, 1, parisDay(0), 40, 5400)
    await addWorkout(request, token, 5, parisDay(2), 12, 4000)
    await addWorkout(request, token, 1, parisDay(24), 30, 3600)
    const errors = trackPageErrors(page)
    await page.setViewportSize({ width: 1280, height: 900 })
    await openWithToken(page, token, '/statistics')

    const chart = page.getByTestId('statistics-chart')
    await expect(chart).toHaveAttribute('data-measure', 'total_distance')
    // Months: the last 12 months hold three bars (two stacked this month, one two months ago).
    await expect.poll(() => barCount(page)).toBe(3)
    await expect(chart.getByText('Running', { exact: true })).toBeVisible()
    await expect(chart.getByText('Cycling (Sport)', { exact: true })).toBeVisible()
    // Next is off on the latest period.
    await expect(page.getByRole('button', { name: 'Next period' })).toBeDisabled()

    // Durations read as clocks on the axis.
    await page.getByRole('radio', { name: 'Moving time' }).click()
    await expect(chart).toHaveAttribute('data-measure', 'total_duration')
    await expect(chart.getByText(/^\d{2}:\d{2}:\d{2}$/).first()).toBeVisible()
    // Hovering a bar shows the tooltip in d h m s.
    await chart.locator('path.recharts-rectangle').last().hover()
    await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText(/\d+h \d+m/)
    await shot(page, 'statistics-duration')

    // Average speed: bars side by side (not stacked), all measures offered.
    await page.getByRole('radio', { name: 'Average speed' }).click()
    await expect(chart).toHaveAttribute('data-measure', 'average_speed')
    await expect.poll(() => barCount(page)).toBe(3)
    for (const name of ['Distance', 'Workouts', 'Ascent', 'Descent']) await expect(page.getByRole('radio', { name })).toBeVisible()
    // The chart's parameters live in the address: a reload shows the same chart.
    await expect(page).toHaveURL(/measure=average_speed/)
    await page.reload()
    await expect(chart).toHaveAttribute('data-measure', 'average_speed')
    await expect(page.getByRole('radio', { name: 'Average speed' })).toBeChecked()

    // Years: this year's runs make one segment, next to this year's ride and the old ride.
    await page.getByTestId('statistics-frames').getByText('Year').click()
    await page.getByRole('radio', { name: 'Distance' }).click()
    await expect.poll(() => barCount(page)).toBe(3)
    await expect(page.getByTestId('statistics-range')).toContainText(`31/12/${new Date().getFullYear()}`)
    // Three years back, the ten years shown end before the old ride: the no-workouts message.
    for (let index = 0; index < 3; index += 1) await page.getByRole('button', { name: 'Previous period' }).click()
    await expect(page.getByTestId('statistics-no-workouts')).toBeVisible()
    await expect(page.getByTestId('statistics-no-workouts')).toHaveText('No workouts.')
    // One year forward brings the old ride back.
    await page.getByRole('button', { name: 'Next period' }).click()
    await expect.poll(() => barCount(page)).toBe(1)
    // Two clicks before the page renders again (both in one task) each count: two years back.
    await page.getByRole('button', { name: 'Previous period' }).evaluate((button: HTMLElement) => {
      button.click()
      button.click()
    })
    await expect(page.getByTestId('statistics-range')).toContainText(`31/12/${new Date().getFullYear() - 4}`)

    // Weeks: the last 12 weeks hold this month's workouts only.
    await page.getByTestId('statistics-frames').getByText('Week').click()
    await expect(page.getByTestId('statistics-range')).toBeVisible()
    expect(errors).toEqual([])
  })

  test('an empty window offers the periods of the latest workout, and a user without workouts no such button', async ({ page, request }) => {
    const errors = trackPageErrors(page)
    // Nothing in the last 12 months: a ride two years ago, as files imported on a first day often are.
    const token = await createActiveUser(request, newAccount('statsold'))
    await addWorkout(request, token, 1, parisDay(24), 30, 3600)
    await page.setViewportSize({ width: 1280, height: 900 })
    await openWithToken(page, token, '/statistics')
    await expect(page.getByTestId('statistics-no-workouts')).toHaveText('No workouts.')
    await page.getByRole('button', { name: 'Show the period of my latest workout' }).click()
    // The chart is drawn under the pointer: off it, so no hover highlight counts as a bar.
    await page.mouse.move(0, 0)
    await expect.poll(() => barCount(page)).toBe(1)
    await expect(page).toHaveURL(new RegExp(`date=${parisDay(24)}`))
    await expect(page.getByTestId('statistics-range')).toContainText(`/${parisDay(24).slice(0, 4)}`)

    const none = await createActiveUser(request, newAccount('statsnone'))
    const listed = page.waitForResponse((response) => /\/api\/workouts\?/.test(response.url()))
    await openWithToken(page, none, '/statistics')
    expect((await listed).status()).toBe(200)
    await expect(page.getByTestId('statistics-no-workouts')).toBeVisible()
    await expect(page.getByTestId('statistics-latest')).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('narrow charts rotate then hide the labels; French and German; miles', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('statsfr'))
    await addWorkout(request, token, 5, parisDay(0), 10, 3600)
    await request.post('/api/auth/profile/edit/preferences', {
      headers: { Authorization: `Bearer ${token}` },
      data: { display_ascent: true, imperial_units: true, language: 'fr', timezone: 'Europe/Paris', weekm: true },
    })
    await page.setViewportSize({ width: 360, height: 740 })
    await openWithToken(page, token, '/statistics')
    const chart = page.getByTestId('statistics-chart')
    await expect(page.getByRole('radio', { name: 'Dénivelé positif' })).toBeVisible()
    await expect(chart.getByText('Course à pied', { exact: true })).toBeVisible()
    await expect(chart).toHaveAttribute('data-labels', 'hidden')
    await expect(chart.locator('svg.recharts-surface').first()).toContainText('mi')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await shot(page, 'statistics-phone-fr')

    await page.setViewportSize({ width: 600, height: 800 })
    await expect(chart).toHaveAttribute('data-labels', 'rotated')
    await shot(page, 'statistics-rotated')
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect(chart).toHaveAttribute('data-labels', 'flat')

    await page.getByTestId('language-menu').click()
    await page.getByTestId('language-de').click()
    await expect(page.getByRole('radio', { name: 'Durchschnittsgeschwindigkeit' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Vorheriger Zeitraum' })).toBeVisible()
    await shot(page, 'statistics-de')
  })
})

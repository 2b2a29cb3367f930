import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'
import { gpxText, hhmmss, seconds, setPreferences, uploadWorkout } from './workout-helpers'

/** Saves a full-page screenshot when E2E_SHOTS names a folder (for looking at the screens, not asserted). */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true })
}

/** The current month in the users' default time zone (Europe/Paris), as `YYYY-MM`. */
function parisMonth(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' }).formatToParts(new Date())
  return `${parts.find((part) => part.type === 'year')?.value}-${parts.find((part) => part.type === 'month')?.value}`
}

/** Adds a workout without a file at a local date (`YYYY-MM-DD HH:MM`). */
async function addWorkout(request: APIRequestContext, token: string, sportId: number, date: string, title: string, distance = 10): Promise<string> {
  const response = await request.post('/api/workouts/no_gpx', {
    headers: { Authorization: `Bearer ${token}` },
    data: { sport_id: sportId, workout_date: date, duration: 3600, distance, title },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { data: { workouts: { id: string }[] } }).data.workouts[0]?.id ?? ''
}

test.describe('dashboard', () => {
  test('a new user sees the empty state with the upload link', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('dash0'))
    const errors = trackPageErrors(page)
    await openWithToken(page, token, '/')
    await expect(page.getByTestId('dashboard-empty')).toBeVisible()
    await page.getByRole('link', { name: 'Upload your first workout' }).click()
    await expect(page).toHaveURL(/\/workouts\/add$/)
    expect(errors).toEqual([])
  })

  test('an empty month offers the month of the latest workout, and a month with workouts no such button', async ({ page, request }) => {
    // Old files imported on a first day: nothing this month, the latest workout in March 2023.
    const token = await createActiveUser(request, newAccount('dashold'))
    await addWorkout(request, token, 5, '2023-03-14 18:30', 'Old run')
    await addWorkout(request, token, 5, '2022-11-02 07:00', 'Older run')
    const errors = trackPageErrors(page)
    await page.setViewportSize({ width: 1280, height: 900 })
    await openWithToken(page, token, '/')
    const calendar = page.getByTestId('calendar')
    await expect(calendar).toHaveAttribute('data-month', parisMonth())
    await calendar.getByRole('button', { name: 'Show the month of my latest workout' }).click()
    await expect(calendar).toHaveAttribute('data-month', '2023-03')
    await expect(calendar.locator('[data-day="2023-03-14"]').getByTestId('sport-icon')).toHaveCount(1)
    await expect(calendar.getByTestId('calendar-latest')).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('calendar, timeline, records, totals and the month chart show the workouts', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('dash'))
    const month = parisMonth()
    const single = await addWorkout(request, token, 5, `${month}-03 09:30`, 'Morning run')
    // Seven on one day: more than six shows a donut by sport instead of icons.
    for (let index = 0; index < 7; index += 1) await addWorkout(request, token, index % 2 === 0 ? 1 : 6, `${month}-05 ${String(8 + index).padStart(2, '0')}:00`, `Lap ${index + 1}`, 5)
    // A GPX workout (2018) brings a map thumbnail into the timeline once loaded further.
    await uploadWorkout(request, token, 'gpx_file.gpx', gpxText('gpx_file.gpx'), 1)
    const errors = trackPageErrors(page)
    await page.setViewportSize({ width: 1280, height: 900 })
    await openWithToken(page, token, '/')

    // Totals come from the refreshed profile.
    await expect(page.getByTestId('total-workouts')).toContainText('9')

    // The calendar: icons on the 3rd, a donut of 7 on the 5th.
    const calendar = page.getByTestId('calendar')
    await expect(calendar).toHaveAttribute('data-month', month)
    const third = calendar.locator(`[data-day="${month}-03"]`)
    await expect(third.getByTestId('sport-icon')).toHaveCount(1)
    await expect(third.getByTestId('sport-icon')).toHaveAttribute('aria-label', 'Running')
    const fifth = calendar.locator(`[data-day="${month}-05"]`)
    await expect(fifth.getByTestId('day-donut')).toBeVisible()
    await expect(fifth.getByTestId('sport-icon')).toHaveCount(0)
    // Clicking a day lists its workouts with links to them.
    await third.click()
    const list = page.getByTestId('calendar-day-workouts')
    await expect(list.getByRole('link', { name: 'Morning run' })).toHaveAttribute('href', `/workouts/${single}`)
    await page.keyboard.press('Escape')
    // Previous month: nothing there; back again.
    await page.getByRole('button', { name: 'Previous month' }).click()
    await expect(calendar).not.toHaveAttribute('data-month', month)
    await expect(calendar.getByTestId('sport-icon')).toHaveCount(0)
    await page.getByRole('button', { name: 'Next month' }).click()
    await expect(third.getByTestId('sport-icon')).toHaveCount(1)

    // Timeline: five newest first, then Load more brings the rest, including the map thumbnail.
    const cards = page.getByTestId('timeline-workout')
    await expect(cards).toHaveCount(5)
    await expect(cards.first()).toContainText('Lap 7')
    await page.getByTestId('timeline-load-more').click()
    await expect(cards).toHaveCount(9)
    await expect(page.getByTestId('timeline-load-more')).toHaveCount(0)
    const map = cards.last().locator('img')
    await expect(map).toBeVisible()
    await expect.poll(() => map.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400)
    // The thumbnail keeps the picture's 400 × 225 proportions (it was a tall strip cropping the route).
    const thumbnail = await map.boundingBox()
    expect((thumbnail?.width ?? 0) / (thumbnail?.height ?? 1)).toBeCloseTo(400 / 225, 1)

    // Records per sport; the month chart draws bars.
    await expect(page.getByTestId('records-sport')).toHaveCount(3)
    await expect(page.locator('[data-testid="records-sport"][data-sport-id="5"] [data-record-type="FD"]')).toContainText('10.00 km')
    const chart = page.getByTestId('month-statistics')
    await expect(chart.locator('path.recharts-rectangle').first()).toBeVisible()
    await shot(page, 'dashboard-desktop')
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
    await shot(page, 'dashboard-dark')
    expect(errors).toEqual([])
  })

  test('the moving-time total is the sum of moving times, the same on the dashboard and the list; the month chart follows the calendar', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('dashsum'))
    // Segments with a pause between them: the whole duration is longer than the moving time.
    const paused = await uploadWorkout(request, token, 'segments.gpx', gpxText('gpx_file_with_segments.gpx'), 1)
    const manual = await uploadWorkout(request, token, 'plain.gpx', gpxText('gpx_file.gpx'), 5)
    const moving = seconds(paused.moving) + seconds(manual.moving)
    const duration = seconds(paused.duration) + seconds(manual.duration)
    expect(duration).toBeGreaterThan(moving)
    const expected = hhmmss(`${Math.floor(moving / 3600)}:${String(Math.floor((moving % 3600) / 60)).padStart(2, '0')}:${String(moving % 60).padStart(2, '0')}`)

    await openWithToken(page, token, '/')
    const card = page.getByTestId('total-duration')
    // The list's answer, which can come late right after two uploads: once in a clean-clone run (two
    // workers beside another engineer's browser tests) the card still read "–" after 5 s, with the
    // month's statistics also loading; not seen again in 41 runs here, at load 2–10.
    await expect(card).toContainText(expected, { timeout: 15_000 })
    await expect(card).toContainText('moving time')
    await page.goto('/workouts')
    await expect(page.getByTestId('list-total-duration')).toContainText(expected)
    await expect(page.getByTestId('list-total-duration')).toContainText('moving time')

    // The month chart shows the calendar's month, whichever way the arrows go.
    await page.goto('/')
    const calendar = page.getByTestId('calendar')
    const chart = page.getByTestId('month-statistics')
    const month = await calendar.getAttribute('data-month')
    await expect(chart).toHaveAttribute('data-month', month ?? '')
    await page.getByRole('button', { name: 'Previous month' }).click()
    await expect(calendar).not.toHaveAttribute('data-month', month ?? '')
    const previous = await calendar.getAttribute('data-month')
    await expect(chart).toHaveAttribute('data-month', previous ?? '')
    await expect(chart.getByRole('heading')).toContainText(await page.getByTestId('calendar-title').innerText())
  })

  test('hides the highest-ascent record and shows miles per preference; French and German', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('dashpref'))
    await uploadWorkout(request, token, 'gpx_file.gpx', gpxText('gpx_file.gpx'), 1)
    await setPreferences(request, token, { imperial_units: true })
    await request.post('/api/auth/profile/edit/preferences', {
      headers: { Authorization: `Bearer ${token}` },
      data: { display_ascent: false, imperial_units: true, language: 'fr', timezone: 'Europe/Paris', weekm: true },
    })
    await openWithToken(page, token, '/')
    await expect(page.getByRole('heading', { name: 'Records' })).toBeVisible()
    const records = page.getByTestId('records-sport')
    await expect(records.locator('[data-record-type="FD"]')).toContainText('mi')
    await expect(records.locator('[data-record-type="HA"]')).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Dernières séances' })).toBeVisible()
    // Weeks start on Monday: the first weekday heading is Monday's.
    await expect(page.getByTestId('calendar').locator('div').filter({ hasText: /^lun\.?$/i }).first()).toBeVisible()
    await shot(page, 'dashboard-fr')

    await page.getByTestId('language-menu').click()
    await page.getByTestId('language-de').click()
    await expect(page.getByRole('heading', { name: 'Letzte Trainings' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Vorheriger Monat' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Mehr laden' })).toHaveCount(0)
  })

  test('on a phone the four sections switch with icons', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('dashphone'))
    await uploadWorkout(request, token, 'gpx_file.gpx', gpxText('gpx_file.gpx'), 1)
    await page.setViewportSize({ width: 360, height: 740 })
    const errors = trackPageErrors(page)
    await openWithToken(page, token, '/')
    const sections = page.getByTestId('dashboard-sections')
    await expect(sections).toBeVisible()
    await expect(page.getByTestId('calendar')).toBeVisible()
    await expect(page.getByTestId('timeline')).toHaveCount(0)
    await sections.locator('label').filter({ hasText: 'Latest workouts' }).click()
    await expect(page.getByTestId('timeline-workout')).toHaveCount(1)
    await expect(page.getByTestId('calendar')).toHaveCount(0)
    await sections.locator('label').filter({ hasText: 'Records' }).click()
    await expect(page.getByTestId('records-sport')).toHaveCount(1)
    await sections.locator('label').filter({ hasText: "This month's statistics" }).click()
    await expect(page.getByTestId('month-statistics')).toBeVisible()
    await sections.locator('label').filter({ hasText: 'Calendar' }).click()
    await expect(page.getByTestId('calendar')).toBeVisible()
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await shot(page, 'dashboard-phone')
    expect(errors).toEqual([])
  })
})

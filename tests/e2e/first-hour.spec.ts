import { Decoder, Stream } from '@garmin/fitsdk'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { axeViolations, createActiveUser, ensureAdmin, newAccount, openWithToken, trackPageErrors } from './helpers'
import { gpxText, realFile, setPreferences, steadyRun, uploadWorkout } from './workout-helpers'

/** What a new user trips over in the first hour (issue 33), at a phone's and a desktop's width. */
test.describe.configure({ timeout: 120_000 })

const RUNNING = 5
const HIKING = 3
const POOL_SWIM = 13
/** Miles to km by definition (1 mi = 1609.344 m). */
const KM_PER_MILE = 1.609344

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

async function sportThreshold(request: APIRequestContext, token: string, id: number): Promise<number | undefined> {
  const response = await request.get('/api/sports', { headers: bearer(token) })
  const body = (await response.json()) as { data: { sports: { id: number; stopped_speed_threshold: number }[] } }
  return body.data.sports.find((sport) => sport.id === id)?.stopped_speed_threshold
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

for (const width of [390, 1280]) {
  test(`a skip link comes first and moves the focus to the page's content, at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 844 })
    const token = await createActiveUser(request, newAccount('skip'))
    await openWithToken(page, token, '/profile')
    await expect(page.getByRole('heading').first()).toBeVisible()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    // Visible while focused, inside the window.
    const box = await skip.boundingBox()
    expect(box && box.y >= 0 && box.x >= 0 && box.x + box.width <= width).toBe(true)
    await page.keyboard.press('Enter')
    await expect(page.locator('main')).toBeFocused()
    // The next Tab goes into the page, past the header's links.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true)
  })
}

test('Escape closes the phone menu and gives the focus back to its button', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const token = await createActiveUser(request, newAccount('escape'))
  await openWithToken(page, token, '/profile')
  const toggle = page.getByTestId('menu-toggle')
  await toggle.click()
  const menu = page.getByTestId('mobile-menu')
  await expect(menu).toBeVisible()
  await menu.getByRole('link', { name: 'Statistics' }).focus()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(toggle).toBeFocused()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
})

for (const width of [390, 1280]) {
  test(`sport preferences in miles: the stopped-speed threshold reads and is typed in mph, 0 included, at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 844 })
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('mph'))
    await setPreferences(request, token, { imperial_units: true })
    await openWithToken(page, token, '/profile/edit/sports')
    // Hiking's 0.1 km/h is 0.062 mph; running's 1 km/h is 0.621 mph.
    await expect(page.getByTestId(`sport-threshold-${HIKING}`)).toHaveText('0.06 mph')
    await expect(page.getByTestId(`sport-threshold-${RUNNING}`)).toHaveText('0.62 mph')
    // On a phone every sport is a card and nothing scrolls sideways.
    if (width < 500) await expect(page.getByTestId('sport-preferences').locator('table')).toHaveCount(0)
    expect(await horizontalOverflow(page)).toBe(0)

    await page.getByTestId(`sport-edit-${RUNNING}`).click()
    const form = page.getByTestId(`sport-edit-row-${RUNNING}`)
    // The whole form, its name and Submit included, is on screen without scrolling sideways.
    const submit = form.getByTestId('sport-submit')
    await submit.scrollIntoViewIfNeeded()
    const submitBox = await submit.boundingBox()
    expect(submitBox && submitBox.x + submitBox.width <= width).toBe(true)
    await expect(form.getByText('Running', { exact: true })).toBeInViewport()
    expect(await horizontalOverflow(page)).toBe(0)
    await form.getByTestId('sport-threshold').fill('2')
    await submit.click()
    await expect(page.getByTestId(`sport-threshold-${RUNNING}`)).toHaveText('2.0 mph')
    expect(await sportThreshold(request, token, RUNNING)).toBeCloseTo(2 * KM_PER_MILE, 6)

    // 0: every slow point counts as moving (it was ignored on save).
    await page.getByTestId(`sport-edit-${RUNNING}`).click()
    await page.getByTestId(`sport-edit-row-${RUNNING}`).getByTestId('sport-threshold').fill('0')
    await page.getByTestId('sport-submit').click()
    await expect(page.getByTestId(`sport-threshold-${RUNNING}`)).toHaveText('0.0 mph')
    expect(await sportThreshold(request, token, RUNNING)).toBe(0)

    // Changing only the colour leaves the threshold and the speed/pace default as they were.
    await setPreferences(request, token, { imperial_units: false })
    await page.reload()
    await page.getByTestId(`sport-edit-${HIKING}`).click()
    await page.getByTestId(`sport-edit-row-${HIKING}`).getByTestId('sport-color').fill('#123456')
    await page.getByTestId('sport-submit').click()
    await expect(page.getByTestId(`sport-threshold-${HIKING}`)).toHaveText('0.1 km/h')
    await expect(page.getByTestId(`sport-speed-display-${HIKING}`)).toHaveText('Pace')
    expect(errors).toEqual([])
  })
}

test('statistics: personal-best lines are named pictures (axe, light and dark) and the user picks the years compared', async ({ page, request }) => {
  // Two axe passes over a page of charts.
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const errors = trackPageErrors(page)
  const token = await createActiveUser(request, newAccount('years'))
  // Two runs a year apart, the later faster: bests that progressed.
  await uploadWorkout(request, token, 'older.gpx', steadyRun(1200, '2024-04-01T08:00:00Z'), RUNNING)
  await uploadWorkout(request, token, 'newer.gpx', steadyRun(1200, '2025-04-01T08:00:00Z', 3), RUNNING)
  for (const year of [2019, 2020, 2021, 2022, 2023]) {
    const added = await request.post('/api/workouts/no_gpx', {
      headers: bearer(token),
      data: { sport_id: 1, workout_date: `${year}-05-01 10:00`, duration: 3600, distance: 20, title: `Ride ${year}` },
    })
    expect(added.status(), await added.text()).toBe(201)
  }
  const thisYear = new Date().getUTCFullYear()

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await openWithToken(page, token, '/statistics')
    const line = page.getByTestId('personal-best-sparkline').first()
    // The bests are computed from the tracks after the upload: allow for a busy machine.
    await expect(line).toHaveAttribute('role', 'img', { timeout: 30_000 })
    // The first best is 400 m: 160 s at 2.5 m/s, then 120 s at 3.33 m/s.
    await expect(line).toHaveAttribute('aria-label', 'Progression of the best: 00:02:40 → 00:02:00')
    await expect(page.getByTestId('year-over-year-card').locator('.recharts-line').first()).toBeVisible()
    expect(await axeViolations(page, scheme)).toEqual([])
  }

  // 2019 to this year: 5 lines, the latest, until the user chooses.
  const card = page.getByTestId('year-over-year-card')
  const years = page.getByTestId('year-over-year-years')
  await expect(years.getByRole('checkbox')).toHaveCount(thisYear - 2019 + 1)
  await expect(card.locator('.recharts-line')).toHaveCount(5)
  await expect(years.getByRole('checkbox', { name: '2019' })).not.toBeChecked()
  await years.getByText('2019', { exact: true }).click()
  await expect(card.locator('.recharts-line')).toHaveCount(6)
  await expect(card.locator('.recharts-legend-wrapper')).toContainText('2019')
  await years.getByText(String(thisYear), { exact: true }).click()
  await expect(card.locator('.recharts-line')).toHaveCount(5)
  await expect(card.locator('.recharts-legend-wrapper')).not.toContainText(String(thisYear))
  expect(errors).toEqual([])
})

test('no scroll-to-top button on a page that does not scroll, even when reached from the bottom of a long one', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  const token = await createActiveUser(request, newAccount('scroll'))
  for (let day = 1; day <= 12; day += 1) {
    const added = await request.post('/api/workouts/no_gpx', {
      headers: bearer(token),
      data: { sport_id: 1, workout_date: `2024-03-${String(day).padStart(2, '0')} 10:00`, duration: 3600, distance: 20, title: `Ride ${day}` },
    })
    expect(added.status()).toBe(201)
  }
  await openWithToken(page, token, '/workouts')
  // A page of 10 workouts is longer than the window.
  await expect(page.getByTestId('workout-row')).toHaveCount(10, { timeout: 30_000 })
  await page.getByTestId('bottom-marker').scrollIntoViewIfNeeded()
  await expect(page.getByTestId('scroll-to-top')).toBeVisible()
  await page.locator('footer').getByRole('link', { name: 'About' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(page.getByRole('heading').first()).toBeVisible()
  // The list may still be on screen for a moment while the About page's code loads (a transition keeps it).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(40)
  await expect(page.getByTestId('scroll-to-top')).toBeHidden()
})

for (const width of [390, 1280]) {
  test(`a file over the size limit or of another type is left out when chosen, with its reason, at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 844 })
    const adminToken = await ensureAdmin(request)
    // 1 MiB per file, so a 1.5 MiB file is over it.
    const limited = await request.patch('/api/config', { headers: bearer(adminToken), data: { max_single_file_size: 1_048_576 } })
    expect(limited.ok(), await limited.text()).toBe(true)
    const token = await createActiveUser(request, newAccount('toobig'))
    await openWithToken(page, token, '/workouts/add')
    await expect(page.getByTestId('upload-limits')).toContainText('1.00 MB per file')
    const big = Buffer.alloc(1_572_864, 32)
    await page.getByTestId('file-input').setInputFiles([
      { name: 'big.gpx', mimeType: 'application/gpx+xml', buffer: big },
      { name: 'ok.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpxText('gpx_file.gpx')) },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
    ])
    // Only the fitting workout file is selected; the others are named with their reason at once.
    await expect(page.getByTestId('selected-files')).toContainText('1 file selected')
    await expect(page.getByTestId('selected-files')).toContainText('ok.gpx')
    await expect(page.getByTestId('selected-files')).not.toContainText('big.gpx')
    const refused = page.getByTestId('refused-files')
    await expect(refused).toContainText('big.gpx (1.50 MB) is larger than the 1.00 MB limit: not added.')
    await expect(refused).toContainText('notes.txt is not a GPX, FIT, TCX, KML or zip file: not added.')
    expect(await horizontalOverflow(page)).toBe(0)
    const restored = await request.patch('/api/config', { headers: bearer(adminToken), data: { max_single_file_size: 1_048_576 * 20 } })
    expect(restored.ok()).toBe(true)
  })
}

for (const language of ['de', 'fr'] as const) {
  test(`dashboard totals stay apart at 390 px in ${language}`, async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const token = await createActiveUser(request, newAccount('totals'))
    await setPreferences(request, token, { language })
    // 1,351.38 km in 82:01:30, the figures that ran together.
    for (const [day, distance, duration] of [
      ['2024-05-01', 700, 150_000],
      ['2024-05-02', 651.38, 145_290],
    ] as const) {
      const added = await request.post('/api/workouts/no_gpx', {
        headers: bearer(token),
        data: { sport_id: 1, workout_date: `${day} 08:00`, duration, distance, title: day },
      })
      expect(added.status(), await added.text()).toBe(201)
    }
    await openWithToken(page, token, '/')
    const distance = page.getByTestId('total-distance')
    await expect(distance).toContainText(/1\D351,38/, { timeout: 30_000 })
    await expect(page.getByTestId('total-duration')).toContainText('82:01:30')
    const boxes = await page.locator('[data-testid^="total-"] p:first-of-type').evaluateAll((nodes) =>
      nodes.map((node) => {
        // The text's own extent, which overflows its box when it does not fit.
        const range = document.createRange()
        range.selectNodeContents(node)
        const { left, right, top, bottom } = range.getBoundingClientRect()
        return { left, right, top, bottom }
      }),
    )
    for (const [index, box] of boxes.entries()) {
      for (const other of boxes.slice(index + 1)) {
        const apart = box.right <= other.left || other.right <= box.left || box.bottom <= other.top || other.bottom <= box.top
        expect(apart, JSON.stringify({ box, other })).toBe(true)
      }
    }
  })
}

test('a file without a name gets a French default title without a clock time, which a change of time zone leaves true', async ({ page, request }) => {
  const token = await createActiveUser(request, newAccount('titlefr'))
  await setPreferences(request, token, { language: 'fr' })
  await openWithToken(page, token, '/workouts/add')
  // The reference track (12:44:45 UTC, 13:44 in Paris) without its name, its sport written as apps do.
  const nameless = gpxText('gpx_file.gpx').replace('<name>just a workout</name>', '<type>running</type>')
  await page.getByTestId('file-input').setInputFiles({ name: 'course.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(nameless) })
  await page.getByTestId('submit').click()
  await expect(page).toHaveURL(/\/workouts\/[A-Za-z0-9]{22}$/)
  const title = page.getByTestId('workout-title')
  // It read "Course à pied - 2018-03-13 13:44:45" before.
  await expect(title).toHaveText("Course de l'après-midi")
  await expect(page.getByTestId('workout-date')).toContainText('13:44')
  // In Los Angeles the start is 05:44: the title names no time that the date now contradicts.
  await setPreferences(request, token, { language: 'fr', timezone: 'America/Los_Angeles' })
  await page.reload()
  await expect(page.getByTestId('workout-date')).toContainText('05:44')
  await expect(title).toHaveText("Course de l'après-midi")
  await expect(title).not.toContainText(/\d/)
})

test("a pool swim's splits are per 100 m, timed as the lengths its watch recorded", async ({ page, request }) => {
  const token = await createActiveUser(request, newAccount('swimsplits'))
  const bytes = realFile('fit/poolswim-hr.fit')
  await uploadWorkout(request, token, 'poolswim-hr.fit', bytes, POOL_SWIM).then((workout) => openWithToken(page, token, `/workouts/${workout.id}`))
  // Garmin's SDK: a 25 m pool, so each 100 m is 4 active lengths; their timer seconds as m:ss per 100 m.
  const { messages } = new Decoder(Stream.fromBuffer(bytes)).read()
  expect(messages.sessionMesgs?.[0]?.poolLength).toBe(25)
  const seconds = (messages.lengthMesgs ?? []).filter((length) => length.lengthType === 'active').map((length) => Number(length.totalTimerTime))
  const paces = [0, 4, 8].map((first) => {
    const total = Math.round(seconds.slice(first, first + 4).reduce((sum, s) => sum + s, 0))
    return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')} /100 m`
  })
  const card = page.getByTestId('splits-card')
  await expect(card.getByRole('heading')).toHaveText('Splits per 100 m')
  const rows = card.getByTestId('splits-table').locator('tbody tr')
  // 1,700 m: 17 splits of 100 m (it read 2 splits per km before).
  await expect(rows).toHaveCount(17)
  for (const [index, pace] of paces.entries()) await expect(rows.nth(index)).toContainText(pace)
  await expect(rows.first()).toContainText('100 m')
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await page.reload()
    await expect(rows).toHaveCount(17)
    expect(await axeViolations(page, colorScheme, '[data-testid="splits-card"]')).toEqual([])
  }
})

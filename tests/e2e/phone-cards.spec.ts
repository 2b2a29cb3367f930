import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { ADMIN, createActiveUser, ensureAdmin, newAccount, openWithToken, trackPageErrors } from './helpers'
import { setPreferences, steadyRun, uploadWorkout } from './workout-helpers'

/**
 * Issue 33's leftovers: lists read at a phone's width (every figure whole, nothing sideways),
 * accounts waiting for activation first, and the form of a workout entered by hand.
 */
test.describe.configure({ timeout: 120_000 })

const RUNNING = 5
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

/**
 * The figure is shown whole, where the user sees it without scrolling sideways: its text fits its
 * box, and its middle is inside the window and not covered or clipped (what the point hits is it).
 * Only the window scrolls, vertically, to bring it up (a sideways scroll box is left as it is).
 */
async function expectReadable(figure: Locator): Promise<void> {
  await expect(figure).toBeVisible()
  const seen = await figure.evaluate((node) => {
    const top = node.getBoundingClientRect().top + window.scrollY
    window.scrollTo({ top: Math.max(0, top - window.innerHeight / 2), behavior: 'instant' })
    const box = node.getBoundingClientRect()
    const x = box.left + box.width / 2
    const y = box.top + box.height / 2
    const hit = document.elementFromPoint(x, y)
    return {
      text: node.textContent,
      inWindow: box.left >= 0 && box.right <= window.innerWidth,
      fits: node.scrollWidth <= node.clientWidth + 1,
      hit: hit !== null && (node.contains(hit) || hit.contains(node)),
    }
  })
  expect(seen, `${seen.text}`).toMatchObject({ inWindow: true, fits: true, hit: true })
}

async function manualWorkout(request: APIRequestContext, token: string, data: Record<string, unknown>): Promise<string> {
  const added = await request.post('/api/workouts/no_gpx', { headers: bearer(token), data: { sport_id: 1, ...data } })
  expect(added.status(), await added.text()).toBe(201)
  const body = (await added.json()) as { data: { workouts: { id: string }[] } }
  return body.data.workouts[0]?.id ?? ''
}

for (const width of [390, 1280]) {
  test(`workouts list: title, date and the figures that matter, distances whole, at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 844 })
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('cards'))
    await setPreferences(request, token, {})
    await uploadWorkout(request, token, 'run.gpx', steadyRun(2500, '2025-04-01T08:00:00Z'), RUNNING)
    // The longest distance a list shows in practice: four figures and two decimals.
    await manualWorkout(request, token, { workout_date: '2025-03-01 09:00', duration: 180_000, distance: 1234.567, ascent: 9876, title: 'Across three countries in two days and a half' })
    await openWithToken(page, token, '/workouts')
    const rows = page.getByTestId('workout-row')
    await expect(rows).toHaveCount(2, { timeout: 30_000 })
    // A phone gets cards, a desktop its table.
    await expect(page.getByTestId('workouts-list').locator('table')).toHaveCount(width < 500 ? 0 : 1)

    const ride = rows.filter({ hasText: 'Across three countries' })
    await expect(ride.getByTestId('cell-distance')).toHaveText('1,234.57 km')
    await expectReadable(ride.getByRole('link', { name: 'Across three countries in two days and a half' }))
    await expectReadable(ride.getByTestId('cell-distance'))
    await expectReadable(ride.getByText('01/03/2025 09:00'))
    await expectReadable(ride.getByText('9,876 m').first())
    const run = rows.filter({ hasNotText: 'Across three countries' })
    await expect(run.getByTestId('cell-distance')).toHaveText('2.50 km')
    await expectReadable(run.getByTestId('cell-distance'))
    // The run's pace, 2.5 m/s: 6:40 per km.
    await expectReadable(run.getByText('6:40 /km').first())
    expect(await horizontalOverflow(page)).toBe(0)

    if (width < 500) {
      // Sorting stays within reach without column headers: longest first.
      await page.getByTestId('phone-order-by').click()
      await page.getByRole('option', { name: 'Distance' }).click()
      await expect(page).toHaveURL(/order_by=distance/)
      await expect(rows.first()).toContainText('Across three countries')
      await page.getByTestId('phone-order').click()
      await page.getByRole('option', { name: 'Ascending' }).click()
      await expect(page).toHaveURL(/order=asc/)
      await expect(rows.first().getByTestId('cell-distance')).toHaveText('2.50 km')
    }
    expect(errors).toEqual([])
  })

  test(`splits show pace, ascent and heart rate without scrolling sideways, at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 844 })
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('splits'))
    await setPreferences(request, token, {})
    const run = await uploadWorkout(request, token, 'run.gpx', steadyRun(2500, '2025-04-01T08:00:00Z'), RUNNING)
    await openWithToken(page, token, `/workouts/${run.id}`)
    const splits = page.getByTestId('splits-table')
    await expect(splits.getByTestId('part-row')).toHaveCount(3, { timeout: 30_000 })
    const first = splits.getByTestId('part-row').first()
    // The steady run: 6:40 per km, 150 bpm throughout, climbing 1 m every 100 m.
    await expect(first.getByTestId('part-speed')).toHaveText('6:40 /km')
    await expect(first.getByTestId('part-heart-rate')).toHaveText('150 bpm')
    await expect(first.getByTestId('part-ascent')).toHaveText('10 m')
    for (const figure of ['part-distance', 'part-speed', 'part-ascent', 'part-heart-rate']) await expectReadable(first.getByTestId(figure))
    expect(await horizontalOverflow(page)).toBe(0)
    expect(errors).toEqual([])
  })

  test(`admin users: registration dates whole, nothing sideways, at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 844 })
    const adminToken = await ensureAdmin(request)
    const account = newAccount('dated')
    await createActiveUser(request, account)
    await openWithToken(page, adminToken, `/admin/users?q=${account.username}`)
    const row = page.getByTestId(`user-row-${account.username}`)
    await expect(row.getByTestId('user-registration')).toHaveText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/)
    await expectReadable(row.getByTestId('user-registration'))
    await expectReadable(row.getByTestId('user-link'))
    await expectReadable(row.getByTestId('admin-rights-button'))
    expect(await horizontalOverflow(page)).toBe(0)
  })
}

for (const width of [390, 1280]) {
  test.describe(`accounts waiting for activation at ${width} px`, () => {
    // A server of its own: the notice counts every account on it.
    test.use({ serverName: `pending-${width}` })

    test('come first in the users list, with a notice for the administrator', async ({ page, request }) => {
      await page.setViewportSize({ width, height: 844 })
      const adminToken = await ensureAdmin(request)
      const waiting = [newAccount('waiting'), newAccount('waiting')]
      for (const account of waiting) {
        const registered = await request.post('/api/auth/register', { data: { ...account, password_conf: account.password, language: 'en' } })
        expect(registered.ok(), await registered.text()).toBe(true)
      }
      // One activated after them: oldest first alone would put it before them, as it does the administrator.
      const active = newAccount('active')
      await createActiveUser(request, active)
      await openWithToken(page, adminToken, '/admin')
      await expect(page.getByTestId('pending-accounts')).toHaveText('2 accounts waiting for activation')
      await page.getByTestId('admin-link-users').click()
      await expect(page.getByTestId('pending-notice')).toHaveText('2 accounts are waiting for activation: they come first in the list.')
      await expect(page.getByTestId('user-link')).toHaveText([...waiting.map((account) => account.username), ADMIN.username, active.username])
      // Each waiting account, and only those, can be activated from its row.
      await expect(page.getByTestId('activate-button')).toHaveCount(2)
      expect(await horizontalOverflow(page)).toBe(0)
      // Once activated, an account leaves the head of the list and the count drops.
      await page.getByTestId(`user-row-${waiting[0]?.username ?? ''}`).getByRole('button', { name: 'Activate the account' }).click()
      await expect(page.getByTestId('pending-notice')).toHaveText('1 account is waiting for activation: it comes first in the list.')
      await expect(page.getByTestId('activate-button')).toHaveCount(1)
      const login = await request.post('/api/auth/login', { data: { email: waiting[0]?.email ?? '', password: waiting[0]?.password ?? '' } })
      expect(login.status()).toBe(200)
      await expect(page.getByTestId('user-link')).toHaveText([waiting[1]?.username ?? '', ADMIN.username, waiting[0]?.username ?? '', active.username])
    })
  })
}

for (const width of [390, 1280]) {
  test(`a workout entered by hand is dated today, shows no top speed, and an emptied title gets the default one, at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 844 })
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('byhand'))
    await setPreferences(request, token, {})
    // Today in the user's zone (Europe/Paris), by the test's own clock.
    const parisNow = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', ...options }).format(new Date())
    const today = parisNow({ day: '2-digit', month: '2-digit', year: 'numeric' })
    await openWithToken(page, token, '/workouts/add')
    await page.getByTestId('add-mode').getByText('Without a file').click()
    await page.getByTestId('sport-select').click()
    await page.getByRole('option', { name: 'Cycling (Sport)' }).click()
    await expect(page.getByTestId('workout-date-input')).toHaveValue(today)
    // The time, then the figures: 20 km in 1 h.
    await page.getByTestId('workout-time-input').getByLabel('Time: hours').pressSequentially('0700')
    await page.getByTestId('duration-hours').fill('1')
    await page.getByTestId('distance-input').fill('20')
    await page.getByTestId('submit').click()
    await expect(page).toHaveURL(/\/workouts\/[A-Za-z0-9]{22}$/)
    await expect(page.getByTestId('figure-ave_speed')).toHaveText('20.00 km/h')
    // No measured top speed: no figure repeating the average.
    await expect(page.getByTestId('figure-max_speed')).toHaveCount(0)

    // Editing takes an empty title as adding does: the default one, from the sport and the start (07:30: morning).
    const id = await manualWorkout(request, token, { workout_date: '2024-05-12 07:30', duration: 3600, distance: 20, title: 'Commute' })
    await openWithToken(page, token, `/workouts/${id}/edit`)
    await page.getByTestId('title-input').fill('')
    await expect(page.getByTestId('title-input')).toHaveAttribute('placeholder', 'Leave empty for a title made from the sport and the time of day')
    await page.getByTestId('submit').click()
    await expect(page).toHaveURL(new RegExp(`/workouts/${id}$`))
    await expect(page.getByTestId('workout-title')).toHaveText('Morning ride')
    expect(await horizontalOverflow(page)).toBe(0)
    expect(errors).toEqual([])
  })
}

for (const language of ['fr', 'de'] as const) {
  test(`preference choices and sport cards keep every word inside the window and the Edit buttons whole, in ${language} at 390 px`, async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount(`fit${language}`))
    await setPreferences(request, token, { language })
    await page.setViewportSize({ width: 390, height: 844 })
    await openWithToken(page, token, '/profile/edit/preferences')
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    // Each choice of each segmented control ("Miles, pieds (impérial)", "Automatisch angenommen") lies inside the window.
    for (const control of ['pref-weekm-control', 'pref-units-control', 'pref-ascent-control', 'pref-follow-approval-control']) {
      const labels = page.getByTestId(control).locator('label')
      await expect(labels).toHaveCount(2)
      for (const label of await labels.all()) {
        const box = await label.evaluate((node) => ({ text: node.textContent, right: node.getBoundingClientRect().right, fits: node.scrollWidth <= node.clientWidth + 1 }))
        expect(box, `${control}: ${box.text}`).toMatchObject({ fits: true })
        expect(box.right, `${control}: ${box.text}`).toBeLessThanOrEqual(390)
      }
    }
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)

    await page.goto('/profile/edit/sports')
    const cards = page.getByTestId('sport-cards')
    await expect(cards).toBeVisible()
    const buttons = cards.locator('[data-testid^="sport-edit-"]')
    expect(await buttons.count()).toBeGreaterThan(10)
    // The button's label is not cut beside long sport names ("Schwimmen (Freiwasser)", "Mountainbike (Elektro)").
    for (const button of await buttons.all()) {
      const label = button.locator('.mantine-Button-label')
      const cut = await label.evaluate((node) => node.scrollWidth > node.clientWidth + 1)
      expect(cut, await label.innerText()).toBe(false)
    }
  })
}

/**
 * Each choice of `select` in turn: once chosen, the field shows it whole ("Alle, die das Training
 * sehen" was cut at 390 px) and lies inside the window.
 */
async function expectEveryChoiceWhole(page: Page, select: Locator): Promise<void> {
  await select.click()
  const count = await page.getByRole('option').count()
  expect(count).toBeGreaterThan(1)
  for (let index = 0; index < count; index++) {
    if (index > 0) await select.click()
    const option = page.getByRole('option').nth(index)
    const label = await option.innerText()
    await option.click()
    await expect(select).toHaveValue(label)
    const shown = await select.evaluate((node) => ({ fits: node.scrollWidth <= node.clientWidth + 1, right: node.getBoundingClientRect().right }))
    expect(shown.fits, label).toBe(true)
    expect(shown.right, label).toBeLessThanOrEqual(390)
  }
}

for (const language of ['fr', 'de'] as const) {
  test(`who may read a comment, and the share dialog's visibility and link choices, show every choice whole, in ${language} at 390 px`, async ({ page, request }) => {
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount(`vis${language}`))
    await setPreferences(request, token, { language })
    const run = await uploadWorkout(request, token, 'run.gpx', steadyRun(2500, '2025-04-01T08:00:00Z'), RUNNING)
    await page.setViewportSize({ width: 390, height: 844 })
    await openWithToken(page, token, `/workouts/${run.id}`)
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    await expectEveryChoiceWhole(page, page.getByTestId('comment-visibility'))
    await page.getByTestId('share').click()
    for (const field of ['visibility-workout_visibility', 'visibility-analysis_visibility', 'visibility-map_visibility', 'share-expiry']) {
      await expectEveryChoiceWhole(page, page.getByTestId(field))
    }
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    expect(errors).toEqual([])
  })
}

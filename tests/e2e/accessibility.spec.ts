import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createActiveUser, ensureAdmin, newAccount, wcagAxe } from './helpers'
import { gpxText, realFile, uploadWorkout } from './workout-helpers'

const CYCLING = 1
const RUNNING = 5
const POOL_SWIM = 13

interface Screen {
  path: string
  /** Who looks at it: nobody, a user with workouts, or the administrator. */
  as: 'visitor' | 'user' | 'admin'
  /** Something that shows once the screen has its data. */
  ready: (page: Page) => ReturnType<Page['locator']>
  /** Looked at on a phone (390×844) instead of the default desktop window. */
  phone?: boolean
}

const ROLES: Screen['as'][] = ['visitor', 'user', 'admin']

const heading = (page: Page) => page.locator('h1, h2').first()

/** Every route of the specification that a visitor, a user or an administrator can open. */
const SCREENS: Screen[] = [
  { path: '/login', as: 'visitor', ready: (page) => page.getByRole('button', { name: 'Submit' }) },
  { path: '/register', as: 'visitor', ready: (page) => page.getByRole('button', { name: 'Submit' }) },
  { path: '/password-reset/request', as: 'visitor', ready: heading },
  { path: '/account-confirmation/resend', as: 'visitor', ready: heading },
  { path: '/password-reset/sent', as: 'visitor', ready: heading },
  { path: '/about', as: 'visitor', ready: heading },
  { path: '/no-such-page', as: 'visitor', ready: heading },
  // The dashboard with real workouts, a pending follow request and the followed user's workouts in the feed.
  { path: '/', as: 'user', ready: (page) => page.getByTestId('feed-workout').first() },
  { path: '/workouts', as: 'user', ready: (page) => page.getByTestId('workouts-totals') },
  { path: '/workouts/add', as: 'user', ready: (page) => page.getByTestId('file-workout-form') },
  { path: '/workouts/{id}', as: 'user', ready: (page) => page.getByTestId('workout-chart').locator('svg.recharts-surface') },
  { path: '/workouts/{run}', as: 'user', ready: (page) => page.getByTestId('splits-table') },
  { path: '/workouts/{swim}', as: 'user', ready: (page) => page.getByTestId('workout-title') },
  { path: '/workouts/{id}/segment/1', as: 'user', ready: (page) => page.getByTestId('workout-chart').locator('svg.recharts-surface') },
  { path: '/workouts/{id}/edit', as: 'user', ready: heading },
  { path: '/statistics', as: 'user', ready: (page) => page.getByTestId('statistics-chart') },
  { path: '/heatmap', as: 'user', ready: (page) => page.getByTestId('heatmap-count').filter({ hasText: 'on the map' }) },
  { path: '/profile', as: 'user', ready: heading },
  { path: '/profile/preferences', as: 'user', ready: heading },
  { path: '/profile/sports', as: 'user', ready: (page) => page.locator('table') },
  { path: '/profile/edit', as: 'user', ready: heading },
  { path: '/profile/edit/account', as: 'user', ready: heading },
  { path: '/profile/edit/picture', as: 'user', ready: heading },
  { path: '/profile/edit/preferences', as: 'user', ready: heading },
  { path: '/profile/edit/sports', as: 'user', ready: (page) => page.locator('table') },
  { path: '/users/{username}', as: 'user', ready: heading },
  // Someone the user follows (the follow panel in its "Following" state), and the equipment page.
  { path: '/users/{friend}', as: 'user', ready: (page) => page.getByTestId('follow-state') },
  { path: '/equipment', as: 'user', ready: (page) => page.getByTestId('equipment-page') },
  // A shared link opened by someone without a session.
  { path: '/share/{share}', as: 'visitor', ready: (page) => page.getByTestId('shared-workout').getByTestId('workout-title') },
  { path: '/share/{share}', as: 'visitor', ready: (page) => page.getByTestId('shared-workout').getByTestId('workout-title'), phone: true },
  { path: '/account-confirmation/email-sent', as: 'visitor', ready: heading },
  { path: '/password-reset/password-updated', as: 'visitor', ready: heading },
  { path: '/equipment', as: 'user', ready: (page) => page.getByTestId('equipment-page'), phone: true },
  { path: '/statistics', as: 'user', ready: (page) => page.getByTestId('statistics-chart'), phone: true },
  { path: '/workouts/{run}', as: 'user', ready: (page) => page.getByTestId('workout-title'), phone: true },
  { path: '/', as: 'user', ready: (page) => page.getByTestId('dashboard-sections'), phone: true },
  { path: '/workouts', as: 'user', ready: (page) => page.getByTestId('workouts-totals'), phone: true },
  // On a phone the splits table scrolls sideways (the keyboard must reach it too); sports are cards.
  { path: '/workouts/{id}', as: 'user', ready: (page) => page.getByTestId('splits-table'), phone: true },
  { path: '/profile/sports', as: 'user', ready: (page) => page.getByTestId('sport-cards'), phone: true },
  { path: '/login', as: 'visitor', ready: (page) => page.getByRole('button', { name: 'Submit' }), phone: true },
  { path: '/admin', as: 'admin', ready: heading },
  { path: '/admin/application', as: 'admin', ready: heading },
  { path: '/admin/application/edit', as: 'admin', ready: heading },
  { path: '/admin/sports', as: 'admin', ready: (page) => page.locator('table') },
  { path: '/admin/users', as: 'admin', ready: (page) => page.locator('table') },
  { path: '/admin/users/{username}', as: 'admin', ready: heading },
]

test.describe('accessibility: no WCAG 2.1 AA violation on any route, light and dark, and one heading outline', () => {
  // The two schemes are two workers' work.
  test.describe.configure({ mode: 'parallel', timeout: 600_000 })

  for (const scheme of ['light', 'dark'] as const) {
    test(`every route in ${scheme} mode`, async ({ page, request }) => {
      const account = newAccount('axe')
      const token = await createActiveUser(request, account)
      const adminToken = await ensureAdmin(request)
      const auth = (value: string) => ({ Authorization: `Bearer ${value}` })
      // Real files, so charts, splits, laps, records and statistics show what a user's own data shows.
      const workout = await uploadWorkout(request, token, 'garmin-edge810-vector.fit', realFile('fit/garmin-edge810-vector.fit'), CYCLING)
      const run = await uploadWorkout(request, token, 'garmin-fenix5-run.fit', realFile('fit/garmin-fenix5-run.fit'), RUNNING)
      const swim = await uploadWorkout(request, token, 'poolswim-hr.fit', realFile('fit/poolswim-hr.fit'), POOL_SWIM)
      await uploadWorkout(request, token, 'gpx_file.gpx', gpxText('gpx_file.gpx'), RUNNING)
      // A personal access token, so the account page and the administrator's user page show their token table.
      const created = await request.post('/api/auth/tokens', { headers: auth(token), data: { name: 'axe script', scope: 'read', expires_in_days: 30 } })
      expect(created.status()).toBe(201)
      const gear = await request.post('/api/equipments', { headers: auth(token), data: { label: 'Road bike', equipment_type_id: 1, default_for_sport_ids: [CYCLING] } })
      expect(gear.status(), await gear.text()).toBe(201)
      // A friend the user follows, with a public workout for the feed; a stranger whose request waits on the dashboard.
      const friend = newAccount('friend')
      const friendToken = await createActiveUser(request, friend)
      const shared = await uploadWorkout(request, friendToken, 'garmin-fenix5-walk.fit', realFile('fit/garmin-fenix5-walk.fit'), RUNNING)
      const levels = { workout_visibility: 'public', analysis_visibility: 'public', map_visibility: 'public' }
      expect((await request.patch(`/api/workouts/${shared.id}`, { headers: auth(friendToken), data: levels })).status()).toBe(200)
      expect((await request.post(`/api/users/${friend.username}/follow`, { headers: auth(token) })).ok()).toBe(true)
      expect((await request.post(`/api/follow-requests/${account.username}/accept`, { headers: auth(friendToken) })).ok()).toBe(true)
      const stranger = await createActiveUser(request, newAccount('stranger'))
      expect((await request.post(`/api/users/${account.username}/follow`, { headers: auth(stranger) })).ok()).toBe(true)
      expect((await request.patch(`/api/workouts/${workout.id}`, { headers: auth(token), data: levels })).status()).toBe(200)
      const link = await request.post(`/api/workouts/${workout.id}/share_links`, { headers: auth(token), data: {} })
      expect(link.status(), await link.text()).toBe(201)
      const shareUrl = ((await link.json()) as { data: { share_link: { url: string } } }).data.share_link.url
      const values: Record<string, string> = {
        '{id}': workout.id,
        '{run}': run.id,
        '{swim}': swim.id,
        '{username}': account.username,
        '{friend}': friend.username,
        '{share}': shareUrl.split('/share/')[1] ?? '',
      }
      await page.emulateMedia({ colorScheme: scheme })
      // Content Security Policy violations (a refused eval probe, an inline style…) are recorded too.
      await page.addInitScript(() => {
        const seen: string[] = []
        Object.assign(window, { cspViolations: seen })
        document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`))
      })

      const found: string[] = []
      // Visitors, then the user, then the administrator: the session changes twice, not at every screen.
      const walk = [...SCREENS].sort((a, b) => ROLES.indexOf(a.as) - ROLES.indexOf(b.as))
      let session: Screen['as'] | null = null
      for (const screen of walk) {
        const path = screen.path.replace(/\{\w+\}/g, (name) => values[name] ?? name)
        await page.setViewportSize(screen.phone ? { width: 390, height: 844 } : { width: 1280, height: 720 })
        if (screen.as !== session) {
          await page.context().clearCookies()
          await page.evaluate(() => window.localStorage.clear()).catch(() => undefined)
          if (screen.as !== 'visitor') {
            await page.goto('/about')
            await page.evaluate((value) => window.localStorage.setItem('authToken', value), screen.as === 'admin' ? adminToken : token)
          }
          session = screen.as
        }
        await page.goto(path)
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
        await expect(screen.ready(page)).toBeVisible({ timeout: 30_000 })
        await page.waitForLoadState('networkidle')
        const results = await wcagAxe(page).analyze()
        // Screen-reader users move by headings: every screen has one main heading and no level skipped.
        const outline = await new AxeBuilder({ page }).withRules(['page-has-heading-one', 'heading-order']).setLegacyMode(true).analyze()
        const csp = await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])
        for (const violation of csp) found.push(`${path} [${scheme}] content security policy: ${violation}`)
        for (const violation of [...results.violations, ...outline.violations]) {
          found.push(`${path}${screen.phone ? ' (phone)' : ''} [${scheme}] ${violation.id} (${violation.impact ?? ''}): ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 6).join(' | ')}${violation.nodes.length > 6 ? ` … ${violation.nodes.length} in all` : ''}`)
        }
      }
      expect(found, found.join('\n')).toEqual([])
    })
  }
})

test('keyboard: calendar days, chart series, the language menu and dialogs open, trap and give focus back', async ({ page, request }) => {
  const token = await createActiveUser(request, newAccount('keys'))
  const workout = await uploadWorkout(request, token, 'gpx_file.gpx', gpxText('gpx_file.gpx'), 1)
  await page.goto('/about')
  await page.evaluate((value) => window.localStorage.setItem('authToken', value), token)

  // A workout today (the user's time zone, Europe/Paris by default) puts a button in this month's calendar.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  const typed = await request.post('/api/workouts/no_gpx', {
    headers: { Authorization: `Bearer ${token}` },
    data: { sport_id: 5, workout_date: `${today} 00:05`, duration: 1800, distance: 5, title: 'Keyboard run' },
  })
  expect(typed.status()).toBe(201)

  // A day with workouts: Enter opens its list with the focus inside, Escape gives it back.
  await page.goto('/')
  const calendar = page.getByTestId('calendar')
  await expect(calendar).toBeVisible()
  const day = calendar.locator('button[data-has-workouts]').first()
  await day.focus()
  await expect(day).toBeFocused()
  await page.keyboard.press('Enter')
  const list = page.getByTestId('calendar-day-workouts')
  await expect(list).toBeVisible()
  await expect(list.getByRole('link').first()).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(list.getByRole('link').first()).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(list).toBeHidden()
  await expect(day).toBeFocused()

  // The language menu: Enter opens it, arrows move, Escape closes back onto its button.
  const language = page.getByTestId('language-menu')
  await language.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('language-fr')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('language-fr')).toBeHidden()
  await expect(language).toBeFocused()

  // A chart series toggles with the space bar; the focus ring is visible.
  await page.goto(`/workouts/${workout.id}`)
  // The test id sits on the chip's own checkbox.
  const checkbox = page.getByTestId('chart-series-elevation')
  await expect(checkbox).toBeChecked()
  await checkbox.focus()
  await page.keyboard.press('Space')
  await expect(checkbox).not.toBeChecked()
  await page.keyboard.press('Space')
  await expect(checkbox).toBeChecked()

  // The delete dialog traps the focus and gives it back to its button on Escape.
  const remove = page.getByTestId('delete')
  await remove.focus()
  await expect(remove).toHaveCSS('outline-style', 'solid')
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  for (let step = 0; step < 4; step += 1) {
    await page.keyboard.press('Tab')
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(remove).toBeFocused()
})

import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import enAdmin from '../../src/i18n/locales/en/admin.json' with { type: 'json' }
import { expect as baseExpect, test } from './fixtures'
import { ADMIN, createActiveUser, ensureAdmin, newAccount, openWithToken, trackPageErrors, type Account } from './helpers'

/**
 * Assertions wait longer than the default 5 s: logins hash passwords and these flows run while
 * other suites build on the same two cores.
 */
const expect = baseExpect.configure({ timeout: 15_000 })

/** Logs in through the login form (English) and waits to leave it. */
async function loginThroughUi(page: Page, account: Account): Promise<void> {
  await page.goto('/login')
  await page.getByLabel(/^E-mail/).fill(account.email)
  await page.getByLabel(/^Password/).fill(account.password)
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page).not.toHaveURL(/\/login/)
}


/** Where the screenshots of the admin pages go for review (outside the repository). */
const SHOTS = process.env.WAYMARK_SHOTS_DIR

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

type Language = 'en' | 'fr' | 'de'

/** A new administrator who reads the interface in `language` (the shared e2e admin stays English). */
async function createAdmin(request: APIRequestContext, language: Language): Promise<{ account: Account; token: string }> {
  const account = newAccount(`adm${language}`)
  const token = await createActiveUser(request, account)
  const granted = await request.patch(`/api/users/${account.username}`, { data: { admin: true }, headers: bearer(await ensureAdmin(request)) })
  expect(granted.ok(), await granted.text()).toBe(true)
  const preferences = await request.post('/api/auth/profile/edit/preferences', {
    data: { language, timezone: 'Europe/Paris', weekm: false, imperial_units: false, display_ascent: true },
    headers: bearer(token),
  })
  expect(preferences.ok(), await preferences.text()).toBe(true)
  return { account, token }
}

/** Registers an account and leaves it inactive (e-mail sending is off on the e2e server). */
async function registerInactive(request: APIRequestContext, account: Account): Promise<void> {
  const answer = await request.post('/api/auth/register', { data: { ...account, password_conf: account.password, language: 'en' } })
  expect(answer.ok(), await answer.text()).toBe(true)
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true })
}

async function uploadWorkout(request: APIRequestContext, token: string, sportId: number) {
  const gpx = await readFile(join(__dirname, '..', 'fixtures', 'gpx', 'gpx_file.gpx'))
  return request.post('/api/workouts', {
    headers: bearer(token),
    multipart: { file: { name: 'ride.gpx', mimeType: 'application/gpx+xml', buffer: gpx }, data: JSON.stringify({ sport_id: sportId }) },
  })
}

type Tree = { [key: string]: string | Tree }
const leaves = (tree: Tree): string[] => Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : leaves(value)))
/** Admin texts that are the same word in French or German (or no word at all). */
const SAME_EVERYWHERE = new Set(['Administration', 'Sports', 'Image', 'Action', 'Actions', 'E-mail', 'Admin', 'B', 'KB', 'MB', 'GB', 'TB', '#'])
const englishAdminTexts = new Set(leaves(enAdmin as Tree).filter((text) => !SAME_EVERYWHERE.has(text) && !text.includes('{{')))

/** Fails when an English admin text is still visible once another language is chosen. */
async function expectNoEnglishAdminText(page: Page): Promise<void> {
  const visible = await page.evaluate(() => {
    const texts: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim()
      if (text && node.parentElement && node.parentElement.getClientRects().length > 0) texts.push(text)
    }
    for (const element of document.querySelectorAll('[aria-label],[placeholder]')) {
      texts.push(element.getAttribute('aria-label') ?? '', element.getAttribute('placeholder') ?? '')
    }
    return texts
  })
  expect(visible.filter((text) => englishAdminTexts.has(text))).toEqual([])
}

/** Fails when a button's word is cut off (its label narrower than its text). */
async function expectWholeButtonLabels(scope: Locator): Promise<void> {
  const cut = await scope.locator('.mantine-Button-label').evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent))
  expect(cut).toEqual([])
}

/** Picks an option of a Mantine select by the field's label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test.describe('administration', () => {
  test('non-administrators get the 404 on every admin page, and no admin data is asked for', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('plain'))
    const adminCalls: string[] = []
    page.on('request', (call) => {
      if (/\/api\/(users(\?|\/[^/]+$)|stats\/all)/.test(call.url())) adminCalls.push(call.url())
    })
    await openWithToken(page, token, '/admin')
    await expect(page.getByTestId('not-found')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0)
    for (const path of ['/admin/application', '/admin/application/edit', '/admin/sports', '/admin/users', `/admin/users/${ADMIN.username}`]) {
      await page.goto(path)
      await expect(page.getByTestId('not-found')).toBeVisible()
      await expect(page.getByTestId('admin-menu')).toHaveCount(0)
    }
    expect(adminCalls).toEqual([])
    // The server refuses regardless of the interface.
    expect((await request.get('/api/users', { headers: bearer(token) })).status()).toBe(403)
  })

  test('menu: figures, registration state and the e-mail warning (English)', async ({ page, request }) => {
    const errors = trackPageErrors(page)
    const token = await ensureAdmin(request)
    await openWithToken(page, token, '/')
    await page.getByRole('link', { name: 'Admin' }).first().click()
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByTestId('stat-users-value')).toHaveText(/^\d+$/)
    await expect(page.getByTestId('stat-workouts-value')).toHaveText(/^\d+$/)
    await expect(page.getByTestId('stat-uploads-value')).toHaveText(/^\d+(\.\d)? (B|KB|MB|GB)$/)
    await expect(page.getByTestId('registration-state')).toHaveText('Registration is currently enabled.')
    await expect(page.getByTestId('alert-warning')).toContainText('E-mail sending is disabled')
    await shoot(page, 'menu-en-1280')
    await page.setViewportSize({ width: 360, height: 740 })
    await shoot(page, 'menu-en-360')
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByTestId('admin-link-users').click()
    await expect(page).toHaveURL(/\/admin\/users$/)
    await page.goto('/admin/nothing-here')
    await expect(page.getByTestId('not-found')).toBeVisible()
    expect(errors).toEqual([])
  })

  test('application settings: each one is changed and applied (English)', async ({ page, request, browser }) => {
    const token = await ensureAdmin(request)
    const user = newAccount('limits')
    const userToken = await createActiveUser(request, user)
    await openWithToken(page, token, '/admin/application')
    await expect(page.getByTestId('setting-admin-contact')).toHaveText('no contact e-mail')
    await expect(page.getByTestId('setting-max-users')).toHaveText('unlimited')
    await expect(page.getByTestId('setting-max-single-file-size')).toHaveText('20.00 MB')
    await expect(page.getByTestId('setting-max-zip-file-size')).toHaveText('500.00 MB')
    await expect(page.getByTestId('setting-max-files-in-zip')).toHaveText('5,000')
    await expect(page.getByTestId('footer-contact')).toHaveCount(0)
    await shoot(page, 'application-view-en-1280')

    await page.getByRole('link', { name: 'Edit' }).click()
    await expect(page).toHaveURL(/\/admin\/application\/edit$/)
    // Cancel leaves without saving.
    await page.getByLabel('Max. number of users').fill('3')
    await page.getByRole('link', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(/\/admin\/application$/)
    await expect(page.getByTestId('setting-max-users')).toHaveText('unlimited')

    await page.getByRole('link', { name: 'Edit' }).click()
    // The spec's rules, reported together: invalid contact, zip smaller than a single file, 0 files.
    await page.getByLabel('Administrator contact e-mail').fill('not-an-address')
    await page.getByLabel('Max. size of uploaded files').fill('2')
    await page.getByLabel('Max. size of zip archives').fill('1')
    await page.getByLabel('Max. files in a zip archive').fill('0')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByTestId('error-box')).toContainText('A valid e-mail must be provided for the administrator contact.')
    await page.getByLabel('Administrator contact e-mail').fill('owner@waymark.test')
    await page.getByRole('button', { name: 'Submit' }).click()
    const errorBox = page.getByTestId('error-box')
    await expect(errorBox).toContainText('Max. files in a zip archive must be greater than 0.')
    await expect(errorBox).toContainText('Max. size of zip archive must be equal to or greater than the max. size of uploaded files.')
    await shoot(page, 'application-edit-errors-en-1280')
    await expect(page).toHaveURL(/\/admin\/application\/edit$/)

    // Valid values: sizes typed in MB with a 0.1 step, stored in bytes.
    const users = ((await (await request.get('/api/stats/all', { headers: bearer(token) })).json()) as { data: { users: number } }).data.users
    await page.getByLabel('Max. number of users').fill(String(users))
    await page.getByLabel('Max. size of uploaded files').fill('0.3')
    await page.getByLabel('Max. size of zip archives').fill('1.5')
    await page.getByLabel('Max. files in a zip archive').fill('7')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page).toHaveURL(/\/admin\/application$/)
    await expect(page.getByTestId('setting-admin-contact')).toHaveText('owner@waymark.test')
    await expect(page.getByTestId('setting-max-users')).toHaveText(String(users))
    await expect(page.getByTestId('setting-max-single-file-size')).toHaveText('0.30 MB')
    await expect(page.getByTestId('setting-max-zip-file-size')).toHaveText('1.50 MB')
    await expect(page.getByTestId('setting-max-files-in-zip')).toHaveText('7')
    const saved = ((await (await request.get('/api/config')).json()) as { data: Record<string, unknown> }).data
    expect(saved).toMatchObject({ max_single_file_size: Math.round(0.3 * 1_048_576), max_zip_file_size: Math.round(1.5 * 1_048_576), gpx_limit_import: 7, max_users: users })

    // The footer contact follows at once, and About too.
    await expect(page.getByTestId('footer-contact')).toHaveAttribute('href', 'mailto:owner@waymark.test')
    await page.getByRole('link', { name: 'About' }).first().click()
    await expect(page.getByTestId('about-contact')).toHaveAttribute('href', 'mailto:owner@waymark.test')

    // Registration closes at the limit: the menu says so and a visitor meets the closed form.
    await page.goto('/admin')
    await expect(page.getByTestId('registration-state')).toHaveText('Registration is currently disabled.')
    const visitor = await browser.newContext()
    const visitorPage = await visitor.newPage()
    await visitorPage.goto('/register')
    await expect(visitorPage.getByText('Registration is currently disabled.')).toBeVisible()
    await visitor.close()

    // The add-workout page shows the new limits, and the server enforces them.
    await openWithToken(page, userToken, '/workouts/add')
    await expect(page.getByTestId('upload-limits')).toContainText('0.30 MB')
    await expect(page.getByTestId('upload-limits')).toContainText('1.50 MB')
    await expect(page.getByTestId('upload-limits')).toContainText('7')
    const big = await request.post('/api/workouts', {
      headers: bearer(userToken),
      multipart: { file: { name: 'big.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.alloc(400 * 1024, 32) }, data: JSON.stringify({ sport_id: 1 }) },
    })
    expect(big.status()).toBe(413)

    // Back to the defaults through the form: empty contact, unlimited users.
    await openWithToken(page, token, '/admin/application/edit')
    await page.getByLabel('Administrator contact e-mail').fill('')
    await page.getByLabel('Max. number of users').fill('0')
    await page.getByLabel('Max. size of uploaded files').fill('20')
    await page.getByLabel('Max. size of zip archives').fill('500')
    await page.getByLabel('Max. files in a zip archive').fill('5000')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByTestId('setting-admin-contact')).toHaveText('no contact e-mail')
    await expect(page.getByTestId('footer-contact')).toHaveCount(0)
  })

  test('sports: disabling one hides it from new workouts, its workouts stay (French)', async ({ page, request }) => {
    const { token } = await createAdmin(request, 'fr')
    const runner = newAccount('runner')
    const runnerToken = await createActiveUser(request, runner)
    const listed = ((await (await request.get('/api/sports', { headers: bearer(token) })).json()) as { data: { sports: { id: number; label: string }[] } }).data.sports
    const runningId = listed.find((sport) => sport.label === 'Running')?.id ?? 0
    expect((await uploadWorkout(request, runnerToken, runningId)).status()).toBe(201)

    await openWithToken(page, token, '/admin')
    await page.getByTestId('admin-link-sports').click()
    await expect(page).toHaveURL(/\/admin\/sports$/)
    await expect(page.getByRole('heading', { name: 'Sports' })).toBeVisible()
    const running = page.getByTestId(`admin-sport-${runningId}`)
    await expect(running).toContainText('Course à pied')
    await expect(running.getByTestId('sport-has-workouts')).toHaveText('Ce sport a des séances : elles restent s’il est désactivé.')
    await expect(running.getByRole('img', { name: 'Actif : oui' })).toBeVisible()
    await shoot(page, 'sports-fr-1280')
    await expectNoEnglishAdminText(page)
    await page.setViewportSize({ width: 360, height: 740 })
    // The warning wraps into two or three lines, not word by word into a tall row.
    const warningLines = await running.getByTestId('sport-has-workouts').locator('p').evaluate((text) => text.getBoundingClientRect().height / parseFloat(getComputedStyle(text).lineHeight))
    expect(warningLines).toBeLessThanOrEqual(3)
    // The table is wider than the phone: its scrollbar shows without hovering.
    await expect(page.getByTestId('admin-sports').locator('.mantine-ScrollArea-scrollbar[data-orientation="horizontal"]')).toBeVisible()
    await expectWholeButtonLabels(page.getByTestId('admin-sports'))
    await shoot(page, 'sports-fr-360')
    await page.setViewportSize({ width: 1280, height: 800 })

    await running.getByRole('button', { name: 'Désactiver' }).click()
    await expect(running.getByRole('img', { name: 'Actif : non' })).toBeVisible()
    await expect(running.getByRole('button', { name: 'Activer' })).toBeVisible()

    const sports = ((await (await request.get('/api/sports', { headers: bearer(runnerToken) })).json()) as { data: { sports: { id: number; is_active: boolean }[] } }).data.sports
    expect(sports.find((sport) => sport.id === runningId)?.is_active).toBe(false)
    const workouts = ((await (await request.get('/api/workouts', { headers: bearer(runnerToken) })).json()) as { data: { workouts: { sport_id: number }[] } }).data.workouts
    expect(workouts.map((workout) => workout.sport_id)).toEqual([runningId])
    expect((await uploadWorkout(request, runnerToken, runningId)).status()).toBeGreaterThanOrEqual(400)

    // The add-workout sport choices follow at once (no reload).
    await page.getByRole('link', { name: 'Ajouter une séance' }).first().click()
    await page.getByTestId('sport-select').click()
    await expect(page.getByRole('option', { name: 'Marche', exact: true })).toBeVisible()
    await expect(page.getByRole('option', { name: 'Course à pied', exact: true })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await page.getByRole('link', { name: 'Administration' }).first().click()
    await page.getByTestId('admin-link-sports').click()

    await running.getByRole('button', { name: 'Activer' }).click()
    await expect(running.getByRole('img', { name: 'Actif : oui' })).toBeVisible()

    // The settings pages in French too.
    await page.goto('/admin/application')
    await expect(page.getByTestId('setting-admin-contact')).toHaveText('aucun e-mail de contact')
    await expect(page.getByTestId('setting-max-single-file-size')).toHaveText('20,00 Mo')
    // Counts as French writes them (a narrow no-break space between thousands), as the add page shows this limit.
    await expect(page.getByTestId('setting-max-files-in-zip')).toHaveText('5\u202f000')
    await page.getByRole('link', { name: 'Modifier' }).click()
    await expect(page.getByLabel('Taille max. des fichiers téléversés')).toHaveValue('20')
    await shoot(page, 'application-edit-fr-1280')
    await expectNoEnglishAdminText(page)
    await page.getByRole('link', { name: 'Annuler' }).click()
    await expect(page).toHaveURL(/\/admin\/application$/)
    await page.getByRole('link', { name: 'Retour' }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByTestId('registration-state')).toHaveText('Les inscriptions sont actuellement ouvertes.')
    await expect(page.getByTestId('stat-uploads-value')).toHaveText(/^\d+(,\d)? (o|Ko|Mo|Go)$/)
    await shoot(page, 'menu-fr-1280')
    await expectNoEnglishAdminText(page)
    await page.getByTestId('admin-link-users').click()
    await expect(page.getByTestId('users-table')).toBeVisible()
    await expectNoEnglishAdminText(page)
  })

  test('users: filter, sort, page size and pages kept in the address (English)', async ({ page, request }) => {
    // Long flows on two shared cores: three times the default time.
    test.slow()
    const token = await ensureAdmin(request)
    const tag = `ls${Date.now().toString(36)}`
    const names = 'abcde'.split('').map((letter) => `${tag}_${letter}`)
    for (const username of names) await createActiveUser(request, { username, email: `${username}@waymark.test`, password: 'Granite-Meadow-Compass-77' })
    const busiest = names[2] ?? ''
    const busiestToken = ((await (await request.post('/api/auth/login', { data: { email: `${busiest}@waymark.test`, password: 'Granite-Meadow-Compass-77' } })).json()) as { auth_token: string }).auth_token
    expect((await uploadWorkout(request, busiestToken, 1)).status()).toBe(201)

    await openWithToken(page, token, '/admin')
    await page.getByTestId('admin-link-users').click()
    const rows = page.getByTestId('users-table').locator('tbody tr')
    const usernames = () => page.getByTestId('user-link').allTextContents()
    await expect(page.getByTestId(`user-row-${ADMIN.username}`)).toBeVisible()
    await shoot(page, 'users-en-1280')

    // An empty or blank filter is not submitted.
    await page.getByLabel('Username').fill('   ')
    await page.getByLabel('Username').press('Enter')
    await expect(page).toHaveURL(/\/admin\/users$/)

    await page.getByLabel('Username').fill(`  ${tag}  `)
    await page.getByLabel('Username').press('Enter')
    await expect(page).toHaveURL(new RegExp(`q=${tag}(&|$)`))
    await expect(page.getByTestId('users-total')).toHaveText('Users found: 5')
    await expect.poll(usernames).toEqual(names)

    // A page size typed in the address is honoured: 5 users, 2 per page.
    await page.goto(`/admin/users?q=${tag}&per_page=2`)
    await expect(rows).toHaveCount(2)
    await expect(page.getByRole('combobox', { name: 'Users per page', exact: true })).toHaveValue('2')
    await page.getByRole('button', { name: 'Next page' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect.poll(usernames).toEqual(names.slice(2, 4))
    await page.getByRole('button', { name: 'Page 3' }).click()
    await expect.poll(usernames).toEqual(names.slice(4))
    // Two clicks on "Previous page" before the page renders again (both in one task) go back two pages.
    await page.getByRole('button', { name: 'Previous page' }).evaluate((button: HTMLElement) => {
      button.click()
      button.click()
    })
    await expect(page).toHaveURL(/[?&]page=1(&|$)/)
    await expect.poll(usernames).toEqual(names.slice(0, 2))

    await choose(page, 'Sort by', 'Username')
    await choose(page, 'Order', 'Descending')
    await expect(page).toHaveURL(/order_by=username/)
    await expect(page).toHaveURL(/order=desc/)
    await expect(page).toHaveURL(/page=1/)
    await expect.poll(usernames).toEqual([...names].reverse().slice(0, 2))

    await choose(page, 'Users per page', '25')
    await expect(page).toHaveURL(/per_page=25/)
    await expect(rows).toHaveCount(5)
    await expect(page.getByTestId('users-pagination')).toHaveCount(0)

    await choose(page, 'Sort by', 'Number of workouts')
    await expect.poll(async () => (await usernames())[0]).toBe(busiest)
    await expect(page.getByTestId(`user-row-${busiest}`).getByTestId('user-workouts')).toHaveText('1')
    await expect(page.getByTestId(`user-row-${busiest}`).getByTestId('user-registration')).toHaveText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/)

    // The state survives a reload, and the user page's Back returns to it.
    await page.reload()
    await expect.poll(async () => (await usernames())[0]).toBe(busiest)
    const listUrl = page.url()
    await page.getByTestId(`user-row-${busiest}`).getByTestId('user-link').click()
    await expect(page).toHaveURL(new RegExp(`/admin/users/${busiest}$`))
    await page.getByTestId('admin-user-back').click()
    await expect(page).toHaveURL(listUrl)

    // The clear icon resets the filter (from the top: the sticky header covers what scrolls under it).
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByTestId('users-filter-clear').click()
    await expect(page).not.toHaveURL(/q=/)
    await expect(page.getByLabel('Username')).toHaveValue('')
    await page.getByLabel('Username').fill(`${tag}_zzz`)
    await page.getByTestId('users-filter-search').click()
    await expect(page.getByTestId('no-users')).toHaveText('No users found.')

    // One's own admin-rights button is disabled.
    await page.getByLabel('Username').fill(ADMIN.username)
    await page.getByLabel('Username').press('Enter')
    await expect(page.getByTestId(`user-row-${ADMIN.username}`).getByRole('button', { name: 'Remove admin rights' })).toBeDisabled()
    // The table's action says what it does in words, not with an icon alone.
    await expect(page.getByTestId(`user-row-${ADMIN.username}`).getByTestId('admin-rights-button')).toHaveText('Remove admin rights')
    await page.setViewportSize({ width: 360, height: 740 })
    // On a phone each user is a card: the address under the name and the date whole, nothing scrolls sideways.
    const row = page.getByTestId(`user-row-${ADMIN.username}`)
    await expect(row.getByTestId('user-email-below')).toHaveText(ADMIN.email)
    await expect(page.getByTestId('users-table').locator('table')).toHaveCount(0)
    const card = await row.boundingBox()
    for (const part of [row.getByTestId('user-email-below'), row.getByTestId('user-registration')]) {
      const box = await part.boundingBox()
      expect(box && card && box.x + box.width <= card.x + card.width).toBe(true)
      expect(await part.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0)
    await shoot(page, 'users-en-360')
  })

  test('users: activate, grant and remove rights, change e-mail, delete (German)', async ({ page, request, browser }) => {
    // Long flows on two shared cores: three times the default time.
    test.slow()
    const { account: admin, token } = await createAdmin(request, 'de')
    const sleeper = newAccount('sleeper')
    await registerInactive(request, sleeper)
    const helper = newAccount('helper')
    await createActiveUser(request, helper)

    await openWithToken(page, token, '/admin/users')
    await page.getByLabel('Benutzername').fill(sleeper.username)
    await page.getByLabel('Benutzername').press('Enter')
    const row = page.getByTestId(`user-row-${sleeper.username}`)
    await expect(row.getByRole('img', { name: 'Aktiv: nein' })).toBeVisible()
    // At 1280 px a waiting account's two buttons are in view: side by side they pushed the table past the card's edge.
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect(row.getByRole('button', { name: 'Administratorrechte geben' })).toBeVisible()
    expect(await page.locator('.mantine-TableScrollContainer-scrollContainer .mantine-ScrollArea-viewport').evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0)
    await row.getByTestId('user-link').click()
    await expect(page).toHaveURL(new RegExp(`/admin/users/${sleeper.username}$`))
    await expect(page.getByTestId('alert-warning')).toBeVisible()
    await expect(page.getByTestId('admin-user-email')).toHaveText(sleeper.email)
    // E-mail sending is off: no password reset.
    await expect(page.getByRole('button', { name: 'Passwort zurücksetzen' })).toHaveCount(0)
    await shoot(page, 'user-de-1280')
    await expectNoEnglishAdminText(page)
    await page.setViewportSize({ width: 360, height: 740 })
    await shoot(page, 'user-de-360')
    await page.setViewportSize({ width: 1280, height: 800 })
    expect((await request.post('/api/auth/login', { data: { email: sleeper.email, password: sleeper.password } })).status()).toBe(401)

    await page.getByRole('button', { name: 'Konto aktivieren' }).click()
    await expect(page.getByTestId('alert-success')).toHaveText('Das Konto ist jetzt aktiv: Der Benutzer kann sich anmelden.')
    await expect(page.getByRole('button', { name: 'Konto aktivieren' })).toHaveCount(0)
    const visitor = await browser.newContext()
    await loginThroughUi(await visitor.newPage(), sleeper)
    await visitor.close()

    // E-mail change: required, valid, different; applied at once without e-mail sending.
    await page.getByRole('button', { name: 'E-Mail ändern' }).click()
    await expect(page.getByTestId('alert-success')).toHaveCount(0)
    await expect(page.getByLabel('Neue E-Mail')).toHaveValue('')
    await page.getByRole('button', { name: 'Absenden' }).click()
    await expect(page.getByTestId('error-box')).toHaveText('Die neue E-Mail ist erforderlich.')
    await page.getByLabel('Neue E-Mail').fill(sleeper.email)
    await page.getByRole('button', { name: 'Absenden' }).click()
    await expect(page.getByTestId('error-box')).toContainText('E-Mail')
    const newEmail = `new_${sleeper.email}`
    await page.getByLabel('Neue E-Mail').fill(newEmail)
    await page.getByRole('button', { name: 'Absenden' }).click()
    await expect(page.getByTestId('alert-success')).toHaveText('Die E-Mail des Benutzers wurde aktualisiert.')
    await page.goto('/admin/users')
    await expect(page.getByTestId('users-table')).toBeVisible()
    await shoot(page, 'users-de-1280')
    await expectNoEnglishAdminText(page)
    await page.goBack()
    await expect(page.getByTestId('admin-user-email')).toHaveText(newEmail)

    // Rights from the table: granted, then removed; one's own stays disabled.
    await page.goto(`/admin/users?q=${helper.username}`)
    const helperRow = page.getByTestId(`user-row-${helper.username}`)
    await helperRow.getByRole('button', { name: 'Administratorrechte geben' }).click()
    await expect(helperRow.getByRole('img', { name: 'Admin: ja' })).toBeVisible()
    await helperRow.getByRole('button', { name: 'Administratorrechte entziehen' }).click()
    await expect(helperRow.getByRole('img', { name: 'Admin: nein' })).toBeVisible()
    await page.goto(`/admin/users/${admin.username}`)
    await expect(page.getByRole('button', { name: 'Administratorrechte entziehen' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Konto löschen' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'E-Mail ändern' })).toHaveCount(0)

    // Deletion, with confirmation (No closes, Yes deletes), then the list.
    await page.goto(`/admin/users/${sleeper.username}`)
    await page.getByRole('button', { name: 'Konto löschen' }).click()
    await expect(page.getByRole('dialog')).toContainText(sleeper.username)
    await shoot(page, 'user-delete-dialog-de-1280')
    await page.getByRole('button', { name: 'Nein' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await page.getByRole('button', { name: 'Konto löschen' }).click()
    await page.getByRole('button', { name: 'Ja' }).click()
    await expect(page).toHaveURL(/\/admin\/users$/)
    await page.getByLabel('Benutzername').fill(sleeper.username)
    await page.getByLabel('Benutzername').press('Enter')
    await expect(page.getByTestId('no-users')).toHaveText('Keine Benutzer gefunden.')
    await page.goto(`/admin/users/${sleeper.username}`)
    await expect(page.getByTestId('not-found')).toBeVisible()

    // "Deaktivieren" whole on the sports' buttons, wide and on a phone.
    await page.goto('/admin/sports')
    await expect(page.getByRole('button', { name: 'Deaktivieren' }).first()).toBeVisible()
    await expectWholeButtonLabels(page.getByTestId('admin-sports'))
    await page.setViewportSize({ width: 360, height: 740 })
    await expectWholeButtonLabels(page.getByTestId('admin-sports'))
  })

  test("users: an administrator sees a user's access tokens and revokes one, which stops working at once (English)", async ({ page, request }) => {
    const errors = trackPageErrors(page)
    const { token } = await createAdmin(request, 'en')
    const owner = newAccount('scripter')
    const session = await createActiveUser(request, owner)
    const created = await request.post('/api/auth/tokens', { headers: bearer(session), data: { name: 'Garage sync', scope: 'read+write', expires_in_days: null } })
    expect(created.status(), await created.text()).toBe(201)
    const { secret } = ((await created.json()) as { data: { secret: string } }).data
    expect((await request.get('/api/workouts', { headers: bearer(secret) })).status()).toBe(200)

    await openWithToken(page, token, `/admin/users/${owner.username}`)
    const section = page.getByTestId('admin-user-tokens')
    await expect(section.getByRole('heading', { name: 'Access tokens' })).toBeVisible()
    const row = section.getByTestId('access-token-list').getByRole('row').nth(1)
    await expect(row).toContainText('Garage sync')
    await expect(row).toContainText('Read and write')
    await expect(row).not.toContainText('Not yet')
    // The secret is never shown again, not even to an administrator.
    await expect(section).not.toContainText(secret)

    await section.getByRole('button', { name: 'Revoke token Garage sync' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('Revoke the token “Garage sync”?')
    await dialog.getByRole('button', { name: 'No' }).click()
    expect((await request.get('/api/workouts', { headers: bearer(secret) })).status()).toBe(200)
    await section.getByRole('button', { name: 'Revoke token Garage sync' }).click()
    await dialog.getByRole('button', { name: 'Yes' }).click()
    await expect(section.getByText('No access tokens.')).toBeVisible()
    expect((await request.get('/api/workouts', { headers: bearer(secret) })).status()).toBe(401)
    expect(errors).toEqual([])
  })
})

test.describe('administration with e-mail sending', () => {
  test.use({ withMail: true })

  test('resets a password (the mail reaches the loopback SMTP server) and changes an e-mail pending confirmation', async ({ page, request, browser, appServer }) => {
    // Long flows on two shared cores: three times the default time.
    test.slow()
    const smtp = appServer.smtp
    if (!smtp) throw new Error('this server runs without an SMTP sink')
    const token = await ensureAdmin(request)
    const account = newAccount('forgetful')
    await createActiveUser(request, account)

    await openWithToken(page, token, '/admin')
    await expect(page.getByTestId('stat-users-value')).toHaveText('2')
    await expect(page.getByTestId('alert-warning')).toHaveCount(0)
    await page.getByTestId('admin-link-users').click()
    await page.getByTestId(`user-row-${account.username}`).getByTestId('user-link').click()

    // Confirmation first: No closes without resetting.
    await page.getByRole('button', { name: 'Reset the password' }).click()
    await expect(page.getByRole('dialog')).toContainText(`reset the password of ${account.username}`)
    await page.getByRole('button', { name: 'No' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect((await request.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status()).toBe(200)

    await page.getByRole('button', { name: 'Reset the password' }).click()
    await page.getByRole('button', { name: 'Yes' }).click()
    await expect(page.getByTestId('alert-success')).toHaveText('The password has been reset: an e-mail has been sent to the user to choose a new one.')
    await shoot(page, 'user-reset-en-1280')
    const mail = await smtp.waitFor((received) => received.to.includes(account.email) && received.subject === 'Waymark - Password reset request', 10_000)
    expect((await request.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status()).toBe(401)

    // The user follows the link and chooses a new password.
    const link = /http:\/\/127\.0\.0\.1:\d+\/password-reset\?token=[^\s"<>]+/.exec(mail.text)?.[0]
    expect(link).toBeTruthy()
    const visitor = await browser.newContext()
    const visitorPage = await visitor.newPage()
    await visitorPage.goto(link ?? '')
    const newPassword = 'Harbour-Lichen-Falcon-31'
    await visitorPage.getByLabel(/^New password/).fill(newPassword)
    await visitorPage.getByLabel(/^Password confirmation/).fill(newPassword)
    await visitorPage.getByRole('button', { name: 'Submit' }).click()
    await expect(visitorPage).toHaveURL(/\/password-reset\/password-updated$/)
    await loginThroughUi(visitorPage, { ...account, password: newPassword })
    await visitor.close()

    // With e-mail sending, a new address waits for confirmation; the form reopens with it.
    const pending = `later_${account.email}`
    await page.getByRole('button', { name: 'Change the e-mail' }).click()
    await expect(page.getByTestId('alert-success')).toHaveCount(0)
    await page.getByLabel('New e-mail').fill(pending)
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByTestId('alert-success')).toHaveText(
      "The user's e-mail update has been saved: a confirmation link has been sent to the new address.",
    )
    await expect(page.getByTestId('admin-user-email')).toHaveText(account.email)
    await expect(page.getByTestId('admin-user-email-to-confirm')).toHaveText(pending)
    await smtp.waitFor((received) => received.to.includes(pending), 10_000)
    await page.getByRole('button', { name: 'Change the e-mail' }).click()
    await expect(page.getByLabel('New e-mail')).toHaveValue(pending)
    await page.getByRole('button', { name: 'Cancel' }).click()

    // None of it on one's own account.
    await page.goto(`/admin/users/${ADMIN.username}`)
    await expect(page.getByRole('button', { name: 'Reset the password' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Change the e-mail' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Delete the account' })).toHaveCount(0)
  })
})

import { expect, test } from './fixtures'
import { ADMIN, createActiveUser, ensureAdmin, loginThroughUi, newAccount, trackPageErrors } from './helpers'

test.describe('the first account of an empty database', () => {
  // A server of its own, so this registration really is the first whatever ran before.
  // A browser in Tokyo with British English: the account starts with its zone and its Monday weeks.
  test.use({ serverName: 'first-registration', accounts: 'none', locale: 'en-GB', timezoneId: 'Asia/Tokyo' })

  test('registers the first account and is logged in, logs out, logs in again', async ({ page, request }) => {
    // One password hashed and checked twice: seconds each on a loaded machine.
    test.slow()
    const errors = trackPageErrors(page)
    const config = (await (await request.get('/api/config')).json()) as { data: { is_email_sending_enabled: boolean } }
    expect(config.data.is_email_sending_enabled).toBe(false)
    expect((await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } })).status()).toBe(401)

    // The first visit, and the login page, lead to creating the first account: nobody could log in yet.
    await page.goto('/')
    await expect(page).toHaveURL(/\/register$/)
    await page.goto('/login')
    await expect(page).toHaveURL(/\/register$/)
    // On the server's own computer: the first-account notice, and no setup code to type.
    await expect(page.getByText('This server has no account yet: the first one you create administers it.')).toBeVisible()
    await expect(page.getByLabel('Setup code')).toHaveCount(0)
    await page.getByLabel(/^Username/).fill(ADMIN.username)
    await page.getByLabel(/^E-mail/).fill(ADMIN.email)
    await page.getByLabel(/^Password \*/).fill(ADMIN.password)
    // The first score loads the meter's word lists (~3 MB of scripts): seconds on a loaded machine.
    await expect(page.getByTestId('password-strength-label')).toHaveText('strong', { timeout: 20_000 })
    await page.getByLabel(/^Password confirmation/).fill(ADMIN.password)
    await page.getByRole('button', { name: 'Submit' }).click()
    // The first account is active at once: no login form to fill in again.
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByTestId('nav-profile')).toContainText(ADMIN.username)
    const token = await page.evaluate(() => window.localStorage.getItem('authToken'))
    const profile = (await (await request.get('/api/auth/profile', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { timezone: string; weekm: boolean }
    }
    expect(profile.data).toMatchObject({ timezone: 'Asia/Tokyo', weekm: true })
    await page.getByTestId('logout').click()
    await expect(page).toHaveURL(/\/login$/)
    // Without a reload, the next registration is an ordinary one: no first-account notice.
    await page.getByRole('link', { name: 'Register', exact: true }).click()
    await expect(page.getByTestId('auth-form-register')).toBeVisible()
    await expect(page.getByText('This server has no account yet', { exact: false })).toHaveCount(0)
    await page.getByRole('link', { name: 'Log in', exact: true }).click()

    await loginThroughUi(page, ADMIN)
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByTestId('nav-profile')).toContainText(ADMIN.username)
    // Administrators see the admin link.
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toBeVisible()

    await page.getByTestId('logout').click()
    await expect(page).toHaveURL(/\/login$/)
    expect(await page.evaluate(() => window.localStorage.getItem('authToken'))).toBeNull()
    await expect(page.getByRole('link', { name: 'Register', exact: true })).toBeVisible()
    expect(errors).toEqual([])
  })
})

test.describe('authentication', () => {
  test('goes back to the wanted page after login, and a user has no admin link', async ({ page, request }) => {
    const account = newAccount('from')
    await createActiveUser(request, account)
    await page.goto('/profile/edit/preferences')
    await expect(page).toHaveURL(/\/login\?from=%2Fprofile%2Fedit%2Fpreferences$/)
    await page.getByLabel(/^E-mail/).fill(account.email)
    await page.getByLabel(/^Password/).fill(account.password)
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page).toHaveURL(/\/profile\/edit\/preferences$/)
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible()
  })

  test('a logout stays a logout when an answer asked for before it arrives after it', async ({ page, request }) => {
    const account = newAccount('late')
    await createActiveUser(request, account)
    // The session's own profile load passes; the dashboard's refresh of the profile is held until after the logout.
    let profileCalls = 0
    let releaseRefresh = () => {}
    const refreshAsked = new Promise<void>((asked) => {
      void page.route('**/api/auth/profile', async (route) => {
        profileCalls += 1
        if (profileCalls !== 2) return route.continue()
        const answer = await route.fetch()
        asked()
        await new Promise<void>((release) => (releaseRefresh = release))
        await route.fulfill({ response: answer })
      })
    })
    await loginThroughUi(page, account)
    await refreshAsked
    await page.getByTestId('logout').click()
    await expect(page).toHaveURL(/\/login$/)
    const lateAnswer = page.waitForResponse('**/api/auth/profile')
    releaseRefresh()
    await lateAnswer
    await expect(page.getByRole('link', { name: 'Register', exact: true })).toBeVisible()
    await expect(page.getByTestId('nav-profile')).toHaveCount(0)
    await expect(page.getByTestId('logout')).toHaveCount(0)
  })

  test('a shared (headless) server’s login and register pages say the workouts stay on this server, never on your own computer (en, fr, de)', async ({ page, request }) => {
    const config = (await (await request.get('/api/config')).json()) as { data: { hosting: string } }
    expect(config.data.hosting).toBe('server')
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/login')
    await expect(page.getByText('Waymark keeps your outdoor workouts on this server, for you and the people you train with.')).toBeVisible()
    await expect(page.getByText('Self-hosted: your workouts stay on this server')).toBeVisible()
    await expect(page.getByText(/own computer|household|no cloud account/)).toHaveCount(0)

    await page.getByTestId('language-menu').click()
    await page.getByTestId('language-fr').click()
    await expect(page.getByText('Waymark conserve vos séances en plein air sur ce serveur, pour vous et les personnes avec qui vous vous entraînez.')).toBeVisible()
    await expect(page.getByText('Auto-hébergé : vos séances restent sur ce serveur')).toBeVisible()
    await expect(page.getByText(/propre ordinateur|foyer|aucun compte en ligne/)).toHaveCount(0)

    await page.getByTestId('language-menu').click()
    await page.getByTestId('language-de').click()
    await page.goto('/register')
    await expect(page.getByText('Waymark speichert deine Outdoor-Trainings auf diesem Server – für dich und die Menschen, mit denen du trainierst.')).toBeVisible()
    await expect(page.getByText('Selbst gehostet: deine Trainings bleiben auf diesem Server')).toBeVisible()
    await expect(page.getByText(/eigenen Computer|Haushalt|kein Online-Konto/)).toHaveCount(0)
  })

  test('a wrong password shows "Invalid credentials."', async ({ page, request }) => {
    await ensureAdmin(request)
    await page.goto('/login')
    await page.getByLabel(/^E-mail/).fill(ADMIN.email)
    await page.getByLabel(/^Password/).fill('not-the-password')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByTestId('error-box')).toHaveText('Invalid credentials.')
    await expect(page).toHaveURL(/\/login$/)
  })

  test('registration problems are listed one per line', async ({ page }) => {
    await page.goto('/register')
    await page.getByLabel(/^Username/).fill('a!')
    await page.getByLabel(/^E-mail/).fill('not-an-email')
    await page.getByLabel(/^Password \*/).fill('short')
    await page.getByLabel(/^Password confirmation/).fill('other')
    await page.getByRole('button', { name: 'Submit' }).click()
    const items = page.getByTestId('error-box').getByRole('listitem')
    await expect(items).toHaveText([
      'Username: 3 to 30 characters required.',
      'Username: only letters, digits and the underscore character "_" are allowed.',
      'Valid e-mail required.',
      'Password: 8 characters required.',
      'Password: password and password confirmation do not match.',
    ])
    await expect(page).toHaveURL(/\/register$/)
  })

  test('the server’s multi-line validation message becomes a list', async ({ page, request }) => {
    await ensureAdmin(request)
    // Same e-mail rule checked by the server: bypass the form's own checks by calling it raw.
    const response = await request.post('/api/auth/register', { data: { username: 'x', email: 'bad', password: 'short' } })
    expect(response.status()).toBe(400)
    const body = (await response.json()) as { message: string }
    expect(body.message.split('\n').length).toBeGreaterThan(1)
    // A taken username comes from the server and is shown translated.
    await page.goto('/register')
    await page.getByLabel(/^Username/).fill(ADMIN.username)
    await page.getByLabel(/^E-mail/).fill('someone-else@waymark.test')
    await page.getByLabel(/^Password \*/).fill(ADMIN.password)
    await page.getByLabel(/^Password confirmation/).fill(ADMIN.password)
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByTestId('error-box')).toHaveText('Sorry, that username is already taken.')
  })

  test('without e-mail sending, reset and resend are disabled and their links hidden', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Didn\u2019t receive the confirmation e-mail?' })).toHaveCount(0)
    await page.goto('/password-reset/request')
    await expect(page.getByTestId('alert-warning')).toBeVisible()
    await expect(page.getByLabel(/^E-mail/)).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled()
    await page.goto('/account-confirmation/resend')
    await expect(page.getByLabel(/^E-mail/)).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled()
  })

  test('password reset without a token shows the invalid-token error and makes no call', async ({ page }) => {
    const calls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/password')) calls.push(request.url())
    })
    await page.goto('/password-reset')
    await expect(page.getByTestId('error-box')).toHaveText('Invalid token, please request a new password reset.')
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled()
    expect(calls).toEqual([])
  })

  test('password reset with a bad token shows the server error', async ({ page }) => {
    await page.goto('/password-reset?token=not-a-real-token')
    await page.getByLabel(/^New password/).fill('Another-Long-Passphrase-9')
    await page.getByLabel(/^Password confirmation/).fill('Another-Long-Passphrase-9')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByTestId('error-box')).toHaveText('Invalid token, please request a new password reset.')
  })

  test('account confirmation with a bad token shows an error', async ({ page }) => {
    await page.goto('/account-confirmation?token=bad-token')
    await expect(page.getByTestId('error-box')).toHaveText('Provided data are invalid.')
  })
})

test.describe('registration and activation', () => {
  test('puts each problem next to its field and clears the summary once every field is fixed', async ({ page }) => {
    await page.goto('/register')
    const username = page.getByLabel(/^Username/)
    const email = page.getByLabel(/^E-mail/)
    await username.fill('a!')
    await email.fill('not-an-email')
    await page.getByLabel(/^Password \*/).fill('Granite-Meadow-Compass-77')
    await page.getByLabel(/^Password confirmation/).fill('Granite-Meadow-Compass-77')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByTestId('error-box').getByRole('listitem')).toHaveCount(3)
    // Each message is the field's own description for assistive technology, right below it.
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription(/Valid e-mail required\./)
    await expect(username).toHaveAccessibleDescription(/Username: 3 to 30 characters required\./)
    await email.fill('someone@waymark.test')
    await expect(email).not.toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByTestId('error-box').getByRole('listitem')).toHaveCount(2)
    await username.fill(newAccount('fixed').username)
    await expect(page.getByTestId('error-box')).toHaveCount(0)
    await expect(username).not.toHaveAttribute('aria-invalid', 'true')
  })

  test('says an administrator must activate a new account, and says so again at login with the right password only', async ({ page, request }) => {
    await ensureAdmin(request)
    const account = newAccount('waiting')
    await page.goto('/register')
    await page.getByLabel(/^Username/).fill(account.username)
    await page.getByLabel(/^E-mail/).fill(account.email)
    await page.getByLabel(/^Password \*/).fill(account.password)
    await page.getByLabel(/^Password confirmation/).fill(account.password)
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByTestId('alert-success')).toHaveText('Successfully registered. An administrator must activate your account before you can log in.')

    await page.getByLabel(/^E-mail/).fill(account.email)
    await page.getByLabel(/^Password/).fill('not-the-password')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByTestId('error-box')).toHaveText('Invalid credentials.')
    // The error replaces the green box instead of sitting under it.
    await expect(page.getByTestId('alert-success')).toHaveCount(0)
    await page.getByLabel(/^Password/).fill(account.password)
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByTestId('error-box')).toHaveText(
      'This account is waiting for activation: an administrator must activate it (or, if you received a confirmation e-mail, follow its link).',
    )
  })
})

import { expect, test } from './fixtures'
import { createActiveUser, newAccount, openWithToken } from './helpers'

test.describe('routing guard', () => {
  test('anonymous visitors are sent to the login page with the wanted path', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)
    await page.goto('/profile/edit/account?x=1')
    await expect(page).toHaveURL(/\/login\?from=%2Fprofile%2Fedit%2Faccount%3Fx%3D1$/)
    await page.goto('/statistics')
    await expect(page).toHaveURL(/\/login\?from=%2Fstatistics$/)
    await page.goto('/no/such/page')
    await expect(page).toHaveURL(/\/login\?from=%2Fno%2Fsuch%2Fpage$/)
  })

  test('about and e-mail update are open to everyone', async ({ page }) => {
    await page.goto('/about')
    await expect(page).toHaveURL(/\/about$/)
    await expect(page.getByRole('heading', { name: 'About Waymark' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Source code' })).toBeVisible()
    await expect(page.getByText('GNU Affero General Public License v3.0 (AGPLv3)')).toBeVisible()
    // No admin contact is configured: no contact links.
    await expect(page.getByTestId('about-contact')).toHaveCount(0)
    await expect(page.getByTestId('footer-contact')).toHaveCount(0)
    await page.goto('/email-update')
    await expect(page).toHaveURL(/\/email-update$/)
    await expect(page.getByTestId('error-box')).toHaveText('Invalid token, please request a new password reset.')
  })

  test('logged-in users are sent home from visitor pages and see the 404 page', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('guard'))
    await openWithToken(page, token, '/login')
    await expect(page).toHaveURL(/\/$/)
    for (const path of ['/register', '/password-reset/request', '/password-reset?token=x', '/account-confirmation/resend']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/$/)
    }
    await page.goto('/about')
    await expect(page).toHaveURL(/\/about$/)
    await page.goto('/no/such/page')
    await expect(page.getByTestId('not-found')).toContainText('Page not found')
    await page.getByRole('link', { name: 'Home' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('a stored token the server refuses logs out', async ({ page }) => {
    await openWithToken(page, 'not-a-valid-token', '/profile')
    await expect(page).toHaveURL(/\/login\?from=%2Fprofile$/)
    expect(await page.evaluate(() => window.localStorage.getItem('authToken'))).toBeNull()
  })
})

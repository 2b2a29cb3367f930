import { expect, test } from './fixtures'
import { createActiveUser, newAccount, openWithToken } from './helpers'

test.use({ viewport: { width: 360, height: 740 } })

test.describe('phone-sized screen', () => {
  test('shows the mobile menu with hamburger and close icons', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('phone'))
    await openWithToken(page, token, '/profile')
    // Desktop links are hidden; the toggle is there.
    await expect(page.getByTestId('logout')).toBeHidden()
    const toggle = page.getByTestId('menu-toggle')
    await expect(toggle).toHaveAttribute('aria-label', 'Open the menu')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-label', 'Close the menu')
    const menu = page.getByTestId('mobile-menu')
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Statistics' })).toBeVisible()
    await toggle.click()
    await expect(menu).toBeHidden()

    // Following a link closes the menu.
    await toggle.click()
    await menu.getByRole('link', { name: 'Workouts', exact: true }).click()
    await expect(page).toHaveURL(/\/workouts$/)
    await expect(page.getByTestId('mobile-menu')).toBeHidden()

    // Logging out from the phone menu.
    await toggle.click()
    await page.getByTestId('mobile-menu').getByRole('button', { name: 'Log out' }).click()
    await expect(page).toHaveURL(/\/login$/)
  })

  test('pages fit in 360 px without horizontal scrolling', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('narrow'))
    await openWithToken(page, token, '/profile')
    for (const path of ['/profile', '/profile/preferences', '/profile/edit', '/profile/edit/account', '/profile/edit/preferences', '/about']) {
      await page.goto(path)
      await expect(page.locator('#root')).not.toBeEmpty()
      await page.waitForLoadState('networkidle')
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect({ path, overflow }).toEqual({ path, overflow: 0 })
    }
    // The sports figure of the header card is hidden on small screens.
    await page.goto('/profile')
    await expect(page.getByTestId('figure-Sports')).toBeHidden()
    await expect(page.getByTestId('figure-Workouts')).toBeVisible()
  })

  test('visitor menu on a phone', async ({ page }) => {
    await page.goto('/login')
    await page.getByTestId('menu-toggle').click()
    await page.getByTestId('mobile-menu').getByRole('link', { name: 'Register' }).click()
    await expect(page).toHaveURL(/\/register$/)
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible()
  })
})

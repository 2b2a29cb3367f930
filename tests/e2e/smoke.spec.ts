import { expect, test } from './fixtures'

test('the headless server serves the UI and answers the API', async ({ page, request }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))

  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.locator('#root')).not.toBeEmpty()

  const config = await request.get('/api/config')
  expect(config.status()).toBe(200)
  const body = (await config.json()) as { status: string; data: { is_registration_enabled: boolean } }
  expect(body.status).toBe('success')
  expect(body.data.is_registration_enabled).toBe(true)

  const unknown = await request.get('/api/no-such-call')
  expect(unknown.status()).toBe(404)
  expect(await unknown.json()).toEqual({ status: 'not found', message: 'the requested URL was not found on the server', code: 'route_not_found' })

  expect(errors).toEqual([])
})

test.describe('a lost chunk', () => {
  // The shell's service worker fetches assets itself once it controls the page, out of reach of
  // `page.route`: blocked here, so the lost chunk stays lost whenever the worker would have taken over.
  test.use({ serviceWorkers: 'block' })
  test('a page whose script cannot load shows the error in the layout, and the next page loads', async ({ page }) => {
    // The about page's own chunk is lost (a stale tab after an update, a dropped connection).
    await page.route(/\/assets\/AboutPage-[\w-]+\.js$/, (route) => route.abort())
    await page.goto('/about')
    await expect(page.getByTestId('route-error')).toContainText('Part of the application could not be loaded.')
    // The layout stays usable around it: its links lead to a page that loads.
    await page.getByRole('link', { name: 'Log in' }).first().click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible()
    await expect(page.getByTestId('route-error')).toHaveCount(0)
  })
})

test('the shell’s service worker registers once the first page has started, then controls the page', async ({ page }) => {
  test.setTimeout(60_000)
  await page.goto('/login')
  // Not while the page starts (it would fetch the shell again and take every request over): none yet at `load`.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) === undefined)).toBe(true)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
})

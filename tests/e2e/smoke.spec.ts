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

import { join } from 'node:path'
import { expect, test } from './fixtures'
import { createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'
import { syntheticGpx, uploadWorkout } from './workout-helpers'

const SHOTS = process.env.WAYMARK_SHOTS
const CYCLING = 1
const RUNNING = 5

for (const width of [1280, 390]) {
  test(`heatmap: every track from the navbar, filtered by sport, light and dark, at ${width} px`, async ({ page, request }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: 900 })
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('heatmap'))
    await uploadWorkout(request, token, 'ride.gpx', syntheticGpx(600, '2024-05-01T08:00:00Z'), CYCLING)
    await uploadWorkout(request, token, 'run.gpx', syntheticGpx(300, '2025-06-01T08:00:00Z'), RUNNING)
    await openWithToken(page, token, '/')
    if (width < 600) await page.getByTestId('menu-toggle').click()
    await page.locator('a[href="/heatmap"]:visible').click()
    await expect(page).toHaveURL(/\/heatmap$/)

    const count = page.getByTestId('heatmap-count')
    await expect(count).toHaveText('2 workouts on the map.')
    const map = page.getByRole('region', { name: 'Map of every track of your workouts' })
    await expect(map).toHaveAttribute('data-lines', '2')
    // The lines are on the canvas: some of its pixels are painted (read through a copy: the
    // canvas shows the worker's picture as it is, with no 2D context of its own).
    const painted = await map.locator('.leaflet-overlay-pane canvas').evaluate((canvas: HTMLCanvasElement) => {
      const copy = document.createElement('canvas')
      copy.width = canvas.width
      copy.height = canvas.height
      const context = copy.getContext('2d')
      context?.drawImage(canvas, 0, 0)
      const pixels = context?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray()
      let count = 0
      for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) count++
      return count
    })
    expect(painted).toBeGreaterThan(100)
    // The worker drew the first picture ahead, for the map the page then laid out at this width:
    // the map took it as it was (counted once, not again for the map's real size).
    expect(await page.evaluate(() => performance.getEntriesByName('heatmap: count').length)).toBe(1)
    // The e2e server has no tile server: lines on the plain background, and a word about it.
    await expect(page.getByTestId('map-tiles-off')).toBeVisible()

    await page.getByTestId('heatmap-sport').click()
    await page.getByRole('option', { name: 'Running' }).click()
    await expect(count).toHaveText('1 workout on the map.')
    await expect(map).toHaveAttribute('data-lines', '1')
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `heatmap-${width}.png`), fullPage: true })

    await page.emulateMedia({ colorScheme: 'dark' })
    await page.reload()
    await expect(count).toHaveText('2 workouts on the map.')
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `heatmap-${width}-dark.png`), fullPage: true })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(errors).toEqual([])
  })
}

test.describe('heatmap: opened directly', () => {
  // The shell's service worker would fetch the held chunk itself, out of `page.route`'s reach.
  test.use({ serviceWorkers: 'block' })

  test('its one request leaves with the app, before the page’s code is in; a later visit asks afresh', async ({ page, request }) => {
    test.setTimeout(90_000)
    const token = await createActiveUser(request, newAccount('heatmap_early'))
    await uploadWorkout(request, token, 'ride.gpx', syntheticGpx(600, '2024-05-01T08:00:00Z'), CYCLING)
    const asked: string[] = []
    page.on('request', (outgoing) => {
      if (new URL(outgoing.url()).pathname === '/api/heatmap') asked.push(outgoing.url())
    })
    // The page's own code is held until the heatmap has been asked for.
    let release = () => {}
    const held = new Promise<void>((done) => (release = done))
    await page.route(/\/assets\/HeatmapPage-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    const heatmapAsked = page.waitForRequest((outgoing) => new URL(outgoing.url()).pathname === '/api/heatmap', { timeout: 20_000 })
    await openWithToken(page, token, '/heatmap')
    await heatmapAsked
    release()
    const map = page.getByRole('region', { name: 'Map of every track of your workouts' })
    await expect(map).toHaveAttribute('data-lines', '1')
    expect(asked).toHaveLength(1)

    // Another workout, then back to the heatmap through the app: the start-up answer is not reused.
    await uploadWorkout(request, token, 'run.gpx', syntheticGpx(300, '2025-06-01T08:00:00Z'), RUNNING)
    await page.locator('a[href="/"]:visible').first().click()
    await page.locator('a[href="/heatmap"]:visible').click()
    await expect(page.getByTestId('heatmap-count')).toHaveText('2 workouts on the map.')
    expect(asked).toHaveLength(2)
  })
})

test.describe('heatmap: the map does not wait', () => {
  // The shell's service worker would fetch the held chunk itself, out of `page.route`'s reach.
  test.use({ serviceWorkers: 'block' })

  test('the lines show before the filters’ code has loaded, drawn by a worker; zooming in draws them again', async ({ page, request }) => {
    test.setTimeout(90_000)
    const token = await createActiveUser(request, newAccount('heatmap_wait'))
    await uploadWorkout(request, token, 'ride.gpx', syntheticGpx(600, '2024-05-01T08:00:00Z'), CYCLING)
    // The filters' chunk is held until the lines are on the map.
    let release = () => {}
    const held = new Promise<void>((done) => (release = done))
    await page.route(/\/assets\/HeatmapFilters-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    const workers: string[] = []
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname))
    await openWithToken(page, token, '/heatmap')
    const map = page.getByRole('region', { name: 'Map of every track of your workouts' })
    await expect(map).toHaveAttribute('data-lines', '1')
    await expect(page.getByTestId('heatmap-sport')).toHaveCount(0)
    release()
    await expect(page.getByTestId('heatmap-sport')).toBeVisible()
    expect(workers.filter((path) => /\/assets\/heatmap\.worker-[\w-]+\.js$/.test(path))).toHaveLength(1)

    // A picture per zoom: the one of the new zoom replaces the other, and shows.
    const canvas = map.locator('.leaflet-overlay-pane canvas')
    const zoom = Number(await canvas.getAttribute('data-zoom'))
    await map.getByRole('button', { name: 'Zoom in' }).click()
    await expect(canvas).toHaveAttribute('data-zoom', String(zoom + 1))
    await expect(canvas).toBeVisible()
  })
})

test.describe('heatmap: a failed answer', () => {
  // The shell's service worker would send the call itself, out of `page.route`'s reach.
  test.use({ serviceWorkers: 'block' })

  test('the worker’s failed call shows the catalogued message, and the filters', async ({ page, request }) => {
    test.setTimeout(90_000)
    const token = await createActiveUser(request, newAccount('heatmap_fail'))
    await page.route(/\/api\/heatmap/, (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ status: 'error', message: 'invalid payload', code: 'invalid_payload' }) }),
    )
    await openWithToken(page, token, '/heatmap')
    await expect(page.getByTestId('error-box')).toHaveText('Provided data are invalid.')
    await expect(page.getByTestId('heatmap-sport')).toBeVisible()
  })
})

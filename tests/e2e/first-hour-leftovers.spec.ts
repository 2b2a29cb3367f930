import { PNG } from 'pngjs'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'
import { gpxText, setPreferences, steadyRun, uploadWorkout } from './workout-helpers'

/** Issue 33's leftovers in dark mode and after an import: icons that read, dimmed maps, the outcome first. */
test.describe.configure({ timeout: 120_000 })

const RUNNING = 5
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/** Mean WCAG relative luminance of an element's pixels as drawn (a screenshot of it). */
async function meanLuminance(element: Locator): Promise<number> {
  const image = PNG.sync.read(await element.screenshot())
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  let sum = 0
  for (let index = 0; index < image.data.length; index += 4) {
    sum += 0.2126 * linear(image.data[index] ?? 0) + 0.7152 * linear(image.data[index + 1] ?? 0) + 0.0722 * linear(image.data[index + 2] ?? 0)
  }
  return sum / (image.data.length / 4)
}

/**
 * Each sport icon's colour as drawn against the colour behind it (the nearest ancestor with an
 * opaque background), with WCAG's contrast formula.
 */
async function iconContrasts(page: Page): Promise<{ name: string; ratio: number }[]> {
  return page.getByTestId('sport-icon').evaluateAll((icons) => {
    const rgb = (css: string) => (/rgba?\(([^)]+)\)/.exec(css)?.[1] ?? '0,0,0,0').split(/[ ,/]+/).filter(Boolean).map(Number)
    const luminance = ([r = 0, g = 0, b = 0]: number[]) =>
      [r, g, b].map((channel) => {
        const c = channel / 255
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      }).reduce((sum, value, index) => sum + value * ([0.2126, 0.7152, 0.0722][index] ?? 0), 0)
    const behind = (node: Element) => {
      for (let current: Element | null = node.parentElement; current; current = current.parentElement) {
        const background = rgb(getComputedStyle(current).backgroundColor)
        if ((background[3] ?? 1) > 0) return background
      }
      return rgb(getComputedStyle(document.body).backgroundColor)
    }
    return icons.map((icon) => {
      const [a, b] = [luminance(rgb(getComputedStyle(icon).color)), luminance(behind(icon))].sort((x, y) => y - x)
      return { name: icon.getAttribute('aria-label') ?? '', ratio: ((a ?? 0) + 0.05) / ((b ?? 0) + 0.05) }
    })
  })
}

test('sport icons, the purple of running included, reach 3:1 against their background in light and dark', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const token = await createActiveUser(request, newAccount('icons'))
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await openWithToken(page, token, '/profile/edit/sports')
    await expect(page.getByTestId('sport-icon')).toHaveCount(16)
    const contrasts = await iconContrasts(page)
    expect(contrasts.map((contrast) => contrast.name)).toContain('Running')
    expect(contrasts.filter((contrast) => contrast.ratio < 3).map((contrast) => `${scheme} ${contrast.name} ${contrast.ratio.toFixed(2)}`)).toEqual([])
  }
})

test('map thumbnails are dimmed in the dark theme', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const token = await createActiveUser(request, newAccount('thumbs'))
  await uploadWorkout(request, token, 'ride.gpx', gpxText('gpx_file.gpx'), 1)
  await openWithToken(page, token, '/')
  const map = page.getByTestId('timeline-workout').locator('img').first()
  // Drawn lazily, once on screen, from a picture the server may still be making.
  await map.scrollIntoViewIfNeeded()
  await expect.poll(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBe(400)
  const light = await meanLuminance(map)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  const dark = await meanLuminance(map)
  // The same picture at most 80 % as bright: a white map no longer glares from a dark page.
  expect(dark / light).toBeLessThanOrEqual(0.8)
})

for (const width of [390, 1280]) {
  test(`after an import the outcome comes first, errors grouped by reason, at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 844 })
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('grouped'))
    await openWithToken(page, token, '/workouts/add')
    await page.getByTestId('sport-select').click()
    await page.getByRole('option').first().click()
    const notATrack = (name: string) => ({ name, mimeType: 'application/gpx+xml', buffer: Buffer.from(`${name}: these are my notes, not a track`) })
    await page.getByTestId('file-input').setInputFiles([
      notATrack('notes-1.gpx'),
      { name: 'ride.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpxText('gpx_file.gpx')) },
      notATrack('notes-2.gpx'),
      { name: 'route.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpxText('gpx_file_wo_track.gpx')) },
      notATrack('notes-3.gpx'),
    ])
    await page.getByTestId('submit').click()
    const summary = page.getByTestId('import-summary')
    await expect(summary).toHaveText('Finished: 1 imported, 0 already imported, 4 with errors.', { timeout: 60_000 })
    // Two reasons, the most frequent first, each naming its files.
    const groups = page.getByTestId('import-error-group')
    await expect(groups).toHaveCount(2)
    await expect(groups.nth(0)).toContainText('The content of this file is not GPX, FIT, TCX or KML')
    await expect(groups.nth(0)).toContainText('(3 files)')
    await expect(groups.nth(0)).toContainText('notes-1.gpx, notes-2.gpx, notes-3.gpx')
    await expect(groups.nth(1)).toContainText('The file has no track')
    await expect(groups.nth(1)).toContainText('(1 file)')
    // The summary, the reasons and the way on sit above the list of files.
    const firstResult = await page.getByTestId('import-result').first().boundingBox()
    for (const above of [summary, groups.nth(1), page.getByTestId('go-to-dashboard')]) {
      const box = await above.boundingBox()
      expect(box && firstResult && box.y + box.height <= firstResult.y).toBe(true)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0)
    expect(errors).toEqual([])
  })

  test(`the heart-rate zone bar names a narrow zone whole ("Z2", not "2"), at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 844 })
    const token = await createActiveUser(request, newAccount('zones'))
    await setPreferences(request, token, {})
    const maximum = await request.post('/api/auth/profile/edit/preferences', {
      headers: bearer(token),
      data: { display_ascent: true, imperial_units: false, language: 'en', timezone: 'Europe/Paris', weekm: false, max_hr: 200 },
    })
    expect(maximum.ok(), await maximum.text()).toBe(true)
    // With a 200 bpm maximum, 130 bpm is zone 2 (120–140) and 150 zone 3: the first 24 of 251 points in zone 2, about a tenth of the time.
    let left = 24
    const track = steadyRun(2500, '2025-04-01T08:00:00Z').replace(/<gpxtpx:hr>150<\/gpxtpx:hr>/g, (reading) => (left-- > 0 ? '<gpxtpx:hr>130</gpxtpx:hr>' : reading))
    const run = await uploadWorkout(request, token, 'zones.gpx', track, RUNNING)
    await openWithToken(page, token, `/workouts/${run.id}`)
    const bar = page.getByTestId('hr-zones')
    await expect(bar.getByTestId('hr-zones-zone-2')).toContainText('Zone 2', { timeout: 30_000 })
    const labels = bar.locator('.mantine-Progress-label')
    await expect(labels).toHaveText(['Z2', 'Z3'])
    for (const label of await labels.all()) {
      // The whole name fits its section: no clipped "2".
      expect(await label.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true)
    }
  })
}

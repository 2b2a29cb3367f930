import type { Page } from '@playwright/test'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { expect, test } from './fixtures'
import { createActiveUser, newAccount, openWithToken } from './helpers'

/** Issue 18's budget for the login page's JavaScript, brotli-compressed as the server sends it. */
const LOGIN_BUDGET_BYTES = 150 * 1024
/** The login page's styles once Mantine's sheet is split by screen (the whole sheet is 32 KB brotli). */
const LOGIN_CSS_BUDGET_BYTES = 12 * 1024
/** Issue 6's budget for the JavaScript the dashboard loads, gzipped. */
const DASHBOARD_BUDGET_BYTES = 400 * 1024

/** Many short lines betray an unminified build (electron-vite leaves the renderer unminified by default). */
const looksMinified = (code: string) => code.split('\n').length < code.length / 1000 + 5

interface Asset {
  brotli: number
  gzipped: number
  minified: boolean
}

/**
 * Every script and style sheet Chromium loads while `open` runs and until the network is idle
 * (lazy chunks included), with its size compressed as the build's precompressed copies are
 * (brotli 11, gzip 9).
 */
async function assetsLoadedBy(page: Page, open: () => Promise<void>): Promise<{ scripts: Map<string, Asset>; sheets: Map<string, Asset> }> {
  const loaded = { scripts: new Map<string, Asset>(), sheets: new Map<string, Asset>() }
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    const type = response.request().resourceType()
    const into = type === 'script' ? loaded.scripts : type === 'stylesheet' ? loaded.sheets : null
    if (!into) return
    pending.push(
      response
        .body()
        .then((body) => {
          const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
          into.set(response.url(), { brotli, gzipped: gzipSync(body, { level: 9 }).length, minified: looksMinified(body.toString('utf8')) })
        })
        .catch(() => undefined),
    )
  })
  await open()
  await page.waitForLoadState('networkidle')
  await Promise.all(pending)
  return loaded
}

/** Logs and annotates the total (largest scripts first; `BUNDLE_ALL=1` lists every one) and returns it. */
function report(label: string, scripts: Map<string, Asset>, size: (script: Asset) => number, unit: string): { total: number; minified: boolean } {
  const entries = [...scripts].sort((a, b) => size(b[1]) - size(a[1]))
  const total = entries.reduce((sum, [, script]) => sum + size(script), 0)
  const minified = entries.length > 0 && entries.every(([, script]) => script.minified)
  const summary = `${(total / 1024).toFixed(1)} KB ${unit} in ${entries.length} files (${minified ? 'minified' : 'NOT minified'} build)`
  test.info().annotations.push({ type: label, description: summary })
  console.log(`${label}: ${summary}`)
  for (const [url, script] of process.env.BUNDLE_ALL ? entries : entries.slice(0, 8)) console.log(`  ${(size(script) / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`)
  return { total, minified }
}

test('the login page JavaScript and styles, brotli-compressed, stay within 150 KB and 12 KB', async ({ page, request }) => {
  // What every page runs first comes as one shell chunk: few render-blocking sheets, not one per component.
  const html = await (await request.get('/login')).text()
  expect(html.match(/<link rel="stylesheet"/g)?.length ?? 0).toBeLessThanOrEqual(2)
  expect(html.match(/<link rel="modulepreload"/g)?.length ?? 0).toBeLessThanOrEqual(3)

  const { scripts, sheets } = await assetsLoadedBy(page, async () => {
    await page.goto('/login')
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible()
  })
  const { total, minified } = report('login JavaScript', scripts, (script) => script.brotli, 'brotli')
  const styles = report('login styles', sheets, (sheet) => sheet.brotli, 'brotli')
  expect(scripts.size).toBeGreaterThan(0)
  expect(sheets.size).toBeGreaterThan(0)
  // Neither zod, the French and German texts nor the signed-in pages' chunk belong on the login page.
  expect([...scripts.keys()].filter((url) => /\/(ui|fr|de|signed-in)-[\w-]+\.js$/.test(new URL(url).pathname))).toEqual([])
  if (minified) {
    expect(total).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES)
    expect(styles.total).toBeLessThanOrEqual(LOGIN_CSS_BUDGET_BYTES)
  }
})

test('the dashboard JavaScript, gzipped, stays within 400 KB', async ({ page, request }) => {
  const token = await createActiveUser(request, newAccount('bundle'))
  await request.post('/api/workouts/no_gpx', {
    headers: { Authorization: `Bearer ${token}` },
    data: { sport_id: 5, workout_date: '2024-05-01 08:00', duration: 3600, distance: 10, title: 'Bundle' },
  })
  const { scripts } = await assetsLoadedBy(page, async () => {
    await openWithToken(page, token, '/')
    await expect(page.getByTestId('timeline-workout')).toHaveCount(1)
    // The chart's chunk is lazy: its box shows once it is in.
    await expect(page.getByTestId('month-statistics').getByTestId('statistics-chart')).toBeVisible()
  })
  const { total, minified } = report('dashboard JavaScript', scripts, (script) => script.gzipped, 'gzipped')
  expect(scripts.size).toBeGreaterThan(0)
  if (minified) expect(total).toBeLessThanOrEqual(DASHBOARD_BUDGET_BYTES)
})

test('a phone opens the dashboard in few requests: at most 10 scripts and 6 style sheets', async ({ page, request }) => {
  const token = await createActiveUser(request, newAccount('bundlephone'))
  await page.setViewportSize({ width: 390, height: 844 })
  const { scripts, sheets } = await assetsLoadedBy(page, async () => {
    await openWithToken(page, token, '/')
    await expect(page.getByTestId('calendar')).toBeVisible()
  })
  report('phone dashboard JavaScript', scripts, (script) => script.brotli, 'brotli')
  report('phone dashboard styles', sheets, (sheet) => sheet.brotli, 'brotli')
  // The shell and signed-in chunks, not one request per small component; the sections a phone
  // does not show (chart, timeline, records) are not loaded.
  // The navbar's notification bell and picture stay lazy (the login page stays within its bytes);
  // the pages' shared hooks (loading, figures, wear) come in the signed-in chunk.
  expect(scripts.size).toBeLessThanOrEqual(10)
  expect(sheets.size).toBeLessThanOrEqual(6)
})

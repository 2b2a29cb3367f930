import { expect, test } from './fixtures'
import { gzipSync } from 'node:zlib'
import { createActiveUser, newAccount, openWithToken } from './helpers'

/** Issue 6's budget for the JavaScript the dashboard loads, gzipped. */
const BUDGET_BYTES = 400 * 1024

/** Many short lines betray an unminified build (electron-vite leaves the renderer unminified by default). */
const looksMinified = (code: string) => code.split('\n').length < code.length / 1000 + 5

/**
 * Measures the gzipped JavaScript Chromium loads for `/` after login (every script response,
 * lazy chunks included). The budget is enforced on minified builds; an unminified build is only
 * measured, and says so.
 */
test('the dashboard JavaScript, gzipped, stays within 400 KB', async ({ page, request }) => {
  const token = await createActiveUser(request, newAccount('bundle'))
  await request.post('/api/workouts/no_gpx', {
    headers: { Authorization: `Bearer ${token}` },
    data: { sport_id: 5, workout_date: '2024-05-01 08:00', duration: 3600, distance: 10, title: 'Bundle' },
  })
  const scripts = new Map<string, { gzipped: number; minified: boolean }>()
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    void response
      .body()
      .then((body) => scripts.set(response.url(), { gzipped: gzipSync(body, { level: 9 }).length, minified: looksMinified(body.toString('utf8')) }))
      .catch(() => undefined)
  })
  await openWithToken(page, token, '/')
  await expect(page.getByTestId('timeline-workout')).toHaveCount(1)
  // The chart's chunk is lazy: its box shows once it is in.
  await expect(page.getByTestId('month-statistics').getByTestId('statistics-chart')).toBeVisible()
  await page.waitForLoadState('networkidle')

  const entries = [...scripts].sort((a, b) => b[1].gzipped - a[1].gzipped)
  const total = entries.reduce((sum, [, script]) => sum + script.gzipped, 0)
  const minified = entries.every(([, script]) => script.minified)
  const summary = `${(total / 1024).toFixed(1)} KB gzipped in ${entries.length} scripts (${minified ? 'minified' : 'NOT minified'} build)`
  test.info().annotations.push({ type: 'dashboard JavaScript', description: summary })
  console.log(`dashboard JavaScript: ${summary}`)
  for (const [url, script] of (process.env.BUNDLE_ALL ? entries : entries.slice(0, 8))) console.log(`  ${(script.gzipped / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`)
  expect(entries.length).toBeGreaterThan(0)
  if (minified) expect(total).toBeLessThanOrEqual(BUDGET_BYTES)
})

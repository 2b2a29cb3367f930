import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'
import { gpxText, realFile, zipOf } from './workout-helpers'

/** A reference fixture with the sport written in its track, as apps do. */
const typed = (fixture: string, type: string) => gpxText(fixture).replace(/<trk>/, `<trk><type>${type}</type>`)

async function sportOf(request: APIRequestContext, token: string, page: Page): Promise<number | undefined> {
  await expect(page).toHaveURL(/\/workouts\/[A-Za-z0-9]{22}$/)
  const id = page.url().split('/').pop() ?? ''
  const response = await request.get(`/api/workouts/${id}`, { headers: { Authorization: `Bearer ${token}` } })
  return ((await response.json()) as { data: { workouts: { sport_id: number }[] } }).data.workouts[0]?.sport_id
}

async function addFile(page: Page, name: string, text: string) {
  await page.getByTestId('file-input').setInputFiles({ name, mimeType: 'application/gpx+xml', buffer: Buffer.from(text) })
  await expect(page.getByTestId('selected-files')).toContainText(name)
  await page.getByTestId('submit').click()
}

test.describe('sport of an added file', () => {
  test('from the file by default, the sport beside it as fallback (remembered), or one chosen sport for every file', async ({ page, request }) => {
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('addsport'))
    await openWithToken(page, token, '/workouts/add')
    const sport = page.getByTestId('sport-select')
    const fallback = page.getByTestId('fallback-sport-select')
    await expect(sport).toHaveValue('From the file')
    await expect(fallback).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Sport for files that do not say' })).toBeVisible()

    // The file names its sport: it wins over the fallback.
    await fallback.click()
    await page.getByRole('option', { name: 'Hiking', exact: true }).click()
    await addFile(page, 'run.gpx', typed('gpx_file.gpx', 'Running'))
    expect(await sportOf(request, token, page)).toBe(5)

    // The fallback is remembered, and used for a file that names no sport.
    await page.goto('/workouts/add')
    await expect(sport).toHaveValue('From the file')
    await expect(fallback).toHaveValue('Hiking')
    await addFile(page, 'plain.gpx', gpxText('gpx_file_with_offset.gpx'))
    expect(await sportOf(request, token, page)).toBe(3)

    // A sport chosen explicitly applies whatever the file says.
    await page.goto('/workouts/add')
    await sport.click()
    await page.getByRole('option', { name: 'Walking', exact: true }).click()
    await expect(fallback).toHaveCount(0)
    await addFile(page, 'run2.gpx', typed('gpx_file_with_microseconds.gpx', 'Running'))
    expect(await sportOf(request, token, page)).toBe(6)
    expect(errors).toEqual([])
  })
})

test.describe('a file with several activities', () => {
  test('one upload lists every workout it created and what it worked around', async ({ page, request }) => {
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('addmulti'))
    await openWithToken(page, token, '/workouts/add')
    const lines = realFile('tcx/multiple-runs.tcx').toString('utf8').split('\n')
    // Two runs; the second without its times cannot become a workout: left out, said so.
    const text = lines.map((line, index) => (index >= 21650 && /<Time>/.test(line) ? '' : line)).join('\n')
    await page.getByTestId('file-input').setInputFiles({ name: 'runs.tcx', mimeType: 'application/xml', buffer: Buffer.from(text) })
    await page.getByTestId('submit').click()
    await expect(page.getByTestId('import-summary')).toBeVisible({ timeout: 20_000 })
    await expect(page.locator('[data-testid="import-result"][data-status="imported"]')).toHaveCount(1)
    await expect(page.getByTestId('import-result-warning')).toHaveText('Workout 2 of the file has no usable track and was left out.')

    await page.getByRole('button', { name: 'Add more workouts' }).click()
    await page.getByTestId('file-input').setInputFiles({ name: 'tri.fit', mimeType: 'application/octet-stream', buffer: realFile('fit/triathlon-4623204522.fit') })
    await page.getByTestId('submit').click()
    await expect(page.getByTestId('import-summary')).toBeVisible({ timeout: 30_000 })
    await expect(page.locator('[data-testid="import-result"][data-status="imported"]')).toHaveCount(4)
    await expect(page.getByTestId('import-result-title')).toHaveCount(4)
    await expect(page.getByTestId('import-result-link')).toHaveCount(4)
    await expect(page.getByTestId('import-summary')).toHaveText('Finished: 1 file imported, giving 4 workouts; 0 already imported, 0 with errors.')
    expect(errors).toEqual([])
  })

  test('a file of an archive says what was worked around, as uploaded alone', async ({ page, request }) => {
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('addzipwarn'))
    await openWithToken(page, token, '/workouts/add')
    // nick.fit: its last record runs past the data; the 14,391 records before it are imported.
    const archive = zipOf([{ name: 'nick.fit', content: realFile('fit/nick.fit') }])
    await page.getByTestId('file-input').setInputFiles({ name: 'rides.zip', mimeType: 'application/zip', buffer: archive })
    await page.getByTestId('submit').click()
    await expect(page.getByTestId('import-summary')).toBeVisible({ timeout: 30_000 })
    await expect(page.locator('[data-testid="import-result"][data-status="imported"]')).toHaveCount(1)
    await expect(page.getByTestId('import-result-warning')).toHaveText('The end of the file was damaged; 14391 records were read.')
    expect(errors).toEqual([])
  })
})

import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'
import { gpxText } from './workout-helpers'

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
    await expect(page.getByRole('combobox', { name: 'Sport when the file names none' })).toBeVisible()

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

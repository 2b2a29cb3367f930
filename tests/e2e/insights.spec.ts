import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'
import { realFile, setPreferences, steadyRun, uploadWorkout } from './workout-helpers'

const SHOTS = process.env.WAYMARK_SHOTS
const RUNNING = 5
const OPEN_WATER = 14
const POOL = 13
const CYCLING = 1

async function shoot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true })
}

/** The workout chart's left-axis tick labels (Recharts draws them in a layer of their own; the left axis's come first). */
function leftAxisTicks(page: Page): Locator {
  return page.getByTestId('workout-chart').locator('.recharts-yAxis-tick-labels').first().locator('.recharts-cartesian-axis-tick-value')
}

/** Puts the pointer over the middle of the workout chart, for its readout. */
async function hoverChartMiddle(page: Page): Promise<void> {
  const surface = page.getByTestId('workout-chart').locator('svg.recharts-surface')
  await surface.scrollIntoViewIfNeeded()
  const box = await surface.boundingBox()
  if (!box) throw new Error('no chart box')
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2)
}

/** Where the chart's first line sits, as a share of the plot's height from its top (0.5: mid-chart). */
async function lineHeightShare(page: Page): Promise<number> {
  const chart = page.getByTestId('workout-chart')
  const line = await chart.locator('.recharts-line-curve').first().boundingBox()
  const plot = await chart.locator('.recharts-cartesian-grid').first().boundingBox()
  if (!line || !plot) throw new Error('no line or plot box')
  return (line.y + line.height / 2 - plot.y) / plot.height
}

for (const width of [1280, 390]) {
  test(`workout insights: splits, best efforts with medals, laps and the zones hint at ${width} px`, async ({ page, request }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: 900 })
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('insights'))
    await uploadWorkout(request, token, 'older.gpx', steadyRun(2500, '2024-04-01T08:00:00Z'), RUNNING)
    const run = await uploadWorkout(request, token, 'run.gpx', steadyRun(2500, '2025-04-01T08:00:00Z'), RUNNING)
    await openWithToken(page, token, `/workouts/${run.id}`)

    // 2.5 km: two full kilometres at 9 km/h, 6:40 per km (runs read as pace until the user asks
    // for speed), and a last half; moving times read as hh:mm:ss.
    const splits = page.getByTestId('splits-table')
    await expect(splits.getByTestId('part-row')).toHaveCount(3, { timeout: 30_000 })
    await expect(splits.getByTestId('part-row').first()).toContainText('00:06:40')
    await expect(splits.getByTestId('part-row').first()).toContainText('6:40 /km')
    await expect(splits.getByTestId('part-row').nth(2)).toContainText('0.50 km')
    await expect(splits).toContainText('150 bpm')

    // Same time as the older run: equal, so both share first place.
    const efforts = page.getByTestId('best-efforts-table')
    await expect(efforts).toContainText('1 km')
    await expect(efforts).toContainText('1 mile')
    await expect(efforts).toContainText('6:40 /km')
    await expect(efforts).not.toContainText('km/h')
    await expect(efforts.getByTestId('medal-1').first()).toBeVisible()
    await expect(page.getByTestId('zones-missing-max_hr')).toContainText('maximum heart rate')
    await expect(page.getByTestId('zones-missing-max_hr').getByRole('link')).toHaveAttribute('href', '/profile/edit/preferences')
    await shoot(page, `insights-run-${width}`)

    // A TCX with two laps shows the laps table.
    const tcx = readFileSync(join(process.cwd(), 'tests/fixtures/tcx/two_laps_with_indoor_point.tcx'))
    const laps = await uploadWorkout(request, token, 'laps.tcx', tcx, RUNNING)
    await openWithToken(page, token, `/workouts/${laps.id}`)
    await expect(page.getByTestId('laps-table').getByTestId('part-row')).toHaveCount(2)

    // Statistics: personal bests with the workout linked and the progression of two runs. On
    // 20 December of this year, when today's date on the year-over-year chart is near its right edge.
    await page.clock.setFixedTime(new Date(Date.UTC(new Date().getUTCFullYear(), 11, 20, 12)))
    await openWithToken(page, token, '/statistics')
    const bests = page.getByTestId('personal-bests-table')
    await expect(bests).toContainText('Running · 1 km')
    await expect(bests.getByRole('link', { name: '00:06:40' }).first()).toBeVisible()
    // On a phone the table is wider than its card: the scrollbar says so without hovering.
    const scrollbar = page.getByTestId('personal-bests-card').locator('.mantine-ScrollArea-scrollbar[data-orientation="horizontal"]')
    if (width < 500) await expect(scrollbar).toBeVisible()
    // Year over year: the 2025 run is last year's total by today's date (the runs are in spring).
    await expect(page.getByTestId('year-over-year-summary')).toContainText('Last year by the same date: 2.50 km.')
    // 2018 (the TCX), 2024, 2025 and this year.
    await expect(page.getByTestId('year-over-year-card').locator('.recharts-line')).toHaveCount(4)
    // Today's date on its line is wholly inside the chart (late in the year it ran off a phone's edge).
    const chart = await page.getByTestId('year-over-year-card').locator('svg.recharts-surface').first().boundingBox()
    const dateLabel = await page.getByTestId('year-over-year-card').locator('.recharts-label', { hasText: 'December 20' }).boundingBox()
    expect(dateLabel && chart && dateLabel.x >= chart.x && dateLabel.x + dateLabel.width <= chart.x + chart.width).toBe(true)
    await shoot(page, `insights-bests-${width}`)

    await page.emulateMedia({ colorScheme: 'dark' })
    await openWithToken(page, token, `/workouts/${run.id}`)
    await expect(page.getByTestId('splits-table')).toBeVisible()
    await shoot(page, `insights-run-${width}-dark`)
    // Nothing overflows the phone's width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(errors).toEqual([])
  })
}

test('the splits table shows every column in its card at 1280 px, nothing scrolled out of sight (en, fr, de)', async ({ page, request }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const token = await createActiveUser(request, newAccount('splitfit'))
  // Heart rate and climbs: the seven columns a run from a watch has.
  const run = await uploadWorkout(request, token, 'run.gpx', steadyRun(12_500, '2025-04-01T08:00:00Z'), RUNNING)
  // A ride reads as speed: German's "Geschwindigkeit" is the longest heading.
  const ride = await uploadWorkout(request, token, 'ride.gpx', steadyRun(12_500, '2025-04-02T08:00:00Z', 1), CYCLING)
  const pages = [['en', 'Heart rate', run], ['fr', 'Fréquence cardiaque', run], ['de', 'Herzfrequenz', run], ['de', 'Herzfrequenz', ride]] as const
  for (const [language, heartRate, workout] of pages) {
    await setPreferences(request, token, { language })
    await openWithToken(page, token, `/workouts/${workout.id}`)
    const card = page.getByTestId('splits-card')
    await expect(card.getByTestId('part-row')).toHaveCount(13, { timeout: 30_000 })
    await expect(card.getByRole('columnheader', { name: heartRate })).toBeVisible()
    // The table does not scroll sideways inside its card (French hid its last 282 px before)…
    const hidden = await card.locator('.mantine-ScrollArea-viewport').evaluate((box) => box.scrollWidth - box.clientWidth)
    expect(hidden, `${language}: ${hidden} px of the splits table out of sight`).toBe(0)
    // …and its last column lies inside the card.
    const header = await card.getByRole('columnheader', { name: heartRate }).boundingBox()
    const frame = await card.boundingBox()
    expect(header && frame && header.x + header.width <= frame.x + frame.width).toBe(true)
    // The best efforts beside it lost room: they still show whole.
    const efforts = page.getByTestId('best-efforts-table')
    await expect(efforts).toBeVisible()
    expect(await efforts.evaluate((table) => table.scrollWidth - (table.parentElement?.clientWidth ?? 0))).toBeLessThanOrEqual(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0)
  }
})

for (const width of [1280, 390]) {
  test(`running reads as pace by default (splits, best efforts, figures, chart in min/km, faster up), speed once chosen, at ${width} px`, async ({ page, request }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: 900 })
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('pace'))
    const run = await uploadWorkout(request, token, 'run.gpx', steadyRun(2500, '2025-04-01T08:00:00Z'), RUNNING)

    // Nobody chose anything: runs read as pace, rides as speed.
    await openWithToken(page, token, '/profile/edit/sports')
    await expect(page.getByTestId(`sport-speed-display-${RUNNING}`)).toHaveText('Pace')
    await expect(page.getByTestId('sport-speed-display-1')).toHaveText('Speed')
    await shoot(page, `pace-sports-${width}`)

    await openWithToken(page, token, `/workouts/${run.id}`)
    // 2.5 m/s is 6:40 per km (the steady run's own figure).
    await expect(page.getByTestId('splits-table').getByTestId('part-row').first()).toContainText('6:40 /km')
    await expect(page.getByTestId('best-efforts-table')).toContainText('6:40 /km')
    await expect(page.getByTestId('figure-ave_speed')).toHaveText('6:40 /km')
    await expect(page.getByTestId('figures-card')).toContainText('Average pace')
    await expect(page.getByTestId('chart-series-pace')).toBeAttached()
    await expect(page.getByTestId('chart-series-speed')).toHaveCount(0)

    // The left axis reads m:ss and runs downwards: the faster tick is drawn higher.
    const ticks = leftAxisTicks(page)
    await expect(ticks.first()).toHaveText(/^\d+:\d{2}$/)
    const labels = await ticks.allTextContents()
    const tops = await ticks.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().top))
    const seconds = labels.map((label) => label.split(':').reduce((sum, part) => sum * 60 + Number(part), 0))
    const byHeight = seconds.map((value, i) => ({ value, top: tops[i] ?? 0 })).sort((a, b) => a.top - b.top)
    expect(byHeight.map((tick) => tick.value)).toEqual([...seconds].sort((a, b) => a - b))
    expect(seconds).toContain(400)
    // The even 6:40 sits mid-chart, not on the top edge.
    expect(await lineHeightShare(page)).toBeCloseTo(0.5, 1)

    // The readout gives the pace of the hovered point.
    await hoverChartMiddle(page)
    await expect(page.getByTestId('chart-tooltip')).toContainText('Pace: 6:40 /km')
    await shoot(page, `pace-chart-${width}`)
    // A runner who prefers speed picks it once: 2.5 m/s is 9 km/h.
    await openWithToken(page, token, '/profile/edit/sports')
    await page.getByTestId(`sport-edit-${RUNNING}`).click()
    await page.getByTestId(`sport-edit-row-${RUNNING}`).getByText('Speed', { exact: true }).click()
    await page.getByTestId('sport-submit').click()
    await expect(page.getByTestId(`sport-speed-display-${RUNNING}`)).toHaveText('Speed')
    await openWithToken(page, token, `/workouts/${run.id}`)
    await expect(page.getByTestId('figure-ave_speed')).toHaveText('9.00 km/h')
    await expect(page.getByTestId('splits-table').getByTestId('part-row').first()).toContainText('9.00 km/h')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(errors).toEqual([])
  })
}

for (const width of [1280, 390]) {
  test(`swimming reads as pace per 100 m by default, and per 100 yd in imperial units, at ${width} px`, async ({ page, request }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: 900 })
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('swim'))
    // 1,500 m at 1 m/s: 100 m every 1:40; 100 yd (91.44 m) every 91.4 s, 1:31.
    // Swims read as pace without anyone choosing it.
    const swim = await uploadWorkout(request, token, 'swim.gpx', steadyRun(1500, '2025-06-01T07:00:00Z', 10), OPEN_WATER)

    await openWithToken(page, token, `/workouts/${swim.id}`)
    await expect(page.getByTestId('figure-ave_speed')).toHaveText('1:40 /100 m')
    // A swim's splits are per 100 m (issue 33), each at its pace per 100 m: 15 for 1,500 m.
    const splits = page.getByTestId('splits-table')
    await expect(splits.getByTestId('part-row')).toHaveCount(15)
    await expect(splits.getByTestId('part-row').first()).toContainText('1:40 /100 m')
    // Swimmers count metres, not hundredths of a km.
    await expect(splits.getByTestId('part-distance').first()).toHaveText('100 m')
    // Swimming has no best-effort distances: no card saying the swim was too short for them.
    await expect(page.getByTestId('best-efforts-card')).toHaveCount(0)
    await expect(page.getByTestId('workout-chart').getByText('Pace (min/100 m)')).toBeVisible()
    await expect(leftAxisTicks(page).first()).toHaveText(/^\d+:\d{2}$/)
    await hoverChartMiddle(page)
    await expect(page.getByTestId('chart-tooltip')).toContainText('Pace: 1:40 /100 m')
    await expect(page.getByTestId('chart-tooltip')).toHaveText(/^\d[\d,]* m · /)
    await shoot(page, `swim-pace-${width}`)

    await setPreferences(request, token, { imperial_units: true })
    await page.emulateMedia({ colorScheme: 'dark' })
    await openWithToken(page, token, `/workouts/${swim.id}`)
    await expect(page.getByTestId('figure-ave_speed')).toHaveText('1:31 /100 yd')
    // 100 yd (91.44 m) take 91.4 s; the split's ends fall between points 10 s apart, so its own pace reads 1:31 or 1:32.
    await expect(page.getByTestId('splits-table').getByTestId('part-row').first()).toContainText(/1:3[12] \/100 yd/)
    // 1,500 m is 1,640.4 yd (1 yd = 0.9144 m): 16 splits of 100 yd and the 40 yd left.
    await expect(page.getByTestId('splits-table').getByTestId('part-row')).toHaveCount(17)
    await expect(page.getByTestId('splits-table').getByTestId('part-distance').first()).toHaveText('100 yd')
    await expect(page.getByTestId('workout-chart').getByText('Pace (min/100 yd)')).toBeVisible()
    await shoot(page, `swim-pace-${width}-imperial-dark`)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(errors).toEqual([])
  })
}

for (const width of [1280, 390]) {
  test(`records of running (pace by default) are named and shown as paces, in German, at ${width} px`, async ({ page, request }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: 900 })
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('pacerecords'))
    await setPreferences(request, token, { language: 'de' })
    // 2.5 m/s, 6:40 per km: the running records' average speed.
    const run = await uploadWorkout(request, token, 'run.gpx', steadyRun(2500, '2025-04-01T08:00:00Z'), RUNNING)

    await openWithToken(page, token, '/')
    // Phones show one section at a time.
    if (width < 992) await page.getByTestId('dashboard-sections').locator('label').filter({ hasText: 'Rekorde' }).click()
    const records = page.locator(`[data-testid="records-sport"][data-sport-id="${RUNNING}"]`)
    await expect(records.locator('[data-record-type="AS"]')).toContainText('Durchschnittliche Pace')
    await expect(records.locator('[data-record-type="AS"]')).toContainText('6:40 /km')
    await expect(records.locator('[data-record-type="MS"]')).toContainText('Beste Pace')
    await expect(records.locator('[data-record-type="MS"]')).toContainText(/\d:\d{2}\s\/km/)
    await expect(records).not.toContainText('km/h')
    await shoot(page, `pace-records-${width}`)

    await openWithToken(page, token, `/workouts/${run.id}`)
    await expect(page.getByTestId('record-AS')).toHaveText('Beste Durchschnittspace')
    await expect(page.getByTestId('record-MS')).toHaveText('Beste Pace')
    // The default title names the run and the part of the day in the user's language (10:00 in Paris).
    await expect(page.getByTestId('workout-title')).toHaveText('Lauf am Morgen')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(errors).toEqual([])
  })
}

for (const [width, scheme] of [
  [1280, 'light'],
  [390, 'dark'],
] as const) {
  test(`a pool swim reads in metres and a run read as pace in min/km on every card, in French, at ${width} px ${scheme}`, async ({ page, request }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: 900 })
    await page.emulateMedia({ colorScheme: scheme })
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('swimrun'))
    await setPreferences(request, token, { language: 'fr' })
    // The real pool swim's lap says 1500.0 m (dblock/tcx); the run is 2.5 m/s, 6:40 per km.
    const swim = await uploadWorkout(request, token, 'pool-swim.tcx', realFile('tcx/pool-swim.tcx'), POOL)
    const run = await uploadWorkout(request, token, 'run.gpx', steadyRun(2500, '2025-04-01T08:00:00Z'), RUNNING)

    await openWithToken(page, token, `/workouts/${swim.id}`)
    await expect(page.getByTestId('figure-distance')).toHaveText('1 500 m')
    // A pool swim has no positions: no empty map beside its figures (the splits still show).
    await expect(page.getByTestId('splits-card')).toBeVisible()
    await expect(page.getByTestId('workout-map')).toHaveCount(0)
    // …so the figures take the map's place: the whole row (with a map, a third of it at 1280 px).
    const detail = await page.getByTestId('workout-detail').boundingBox()
    const figures = await page.getByTestId('figures-card').boundingBox()
    expect((figures?.width ?? 0) / (detail?.width ?? 1)).toBeGreaterThan(0.9)
    await expect(page.getByTestId('segments-card')).toContainText('1 500 m')
    await expect(page.getByTestId('segments-card')).not.toContainText('km')

    await openWithToken(page, token, '/workouts')
    const row = (workout: { id: string }) => page.locator(`[data-testid="workout-row"][data-workout-id="${workout.id}"]`)
    await expect(row(swim).getByTestId('cell-distance')).toHaveText('1 500 m')
    await expect(row(run)).toContainText('6:40 /km')
    await expect(row(run)).not.toContainText('km/h')
    // Both read as pace by default: the column says so (on a phone, each card's figure: no table there).
    const labels = width <= 480 ? page.getByTestId('workouts-cards') : page.getByTestId('workouts-table').locator('thead')
    await expect(labels).toContainText('Allure moy.')
    await expect(labels).not.toContainText('Vitesse')

    await openWithToken(page, token, '/')
    if (width < 992) await page.getByTestId('dashboard-sections').locator('label').filter({ hasText: 'Dernières séances' }).click()
    const card = (workout: { id: string }) => page.locator(`[data-testid="timeline-workout"][data-workout-id="${workout.id}"]`)
    await expect(card(run)).toContainText('Allure moyenne: 6:40 /km')
    await expect(card(swim)).toContainText('Distance: 1 500 m')
    await shoot(page, `swim-run-cards-${width}-${scheme}`)

    // Imperial: 1,500 m is 1,640.4 yd; 6:40 per km is 1609.344 m / 2.5 m/s = 643.7 s, 10:44 per mile.
    await setPreferences(request, token, { language: 'fr', imperial_units: true })
    await openWithToken(page, token, '/workouts')
    await expect(row(swim).getByTestId('cell-distance')).toHaveText('1 640 yd')
    await expect(row(run)).toContainText('10:44 /mi')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(errors).toEqual([])
  })
}

test('a run’s chart gives its cadence in steps a minute, a ride’s in turns a minute, a swim’s in strokes a minute, in each language', async ({
  page,
  request,
}) => {
  // Nine workout pages with their charts: slow on a loaded machine.
  test.setTimeout(360_000)
  const errors = trackPageErrors(page)
  const token = await createActiveUser(request, newAccount('cadence'))
  // Both files record cadence (their sessions' averages, decoded by Garmin's SDK, are checked in run-cadence.test.ts).
  const run = await uploadWorkout(request, token, 'garmin-fenix2-run.fit', realFile('fit/garmin-fenix2-run.fit'), RUNNING)
  const ride = await uploadWorkout(request, token, 'garmin-edge810-vector.fit', realFile('fit/garmin-edge810-vector.fit'), CYCLING)
  // A COROS pool swim: its records' cadence counts strokes (FIT's swim cadence).
  const swimFile = 'runpage-jasonjdd-coros-0f93a1fd8da64939bbef23f4571d0515.fit'
  const swim = await uploadWorkout(request, token, swimFile, realFile(`fit/${swimFile}`), POOL)
  for (const [language, runLabel, rideLabel, swimLabel] of [
    ['en', 'Cadence (spm)', 'Cadence (rpm)', 'Stroke rate (strokes/min)'],
    ['fr', 'Cadence (pas/min)', 'Cadence (tr/min)', 'Cadence de nage (coups/min)'],
    ['de', 'Schrittfrequenz (Schritte/min)', 'Trittfrequenz (U/min)', 'Zugfrequenz (Züge/min)'],
  ] as const) {
    await setPreferences(request, token, { language })
    await openWithToken(page, token, `/workouts/${run.id}`)
    // The chart comes with the workout's chart data, which a loaded machine serves slowly.
    await expect(page.getByTestId('workout-chart').getByRole('checkbox', { name: runLabel, exact: true })).toHaveCount(1, { timeout: 30_000 })
    await openWithToken(page, token, `/workouts/${ride.id}`)
    await expect(page.getByTestId('workout-chart').getByRole('checkbox', { name: rideLabel, exact: true })).toHaveCount(1, { timeout: 30_000 })
    await openWithToken(page, token, `/workouts/${swim.id}`)
    await expect(page.getByTestId('workout-chart').getByRole('checkbox', { name: swimLabel, exact: true })).toHaveCount(1, { timeout: 30_000 })
  }
  expect(errors).toEqual([])
})

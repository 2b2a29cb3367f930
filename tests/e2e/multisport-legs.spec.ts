import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'
import { axeViolations, createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'
import { gpxText, realFile, setPreferences, uploadWorkout, type ApiWorkout } from './workout-helpers'

/** The Forerunner 920XT's triathlon (swim, T1, ride, T2, run), each leg in the sport its file names. */
async function triathlon(request: APIRequestContext, token: string): Promise<ApiWorkout[]> {
  const response = await request.post('/api/workouts', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: { name: 'triathlon.fit', mimeType: 'application/octet-stream', buffer: realFile('fit/activitylog2-920xt-triathlon.fit') },
      data: JSON.stringify({ sport_id: 1, detect_sport: true }),
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { data: { workouts: ApiWorkout[] } }).data.workouts
}

/**
 * After a navigation the page fetches the workout (and, after a language change, that language's
 * texts): run niced on a loaded machine this takes more than expect's 5 s (a cold first load over 20 s), so these waits allow 45 s.
 */
const loaded = expect.configure({ timeout: 45_000 })

test.describe('multisport legs on the workout page', () => {
  test('lists the legs with the current one marked, transitions labelled, each a link; in English, French and German, light and dark', async ({ page, request }) => {
    test.setTimeout(240_000)
    const errors = trackPageErrors(page)
    const token = await createActiveUser(request, newAccount('legs'))
    await setPreferences(request, token, { language: 'en' })
    const legs = await triathlon(request, token)
    const [swim, t1, ride, t2, run] = legs
    if (!swim || !t1 || !ride || !t2 || !run) throw new Error('five legs expected')

    await openWithToken(page, token, `/workouts/${ride.id}`)
    const card = page.getByTestId('legs-card')
    await loaded(card.getByRole('heading', { level: 2 })).toHaveText('Multisport: 5 legs')
    const links = card.getByTestId('leg-link')
    await expect(links).toHaveText(legs.map((leg) => leg.title))
    await expect(card.locator('[aria-current="page"]')).toHaveText(ride.title)
    await expect(card.locator('[aria-current="page"]')).toHaveAttribute('href', `/workouts/${ride.id}`)
    await expect(card.getByTestId('leg-transition')).toHaveText(['Transition T1', 'Transition T2'])
    // Each leg's row: its sport's icon, and its distance and moving time as its own page gives them.
    await expect(card.getByTestId('leg').nth(2)).toContainText(`${ride.distance.toFixed(2)} km`)
    await expect(card.getByTestId('sport-icon')).toHaveCount(5)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, scheme, '[data-testid="legs-card"]')).toEqual([])
      // The card's heading follows the page's (screen-reader users move by headings).
      const outline = await new AxeBuilder({ page }).withRules(['page-has-heading-one', 'heading-order']).setLegacyMode(true).analyze()
      expect(outline.violations.map((violation) => violation.id)).toEqual([])
    }

    // A leg's link opens its page, where it is the one marked.
    await links.nth(3).click()
    await expect(page).toHaveURL(new RegExp(`/workouts/${t2.id}$`))
    await loaded(page.getByTestId('workout-title')).toHaveText('Transition 2')
    await expect(card.locator('[aria-current="page"]')).toHaveText('Transition 2')

    for (const [language, heading, transitions] of [
      ['fr', 'Multisport : 5 étapes', ['Transition T1', 'Transition T2']],
      ['de', 'Multisport: 5 Etappen', ['Wechsel T1', 'Wechsel T2']],
    ] as const) {
      await setPreferences(request, token, { language })
      await page.reload()
      await loaded(card.getByRole('heading')).toHaveText(heading)
      await expect(card.getByTestId('leg-transition')).toHaveText([...transitions])
    }

    // A workout of a plain file has no such card.
    const plain = await uploadWorkout(request, token, 'ride.gpx', gpxText('gpx_file.gpx'), 1)
    await page.goto(`/workouts/${plain.id}`)
    await loaded(page.getByTestId('workout-title')).toHaveText(plain.title)
    await expect(card).toHaveCount(0)
    expect(errors).toEqual([])
  })
})

import { expect, test } from './fixtures'
import { axeViolations, createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'
import { setPreferences } from './workout-helpers'

test.describe('privacy zones in the profile', () => {
  test('a zone is added, refused with the server’s reason when out of range, listed and deleted; the tab passes axe AA in light and dark', async ({ page, request }) => {
    test.setTimeout(90_000)
    const errors = trackPageErrors(page)
    const sam = await createActiveUser(request, newAccount('sam'))
    await openWithToken(page, sam, '/profile/edit/privacy-zones')
    const section = page.getByTestId('privacy-zones')
    await expect(section.getByText('No privacy zone yet.')).toBeVisible({ timeout: 20_000 })

    // Out of range: the catalogued error, nothing stored.
    await section.getByLabel('Latitude').fill('44.68')
    await section.getByLabel('Longitude').fill('6.07')
    await section.getByLabel('Radius (m)').fill('100')
    await section.getByRole('button', { name: 'Add a zone' }).click()
    await expect(section.getByText('The radius must be a whole number of metres between 200 and 2000.')).toBeVisible()
    await expect(section.getByTestId('privacy-zone')).toHaveCount(0)

    await section.getByLabel('Radius (m)').fill('400')
    await section.getByRole('button', { name: 'Add a zone' }).click()
    await expect(section.getByTestId('privacy-zone')).toHaveCount(1)
    await expect(section.getByTestId('privacy-zone')).toContainText('400 m')
    const stored = await request.get('/api/auth/privacy_zones', { headers: { Authorization: `Bearer ${sam}` } })
    expect(((await stored.json()) as { data: { privacy_zones: unknown[] } }).data.privacy_zones).toEqual([expect.objectContaining({ latitude: 44.68, longitude: 6.07, radius: 400 })])

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, scheme)).toEqual([])
    }

    await section.getByRole('button', { name: 'Delete zone 1' }).click()
    await expect(section.getByText('No privacy zone yet.')).toBeVisible()
    expect(errors).toEqual([])
  })

  test('the map starts on the saved zones drawn as circles; a click fills the fields, the typed fields move the zone being added, and the zone is listed; axe AA in light and dark', async ({ page, request }) => {
    test.setTimeout(90_000)
    const errors = trackPageErrors(page)
    const noor = await createActiveUser(request, newAccount('noor'))
    const home = { latitude: 47.376887, longitude: 8.541694, radius: 2000 }
    const added = await request.post('/api/auth/privacy_zones', { headers: { Authorization: `Bearer ${noor}` }, data: home })
    expect(added.status(), await added.text()).toBe(201)
    await openWithToken(page, noor, '/profile/edit/privacy-zones')
    const section = page.getByTestId('privacy-zones')
    const map = section.getByRole('region', { name: 'Map: click to place a zone' })
    await expect(map).toBeVisible({ timeout: 20_000 })
    await expect(section.locator('path.waymark-privacy-zone')).toHaveCount(1)
    await expect(section.locator('path.waymark-privacy-zone-draft')).toHaveCount(0)

    // The map is fitted to the one zone, so its centre is the zone's centre (set above): a click
    // there reads back that point, to a pixel (about 10 m at this zoom, 0.0002°).
    await map.click()
    const latitude = section.getByLabel('Latitude')
    const longitude = section.getByLabel('Longitude')
    await expect(section.locator('path.waymark-privacy-zone-draft')).toHaveCount(1)
    const picked = { latitude: Number(await latitude.inputValue()), longitude: Number(await longitude.inputValue()) }
    expect(Math.abs(picked.latitude - home.latitude)).toBeLessThan(0.0005)
    expect(Math.abs(picked.longitude - home.longitude)).toBeLessThan(0.0005)
    expect(await latitude.inputValue()).toMatch(/^-?\d+\.\d{1,6}$/)

    // Typing a latitude 0.005° further north moves the circle up the map (about 55 px at this zoom).
    const draft = section.locator('path.waymark-privacy-zone-draft')
    const before = await draft.boundingBox()
    await latitude.fill((picked.latitude + 0.005).toFixed(6))
    await expect.poll(async () => (before ? before.y - ((await draft.boundingBox())?.y ?? before.y) : 0)).toBeGreaterThan(30)

    await section.getByLabel('Radius (m)').fill('300')
    await section.getByRole('button', { name: 'Add a zone' }).click()
    await expect(section.getByTestId('privacy-zone')).toHaveCount(2)
    await expect(section.locator('path.waymark-privacy-zone')).toHaveCount(2)
    await expect(draft).toHaveCount(0)
    const stored = await request.get('/api/auth/privacy_zones', { headers: { Authorization: `Bearer ${noor}` } })
    const zones = ((await stored.json()) as { data: { privacy_zones: { latitude: number; longitude: number; radius: number }[] } }).data.privacy_zones
    expect(zones).toContainEqual(expect.objectContaining({ latitude: Number((picked.latitude + 0.005).toFixed(6)), longitude: picked.longitude, radius: 300 }))

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, scheme)).toEqual([])
    }
    expect(errors).toEqual([])
  })

  test('at 390 px in German the zones are cards that fit their section, each Delete button whole; axe AA in light and dark', async ({ page, request }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width: 390, height: 844 })
    const errors = trackPageErrors(page)
    const lena = await createActiveUser(request, newAccount('lena'))
    await setPreferences(request, lena, { language: 'de' })
    for (const zone of [
      { latitude: 47.376887, longitude: 8.541694, radius: 2000 },
      { latitude: -33.868819, longitude: 151.209295, radius: 1250 },
    ]) {
      const added = await request.post('/api/auth/privacy_zones', { headers: { Authorization: `Bearer ${lena}` }, data: zone })
      expect(added.status(), await added.text()).toBe(201)
    }
    await openWithToken(page, lena, '/profile/edit/privacy-zones')
    const section = page.getByTestId('privacy-zones')
    const zones = section.getByTestId('privacy-zone')
    await expect(zones).toHaveCount(2, { timeout: 20_000 })
    await expect(zones.nth(1)).toContainText('151,209295')

    // Nothing in the section reaches past its right edge (the map's panes are clipped by its frame, which must fit),
    // and each Delete button lies inside it and the window.
    await expect(section.locator('path.waymark-privacy-zone')).toHaveCount(2)
    const overflow = await section.evaluate((card) => {
      const edge = card.getBoundingClientRect().right
      return Array.from(card.querySelectorAll('*')).filter((node) => !node.closest('.leaflet-container') && node.getBoundingClientRect().right > edge + 0.5).length
    })
    expect(overflow).toBe(0)
    expect(await section.evaluate((card) => card.scrollWidth - card.clientWidth)).toBe(0)
    for (const number of [1, 2]) {
      const button = section.getByRole('button', { name: `Zone ${number} löschen` })
      const box = await button.boundingBox()
      const card = await section.boundingBox()
      expect(box && card && box.x >= card.x && box.x + box.width <= card.x + card.width && box.x + box.width <= 390).toBe(true)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0)

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(page, scheme)).toEqual([])
    }

    await section.getByRole('button', { name: 'Zone 1 löschen' }).click()
    await expect(zones).toHaveCount(1)
    await expect(zones.first()).toContainText('151,209295')
    expect(errors).toEqual([])
  })
})

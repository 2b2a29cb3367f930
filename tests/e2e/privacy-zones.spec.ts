import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures'
import { createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'

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
      await page.waitForLoadState('networkidle')
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      expect(results.violations.map((violation) => `${scheme}: ${violation.id}`)).toEqual([])
    }

    await section.getByRole('button', { name: 'Delete zone 1' }).click()
    await expect(section.getByText('No privacy zone yet.')).toBeVisible()
    expect(errors).toEqual([])
  })
})

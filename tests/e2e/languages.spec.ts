import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' }
import enUser from '../../src/i18n/locales/en/user.json' with { type: 'json' }
import fr from '../../src/i18n/locales/fr/common.json' with { type: 'json' }
import de from '../../src/i18n/locales/de/common.json' with { type: 'json' }
import { createActiveUser, newAccount, openWithToken } from './helpers'

type Tree = { [key: string]: string | Tree }
const leaves = (tree: Tree): string[] => Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : leaves(value)))

/**
 * English interface texts that must not remain once another language is chosen. Texts that are
 * the same word in every language (Waymark, Sports, Distance, units, language names, German's Heatmap, Name and Pace…)
 * are left out.
 */
const SAME_EVERYWHERE = new Set(['Waymark', 'Contact', 'Documentation', 'Sport', 'Sports', 'Distance', 'Profile', 'Version {{version}}', 'English', 'Français', 'Deutsch', 'Trail', 'km/h', 'Heatmap', 'Name', 'Pace'])
const englishTexts = [...leaves(en as Tree), ...leaves(enUser as Tree)].filter((text) => text.length > 2 && !SAME_EVERYWHERE.has(text) && !text.includes('{{'))

/** Visible texts of the page (elements' own text nodes), trimmed. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      const text = node.textContent?.trim()
      if (!parent || !text || parent.closest('style,script')) continue
      if (parent.getClientRects().length === 0) continue
      texts.push(text)
    }
    return texts
  })
}

async function expectNoEnglish(page: Page) {
  const leftovers = (await visibleTexts(page)).filter((text) => englishTexts.includes(text))
  expect(leftovers).toEqual([])
}

test.describe('languages', () => {
  test('the page description search engines show is in the interface language, on load and after a switch', async ({ page }) => {
    const description = page.locator('meta[name="description"]')
    await page.goto('/login')
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible()
    await expect(description).toHaveAttribute('content', en.INTRO)

    await page.getByTestId('language-menu').click()
    await page.getByTestId('language-fr').click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(description).toHaveAttribute('content', fr.INTRO)

    // A French visitor's next visit: the description follows once the French texts are in.
    await page.reload()
    await expect(page.getByRole('button', { name: 'Valider' })).toBeVisible()
    await expect(description).toHaveAttribute('content', fr.INTRO)

    await page.getByTestId('language-menu').click()
    await page.getByTestId('language-de').click()
    await expect(description).toHaveAttribute('content', de.INTRO)
    await expect(page.locator('meta[name="description"]')).toHaveCount(1)
  })

  test('switching to French then German changes every visible text and is saved', async ({ page, request }) => {
    const account = newAccount('lang')
    const token = await createActiveUser(request, account)
    await openWithToken(page, token, '/profile')
    await expect(page.getByRole('link', { name: 'Edit profile' })).toBeVisible()

    await page.getByTestId('language-menu').click()
    await page.getByTestId('language-fr').click()
    await expect(page.getByRole('link', { name: 'Modifier le profil' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expectNoEnglish(page)

    // Saved in the preferences: the server now says French.
    await expect
      .poll(async () => {
        const profile = await request.get('/api/auth/profile', { headers: { Authorization: `Bearer ${token}` } })
        return ((await profile.json()) as { data: { language: string } }).data.language
      })
      .toBe('fr')

    for (const path of ['/profile/preferences', '/profile/sports', '/profile/edit', '/profile/edit/account', '/profile/edit/picture', '/profile/edit/preferences', '/about', '/nowhere']) {
      await page.goto(path)
      await expect(page.getByRole('link', { name: 'Tableau de bord' })).toBeVisible()
      await expectNoEnglish(page)
    }
    await page.goto('/profile/preferences')
    await expect(page.getByTestId('pref-language')).toHaveText('Français')

    await page.getByTestId('language-menu').click()
    await page.getByTestId('language-de').click()
    await expect(page.getByRole('link', { name: 'Übersicht' })).toBeVisible()
    await expect(page.getByTestId('pref-language')).toHaveText('Deutsch')
    for (const path of ['/profile', '/profile/sports', '/profile/edit/account', '/profile/edit/preferences']) {
      await page.goto(path)
      await expect(page.getByRole('link', { name: 'Übersicht' })).toBeVisible()
      await expectNoEnglish(page)
    }
  })

  test('visitor pages follow the browser language and the language menu', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-AT' })
    const page = await context.newPage()
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible()
    await expectNoEnglish(page)
    await page.goto('/register')
    await expectNoEnglish(page)
    // A server error is shown in the interface language.
    await page.goto('/login')
    await page.getByLabel(/^E-Mail-Adresse/).fill('nobody@waymark.test')
    await page.getByLabel(/^Passwort/).fill('whatever-password')
    await page.getByRole('button', { name: 'Absenden' }).click()
    await expect(page.getByTestId('error-box')).toHaveText('Ungültige Anmeldedaten.')

    await page.getByTestId('language-menu').click()
    await page.getByTestId('language-fr').click()
    await expect(page.getByRole('heading', { name: 'Se connecter' })).toBeVisible()
    await expectNoEnglish(page)
    await context.close()
  })

  test('an unsupported browser language falls back to English', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-ES' })
    const page = await context.newPage()
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
    await context.close()
  })
})

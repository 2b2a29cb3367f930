import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createActiveUser, ensureAdmin, newAccount, openWithToken } from './helpers'
import { setPreferences } from './workout-helpers'

/**
 * The header holds every entry (an administrator's, with the longest name an account can have) without spilling
 * past the window at any width, in every language and both themes (a scheme per language: colours change no width); whatever closes the session (the logout
 * button, or the menu button that leads to it) is wholly on screen.
 */
test.describe.configure({ timeout: 180_000 })

/**
 * The widths the issue names, the breakpoints' edges, then every 8 px from a small phone to a wide screen: fine
 * enough to land between the width the names need and the width the icons need, where a choice that depended on
 * its own outcome would flip for ever.
 */
const SWEEP = [1024, 1280, 1440, 991, 992, 1407, 1408, ...Array.from({ length: 201 }, (_, index) => 320 + index * 8)]

interface Fit {
  /** How far the header's content reaches past the header's box (0 when it fits). */
  spill: number
  /** Links and buttons of the header that show but are not wholly inside the window. */
  cut: string[]
  /** Whether the button that closes the session (or the menu leading to it) shows. */
  session: boolean
  /** Whether the links are drawn as icons, on the first frame and on two frames later. */
  compact: [boolean, boolean]
}

/**
 * The header's fit once the browser has drawn after a resize (layout, resize observers), read in one
 * call: a round trip per width instead of six keeps the 208-width sweep cheap.
 */
async function headerFit(page: Page, sessionTestId: string, settle: boolean): Promise<Fit> {
  return page.evaluate(async ({ sessionId, settle }) => {
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const shows = (element: Element | null) =>
      element !== null && element.getClientRects().length > 0 && getComputedStyle(element).visibility === 'visible'
    const compact = () => document.querySelector('[data-testid="main-links"]')?.hasAttribute('data-compact') ?? false
    await frames()
    const header = document.querySelector('header')
    if (!header) throw new Error('no header')
    const first = compact()
    const nav = header.querySelector('nav')
    const spill = Math.max(header.scrollWidth - header.clientWidth, nav ? nav.scrollWidth - nav.clientWidth : 0)
    const cut = [...header.querySelectorAll<HTMLElement>('a, button')]
      .filter(shows)
      .filter((control) => {
        const box = control.getBoundingClientRect()
        return box.left < 0 || box.right > window.innerWidth || box.top < 0 || box.bottom > header.clientHeight
      })
      .map((control) => control.getAttribute('aria-label') ?? control.textContent ?? control.tagName)
    const session = shows(document.querySelector(`[data-testid="${sessionId}"]`))
    // Settled: another frame draws the links the same way (only the wide header chooses between names and icons).
    if (settle) await frames()
    return { spill, cut, session, compact: [first, compact()] as [boolean, boolean] }
  }, { sessionId: sessionTestId, settle })
}

for (const [language, scheme] of [['en', 'light'], ['fr', 'dark'], ['de', 'light']] as const) {
  test(`the header fits from 320 to 1920 px, logout inside the window, in ${language} (${scheme})`, async ({ page, request }) => {
    // The longest username the register form takes (30 characters), as an administrator: the most entries.
    const unique = newAccount('fit')
    const account = { ...unique, username: unique.username.padEnd(30, 'x') }
    const token = await createActiveUser(request, account)
    const promoted = await request.patch(`/api/users/${account.username}`, {
      data: { admin: true },
      headers: { Authorization: `Bearer ${await ensureAdmin(request)}` },
    })
    expect(promoted.ok()).toBe(true)
    await setPreferences(request, token, { language })
    await page.emulateMedia({ colorScheme: scheme })
    await page.setViewportSize({ width: 1280, height: 800 })
    await openWithToken(page, token, '/profile')
    await expect(page.getByTestId('logout')).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
    await page.evaluate(() => document.fonts.ready)

    const wrong: string[] = []
    for (const width of SWEEP) {
      await page.setViewportSize({ width, height: 800 })
      // Logging out takes one click from 992 px (Mantine's md), two (the menu, then Log out) below.
      const session = width >= 992 ? 'logout' : 'menu-toggle'
      const fit = await headerFit(page, session, width >= 992)
      if (fit.spill > 0) wrong.push(`${width} px: the header's content reaches ${fit.spill} px past its box`)
      if (fit.cut.length > 0) wrong.push(`${width} px: cut by the window's edge: ${fit.cut.join(', ')}`)
      if (!fit.session) wrong.push(`${width} px: no ${session} button`)
      if (width >= 992 && fit.compact[0] !== fit.compact[1]) wrong.push(`${width} px: the links keep changing between names and icons`)
    }
    expect(wrong, wrong.join('\n')).toEqual([])
    // Where there is room the links keep their names.
    await page.setViewportSize({ width: 1920, height: 800 })
    await expect(page.getByTestId('main-links')).not.toHaveAttribute('data-compact')
  })
}

test('links drawn as icons keep their names: shown on hover and focus, hidden by Escape, read by screen readers', async ({ page, request }) => {
  const token = await createActiveUser(request, newAccount('icons'))
  await setPreferences(request, token, { language: 'fr' })
  await page.setViewportSize({ width: 1024, height: 800 })
  await openWithToken(page, token, '/profile')
  const links = page.getByTestId('main-links')
  // French names need more room than 1024 px leaves them.
  await expect(links).toHaveAttribute('data-compact', 'true')
  // The accessible name is the entry's name although only its icon shows.
  const equipment = links.getByRole('link', { name: 'Équipement', exact: true })
  await expect(equipment).toBeVisible()
  // The name's drawn width: a visually hidden text is 1 px wide.
  const nameWidth = async () => (await equipment.getByText('Équipement').boundingBox())?.width ?? 0
  await expect.poll(nameWidth).toBeLessThanOrEqual(1)

  await equipment.hover()
  await expect.poll(nameWidth).toBeGreaterThan(40)
  // Under the icon, inside the window.
  const box = await equipment.getByText('Équipement').boundingBox()
  const icon = await equipment.boundingBox()
  expect(box && icon && box.x >= 0 && box.x + box.width <= 1024 && box.y >= icon.y + icon.height).toBe(true)
  await page.keyboard.press('Escape')
  await expect.poll(nameWidth).toBeLessThanOrEqual(1)

  // From the keyboard: the previous entry, then Tab.
  await page.mouse.move(500, 500)
  await links.getByRole('link', { name: 'Carte de chaleur', exact: true }).focus()
  await page.keyboard.press('Tab')
  await expect(equipment).toBeFocused()
  await expect.poll(nameWidth).toBeGreaterThan(40)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/equipment$/)
})

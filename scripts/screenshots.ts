/**
 * Screenshots of every screen in French and German, at 1280×800 and 390×844, light and dark, for
 * a person to look at (a review aid, not a test). Runs the built server (`npm run build` first)
 * with a French administrator and a German user, each with workouts, and writes
 * `<folder>/<screen>-<language>-<width>-<scheme>.png` plus one sheet per screen and width with
 * the four variants side by side.
 *
 *   tsx --tsconfig tsconfig.node.json scripts/screenshots.ts [folder, .tmp/screenshots by default: git-ignored] [screen names…]
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Browser } from 'playwright'
import { SCREENS, type Screen } from './screens'
import { api, runWithServer, seedAccount, type SeededAccount } from './seeded-server'

const LANGUAGES = ['fr', 'de'] as const
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const
const SCHEMES = ['light', 'dark'] as const

async function shoot(browser: Browser, base: string, folder: string, screen: Screen, accounts: Record<string, SeededAccount>): Promise<void> {
  for (const { width, height } of SIZES) {
    const files: string[] = []
    for (const language of LANGUAGES) {
      const account = accounts[language]
      if (!account) continue
      for (const scheme of SCHEMES) {
        const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme, locale: language })
        const page = await context.newPage()
        await page.goto(`${base}/about`)
        // A string, not a function: the node tsconfig has no DOM types (and tsx's helpers are not in the page).
        const token = screen.signedIn ? `window.localStorage.setItem('authToken', ${JSON.stringify(account.token)});` : ''
        await page.evaluate(`window.localStorage.setItem('language', ${JSON.stringify(language)}); ${token}`)
        await page.goto(`${base}${screen.path(account)}`)
        await page.waitForLoadState('networkidle')
        // Loaders gone (charts and maps fetch their chunk, then their data).
        await page.getByRole('status').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined)
        const file = join(folder, `${screen.name}-${language}-${width}-${scheme}.png`)
        await page.screenshot({ path: file, fullPage: true })
        files.push(file)
        await context.close()
      }
    }
    // One sheet: the four variants side by side, scaled down, for a quick look.
    const sheet = await browser.newPage({ viewport: { width: 1600, height: 900 } })
    const images = files.map((file) => `<img src="data:image/png;base64,${readFileSync(file).toString('base64')}">`).join('')
    await sheet.setContent(
      `<style>body{margin:0;display:flex;gap:8px;align-items:flex-start;background:#888}img{width:${Math.floor(1600 / files.length) - 8}px}</style>${images}`,
    )
    await sheet.screenshot({ path: join(folder, `sheet-${screen.name}-${width}.png`), fullPage: true })
    await sheet.close()
  }
}

const [folderArgument, ...only] = process.argv.slice(2)
const folder = resolve(folderArgument ?? '.tmp/screenshots')
mkdirSync(folder, { recursive: true })
runWithServer(async (base, browser) => {
  const fr = await seedAccount(base, 'camille', 'fr')
  const de = await seedAccount(base, 'jonas', 'de', fr.token)
  // Both see the administration screens.
  await api(base, 'PATCH', `users/${de.username}`, { admin: true }, fr.token)
  for (const screen of SCREENS.filter((candidate) => only.length === 0 || only.includes(candidate.name))) {
    await shoot(browser, base, folder, screen, { fr, de })
    console.log(`${screen.name} done`)
  }
  console.log(`screenshots: ${folder}`)
})

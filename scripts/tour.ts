/**
 * `npm run tour`: walks every screen (`scripts/screens.ts`) in English, French and German, at
 * 390×844 and 1280×800, light and dark, on the seeded server's real data, and on each one runs axe
 * (WCAG 2.1 AA), checks that nothing scrolls sideways and that no text is cut, and notes page
 * errors. A review run, not a test (not in `npm test`): it writes a full-page screenshot of each
 * variant and `summary.md`, the findings grouped by screen with the variants they show in.
 *
 *   npm run tour -- [folder] [screen names…] [--languages=en,fr] [--widths=390] [--schemes=dark] [--parallel=2]
 *
 * The folder is `.tmp/tour` by default; every language, width and scheme unless narrowed.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from 'playwright'
import { SCREENS, type Screen } from './screens'
import { api, runWithServer, seedAccount, type SeededAccount } from './seeded-server'

const LANGUAGES = ['en', 'fr', 'de'] as const
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const
const SCHEMES = ['light', 'dark'] as const
/** The rule sets of the suite's accessibility checks (tests/e2e/helpers.ts). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

interface Finding {
  screen: string
  variant: string
  kind: 'axe' | 'sideways' | 'cut text' | 'page error' | 'not walked'
  detail: string
}

/**
 * In the page (a string: the scripts' tsconfig has no DOM types): how far the page scrolls
 * sideways, and the texts cut by their own box (clipped or ellipsed overflow) or by the window's
 * edge outside any sideways-scrolling container. Visually hidden texts (1 px boxes) are skipped.
 */
const LAYOUT_CHECK = `(() => {
  const scrolls = (node) => { for (let at = node.parentElement; at; at = at.parentElement) { const x = getComputedStyle(at).overflowX; if (x === 'auto' || x === 'scroll') return true } return false }
  const cut = []
  for (const node of document.body.querySelectorAll('*')) {
    const text = [...node.childNodes].filter((child) => child.nodeType === 3).map((child) => child.textContent.trim()).join(' ').trim()
    if (!text) continue
    const style = getComputedStyle(node)
    const box = node.getBoundingClientRect()
    if (style.visibility === 'hidden' || box.width <= 1 || box.height <= 1) continue
    const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis'
    const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip'
    const own = (clipsX && node.scrollWidth > node.clientWidth + 1) || (clipsY && node.scrollHeight > node.clientHeight + 1)
    const edge = (box.right > window.innerWidth + 1 || box.left < -1) && !scrolls(node)
    if (own || edge) cut.push((edge ? 'past the window: ' : '') + text.slice(0, 60) + ' <' + node.tagName.toLowerCase() + (node.className && typeof node.className === 'string' ? '.' + node.className.trim().split(/\\s+/).slice(0, 2).join('.') : '') + '>')
  }
  return { sideways: document.documentElement.scrollWidth - window.innerWidth, cut: [...new Set(cut)] }
})()`

async function inspect(page: Page, screen: Screen, variant: string, errors: string[]): Promise<Finding[]> {
  const findings: Finding[] = []
  const add = (kind: Finding['kind'], detail: string) => findings.push({ screen: screen.name, variant, kind, detail })
  const axe = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_TAGS).setLegacyMode(true).analyze()
  for (const violation of axe.violations) add('axe', `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`)
  const layout = await page.evaluate<{ sideways: number; cut: string[] }>(LAYOUT_CHECK)
  if (layout.sideways > 0) add('sideways', `the page scrolls ${layout.sideways} px sideways`)
  for (const text of layout.cut) add('cut text', text)
  for (const error of errors.splice(0)) add('page error', error)
  return findings
}

/** One language, size and scheme: the visitor screens, then the signed-in ones. */
async function walk(browser: Browser, base: string, folder: string, screens: Screen[], account: SeededAccount, variant: { language: string; width: number; height: number; scheme: 'light' | 'dark' }): Promise<Finding[]> {
  const { language, width, height, scheme } = variant
  const label = `${language} ${width} ${scheme}`
  const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme, locale: language })
  // Two minutes rather than 30 s per step: the tour is often run on a busy machine.
  context.setDefaultTimeout(120_000)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  const findings: Finding[] = []
  try {
    await page.goto(`${base}/about`)
    for (const signedIn of [false, true]) {
      // A string, not a function: tsx's helpers are not in the page.
      await page.evaluate(`window.localStorage.setItem('language', ${JSON.stringify(language)}); ${signedIn ? `window.localStorage.setItem('authToken', ${JSON.stringify(account.token)})` : "window.localStorage.removeItem('authToken')"}`)
      for (const screen of screens.filter((candidate) => candidate.signedIn === signedIn)) {
        try {
          await page.goto(`${base}${screen.path(account)}`)
          await page.waitForLoadState('networkidle')
          // Loaders gone (charts and maps fetch their chunk, then their data).
          await page.getByRole('status').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined)
          findings.push(...(await inspect(page, screen, label, errors)))
          await page.screenshot({ path: join(folder, `${screen.name}-${language}-${width}-${scheme}.png`), fullPage: true })
        } catch (error) {
          // A screen that does not load in time (a loaded machine) is a finding, not the end of the tour.
          findings.push({ screen: screen.name, variant: label, kind: 'not walked', detail: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error) })
        }
      }
    }
  } finally {
    await context.close()
  }
  return findings
}

/** The findings as Markdown: per screen, each finding once with the variants it shows in. */
function summary(findings: Finding[], screens: Screen[], walked: string[]): string {
  const variants = walked.length
  const lines = [`# Tour: ${screens.length} screens × ${variants} variants (${walked.join('; ')})`, '']
  const clean = screens.filter((screen) => !findings.some((finding) => finding.screen === screen.name))
  lines.push(`Nothing found on ${clean.length} of ${screens.length} screens${clean.length > 0 ? `: ${clean.map((screen) => screen.name).join(', ')}` : ''}.`, '')
  for (const screen of screens) {
    const own = findings.filter((finding) => finding.screen === screen.name)
    if (own.length === 0) continue
    lines.push(`## ${screen.name} (${screen.path({ username: '<user>', token: '', trackWorkoutId: '<workout>' })})`, '')
    const grouped = new Map<string, string[]>()
    for (const finding of own) {
      const key = `${finding.kind}: ${finding.detail}`
      grouped.set(key, [...(grouped.get(key) ?? []), finding.variant])
    }
    for (const [key, where] of grouped) lines.push(`- ${key} — ${where.length === variants ? 'every variant' : where.join(', ')}`)
    lines.push('')
  }
  return lines.join('\n')
}

/** `--name=a,b` from the command line, else every value of `all`. */
function option<T extends string | number>(name: string, all: readonly T[]): T[] {
  const given = process.argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(name.length + 3)
  return given ? all.filter((value) => given.split(',').includes(String(value))) : [...all]
}

const [folderArgument, ...only] = process.argv.slice(2).filter((argument) => !argument.startsWith('--'))
const folder = resolve(folderArgument ?? '.tmp/tour')
mkdirSync(folder, { recursive: true })
const screens = SCREENS.filter((screen) => only.length === 0 || only.includes(screen.name))
const variants = option('languages', LANGUAGES).flatMap((language) =>
  SIZES.filter((size) => option('widths', SIZES.map((candidate) => candidate.width)).includes(size.width)).flatMap((size) =>
    option('schemes', SCHEMES).map((scheme) => ({ language, ...size, scheme })),
  ),
)
const parallel = Math.max(1, Number(process.argv.find((argument) => argument.startsWith('--parallel='))?.slice('--parallel='.length)) || 1)
runWithServer(async (base, browser) => {
  // Three administrators (the first account is one; it activates and promotes the others), so each language sees every screen.
  const en = await seedAccount(base, 'avery', 'en')
  const accounts: Record<string, SeededAccount> = { en }
  for (const [language, username] of [
    ['fr', 'camille'],
    ['de', 'jonas'],
  ] as const) {
    accounts[language] = await seedAccount(base, username, language, en.token)
    await api(base, 'PATCH', `users/${username}`, { admin: true }, en.token)
  }
  const findings: Finding[] = []
  const done: string[] = []
  const queue = [...variants]
  // `--parallel=N` walks N variants at once; the summary is rewritten after each, so an interrupted tour still tells what it saw.
  const worker = async () => {
    for (let variant = queue.shift(); variant; variant = queue.shift()) {
      const account = accounts[variant.language]
      if (!account) continue
      const found = await walk(browser, base, folder, screens, account, variant)
      findings.push(...found)
      done.push(`${variant.language} ${variant.width} ${variant.scheme}`)
      writeFileSync(join(folder, 'summary.md'), summary(findings, screens, done))
      console.log(`${variant.language} ${variant.width} ${variant.scheme}: ${found.length} finding(s)`)
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker))
  console.log(summary(findings, screens, done))
  console.log(`screenshots and summary.md: ${folder}`)
})

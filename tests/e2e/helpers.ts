import AxeBuilder from '@axe-core/playwright'
import { expect, type APIRequestContext, type Page } from '@playwright/test'

/** An account used by the end-to-end tests. */
export interface Account {
  username: string
  email: string
  password: string
}

/**
 * The administrator: the first account of every e2e server, registered when the server starts
 * (`fixtures.ts`), before any test; a server declared with `accounts: 'none'` has no account.
 */
export const ADMIN: Account = { username: 'admin_e2e', email: 'admin@waymark.test', password: 'Kestrel-Ridge-Lantern-42' }

let counter = 0

/** A fresh, unique account description (not yet registered). */
export function newAccount(prefix = 'user'): Account {
  counter += 1
  const stamp = `${Date.now().toString(36)}${counter}`
  const username = `${prefix}_${stamp}`.slice(0, 30)
  return { username, email: `${username}@waymark.test`, password: 'Granite-Meadow-Compass-77' }
}

/** Logs `account` in through the API: its session token (the test fails if the login is refused). */
async function loginToken(request: APIRequestContext, account: Account): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } })
  expect(response.ok(), await response.text()).toBe(true)
  const body = (await response.json()) as { auth_token: string }
  return body.auth_token
}

/** An admin session token: logs in as {@link ADMIN}, whom every e2e server starts with. */
export async function ensureAdmin(request: APIRequestContext): Promise<string> {
  return loginToken(request, ADMIN)
}

/** Registers an account through the API and activates it as the admin; returns its token. */
export async function createActiveUser(request: APIRequestContext, account: Account): Promise<string> {
  const adminToken = await ensureAdmin(request)
  const registered = await request.post('/api/auth/register', {
    data: { ...account, password_conf: account.password, language: 'en' },
  })
  expect(registered.ok(), await registered.text()).toBe(true)
  const activated = await request.patch(`/api/users/${account.username}`, {
    data: { activate: true },
    headers: { Authorization: `Bearer ${adminToken}` },
  })
  expect(activated.ok(), await activated.text()).toBe(true)
  return loginToken(request, account)
}

/** Logs in through the login form and waits to leave it. */
export async function loginThroughUi(page: Page, account: Account, path = '/login'): Promise<void> {
  await page.goto(path)
  await page.getByLabel(/^E-mail/).fill(account.email)
  await page.getByLabel(/^Password/).fill(account.password)
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

/** Opens the app with a stored session token (skips the login form). */
export async function openWithToken(page: Page, token: string, path: string): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('authToken', value), token)
  await page.goto(path)
}

/** Collects page errors so a test can assert there were none. */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** The WCAG 2.1 AA rule sets every accessibility check of the suite runs. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * axe with the WCAG 2.1 AA rules, as every accessibility check of the suite runs it. In legacy mode
 * axe runs inside the page itself: the default mode opens a blank page to merge the frames' results
 * at every check, about half of its time here, and the app has no cross-origin frame for it to
 * merge. Only the violations carry their elements (the passes' details are never read).
 */
export function wcagAxe(page: Page): AxeBuilder {
  // `options` replaces every option set before it (the tags included): it comes first.
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_TAGS).setLegacyMode(true)
}

/**
 * axe's WCAG 2.1 AA violations on the page once its requests have settled, each as
 * "<label>: <rule> <elements>" (the label says where, e.g. the colour scheme); `include` limits the
 * check to the elements a selector matches.
 */
export async function axeViolations(page: Page, label: string, include?: string): Promise<string[]> {
  await page.waitForLoadState('networkidle')
  const builder = wcagAxe(page)
  const results = await (include ? builder.include(include) : builder).analyze()
  return results.violations.map((violation) => `${label}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`)
}

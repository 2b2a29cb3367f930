import { defineConfig } from '@playwright/test'

/**
 * End-to-end tests drive Debian's Chromium against the built app served by the real headless
 * server. Each spec file starts servers of its own on throw-away data folders and free ports
 * (`tests/e2e/fixtures.ts`; `WAYMARK_E2E_PORT` pins the port), so specs do not depend on order.
 */
export default defineConfig({
  testDir: './tests/e2e',
  timeout: 30_000,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    headless: true,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
})
